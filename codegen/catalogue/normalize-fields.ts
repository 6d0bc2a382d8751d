/**
 * A model's declared fields in the IR (part of normalize.ts), by a table of one builder per field type
 * (`builders`): a relation's columns and link table, a generic relation as its type column, id column and
 * object; what every type shares (defaults and nullability) is normalize-field-common.ts's; and the fields
 * every model has (`envelope`).
 */
import type { FieldCommon, FieldDef, NestedForm } from '../../runtime/catalogue/ir.ts';
import type { FeatureName } from '../../runtime/catalogue/names.ts';
import { rawModel } from './lookup.ts';
import type { RawCatalogue, RawField } from './schema.ts';
import { byCodePoint, labelFromName, tableName } from './names.ts';
import { commonOf, type Common } from './normalize-field-common.ts';

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

export function normalizeField(
  name: string,
  f: RawField,
  ctx: { model: string; table: string; raw: RawCatalogue },
): FieldDef[] {
  const fields = build(name, f, ctx);
  const before = 'renamed_from' in f ? f.renamed_from : undefined;
  if (before === undefined) return fields;
  // a field with a column of its own: its column was named as the field's (a foreign key's with `_id`)
  return fields.map((d) =>
    d.column === undefined ? d : { ...d, renamedFrom: { name: before, column: d.column.replace(name, before) } },
  );
}

interface FieldContext {
  readonly model: string;
  readonly table: string;
  readonly raw: RawCatalogue;
}

type FieldType = RawField['type'];
type Builder<T extends FieldType> = (
  name: string,
  f: Extract<RawField, { type: T }>,
  base: Common,
  ctx: FieldContext,
) => FieldDef[];

type ScalarType = Exclude<FieldType, 'fk' | 'm2m' | 'generic' | 'choice' | 'list' | 'children' | 'image'>;

/** A value in a column of its own (none when virtual: a write-only input a hook reads). */
function scalar<T extends ScalarType>(name: string, field: Extract<RawField, { type: T }>, base: Common): FieldDef[] {
  const f: Extract<RawField, { type: ScalarType }> = field;
  return [
    'virtual' in f && f.virtual ? { name, kind: f.type, ...base } : { name, kind: f.type, column: name, ...base },
  ];
}

const fk: Builder<'fk'> = (name, f, base) => [
  {
    name,
    kind: 'fk',
    column: `${name}_id`,
    ...base,
    to: f.to,
    onDelete: f.on_delete ?? (base.nullable ? 'set_null' : 'cascade'),
    ...(f.plain ? { plain: true } : {}),
    ...(f.nested ? nestedForm(f.nested) : {}),
  },
];

const m2m: Builder<'m2m'> = (name, f, base, ctx) => {
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
};

const generic: Builder<'generic'> = (name, f, base, ctx) => {
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
};

const choice: Builder<'choice'> = (name, f, base) => [
  { name, kind: 'choice', column: name, ...base, choices: f.choices, ...(f.plain ? { plain: true } : {}) },
];

// a list is never null unless declared nullable (a list the runtime writes, null for none)
const list: Builder<'list'> = (name, f, base) => [
  { name, kind: 'list', column: name, ...base, nullable: f.nullable === true, item: f.item },
];

const children: Builder<'children'> = (name, f, base) => [
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

const image: Builder<'image'> = (name, f, base, ctx) => [
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

/** A field's IR by its type: one builder for each type of the schema. */
const builders: { readonly [T in FieldType]: Builder<T> } = {
  string: scalar,
  text: scalar,
  slug: scalar,
  password: scalar,
  integer: scalar,
  bigint: scalar,
  decimal: scalar,
  boolean: scalar,
  date: scalar,
  timestamp: scalar,
  json: scalar,
  ipaddress: scalar,
  ipnetwork: scalar,
  object_type: scalar,
  fk,
  m2m,
  generic,
  choice,
  list,
  children,
  image,
};

function build<T extends FieldType>(name: string, f: Extract<RawField, { type: T }>, ctx: FieldContext): FieldDef[] {
  const builder: Builder<T> = builders[f.type];
  return builder(name, f, commonOf(name, f), ctx);
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
