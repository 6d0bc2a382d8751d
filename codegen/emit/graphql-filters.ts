/**
 * The filter input of each shown model (`<Class>Filter`, strawberry-django's shape as NetBox has it):
 * a lookup per own field by its kind, the related model's filter per relation (and `<fk>_id`), counts,
 * NetBox's declared reverse-relation filters, and AND / OR / NOT of the same filter. Enums come with
 * the choice fields that use them.
 */
import type {
  Catalogue,
  ComputedField,
  ExprAs,
  FieldDef,
  FilterDef,
  FkField,
  M2mField,
  ModelDef,
  TagsField,
} from '../../runtime/catalogue/ir.ts';
import { modelOf } from '../catalogue/lookup.ts';
import type { FilterMap, FilterSource, LookupKind, Relation } from '../../runtime/graphql/map.ts';
import type { SdlField, SdlType } from './graphql-sdl.ts';
import { enumName, filterName, memberName, shown } from './graphql-names.ts';
import { byIdFilters, filterEnums, filterRelations, filterTypes, restInputs } from './graphql-netbox.ts';

const stringLookup = ['StrFilterLookup', 'str'] as const;
const lookups: Readonly<Partial<Record<FieldDef['kind'], readonly [string, LookupKind]>>> = {
  string: stringLookup,
  text: ['StrFilterLookup', 'str'],
  slug: ['StrFilterLookup', 'str'],
  ipaddress: ['StrFilterLookup', 'str'],
  ipnetwork: ['StrFilterLookup', 'str'],
  integer: ['IntegerLookup', 'int'],
  bigint: ['BigIntegerLookup', 'int'],
  decimal: ['FloatLookup', 'float'],
  boolean: ['BoolFilterLookup', 'bool'],
  date: ['DateFilterLookup', 'date'],
  timestamp: ['DatetimeFilterLookup', 'datetime'],
  json: ['JSONFilter', 'json'],
};

const exprLookups: Readonly<Record<Exclude<ExprAs['as'], 'fk'>, readonly [string, LookupKind]>> = {
  integer: ['IntegerLookup', 'int'],
  string: ['StrFilterLookup', 'str'],
  decimal: ['FloatLookup', 'float'],
  boolean: ['BoolFilterLookup', 'bool'],
  json: ['JSONFilter', 'json'],
  choice: ['StrFilterLookup', 'str'],
};

interface Built {
  readonly fields: SdlField[];
  readonly map: Record<string, FilterSource>;
}

export interface FilterContext {
  readonly cat: Catalogue;
  /** the REST filters of each model (their relation filters give the GraphQL ones) */
  readonly rest: Readonly<Record<string, readonly FilterDef[]>>;
  /** enums met so far: name → member → value */
  readonly enums: Map<string, Map<string, string | number>>;
}

function add(b: Built, filter: string, name: string, type: string, source: FilterSource): void {
  if (b.map[name]) return;
  b.fields.push({ name, type: filterTypes[`${filter}.${name}`] ?? type });
  b.map[name] = source;
}

function enumOf(ctx: FilterContext, set: string): string {
  const name = enumName(set);
  if (!ctx.enums.has(name))
    ctx.enums.set(name, new Map((ctx.cat.choices[set] ?? []).map((o) => [memberName(set, o.value), o.value])));
  return name;
}

function related(ctx: FilterContext, b: Built, filter: string, f: FkField | M2mField | TagsField): void {
  const { cat } = ctx;
  const to = f.kind === 'tags' ? 'extras.tag' : f.to;
  if (!shown(cat, to)) return;
  const target = modelOf(cat, to);
  if (f.kind === 'fk') {
    add(b, filter, f.name, filterName(target), { kind: 'related', field: f.name, filter: filterName(target) });
    return;
  }
  const relation: Relation = { via: 'field', field: f.name };
  add(b, filter, f.name, filterName(target), { kind: 'related', relation, filter: filterName(target) });
}

