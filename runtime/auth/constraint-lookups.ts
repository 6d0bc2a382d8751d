/**
 * A constraint's lookup on a term → an SQL condition, with Django's meaning for the term's type:
 * `exact`, `iexact`, `in`, `gt`/`gte`/`lt`/`lte`, `range`, `isnull`, the text patterns (`contains`,
 * `icontains`, `startswith`, …, `regex`, `iregex`) on any type as text, NetBox's `empty` on text and
 * JSON keys, NetBox's network lookups (`net_contains`, `net_host`, `net_in`, …), JSON's `contains`,
 * `contained_by`, `has_key`…, and a list's `contains`, `contained_by` and `overlap`.
 */
import type { Params } from '../db/index.ts';
import { isLookupName, lookups } from '../catalogue/index.ts';
import { castOf, ConstraintError, MalformedConstraint, valueOf, type Term } from './constraint-terms.ts';

/** A condition, and whether it holds when its term is null (so also for a row a relation does not reach). */
export interface Cond {
  readonly sql: string;
  readonly nullTrue: boolean;
}

/** One lookup of one constraint key: the term, the lookup's name, the value and the key (for messages). */
export interface LookupCall {
  readonly term: Term;
  readonly lookup: string;
  readonly value: unknown;
  readonly key: string;
}

const networks: Record<string, string> = {
  net_contains: '>>',
  net_contains_or_equals: '>>=',
  net_contained: '<<',
  net_contained_or_equal: '<<=',
};
const hostLookups = new Set(['net_host', 'net_in', 'net_host_contained', 'host_between']);
const jsonOnly = new Set(['contained_by', 'has_key', 'has_keys', 'has_any_keys']);
const listLookups = new Set(['exact', 'isnull', 'contains', 'contained_by', 'overlap']);

const cond = (sql: string, nullTrue = false): Cond => ({ sql, nullTrue });

/** Whether `lookup` is a lookup of `t` (Django takes a key's last part as a lookup before a transform). */
export function isLookup(t: Term, lookup: string): boolean {
  if (t.type === 'list') return listLookups.has(lookup);
  if (lookup in networks) return t.type === 'address' || t.type === 'network';
  if (hostLookups.has(lookup)) return t.type === 'address';
  if (jsonOnly.has(lookup)) return t.type === 'json';
  if (lookup === 'empty') return t.type === 'text' || (t.type === 'json' && t.key === true);
  return lookup === 'in' || lookup === 'range' || lookup === 'isnull' || isLookupName(lookup);
}

function list(call: LookupCall, size?: number): unknown[] {
  const v = call.value;
  if (!Array.isArray(v) || (size !== undefined && v.length !== size))
    throw new MalformedConstraint(
      `"${call.key}": the "${call.lookup}" lookup needs a list${size ? ` of ${size} values` : ' of values'}.`,
    );
  return v;
}

function flag(call: LookupCall): boolean {
  if (typeof call.value !== 'boolean')
    throw new MalformedConstraint(`"${call.key}": the "${call.lookup}" lookup needs true or false.`);
  return call.value;
}

/** The term as text: a JSON key's value unquoted, anything else by its cast. */
function asText(t: Term): string {
  if (t.type === 'json') return t.key ? `(${t.sql} #>> '{}')` : `(${t.sql})::text`;
  return t.type === 'text' ? t.sql : `(${t.sql})::text`;
}

function typed(p: Params, t: Term, v: unknown, key: string): string {
  return `${p.add(valueOf(t.type, v, key))}::${castOf(t.type)}`;
}

function listCondition(p: Params, call: LookupCall): Cond {
  const t = call.term;
  if (call.lookup === 'isnull') return cond(`${t.sql} IS ${flag(call) ? '' : 'NOT '}NULL`, flag(call));
  if (!Array.isArray(call.value)) throw new ConstraintError(`"${call.key}": a list is compared with a list`);
  const item = t.item ?? 'text';
  const values = call.value.map((v) => valueOf(item, v, call.key));
  // networks compare as addresses, so a value with host bits set is a value, not an SQL error
  const sql = item === 'network' ? `${t.sql}::inet[]` : t.sql;
  // the column's own item type (integer lists are integer[], not bigint[]), given as text items
  const right = `${p.add(values.map(String))}::text[]::${item === 'integer' ? 'integer' : castOf(item)}[]`;
  const op = { exact: '=', contains: '@>', contained_by: '<@', overlap: '&&' }[call.lookup];
  return cond(`${sql} ${op} ${right}`);
}

