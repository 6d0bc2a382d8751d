/**
 * One field of an OPTIONS answer, as NetBox's serializers describe it through DRF's metadata: the type
 * DRF names for the serializer field NetBox uses, the label (a field NetBox's serializer declares is
 * labelled from its name, `Primary ip4`; one built from the model column keeps the column's verbose
 * name), the help text, lengths and bounds of the column, choices, and `children` / `child` for nested
 * objects and lists. The catalogue's `options` entries give what this rule cannot know.
 */
import {
  formModel,
  type ComputedField,
  type FieldDef,
  type FieldOptions,
  type ModelDef,
  type Registry,
  objectTypeRows,
} from '../../catalogue/index.ts';
import { nestedNames } from '../../read/index.ts';
import { cableId, fieldType, modelBuilt } from './field-types.ts';

export type Info = Record<string, unknown>;

/** nested objects describe their own nested objects; past this depth they are left out */
const MAX_DEPTH = 4;

/** The bounds Django's integer columns imply (PostgreSQL integer and bigint). */
const INTEGER = { min: -2147483648, max: 2147483647 };
const BIGINT = { min: -9223372036854775808n, max: 9223372036854775807n };

/** DRF's label for a field without a verbose name: its name with spaces, capitalised (`_depth` → ` depth`). */
export function declaredLabel(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** The `<name>_id` column of one of the model's generic relations (a positive bigint without verbose name). */
function genericId(model: ModelDef, f: FieldDef): boolean {
  return f.kind === 'bigint' && model.fields.some((g) => g.kind === 'generic' && g.idColumn === f.name);
}

function isReadOnly(model: ModelDef, f: FieldDef): boolean {
  if (cableId(f)) return model.readOnly;
  return (
    model.readOnly || f.readOnly || ['id', 'url', 'display_url', 'display', 'computed', 'generic'].includes(f.kind)
  );
}

/** What a writable column allows: lengths, and bounds (the catalogue's, else the column type's). */
function constraints(model: ModelDef, f: FieldDef, info: Info): void {
  if (f.minLength !== undefined) info.min_length = f.minLength;
  if (f.maxLength !== undefined) info.max_length = f.maxLength;
  if (f.kind === 'integer' || f.kind === 'bigint') {
    const range = f.kind === 'integer' ? INTEGER : BIGINT;
    info.min_value = f.min ?? (genericId(model, f) ? 0 : range.min);
    info.max_value = f.max ?? range.max;
  } else if (f.kind === 'decimal') {
    if (f.min !== undefined) info.min_value = f.min;
    if (f.max !== undefined) info.max_value = f.max;
  }
}

/**
 * The model (as the field nests it: formModel) and field names of the nested object a field shows
 * (empty names: the model's nested form).
 */
function nestedOf(
  registry: Registry,
  model: ModelDef,
  f: FieldDef,
): { target: ModelDef; names: readonly string[] } | undefined {
  if (f.kind === 'fk') return { target: formModel(registry.model(f.to), f), names: nestedNames(registry, f) };
  if (f.kind === 'tags') return { target: registry.model('extras.tag'), names: nestedNames(registry, f) };
  if (f.kind !== 'computed') return undefined;
  const c = f.computed;
  if (c.type === 'expr' && c.as === 'fk')
    return { target: formModel(registry.targetOf(model, f.name), f), names: f.nested ?? [] };
  if (c.type === 'reverse_list') return { target: formModel(registry.model(c.model), f), names: f.nested ?? [] };
  if (c.type === 'cable' && c.part === 'cable') return { target: registry.model('dcim.cable'), names: [] };
  return undefined;
}

function childrenOf(registry: Registry, target: ModelDef, names: readonly string[], depth: number): Info {
  const out: Info = {};
  if (depth >= MAX_DEPTH) return out;
  for (const n of names.length ? names : target.nested) {
    // the target's own fields, as its form gives them (not the registry's, which are the model's)
    const f = target.fields.find((g) => g.name === n);
    if (f) out[n] = fieldInfo(registry, target, f, depth + 1);
  }
  return out;
}

/** Each of a cable's terminations: the object's type and id, and the object read back (new each time). */
const termination = (): Info => ({
  object_type: { type: 'field', required: true, read_only: false, label: 'Object type' },
  object_id: { type: 'integer', required: true, read_only: false, label: 'Object id' },
  object: { type: 'field', required: false, read_only: true, label: 'Object' },
});

/** The item of a list (`child`): a nested object for lists of objects, else the list's own item field. */
function childOf(registry: Registry, model: ModelDef, f: FieldDef, readOnly: boolean, depth: number): Info | undefined {
  // tags written as slugs are a plain list of slugs (NetBox's config contexts)
  const listsObjects = (f.kind === 'tags' && !f.plain) || (f.kind === 'computed' && f.computed.type === 'reverse_list');
  const listed = listsObjects ? nestedOf(registry, model, f) : undefined;
  if (listed) {
    const children = childrenOf(registry, listed.target, listed.names, depth);
    return { type: 'nested object', required: false, read_only: readOnly, children };
  }
  if (f.kind === 'children')
    return { type: 'nested object', required: false, read_only: false, children: termination() };
  if (f.kind === 'list' && f.item !== 'object_type') {
    return {
      type: f.item === 'integer' ? 'integer' : 'string',
      required: true,
      read_only: false,
      label: declaredLabel(f.name),
    };
  }
  return undefined;
}

/**
 * The catalogue's `options` over the rule's answer: a null removes the key, `child` is merged into the
 * rule's child and `children` into its fields by name, `choices` may name a choice set. YAML reads a
 * bigint column's bounds as ±2⁶³ (a double); they are written exactly.
 */
function apply(registry: Registry, info: Info, options: FieldOptions | undefined): Info {
  for (const [k, v] of Object.entries(options ?? {})) {
    if (v === null) delete info[k];
    else if (k === 'child') info.child = apply(registry, (info.child as Info | undefined) ?? {}, v as FieldOptions);
    else if (k === 'children') {
      const children = (info.children ?? {}) as Info;
      for (const [name, o] of Object.entries(v as Record<string, FieldOptions | null>)) {
        if (o === null) delete children[name];
        else children[name] = apply(registry, (children[name] as Info | undefined) ?? {}, o);
      }
      info.children = children;
    } else if (k === 'choices' && typeof v === 'string') info.choices = choiceList(registry, v);
    else info[k] = v === 2 ** 63 ? BIGINT.max : v === -(2 ** 63) ? BIGINT.min : v;
  }
  return info;
}

/** A field only NetBox's serializer declares, as the catalogue describes it whole. */
export function declaredInfo(registry: Registry, options: FieldOptions): Info {
  return apply(registry, {}, options);
}

/** NetBox's title(): each word's first letter in capitals, the rest as written (`MAC address` → `MAC Address`). */
export function title(text: string): string {
  return text.replace(/(^|\s)\S/g, (w) => w.toUpperCase());
}

/**
 * Object types as NetBox lists them for a content-type field: every type the server has (NetBox's own
 * included, as /api/core/object-types/ shows them), or those with a NetBox feature, as `App > Model`,
 * by that name.
 */
function typeChoices(registry: Registry, feature: string): Info[] {
  return objectTypeRows(registry)
    .filter((t) => feature === 'all' || t.features.includes(feature))
    .map((t) => ({ value: `${t.app_label}.${t.model}`, display_name: `${t.app_name} > ${title(t.model_name)}` }))
    .sort((x, y) => (x.display_name < y.display_name ? -1 : x.display_name > y.display_name ? 1 : 0));
}

function choiceList(registry: Registry, set: string): Info[] {
  return registry.choices(set).map((c) => ({ value: c.value, display_name: c.label }));
}

export function fieldInfo(registry: Registry, model: ModelDef, f: FieldDef, depth = 0): Info {
  const readOnly = isReadOnly(model, f);
  const own = modelBuilt(f);
  const type = (f.options?.type as string | undefined) ?? fieldType(registry, model, f);
  const info: Info = {
    type,
    required: f.required && !readOnly,
    read_only: readOnly,
    label: own && !genericId(model, f) ? f.label : declaredLabel(f.name),
  };
  if (own && f.helpText) info.help_text = f.helpText;
  if (own && !readOnly) constraints(model, f, info);
  if (f.kind === 'decimal' || (f.kind === 'computed' && f.computed.type === 'expr' && f.computed.as === 'decimal')) {
    if (f.maxDigits !== undefined) info.max_digits = f.maxDigits;
    if (f.decimalPlaces !== undefined) info.decimal_places = f.decimalPlaces;
  }
  const child = childOf(registry, model, f, readOnly, depth);
  const nested = nestedOf(registry, model, f);
  if (child) info.child = child;
  else if (nested && type === 'nested object') info.children = childrenOf(registry, nested.target, nested.names, depth);
  if (!readOnly && f.kind === 'choice' && f.choices) info.choices = choiceList(registry, f.choices);
  const types = model.options?.typeChoices;
  const feature = types === true ? 'all' : types?.[f.name];
  if (!readOnly && f.kind === 'object_type' && feature) info.choices = typeChoices(registry, feature);
  return apply(registry, info, f.options);
}