function computed(b: Built, filter: string, f: ComputedField): void {
  const c = f.computed;
  if (c.type === 'count') return add(b, filter, f.name, 'IntFilterLookup', { kind: 'count', field: f.name });
  if (c.type === 'expr' && c.as !== 'fk') {
    const [type, lookup] = exprLookups[c.as];
    return add(b, filter, f.name, type, { kind: 'lookup', field: f.name, lookup });
  }
  if (c.type === 'tree_depth')
    add(b, filter, 'level', 'IntegerLookup', { kind: 'lookup', field: f.name, lookup: 'int' });
}

function field(ctx: FilterContext, b: Built, filter: string, m: ModelDef, f: FieldDef): void {
  switch (f.kind) {
    case 'url':
    case 'display_url':
    case 'display':
    case 'password':
    case 'generic':
    case 'children':
    case 'image':
      return;
    case 'id':
      return add(b, filter, 'id', 'IDComparisonFilterLookup', { kind: 'lookup', field: 'id', lookup: 'id' });
    case 'fk':
    case 'm2m':
    case 'tags':
      return related(ctx, b, filter, f);
    case 'custom_fields':
      return add(b, filter, 'custom_field_data', 'JSONFilter', {
        kind: 'lookup',
        field: 'custom_fields',
        lookup: 'json',
      });
    case 'computed':
      return computed(b, filter, f);
    case 'choice': {
      const e = enumOf(ctx, f.choices);
      return add(b, filter, f.name, `${e}BaseFilterLookup`, { kind: 'enum', field: f.name, enum: e });
    }
    case 'list': {
      const type = f.item === 'integer' ? 'IntegerArrayLookup' : 'StringArrayLookup';
      return add(b, filter, f.name, type, { kind: 'lookup', field: f.name, lookup: 'array' });
    }
    case 'object_type':
      return add(b, filter, f.name, 'ContentTypeFilter', { kind: 'object_type', field: f.name });
    default: {
      const generic = m.fields.some((g) => g.kind === 'generic' && g.idColumn === f.column);
      const [type, lookup] = generic ? (['ID', 'eq'] as const) : (lookups[f.kind] ?? stringLookup);
      return add(b, filter, f.name, type, { kind: 'lookup', field: f.name, lookup });
    }
  }
}

/**
 * The REST filters that reach another model (`tenant_group`, `region`, `site_id`): `x: XFilter` over the
 * same path, and `x_id: ID` (a tree's: `TreeNodeFilter`).
 */
function restRelations(ctx: FilterContext, b: Built, filter: string, m: ModelDef): void {
  for (const d of ctx.rest[m.key] ?? []) {
    const plain = d.kind === 'fk' || d.kind === 'fk_natural' || d.kind === 'tree' || d.kind === 'tree_natural';
    if (!plain || !shown(ctx.cat, d.target)) continue;
    const target = modelOf(ctx.cat, d.target);
    if (d.name.endsWith('_id')) {
      const tree = d.kind === 'tree';
      add(b, filter, d.name, tree ? 'TreeNodeFilter' : 'ID', { kind: tree ? 'tree' : 'id', rest: d.name });
    } else if (!d.name.includes('__')) {
      add(b, filter, d.name, filterName(target), { kind: 'related', rest: d.name, filter: filterName(target) });
    }
  }
}

/**
 * NetBox's declared filters over reverse relations (`console_ports: ConsolePortFilter`), and over a
 * relation field of the model's own named otherwise (`=ipaddresses`).
 */
