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
  GraphqlFilterInput,
  M2mField,
  ModelDef,
  TagsField,
} from '../../runtime/catalogue/ir.ts';
import { modelOf } from '../catalogue/lookup.ts';
import type { FilterMap, FilterSource, LookupKind, Relation } from '../../runtime/graphql/map.ts';
import type { SdlField, SdlType } from './graphql-sdl.ts';
import { enumName, filterName, memberName, shown, type Named } from './graphql-names.ts';

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

export interface FilterContext extends Named {
  /** the REST filters of each model (their relation filters give the GraphQL ones) */
  readonly rest: Readonly<Record<string, readonly FilterDef[]>>;
  /** enums met so far: name → member → value */
  readonly enums: Map<string, Map<string, string | number>>;
  /** enums of hand-written filters (values of their own, no `<Enum>BaseFilterLookup`) */
  readonly ownEnums: Set<string>;
}

function add(b: Built, name: string, type: string, source: FilterSource): void {
  if (b.map[name]) return;
  b.fields.push({ name, type });
  b.map[name] = source;
}

function enumOf(ctx: FilterContext, set: string): string {
  const name = enumName(ctx, set);
  if (!ctx.enums.has(name))
    ctx.enums.set(name, new Map((ctx.cat.choices[set] ?? []).map((o) => [memberName(ctx, set, o.value), o.value])));
  return name;
}

function related(ctx: FilterContext, b: Built, f: FkField | M2mField | TagsField): void {
  const { cat } = ctx;
  const to = f.kind === 'tags' ? 'extras.tag' : f.to;
  if (!shown(ctx, to)) return;
  const target = modelOf(cat, to);
  if (f.kind === 'fk') {
    add(b, f.name, filterName(target), { kind: 'related', field: f.name, filter: filterName(target) });
    return;
  }
  const relation: Relation = { via: 'field', field: f.name };
  add(b, f.name, filterName(target), { kind: 'related', relation, filter: filterName(target) });
}

function computed(b: Built, f: ComputedField): void {
  const c = f.computed;
  if (c.type === 'count') return add(b, f.name, 'IntFilterLookup', { kind: 'count', field: f.name });
  if (c.type === 'expr' && c.as !== 'fk') {
    const [type, lookup] = exprLookups[c.as];
    return add(b, f.name, type, { kind: 'lookup', field: f.name, lookup });
  }
  if (c.type === 'tree_depth') add(b, 'level', 'IntegerLookup', { kind: 'lookup', field: f.name, lookup: 'int' });
}

function field(ctx: FilterContext, b: Built, m: ModelDef, f: FieldDef): void {
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
      return add(b, 'id', 'IDComparisonFilterLookup', { kind: 'lookup', field: 'id', lookup: 'id' });
    case 'fk':
    case 'm2m':
    case 'tags':
      return related(ctx, b, f);
    case 'custom_fields':
      return add(b, 'custom_field_data', 'JSONFilter', {
        kind: 'lookup',
        field: 'custom_fields',
        lookup: 'json',
      });
    case 'computed':
      return computed(b, f);
    case 'choice': {
      const e = enumOf(ctx, f.choices);
      return add(b, f.name, `${e}BaseFilterLookup`, { kind: 'enum', field: f.name, enum: e });
    }
    case 'list': {
      const type = f.item === 'integer' ? 'IntegerArrayLookup' : 'StringArrayLookup';
      return add(b, f.name, type, { kind: 'lookup', field: f.name, lookup: 'array' });
    }
    case 'object_type':
      return add(b, f.name, 'ContentTypeFilter', { kind: 'object_type', field: f.name });
    default: {
      const generic = m.fields.some((g) => g.kind === 'generic' && g.idColumn === f.column);
      const [type, lookup] = generic ? (['ID', 'eq'] as const) : (lookups[f.kind] ?? stringLookup);
      return add(b, f.name, type, { kind: 'lookup', field: f.name, lookup });
    }
  }
}

/**
 * The REST filters that reach another model (`tenant_group`, `region`, `site_id`): `x: XFilter` over the
 * same path, and `x_id: ID` (a tree's: `TreeNodeFilter`).
 */
function restRelations(ctx: FilterContext, b: Built, m: ModelDef): void {
  for (const d of ctx.rest[m.key] ?? []) {
    const plain = d.kind === 'fk' || d.kind === 'fk_natural' || d.kind === 'tree' || d.kind === 'tree_natural';
    if (!plain || !shown(ctx, d.target)) continue;
    const target = modelOf(ctx.cat, d.target);
    if (d.name.endsWith('_id')) {
      const tree = d.kind === 'tree';
      add(b, d.name, tree ? 'TreeNodeFilter' : 'ID', { kind: tree ? 'tree' : 'id', rest: d.name });
    } else if (!d.name.includes('__')) {
      add(b, d.name, filterName(target), { kind: 'related', rest: d.name, filter: filterName(target) });
    }
  }
}

