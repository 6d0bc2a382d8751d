/**
 * A model's declared fields in the IR (part of normalize.ts): defaults and nullability from the type, a
 * relation's columns and link table, a generic relation as its type column, id column and object, and
 * the fields every model has (`envelope`).
 */
import type { FieldCommon, FieldDef, NestedForm } from '../../runtime/catalogue/ir.ts';
import type { FeatureName } from '../../runtime/catalogue/names.ts';
import { rawModel } from './lookup.ts';
import type { RawCatalogue, RawField } from './schema.ts';
import { byCodePoint, labelFromName, tableName } from './names.ts';

const nullableByDefault = new Set([
  'integer',
  'bigint',
  'decimal',
  'date',
  'timestamp',
  'json',
  'fk',
  'choice',
  'ipaddress',
  'ipnetwork',
  'object_type',
]);

export function throughTable(table: string, field: string): string {
  return `${table}_${field}`;
}

export function m2mColumns(model: string, target: string): { source: string; target: string } {
  const targetModel = target.slice(target.indexOf('.') + 1);
  return model === targetModel
    ? { source: `from_${model}_id`, target: `to_${model}_id` }
    : { source: `${model}_id`, target: `${targetModel}_id` };
}

function allModels(raw: RawCatalogue): string[] {
  return Object.entries(raw.apps)
    .flatMap(([app, a]) => Object.keys(a.models).map((m) => `${app}.${m}`))
    .sort(byCodePoint);
}

function modelsWithFeature(raw: RawCatalogue, feature: FeatureName): string[] {
  const out: string[] = [];
  for (const [app, a] of Object.entries(raw.apps)) {
    for (const [name, m] of Object.entries(a.models)) if (m.features?.includes(feature)) out.push(`${app}.${name}`);
  }
  return out.sort(byCodePoint);
}

/** The keys of a field's own type that become the IR's common constraints (a length, bounds, a pattern). */
function ownKeys(f: RawField): {
  max_length?: number;
  min_length?: number;
  min?: number;
  max?: number;
  max_digits?: number;
  decimal_places?: number;
  pattern?: string;
  validators?: FieldCommon['validators'];
  item_refs?: Record<string, string>;
  natural_sort?: boolean | 'interface';
} {
  switch (f.type) {
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'json':
    case 'list':
    case 'image':
      return f;
    default:
      return {};
  }
}

export function normalizeField(
  name: string,
  f: RawField,
  ctx: { model: string; table: string; raw: RawCatalogue },
): FieldDef[] {
  const fields = fieldsOf(name, f, ctx);
  const before = 'renamed_from' in f ? f.renamed_from : undefined;
  if (before === undefined) return fields;
  // a field with a column of its own: its column was named as the field's (a foreign key's with `_id`)
  return fields.map((d) =>
    d.column === undefined ? d : { ...d, renamedFrom: { name: before, column: d.column.replace(name, before) } },
  );
}

