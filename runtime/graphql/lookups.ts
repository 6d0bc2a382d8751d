/**
 * strawberry-django's lookups on one SQL value: `exact`, `in_list`, `is_null`, the string matches
 * (`i_contains`, `starts_with`, `regex`, …), comparisons and `range`, date parts, numeric lookups
 * nested as `filter_lookup` / `range_lookup` / `comparison_lookup`, enums by member name, arrays,
 * JSON paths, and tree nodes by `match_type`. Values always travel as parameters.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { graphqlLookup, lookups } from '../catalogue/index.ts';
import { ident, type Params } from '../db/index.ts';
import type { LookupKind } from './map.ts';
import { GraphqlFault } from './faults.ts';

type Input = Record<string, unknown>;
type Kind = LookupKind | 'enum';

/** The SQL type each kind's values are compared as. */
const casts: Readonly<Record<Exclude<Kind, 'eq' | 'json' | 'array'>, string>> = {
  id: 'bigint',
  int: 'numeric',
  float: 'numeric',
  bool: 'boolean',
  datetime: 'timestamptz',
  date: 'date',
  str: 'text',
  enum: 'text',
};

const parts = ['year', 'month', 'day', 'week', 'quarter', 'hour', 'minute', 'second', 'iso_year'];
const partSql: Readonly<Record<string, string>> = { week_day: 'dow', iso_week_day: 'isodow', iso_year: 'isoyear' };

/** An SQL value a lookup compares (`col`), the type its values are cast to, and an enum's values by member name. */
interface Compared {
  readonly col: string;
  readonly cast: string;
  readonly enumMap?: Readonly<Record<string, unknown>>;
}

/**
 * The cast of a parameter sent as text. A boolean goes through `text`: postgres.js writes a parameter that
 * PostgreSQL describes as boolean as true only for the value `true`, so the text 'true' would compare as false.
 */
const castOf = (cast: string, array = false) =>
  cast === 'boolean' ? `text${array ? '[]' : ''}::boolean${array ? '[]' : ''}` : `${cast}${array ? '[]' : ''}`;

function one(p: Params, c: Compared, op: string, v: unknown): string {
  const { col, cast, enumMap } = c;
  const value = (x: unknown) => {
    if (!enumMap) return x;
    if (!(String(x) in enumMap)) throw new GraphqlFault(`Unknown value ${String(x)}.`);
    return enumMap[String(x)];
  };
  // NetBox's JSONStringLookup names two lookups as Django does
  if (op === 'in_') op = 'in_list';
  if (op === 'isnull') op = 'is_null';
  const param = (x: unknown) => `${p.add(String(value(x)))}::${castOf(cast)}`;
  const typed = cast === 'text' ? `${col}::text` : cast === 'numeric' ? `${col}::numeric` : col;
  const shared = graphqlLookup(op);
  if (shared) {
    const l = lookups[shared];
    return l.text ? l.sql(`${col}::text`, p.add(l.value(String(v)))) : l.sql(typed, param(v));
  }
  if (op === 'is_null') return v ? `${col} IS NULL` : `${col} IS NOT NULL`;
  if (op === 'in_list')
    return `${typed} = ANY(${p.add((v as unknown[]).map((x) => String(value(x))))}::${castOf(cast, true)})`;
  if (op === 'range') {
    const r = v as Input;
    const out = [
      ...(r.start !== null && r.start !== undefined ? [`${typed} >= ${param(r.start)}`] : []),
      ...(r.end !== null && r.end !== undefined ? [`${typed} <= ${param(r.end)}`] : []),
    ];
    return out.length ? out.join(' AND ') : 'TRUE';
  }
  if (parts.includes(op) || partSql[op])
    return ops(p, { col: `extract(${partSql[op] ?? op} FROM ${col})`, cast: 'numeric' }, v as Input);
  if (op === 'date') return ops(p, { col: `(${col})::date`, cast: 'date' }, v as Input);
  if (op === 'time') return ops(p, { col: `(${col})::time`, cast: 'time' }, v as Input);
  throw new GraphqlFault(`The lookup '${op}' is not supported here.`);
}

function ops(p: Params, c: Compared, input: Input): string {
  const out: string[] = [];
  for (const [op, v] of Object.entries(input ?? {})) {
    if (v === null || v === undefined) continue;
    out.push(`(${one(p, c, op, v)})`);
  }
  return out.length ? out.join(' AND ') : 'TRUE';
}

