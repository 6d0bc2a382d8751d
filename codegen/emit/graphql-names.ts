/** The GraphQL names of the catalogue's models: types, filters, root fields, unions, enums. */
import type { Catalogue, FieldDef, ModelDef } from '../../runtime/catalogue/ir.ts';
import { enums, hiddenModels, noRootModels, rootNames, unionNames } from './graphql-netbox.ts';

export const typeName = (m: ModelDef) => `${m.className}Type`;
export const filterName = (m: ModelDef) => `${m.className}Filter`;

/** `ip_address` from the verbose name `IP address`. */
export const rootName = (m: ModelDef) =>
  rootNames[m.key] ??
  m.verboseName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export const pascal = (name: string) =>
  name
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** `IPAddressAssignmentType`: a generic relation's union. */
export const unionName = (m: ModelDef, f: FieldDef) =>
  unionNames[`${m.key}.${f.name}`] ?? `${m.className}${pascal(f.name.replace(/_object$/, ''))}Type`;

export const shown = (cat: Catalogue, key: string) => !!cat.models[key] && !hiddenModels.has(key);
export const hasRoot = (cat: Catalogue, key: string) => shown(cat, key) && !noRootModels.has(key);

/** A choice set's enum: NetBox's name, or `<Set>Enum`. */
export function enumName(set: string): string {
  return enums[set]?.[0] ?? `${pascal(set)}Enum`;
}

/** A choice value's member name: the prefix and the value in capitals (`STATUS_ACTIVE`, `TYPE_1000BASE_T`). */
export function memberName(set: string, value: string | number): string {
  const prefix = enums[set]?.[1];
  let v = String(value)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!v) v = 'EMPTY';
  const name = prefix ? `${prefix}_${v}` : v;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
