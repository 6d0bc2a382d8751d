/**
 * strawberry-django's lookups on one SQL value: `exact`, `in_list`, `is_null`, the string matches
 * (`i_contains`, `starts_with`, `regex`, …), comparisons and `range`, date parts, numeric lookups
 * nested as `filter_lookup` / `range_lookup` / `comparison_lookup`, enums by member name, arrays,
 * JSON paths, and tree nodes by `match_type`. Values always travel as parameters.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, likeEscape, type Params } from '../db/index.ts';
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

const likes: Readonly<Record<string, [string, string, string]>> = {
  contains: ['LIKE', '%', '%'],
  i_contains: ['ILIKE', '%', '%'],
  starts_with: ['LIKE', '', '%'],
  i_starts_with: ['ILIKE', '', '%'],
  ends_with: ['LIKE', '%', ''],
  i_ends_with: ['ILIKE', '%', ''],
};
const comparisons: Readonly<Record<string, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const parts = ['year', 'month', 'day', 'week', 'quarter', 'hour', 'minute', 'second', 'iso_year'];
const partSql: Readonly<Record<string, string>> = { week_day: 'dow', iso_week_day: 'isodow', iso_year: 'isoyear' };

function one(
  p: Params,
  col: string,
  op: string,
  v: unknown,
  cast: string,
  enumMap?: Readonly<Record<string, unknown>>,
): string {
  const value = (x: unknown) => {
    if (!enumMap) return x;
    if (!(String(x) in enumMap)) throw new GraphqlFault(`Unknown value ${String(x)}.`);
    return enumMap[String(x)];
  };
  // NetBox's JSONStringLookup names two lookups as Django does
  if (op === 'in_') op = 'in_list';
  if (op === 'isnull') op = 'is_null';
  const param = (x: unknown) => `${p.add(String(value(x)))}::${cast}`;
  const typed = cast === 'text' ? `${col}::text` : cast === 'numeric' ? `${col}::numeric` : col;
  if (op === 'exact') return `${typed} = ${param(v)}`;
  if (op === 'i_exact') return `lower(${col}::text) = lower(${p.add(String(v))})`;
  if (op === 'is_null') return v ? `${col} IS NULL` : `${col} IS NOT NULL`;
  if (op === 'in_list') return `${typed} = ANY(${p.add((v as unknown[]).map((x) => String(value(x))))}::${cast}[])`;
  if (op === 'regex') return `${col}::text ~ ${p.add(String(v))}`;
  if (op === 'i_regex') return `${col}::text ~* ${p.add(String(v))}`;
  const match = likes[op];
  if (match) {
    const [like, pre, post] = match;
    return `${col}::text ${like} ${p.add(`${pre}${likeEscape(String(v))}${post}`)}`;
  }
  if (comparisons[op]) return `${typed} ${comparisons[op]} ${param(v)}`;
  if (op === 'range') {
    const r = v as Input;
    const out = [
      ...(r.start !== null && r.start !== undefined ? [`${typed} >= ${param(r.start)}`] : []),
      ...(r.end !== null && r.end !== undefined ? [`${typed} <= ${param(r.end)}`] : []),
    ];
    return out.length ? out.join(' AND ') : 'TRUE';
  }
  if (parts.includes(op) || partSql[op])
    return ops(p, `extract(${partSql[op] ?? op} FROM ${col})`, v as Input, 'numeric');
  if (op === 'date') return ops(p, `(${col})::date`, v as Input, 'date');
  if (op === 'time') return ops(p, `(${col})::time`, v as Input, 'time');
  throw new GraphqlFault(`The lookup '${op}' is not supported here.`);
}

function ops(p: Params, col: string, input: Input, cast: string, enumMap?: Readonly<Record<string, unknown>>): string {
  const out: string[] = [];
  for (const [op, v] of Object.entries(input ?? {})) {
    if (v === null || v === undefined) continue;
    out.push(`(${one(p, col, op, v, cast, enumMap)})`);
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
    const value = cast === 'text' ? at : `(${at})::${cast}`;
    out.push(`(${kind.endsWith('range_lookup') ? one(p, value, 'range', v, cast) : ops(p, value, v as Input, cast)})`);
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

/** The condition a lookup input puts on the SQL value `col`. */
export function lookupSql(
  p: Params,
  col: string,
  kind: Kind,
  value: unknown,
  enumMap?: Readonly<Record<string, unknown>>,
): string {
  if (kind === 'eq') return `${col}::text = ${p.add(String(value))}`;
  if (kind === 'json') return jsonPath(p, col, value as Input);
  if (kind === 'array') return arraySql(p, col, value as Input);
  const input = value as Input;
  if ('filter_lookup' in input || 'range_lookup' in input || 'comparison_lookup' in input) {
    const out: string[] = [];
    if (input.filter_lookup) out.push(ops(p, col, input.filter_lookup as Input, casts[kind]));
    if (input.comparison_lookup) out.push(ops(p, col, input.comparison_lookup as Input, casts[kind]));
    if (input.range_lookup) out.push(one(p, col, 'range', input.range_lookup, casts[kind]));
    return out.length ? out.map((c) => `(${c})`).join(' AND ') : 'TRUE';
  }
  return ops(p, col, input, casts[kind], enumMap);
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
