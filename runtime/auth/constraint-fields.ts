/**
 * The fields a permission constraint may name on a model, as Django resolves a lookup's parts: a field
 * by its name or its column (`site_id`, `custom_field_data`), `pk`, a generic relation's `<name>_type`
 * and `<name>_id`, NetBox's counter caches; a relation (foreign key, content type, many-to-many, tags)
 * is followed into its target. Hidden columns (password hashes, token digests) are never named.
 */
import type { ComputedDef, FieldDef, ModelDef, ModelRow, Registry } from '../catalogue/index.ts';
import { ident, type Params, tables } from '../db/index.ts';
import { countSql } from '../sql/index.ts';
import { present } from '../collections.ts';
import type { Term, TermType } from './constraint-terms.ts';

/** What a name resolves to on a model. */
export type Named =
  /** a value of the row: a column, or a counter cache */
  | {
      readonly kind: 'value';
      readonly type: TermType;
      readonly item?: TermType;
      readonly column?: string;
      readonly count?: CountDef;
    }
  /** a foreign key: its column holds the target's id */
  | { readonly kind: 'fk'; readonly column: string; readonly target: ModelDef }
  /** a content type named `app.model` in the column: a relation to core.objecttype */
  | { readonly kind: 'objecttype'; readonly column: string }
  /** many-to-many (tags too): rows of the target linked to the row */
  | { readonly kind: 'many'; readonly field: FieldDef; readonly target: ModelDef };

type CountDef = Extract<ComputedDef, { type: 'count' }>;

const OBJECT_TYPE = 'core.objecttype';

const scalarTypes: Partial<Record<FieldDef['kind'], TermType>> = {
  id: 'integer',
  integer: 'integer',
  bigint: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  string: 'text',
  text: 'text',
  slug: 'text',
  image: 'text',
  object_type: 'text',
  json: 'json',
  custom_fields: 'json',
  ipaddress: 'address',
  ipnetwork: 'network',
};

function valueNamed(registry: Registry, f: FieldDef): Named | undefined {
  const value = (type: TermType | undefined, item?: TermType): Named | undefined =>
    type && f.column ? { kind: 'value', type, item, column: f.column } : undefined;
  switch (f.kind) {
    case 'choice':
      return value(registry.choices(f.choices).every((c) => typeof c.value === 'number') ? 'integer' : 'text');
    case 'list':
      return value('list', scalarTypes[f.item] ?? 'text');
    case 'computed':
      // NetBox's counter caches (a device's interface_count…) are columns of its tables
      return f.computed.type === 'count' && f.snapshot === true
        ? { kind: 'value', type: 'integer', count: f.computed }
        : undefined;
    default:
      return value(scalarTypes[f.kind]);
  }
}

function namedField(registry: Registry, f: FieldDef): Named | undefined {
  if (f.hidden) return undefined;
  switch (f.kind) {
    case 'fk':
      return { kind: 'fk', column: f.column, target: registry.model(f.to) };
    case 'object_type':
      return { kind: 'objecttype', column: f.column };
    case 'm2m':
      return { kind: 'many', field: f, target: registry.model(f.to) };
    case 'tags':
      return { kind: 'many', field: f, target: registry.model('extras.tag') };
    default:
      return valueNamed(registry, f);
  }
}

const byModel = new WeakMap<ModelDef, ReadonlyMap<string, Named>>();

/** Every name of the model's fields: names first, then columns and Django's attnames where they differ. */
export function namesOf(registry: Registry, model: ModelDef): ReadonlyMap<string, Named> {
  const known = byModel.get(model);
  if (known) return known;
  const names = new Map<string, Named>();
  const aliases = new Map<string, Named>();
  for (const f of registry.fields(model).values()) {
    const named = namedField(registry, f);
    if (named) names.set(f.name, named);
    if (named && f.column && f.column !== f.name) aliases.set(f.column, named);
    if (named?.kind === 'objecttype') aliases.set(`${f.name}_id`, named);
    if (f.kind === 'generic') {
      const type: Named = { kind: 'objecttype', column: f.typeColumn };
      aliases.set(f.typeColumn, type).set(`${f.typeColumn}_id`, type);
      aliases.set(f.idColumn, { kind: 'value', type: 'integer', column: f.idColumn });
    }
  }
  const idField = names.get('id');
  if (idField) aliases.set('pk', idField);
  for (const [k, v] of aliases) if (!names.has(k)) names.set(k, v);
  byModel.set(model, names);
  return names;
}

/** What `name` names on `model`, or undefined when Django would find no such field. */
export function nameOn(registry: Registry, model: ModelDef, name: string): Named | undefined {
  return namesOf(registry, model).get(name);
}

/** The target model of a relation. */
export function targetOf(registry: Registry, named: Exclude<Named, { kind: 'value' }>): ModelDef {
  return named.kind === 'objecttype' ? registry.model(OBJECT_TYPE) : named.target;
}

/** The value a `value` name reads at `row`. */
export function termOf(
  registry: Registry,
  params: Params,
  { model, alias }: ModelRow,
  named: Extract<Named, { kind: 'value' }>,
): Term {
  const sql = named.count
    ? countSql(registry, model, named.count, alias, () => params.alias('c'))
    : `${alias}.${ident(present(named.column, 'a column'))}`;
  return { sql, type: named.type, item: named.item };
}

/** An object type's key (`app.model`) on the core.objecttype row aliased `a`. */
export function objectTypeKey(a: string): string {
  return `(${a}.app_label || '.' || ${a}.model)`;
}

/**
 * The link table rows of a many-to-many name at `row` to the target aliased `a` (`x`: the link's
 * alias): what an EXISTS selects from, and the condition tying the link to the row.
 */
export function linkOf(
  { model, alias }: ModelRow,
  named: Extract<Named, { kind: 'many' }>,
  x: string,
  params: Params,
): { readonly table: string; readonly row: string; readonly target: string } {
  const f = named.field;
  if (f.kind === 'm2m') {
    const t = f.through;
    return { table: ident(t.table), row: `${x}.${ident(t.source)} = ${alias}.id`, target: `${x}.${ident(t.target)}` };
  }
  return {
    table: tables.taggedItem,
    row: `${x}.object_type = ${params.add(model.key)} AND ${x}.object_id = ${alias}.id`,
    target: `${x}.tag_id`,
  };
}