function fieldsOf(name: string, f: RawField, ctx: { model: string; table: string; raw: RawCatalogue }): FieldDef[] {
  const required = f.required === true || f.required === 'type';
  const modelRequired = f.required === 'model' || f.required === 'type';
  // a value the model needs: never null, no default, whichever stage asks for it
  const needed = required || modelRequired;
  const nullable = f.nullable ?? (!needed && f.default === undefined && nullableByDefault.has(f.type));
  let def: unknown = f.default;
  if (def === undefined && !needed) {
    if (['string', 'text', 'slug'].includes(f.type) && !nullable) def = '';
    else if (f.type === 'boolean') def = false;
    else if (f.type === 'list') def = [];
    else if (nullable) def = null;
  }
  const c = ownKeys(f);
  const base: Omit<FieldCommon, 'name'> = {
    label: f.label ?? labelFromName(name),
    ...(f.help_text !== undefined ? { helpText: f.help_text } : {}),
    required,
    ...(modelRequired ? { modelRequired: true } : {}),
    nullable,
    blank: f.blank ?? (!needed && ['string', 'text', 'slug'].includes(f.type)),
    readOnly: f.read_only ?? false,
    writeOnly: f.write_only ?? false,
    unique: f.unique ?? false,
    ...(f.index ? { index: true } : {}),
    ...(def !== undefined ? { default: def } : {}),
    ...(c.max_length !== undefined ? { maxLength: c.max_length } : {}),
    ...(c.min_length !== undefined ? { minLength: c.min_length } : {}),
    ...(c.min !== undefined ? { min: c.min } : {}),
    ...(c.max !== undefined ? { max: c.max } : {}),
    ...(c.max_digits !== undefined ? { maxDigits: c.max_digits } : {}),
    ...(c.decimal_places !== undefined ? { decimalPlaces: c.decimal_places } : {}),
    ...(c.pattern !== undefined ? { pattern: c.pattern } : f.type === 'slug' ? { pattern: '^[-a-zA-Z0-9_]+$' } : {}),
    ...(f.example !== undefined ? { example: f.example } : {}),
    ...(c.validators ? { validators: c.validators } : {}),
    ...(c.item_refs ? { itemRefs: c.item_refs } : {}),
    ...(f.hidden ? { hidden: true } : {}),
    ...(f.snapshot !== undefined ? { snapshot: f.snapshot } : {}),
    ...(c.natural_sort ? { naturalSort: c.natural_sort } : {}),
    ...((f.empty_as_null ?? (f.unique && nullable && ['string', 'slug'].includes(f.type)))
      ? { emptyAsNull: true }
      : {}),
  };
  switch (f.type) {
    case 'fk':
      return [
        {
          name,
          kind: 'fk',
          column: `${name}_id`,
          ...base,
          to: f.to,
          onDelete: f.on_delete ?? (nullable ? 'set_null' : 'cascade'),
          ...(f.plain ? { plain: true } : {}),
          ...(f.nested ? nestedForm(f.nested) : {}),
        },
      ];
    case 'm2m': {
      const cols = m2mColumns(ctx.model, f.to);
      let through = { table: f.through ?? throughTable(ctx.table, name), ...cols };
      if (f.mirror) {
        // the other side's table, read from this side: its target column holds this model's ids
        const [app, model, field] = f.mirror.split('.') as [string, string, string];
        const other = rawModel(ctx.raw, app, model);
        const tf = other.fields[field];
        if (tf?.type !== 'm2m') throw new Error(`mirror: ${f.mirror} is not a many-to-many field`);
        const theirs = m2mColumns(model, tf.to);
        through = {
          table: tf.through ?? throughTable(other.table ?? tableName(app, model), field),
          source: theirs.target,
          target: theirs.source,
        };
      }
      return [
        {
          name,
          kind: 'm2m',
          ...base,
          default: [],
          nullable: false,
          to: f.to,
          writeIds: f.write_ids ?? true,
          through,
          ...(f.mirror ? { mirrors: f.mirror } : {}),
          ...(f.nested ? nestedForm(f.nested) : {}),
        },
      ];
    }
    case 'generic': {
      const types = f.types
        ? [...f.types]
        : f.types_any
          ? allModels(ctx.raw)
          : f.types_with_feature
            ? modelsWithFeature(ctx.raw, f.types_with_feature)
            : [];
      const typeColumn = `${name}_type`;
      const idColumn = `${name}_id`;
      const onDelete = f.on_delete ?? 'set_null';
      return [
        {
          name: typeColumn,
          kind: 'object_type',
          column: typeColumn,
          ...base,
          ...(f.required === 'type' ? { modelRequired: undefined } : {}),
          label: labelFromName(typeColumn),
          types,
        },
        // `required: type`: the type is the request's to give, the id the model's to need
        {
          name: idColumn,
          kind: 'bigint',
          column: idColumn,
          ...base,
          required: f.required === true,
          label: labelFromName(idColumn),
        },
        {
          name: f.read_as ?? name,
          kind: 'generic',
          ...base,
          readOnly: true,
          required: false,
          types,
          typeColumn,
          idColumn,
          onDelete,
        },
      ];
    }
    case 'choice':
      return [{ name, kind: 'choice', column: name, ...base, choices: f.choices, ...(f.plain ? { plain: true } : {}) }];
    case 'list':
      // a list is never null unless declared nullable (a list the runtime writes, null for none)
      return [{ name, kind: 'list', column: name, ...base, nullable: f.nullable === true, item: f.item }];
    case 'children':
      return [
        {
          name,
          kind: 'children',
          ...base,
          nullable: false,
          default: [],
          to: f.to,
          children: { via: f.via, where: f.where ?? {}, item: f.item_field },
        },
      ];
    case 'image':
      return [
        {
          name,
          kind: 'image',
          column: name,
          ...base,
          maxLength: f.max_length ?? 100,
          upload: {
            to: f.upload_to ?? `${ctx.model}-images`,
            ...(f.width_field ? { widthField: f.width_field } : {}),
            ...(f.height_field ? { heightField: f.height_field } : {}),
            ...(f.size_field ? { sizeField: f.size_field } : {}),
          },
        },
      ];
    default:
      if (f.type === 'object_type') return [{ name, kind: 'object_type', column: name, ...base }];
      return [f.virtual ? { name, kind: f.type, ...base } : { name, kind: f.type, column: name, ...base }];
  }
}

/** A `nested:` list: its field names, and the forms of their own it gives some of them. */
export function nestedForm(list: readonly unknown[]): { nested: string[]; forms?: Record<string, NestedForm> } {
  const nested: string[] = [];
  const forms: Record<string, NestedForm> = {};
  for (const item of list) {
    if (typeof item === 'string') {
      nested.push(item);
      continue;
    }
    for (const [name, form] of Object.entries(item as Record<string, unknown>).slice(0, 1)) {
      nested.push(name);
      forms[name] = form === 'plain' ? 'plain' : nestedForm(form as unknown[]);
    }
  }
  return Object.keys(forms).length ? { nested, forms } : { nested };
}

/** What the fields every model has (`id`, `url`, `tags`, timestamps, …) say of themselves: read-only, not null. */
export function envelope(name: string, label = labelFromName(name)): Omit<FieldCommon, 'name'> {
  return { label, required: false, nullable: false, blank: true, readOnly: true, writeOnly: false, unique: false };
}