function jsonPath(p: Params, col: string, input: Input): string {
  const path = String(input.path ?? '')
    .split(/__|\./)
    .filter(Boolean);
  const at = `(${col}::jsonb #>> ${p.add(path)}::text[])`;
  const lookup = (input.lookup ?? {}) as Input;
  const out: string[] = [];
  for (const [kind, v] of Object.entries(lookup)) {
    if (v === null || v === undefined) continue;
    const cast =
      kind.startsWith('int') || kind.startsWith('float') ? 'numeric' : kind === 'boolean_lookup' ? 'boolean' : 'text';
    const value: Compared = { col: cast === 'text' ? at : `(${at})::${cast}`, cast };
    out.push(`(${kind.endsWith('range_lookup') ? one(p, value, 'range', v) : ops(p, value, v as Input)})`);
  }
  return out.length ? out.join(' AND ') : 'TRUE';
}

function arraySql(p: Params, col: string, input: Input): string {
  const out: string[] = [];
  for (const [op, v] of Object.entries(input ?? {})) {
    if (v === null || v === undefined) continue;
    const arr = `${p.add((v as unknown[]).map(String))}`;
    if (op === 'contains') out.push(`${col}::text[] @> ${arr}::text[]`);
    else if (op === 'contained_by') out.push(`${col}::text[] <@ ${arr}::text[]`);
    else if (op === 'overlap') out.push(`${col}::text[] && ${arr}::text[]`);
    else if (op === 'length') out.push(`coalesce(cardinality(${col}), 0) = ${p.add(v as number)}::int`);
  }
  return out.length ? out.join(' AND ') : 'TRUE';
}

/** The condition a lookup input puts on the SQL value `col`, compared as `kind`. */
export function lookupSql(p: Params, col: string, kind: LookupKind, value: unknown): string {
  if (kind === 'eq') return `${col}::text = ${p.add(String(value))}`;
  if (kind === 'json') return jsonPath(p, col, value as Input);
  if (kind === 'array') return arraySql(p, col, value as Input);
  return typedSql(p, { col, cast: casts[kind] }, value as Input);
}

/** The condition an enum's lookup input puts on the column `col`, its values named by member (`members`). */
export function enumSql(p: Params, col: string, value: unknown, members?: Readonly<Record<string, unknown>>): string {
  return typedSql(p, { col, cast: casts.enum, enumMap: members }, value as Input);
}

/** A lookup input on a value compared as a type: its lookups, or numeric lookups nested by kind. */
function typedSql(p: Params, c: Compared, input: Input): string {
  if ('filter_lookup' in input || 'range_lookup' in input || 'comparison_lookup' in input) {
    // nested lookups compare values as they are (an enum's members are not looked up here)
    const plain: Compared = { col: c.col, cast: c.cast };
    const out: string[] = [];
    if (input.filter_lookup) out.push(ops(p, plain, input.filter_lookup as Input));
    if (input.comparison_lookup) out.push(ops(p, plain, input.comparison_lookup as Input));
    if (input.range_lookup) out.push(one(p, plain, 'range', input.range_lookup));
    return out.length ? out.map((x) => `(${x})`).join(' AND ') : 'TRUE';
  }
  return ops(p, c, input);
}

/** The ids a `TreeNodeFilter` names: the node itself, its descendants, children, ancestors, parent or siblings. */
export function treeIds(target: ModelDef, input: Input, p: Params): string {
  const t = ident(target.table);
  const id = `${p.add(String(input.id))}::bigint`;
  switch (input.match_type) {
    case 'EXACT':
      return `SELECT ${id}`;
    case 'DESCENDANTS':
      return `SELECT d.id FROM ${t} d WHERE ${id} = ANY(d._path) AND d.id <> ${id}`;
    case 'SELF_AND_DESCENDANTS':
      return `SELECT d.id FROM ${t} d WHERE ${id} = ANY(d._path)`;
    case 'CHILDREN':
      return `SELECT d.id FROM ${t} d WHERE d.parent_id = ${id}`;
    case 'ANCESTORS':
      return `SELECT unnest(n._path) FROM ${t} n WHERE n.id = ${id} EXCEPT SELECT ${id}`;
    case 'PARENT':
      return `SELECT n.parent_id FROM ${t} n WHERE n.id = ${id}`;
    case 'SIBLINGS':
      return `SELECT d.id FROM ${t} d, ${t} n WHERE n.id = ${id} AND d.parent_id IS NOT DISTINCT FROM n.parent_id
        AND d.id <> ${id}`;
    default:
      throw new GraphqlFault(`Unknown match_type ${String(input.match_type)}.`);
  }
}