function declared(ctx: FilterContext, b: Built, filter: string, m: ModelDef): void {
  for (const [name, rel] of Object.entries(filterRelations[filter] ?? {})) {
    if (rel.startsWith('=')) {
      const f = m.fields.find((g) => g.name === rel.slice(1));
      const to = f && 'to' in f ? f.to : undefined;
      if (!f || !to || !shown(ctx.cat, to)) throw new Error(`${filter}.${name}: ${m.key} has no relation ${rel}`);
      const target = filterName(modelOf(ctx.cat, to));
      add(b, filter, name, target, { kind: 'related', relation: { via: 'field', field: f.name }, filter: target });
      continue;
    }
    const [app, model, relField] = rel.split('.');
    const key = `${app}.${model}`;
    if (!relField) throw new Error(`${filter}.${name}: "${rel}" is not \`app.model.field\``);
    if (!shown(ctx.cat, key)) continue;
    const target = modelOf(ctx.cat, key);
    const relation: Relation = { via: 'reverse', model: key, field: relField };
    add(b, filter, name, filterName(target), { kind: 'related', relation, filter: filterName(target) });
    // and `<name>_id: ID` where NetBox declares it (a reverse relation's id)
    if (byIdFilters.has(`${filter}.${name}_id`))
      add(b, filter, `${name}_id`, 'ID', { kind: 'related', relation, filter: filterName(target), byId: true });
  }
}

/** NetBox's hand-written filter fields that a REST filter computes (graphql-netbox.ts, `restInputs`). */
function restComputed(ctx: FilterContext, b: Built, filter: string, m: ModelDef): void {
  for (const [name, [type, restName]] of Object.entries(restInputs[filter] ?? {})) {
    // `model:filter`: another model's REST filter over the same columns
    const [restModel, rest] = restName?.includes(':')
      ? (restName.split(':') as [string, string])
      : [undefined, restName ?? name];
    if (!(ctx.rest[restModel ?? m.key] ?? []).some((d) => d.name === rest))
      throw new Error(`${filter}.${name}: ${restModel ?? m.key} has no REST filter ${rest}`);
    const lookup = /^(\w+Enum)BaseFilterLookup$/.exec(type)?.[1];
    const members = filterEnums[type];
    if (type === 'TreeNodeFilter') add(b, filter, name, type, { kind: 'tree', rest });
    else if (type.endsWith('Filter'))
      add(b, filter, name, type, { kind: 'related', rest, filter: type, ...(restModel ? { restModel } : {}) });
    else if (lookup) add(b, filter, name, type, { kind: 'rest', rest, enum: lookup, lookup: true });
    else if (members) {
      if (!ctx.enums.has(type)) ctx.enums.set(type, new Map(Object.entries(members)));
      add(b, filter, name, type, { kind: 'rest', rest, enum: type });
    } else add(b, filter, name, type, { kind: 'rest', rest });
  }
}

export function filterType(ctx: FilterContext, m: ModelDef): { type: SdlType; map: FilterMap } {
  const name = filterName(m);
  const b: Built = { fields: [], map: {} };
  for (const f of m.fields) if (!f.hidden && !f.writeOnly) field(ctx, b, name, m, f);
  restRelations(ctx, b, name, m);
  declared(ctx, b, name, m);
  restComputed(ctx, b, name, m);
  for (const op of ['AND', 'OR', 'NOT']) b.fields.push({ name: op, type: name });
  b.fields.push({ name: 'DISTINCT', type: 'Boolean' });
  return { type: { kind: 'input', name, fields: b.fields }, map: { model: m.key, fields: b.map } };
}

/** Each enum met, and `<Enum>BaseFilterLookup` over it. */
export function enumTypes(ctx: FilterContext): SdlType[] {
  const out: SdlType[] = [];
  for (const [name, members] of ctx.enums) {
    out.push({ kind: 'enum', name, values: [...members.keys()] });
    if (filterEnums[name]) continue;
    out.push({
      kind: 'input',
      name: `${name}BaseFilterLookup`,
      fields: [
        { name: 'exact', type: name },
        { name: 'is_null', type: 'Boolean' },
        { name: 'in_list', type: `[${name}!]` },
      ],
    });
  }
  return out;
}