/**
 * NetBox's declared filters over reverse relations (`console_ports: ConsolePortFilter`), and over a
 * relation field of the model's own named otherwise (`ip_addresses` for `ipaddresses`).
 */
function declared(ctx: FilterContext, b: Built, filter: string, m: ModelDef): void {
  for (const d of ctx.gql.models[m.key]?.filters ?? []) {
    if (d.kind === 'field') {
      const f = m.fields.find((g) => g.name === d.field);
      const to = f && 'to' in f ? f.to : undefined;
      if (!f || !to || !shown(ctx, to)) throw new Error(`${filter}.${d.name}: ${m.key} has no relation ${d.field}`);
      const target = filterName(modelOf(ctx.cat, to));
      add(b, d.name, target, { kind: 'related', relation: { via: 'field', field: f.name }, filter: target });
    }
    if (d.kind !== 'reverse' || !shown(ctx, d.model)) continue;
    const target = modelOf(ctx.cat, d.model);
    const relation: Relation = { via: 'reverse', model: d.model, field: d.field };
    add(b, d.name, filterName(target), { kind: 'related', relation, filter: filterName(target) });
    // and `<name>_id: ID` where NetBox declares it (a reverse relation's id)
    if (d.byId) add(b, `${d.name}_id`, 'ID', { kind: 'related', relation, filter: filterName(target), byId: true });
  }
}

type RestInput = Extract<GraphqlFilterInput, { kind: 'rest' }>;
const rest = (name: string, type: string, restName = name): RestInput => ({ kind: 'rest', name, type, rest: restName });

/** The filters of NetBox's CachedScopeMixin: the scope's site, region, … as the REST filters of those names. */
const scopeInputs = [
  rest('site', 'SiteFilter'),
  rest('region', 'RegionFilter'),
  rest('location', 'LocationFilter'),
  rest('site_group', 'SiteGroupFilter'),
];
/** The filters of NetBox's CabledObjectModelFilterMixin: every model with a cable. */
const cableInputs = [
  rest('cable', 'CableFilter', 'cable_id'),
  rest('cable_id', 'ID'),
  rest('cable_end', 'CableEndEnumBaseFilterLookup'),
];
const cabled = (m: ModelDef) => m.fields.some((f) => f.kind === 'computed' && f.computed.type === 'cable');

/**
 * NetBox's hand-written filter fields that a REST filter computes: its mixins' (a cached scope, a cable) and
 * those the model's `graphql.filters` give. A model's filter type (`SiteFilter`) matches the rows the REST
 * filter reaches; a `TreeNodeFilter` the tree's nodes; a value (`[String!]`, `Boolean`, `ID`, an enum or its
 * lookup) is handed to the REST filter as its query string would carry it.
 */
function restComputed(ctx: FilterContext, b: Built, filter: string, m: ModelDef): void {
  const names = ctx.gql.models[m.key];
  const own = (names?.filters ?? []).filter((d): d is RestInput => d.kind === 'rest');
  const inputs = [...(names?.cachedScope ? scopeInputs : []), ...(cabled(m) ? cableInputs : []), ...own];
  for (const { name, type, rest, restModel, values } of inputs) {
    if (!(ctx.rest[restModel ?? m.key] ?? []).some((d) => d.name === rest))
      throw new Error(`${filter}.${name}: ${restModel ?? m.key} has no REST filter ${rest}`);
    const lookup = /^(\w+Enum)BaseFilterLookup$/.exec(type)?.[1];
    if (type === 'TreeNodeFilter') add(b, name, type, { kind: 'tree', rest });
    else if (type.endsWith('Filter'))
      add(b, name, type, { kind: 'related', rest, filter: type, ...(restModel ? { restModel } : {}) });
    else if (lookup) add(b, name, type, { kind: 'rest', rest, enum: lookup, lookup: true });
    else if (values) {
      if (!ctx.enums.has(type)) ctx.enums.set(type, new Map(Object.entries(values)));
      ctx.ownEnums.add(type);
      add(b, name, type, { kind: 'rest', rest, enum: type });
    } else add(b, name, type, { kind: 'rest', rest });
  }
}

export function filterType(ctx: FilterContext, m: ModelDef): { type: SdlType; map: FilterMap } {
  const name = filterName(m);
  const b: Built = { fields: [], map: {} };
  for (const f of m.fields) if (!f.hidden && !f.writeOnly) field(ctx, b, m, f);
  restRelations(ctx, b, m);
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
    if (ctx.ownEnums.has(name)) continue;
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
