/**
 * The one lookup vocabulary: each comparison of one SQL value with one given value (a `Lookup`), its SQL,
 * the parameter a given value becomes and whether it compares the value as text; and the names each
 * surface gives them. REST (NetBox's filter sets, and custom fields) says `ic`, `nie`…, negating with `n`;
 * GraphQL says `i_contains`, `i_exact`…; permission constraints use Django's names, which are the members'.
 * A new lookup is one entry of `lookups` (and its names below); the compiler asks for the rest.
 */
import { likeEscape } from '../db/index.ts';

export type Lookup =
  | 'exact'
  | 'iexact'
  | 'contains'
  | 'icontains'
  | 'startswith'
  | 'istartswith'
  | 'endswith'
  | 'iendswith'
  | 'regex'
  | 'iregex'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte';

export interface LookupDef {
  /** `left` (the compared value; as text when `text`) against the parameter `right` */
  readonly sql: (left: string, right: string) => string;
  /** the parameter a given value becomes (a LIKE pattern escapes its wildcards) */
  readonly value: (given: string) => string;
  /** compares the value as text, the given value a string (otherwise both as the value's type) */
  readonly text: boolean;
}

const given = (v: string) => v;
const infix = (op: string, text: boolean): LookupDef => ({ sql: (l, r) => `${l} ${op} ${r}`, value: given, text });
const like = (op: 'LIKE' | 'ILIKE', before: string, after: string): LookupDef => ({
  sql: (l, r) => `${l} ${op} ${r}`,
  value: (v) => `${before}${likeEscape(v)}${after}`,
  text: true,
});

export const lookups: Readonly<Record<Lookup, LookupDef>> = {
  exact: infix('=', false),
  iexact: { sql: (l, r) => `lower(${l}) = lower(${r})`, value: given, text: true },
  contains: like('LIKE', '%', '%'),
  icontains: like('ILIKE', '%', '%'),
  startswith: like('LIKE', '', '%'),
  istartswith: like('ILIKE', '', '%'),
  endswith: like('LIKE', '%', ''),
  iendswith: like('ILIKE', '%', ''),
  regex: infix('~', true),
  iregex: infix('~*', true),
  lt: infix('<', false),
  lte: infix('<=', false),
  gt: infix('>', false),
  gte: infix('>=', false),
};

export const isLookupName = (name: string): name is Lookup => Object.hasOwn(lookups, name);

/** A condition negated as NetBox's `exclude()` does: rows where it is null (no value to compare) are kept. */
export const negated = (cond: string) => `NOT coalesce((${cond}), false)`;

/**
 * REST's lookup names (`<filter>__<name>`): a lookup, or the negation of another name; `empty` (no value)
 * and `any` (any of the filter's fields) are conditions of their own.
 */
const rest = {
  exact: { lookup: 'exact' },
  n: { negates: 'exact' },
  ic: { lookup: 'icontains' },
  nic: { negates: 'ic' },
  isw: { lookup: 'istartswith' },
  nisw: { negates: 'isw' },
  iew: { lookup: 'iendswith' },
  niew: { negates: 'iew' },
  ie: { lookup: 'iexact' },
  nie: { negates: 'ie' },
  regex: { lookup: 'regex' },
  iregex: { lookup: 'iregex' },
  lt: { lookup: 'lt' },
  lte: { lookup: 'lte' },
  gt: { lookup: 'gt' },
  gte: { lookup: 'gte' },
  empty: {},
  any: {},
} as const satisfies Record<string, { lookup: Lookup } | { negates: string } | Record<string, never>>;

export type RestLookup = keyof typeof rest;

export const isRestLookup = (name: string): name is RestLookup => Object.hasOwn(rest, name);

/** The REST name a negated name negates (`nic` → `ic`), or undefined. */
export function restNegates(name: string): RestLookup | undefined {
  const r: { negates?: RestLookup } = isRestLookup(name) ? rest[name] : {};
  return r.negates;
}

/** The lookup a positive REST name is (`ic` → `icontains`), or undefined (`empty`, `any`, negations). */
export function restLookup(name: string): Lookup | undefined {
  const r: { lookup?: Lookup } = isRestLookup(name) ? rest[name] : {};
  return r.lookup;
}

/** The lookups of a string filter and of a number's, date's… (`exact` is the bare name), in NetBox's order. */
export const stringLookups: readonly RestLookup[] = [
  'n',
  'ic',
  'nic',
  'isw',
  'nisw',
  'iew',
  'niew',
  'ie',
  'nie',
  'empty',
  'regex',
  'iregex',
];
export const numberLookups: readonly RestLookup[] = ['n', 'lt', 'lte', 'gt', 'gte', 'empty'];

/** GraphQL's names (strawberry-django's) of the lookups it shares. */
const graphql: Readonly<Record<string, Lookup>> = {
  exact: 'exact',
  i_exact: 'iexact',
  contains: 'contains',
  i_contains: 'icontains',
  starts_with: 'startswith',
  i_starts_with: 'istartswith',
  ends_with: 'endswith',
  i_ends_with: 'iendswith',
  regex: 'regex',
  i_regex: 'iregex',
  lt: 'lt',
  lte: 'lte',
  gt: 'gt',
  gte: 'gte',
};

/** The lookup a GraphQL lookup's name is, or undefined (`in_list`, `range`, date parts… are GraphQL's own). */
export const graphqlLookup = (name: string): Lookup | undefined =>
  Object.hasOwn(graphql, name) ? graphql[name] : undefined;