function jsonCondition(p: Params, call: LookupCall): Cond | undefined {
  const { term: t, value: v } = call;
  switch (call.lookup) {
    case 'exact':
      // a key's JSON null is a value; the whole field's is SQL null
      if (v === null && !t.key) return cond(`${t.sql} IS NULL`, true);
      return cond(`${t.sql} = ${typed(p, t, v, call.key)}`);
    case 'in':
      return cond(`${t.sql} = ANY(${p.add(list(call).map((x) => JSON.stringify(x)))}::text[]::jsonb[])`);
    case 'contains':
    case 'contained_by':
      return cond(`${t.sql} ${call.lookup === 'contains' ? '@>' : '<@'} ${typed(p, t, v, call.key)}`);
    case 'has_key':
      return cond(`jsonb_exists(${t.sql}, ${p.add(String(v))})`);
    case 'has_keys':
    case 'has_any_keys': {
      const keys = list(call).map(String);
      return cond(`jsonb_exists_${call.lookup === 'has_keys' ? 'all' : 'any'}(${t.sql}, ${p.add(keys)}::text[])`);
    }
    case 'empty':
      return flag(call) ? cond(`NULLIF(${asText(t)}, '') IS NULL`, true) : cond(`NULLIF(${asText(t)}, '') IS NOT NULL`);
    default:
      return undefined;
  }
}

function networkCondition(p: Params, call: LookupCall): Cond | undefined {
  const { term: t } = call;
  const host = `host(${t.sql})::inet`;
  const ip = (v: unknown) => `${p.add(valueOf('address', v, call.key))}::inet`;
  if (call.lookup in networks) return cond(`${t.sql} ${networks[call.lookup]} ${ip(call.value)}`);
  switch (call.lookup) {
    case 'net_host':
      return cond(`${host} = host(${ip(call.value)})::inet`);
    case 'net_host_contained':
      return cond(`${host} <<= ${ip(call.value)}`);
    case 'host_between': {
      const [lo, hi] = list(call, 2);
      return cond(`${host} BETWEEN host(${ip(lo)})::inet AND host(${ip(hi)})::inet`);
    }
    case 'net_in': {
      // NetBox: a value with a mask length matches the address, one without the host whatever its mask
      const values = list(call).map((v) => valueOf('address', v, call.key) as string);
      const masked = values.filter((v) => v.includes('/'));
      const bare = values.filter((v) => !v.includes('/'));
      const parts = [
        ...(masked.length ? [`${t.sql} = ANY(${p.add(masked)}::inet[])`] : []),
        ...(bare.length ? [`${host} = ANY(${p.add(bare)}::inet[])`] : []),
      ];
      return cond(parts.length ? `(${parts.join(' OR ')})` : 'FALSE');
    }
    default:
      return undefined;
  }
}

function valueCondition(p: Params, call: LookupCall): Cond {
  const { term: t, lookup, value: v, key } = call;
  if (lookup === 'isnull') return flag(call) ? cond(`${t.sql} IS NULL`, true) : cond(`${t.sql} IS NOT NULL`);
  if ((lookup === 'exact' || lookup === 'iexact') && v === null) return cond(`${t.sql} IS NULL`, true);
  if (lookup === 'in') {
    const values = list(call)
      .filter((x) => x !== null)
      .map((x) => String(valueOf(t.type, x, key)));
    // given as text items: the driver cannot send every type's arrays (booleans) as themselves
    return cond(values.length ? `${t.sql} = ANY(${p.add(values)}::text[]::${castOf(t.type)}[])` : 'FALSE');
  }
  if (lookup === 'range') {
    const [lo, hi] = list(call, 2);
    return cond(`${t.sql} BETWEEN ${typed(p, t, lo, key)} AND ${typed(p, t, hi, key)}`);
  }
  // null compares with nothing, whatever the field (Django: "Cannot use None as a query value")
  if (v === null) throw new MalformedConstraint(`"${key}": the "${lookup}" lookup needs a value other than null.`);
  if (lookup === 'empty')
    return flag(call) ? cond(`coalesce(length(${t.sql}), 0) = 0`, true) : cond(`length(${t.sql}) > 0`);
  if (!isLookupName(lookup)) throw new ConstraintError(`"${key}": "${lookup}" is not a lookup`);
  // Django's lookups by their own names; the text ones on any type as text
  const l = lookups[lookup];
  if (!l.text) return cond(l.sql(t.sql, typed(p, t, v, key)));
  return cond(l.sql(asText(t), p.add(l.value(String(valueOf('text', v, key))))));
}

/** The condition a lookup puts on a term; a lookup the term's type has not does not apply. */
export function lookupCondition(p: Params, call: LookupCall): Cond {
  const t = call.term;
  if (!isLookup(t, call.lookup))
    throw new ConstraintError(`"${call.key}": "${call.lookup}" is not a lookup of a ${t.type} value`);
  if (t.type === 'list') return listCondition(p, call);
  if (t.type === 'json') {
    const c = jsonCondition(p, call);
    if (c) return c;
  }
  if (t.type === 'address' || t.type === 'network') {
    const c = networkCondition(p, call);
    if (c) return c;
  }
  return valueCondition(p, call);
}
