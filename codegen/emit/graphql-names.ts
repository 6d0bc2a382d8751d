/**
 * The GraphQL names of the catalogue's models: types, filters, root fields, unions, enums. The rules are
 * here; NetBox's exceptions to them are the catalogue's (`graphql:` keys of models/*.yaml, GraphqlNames).
 */
import type { Catalogue, FieldDef, GraphqlNames, ModelDef } from '../../runtime/catalogue/ir.ts';

/** The catalogue and its GraphQL names, as every emitter of the schema reads them. */
export interface Named {
  readonly cat: Catalogue;
  readonly gql: GraphqlNames;
}

export const typeName = (m: ModelDef) => `${m.className}Type`;
export const filterName = (m: ModelDef) => `${m.className}Filter`;

/** `ip_address` from the verbose name `IP address`. */
export function rootName(n: Named, m: ModelDef): string {
  const root = n.gql.models[m.key]?.root;
  if (root) return root;
  return m.verboseName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export const pascal = (name: string) =>
  name
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** `IPAddressAssignmentType`: a generic relation's union. */
export const unionName = (n: Named, m: ModelDef, f: FieldDef) =>
  n.gql.models[m.key]?.unions[f.name] ?? `${m.className}${pascal(f.name.replace(/_object$/, ''))}Type`;

/** A field's GraphQL name. */
export const fieldName = (n: Named, m: ModelDef, f: FieldDef) => n.gql.models[m.key]?.names[f.name] ?? f.name;

export const shown = (n: Named, key: string) => !!n.cat.models[key] && !n.gql.models[key]?.hidden;
export const hasRoot = (n: Named, key: string) => shown(n, key) && n.gql.models[key]?.root !== false;

/** A choice set's enum: NetBox's name, or `<Set>Enum`. */
export function enumName(n: Named, set: string): string {
  return n.gql.enums[set]?.name ?? `${pascal(set)}Enum`;
}

/** A choice value's member name: the prefix and the value in capitals (`STATUS_ACTIVE`, `TYPE_1000BASE_T`). */
export function memberName(n: Named, set: string, value: string | number): string {
  const prefix = n.gql.enums[set]?.prefix;
  let v = String(value)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!v) v = 'EMPTY';
  const name = prefix ? `${prefix}_${v}` : v;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
