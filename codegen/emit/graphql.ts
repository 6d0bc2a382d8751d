/**
 * IR → `generated/graphql/schema.graphql` and `generated/graphql/map.json`: NetBox's GraphQL schema as
 * the catalogue gives it (root fields `x(id:)`, `x_list(filters:, pagination:)` and, beyond NetBox, a
 * count per list), and the map from each GraphQL type and field to the catalogue model and field that
 * runtime/graphql compiles into SQL.
 */
import type { Catalogue, FilterSpecs, GraphqlNames } from '../../runtime/catalogue/ir.ts';
import type { GraphqlMap, ObjectTypeMap, FilterMap, RootField } from '../../runtime/graphql/map.ts';
import type { FileMap } from '../write/file-map.ts';
import { byCodePoint } from '../catalogue/names.ts';
import { modelOf } from '../catalogue/lookup.ts';
import { printSchema, type SdlField, type SdlType } from './graphql-sdl.ts';
import { lookupTypes } from './graphql-lookups.ts';
import { objectType, type TypeContext } from './graphql-types.ts';
import { enumTypes, filterType, type FilterContext } from './graphql-filters.ts';
import { filterName, hasRoot, rootName, shown, typeName, type Named } from './graphql-names.ts';

/** Types every schema has: content types, the list metadata beyond NetBox. */
const fixedTypes: SdlType[] = [
  {
    kind: 'type',
    name: 'ContentTypeType',
    fields: [
      { name: 'id', type: 'ID!' },
      { name: 'app_label', type: 'String!' },
      { name: 'model', type: 'String!' },
    ],
  },
  {
    kind: 'input',
    name: 'ContentTypeFilter',
    fields: [
      { name: 'id', type: 'IDComparisonFilterLookup' },
      { name: 'app_label', type: 'StrFilterLookup' },
      { name: 'model', type: 'StrFilterLookup' },
      { name: 'AND', type: 'ContentTypeFilter' },
      { name: 'OR', type: 'ContentTypeFilter' },
      { name: 'NOT', type: 'ContentTypeFilter' },
      { name: 'DISTINCT', type: 'Boolean' },
    ],
  },
  { kind: 'type', name: 'DjangoModelType', fields: [{ name: 'pk', type: 'ID!' }] },
  {
    kind: 'type',
    name: 'PageMetadata',
    doc:
      'What a list query would return beyond one page (NetBox discussion #19724): the count of every object ' +
      'its filters and permissions allow, and the `start` of the page after this one (null: none).',
    fields: [
      { name: 'count', type: 'BigInt!' },
      { name: 'next_start', type: 'Int' },
    ],
  },
];

function rootFields(n: Named, keys: string[]): { fields: SdlField[]; roots: Record<string, RootField> } {
  const fields: SdlField[] = [];
  const roots: Record<string, RootField> = {};
  for (const key of keys) {
    if (!hasRoot(n, key)) continue;
    const m = modelOf(n.cat, key);
    const name = rootName(n, m);
    const t = typeName(m);
    const page = `filters: ${filterName(m)}, pagination: OffsetPaginationInput`;
    fields.push({ name, type: `${t}!`, args: 'id: ID!' });
    fields.push({ name: `${name}_list`, type: `[${t}!]!`, args: page });
    fields.push({ name: `${name}_list_page_metadata`, type: 'PageMetadata!', args: page });
    roots[name] = { model: key, list: false };
    roots[`${name}_list`] = { model: key, list: true };
    roots[`${name}_list_page_metadata`] = { model: key, list: true, metadata: true };
  }
  return { fields, roots };
}

export function emitGraphql(cat: Catalogue, rest: FilterSpecs, gql: GraphqlNames): FileMap {
  const keys = cat.apps.flatMap((a) => a.models).filter((k) => shown({ cat, gql }, k));
  const tctx: TypeContext = { cat, gql, unions: new Map(), extra: new Map() };
  const fctx: FilterContext = { cat, gql, rest, enums: new Map(), ownEnums: new Set() };
  const types: SdlType[] = [...lookupTypes(), ...fixedTypes];
  const objects: Record<string, ObjectTypeMap> = {};
  const filters: Record<string, FilterMap> = {};
  for (const key of [...keys].sort(byCodePoint)) {
    const m = modelOf(cat, key);
    const o = objectType(tctx, m);
    types.push(o.type);
    objects[o.type.name] = o.map;
    const fl = filterType(fctx, m);
    types.push(fl.type);
    filters[fl.type.name] = fl.map;
  }
  types.push(...tctx.extra.values(), ...enumTypes(fctx));
  const unions: Record<string, Record<string, string>> = {};
  for (const [name, members] of tctx.unions) {
    types.push({ kind: 'union', name, members: [...members.values()] });
    unions[name] = Object.fromEntries(members);
  }
  const root = rootFields({ cat, gql }, keys);
  const query: SdlType = { kind: 'type', name: 'Query', fields: root.fields };
  const map: GraphqlMap = {
    roots: root.roots,
    types: objects,
    unions,
    filters,
    enums: Object.fromEntries([...fctx.enums].map(([n, m]) => [n, Object.fromEntries(m)])),
  };
  return new Map([
    ['graphql/schema.graphql', printSchema(query, types)],
    ['graphql/map.json', `${JSON.stringify(map, null, 1)}\n`],
  ]);
}
