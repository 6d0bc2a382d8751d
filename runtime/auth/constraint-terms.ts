/**
 * What a permission constraint compares: a term (a column, or a transform of one, such as a date's
 * year or a JSON key) of a type, and how a constraint's JSON value becomes an SQL value of that type,
 * as Django prepares a lookup's value for its field.
 */
import type { Params, SqlParam } from '../db/index.ts';
import {
  FilterValueError,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  parseIp,
  parseTimestamp,
} from '../filters/index.ts';

/** A constraint that does not apply to a model: a field, relation or lookup it lacks, or a value it cannot hold. */
export class ConstraintError extends Error {}

/**
 * A constraint no model can read: a document that is not an object or a list of objects, or a lookup
 * given a value of the wrong shape (`in` without a list, `isnull` without true or false).
 */
export class MalformedConstraint extends ConstraintError {}

/** The types a term is compared as. */
export type TermType =
  'text' | 'integer' | 'numeric' | 'boolean' | 'date' | 'timestamp' | 'time' | 'address' | 'network' | 'json' | 'list';

/** An SQL expression a lookup compares, with its type; a list's items are of type `item`. */
export interface Term {
  readonly sql: string;
  readonly type: TermType;
  readonly item?: TermType;
  /** a JSON term taken from a key of another (whose missing key reads as SQL null) */
  readonly key?: boolean;
}

const casts: Record<TermType, string> = {
  text: 'text',
  integer: 'bigint',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
  time: 'time',
  address: 'inet',
  network: 'inet',
  // JSON goes as its text: a parameter typed jsonb would be serialized again by the driver
  json: 'text::jsonb',
  list: 'text[]',
};

/** The SQL type values compared with a term of `type` are cast to (addresses and networks both as `inet`). */
export function castOf(type: TermType): string {
  return casts[type];
}

function parseTime(v: string): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/.test(v.trim())) throw new FilterValueError('Enter a time.');
  return v.trim();
}

const parsers: Partial<Record<TermType, (v: string) => SqlParam>> = {
  integer: parseInteger,
  numeric: parseDecimal,
  boolean: parseBoolean,
  date: parseDate,
  timestamp: parseTimestamp,
  time: parseTime,
  address: (v) => {
    const ip = parseIp(v);
    return ip.mask === undefined ? ip.host : `${ip.host}/${ip.mask}`;
  },
};
parsers.network = parsers.address;

/** A constraint's value as an SQL value of `type`; a value the type cannot hold does not apply. */
export function valueOf(type: TermType, value: unknown, key: string): SqlParam {
  if (type === 'json') return JSON.stringify(value);
  if (value === null || typeof value === 'object')
    throw new ConstraintError(`"${key}": ${JSON.stringify(value)} is not a ${type} value`);
  if (type === 'text') return typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);
  if (type === 'boolean' && typeof value === 'boolean') return value;
  if (type === 'integer' && typeof value === 'number' && !Number.isInteger(value))
    throw new ConstraintError(`"${key}": ${value} is not a whole number`);
  try {
    return (parsers[type] ?? String)(String(value));
  } catch (e) {
    if (e instanceof FilterValueError) throw new ConstraintError(`"${key}": ${e.message}`);
    throw e;
  }
}

const dateParts: Record<string, string> = {
  year: 'YEAR',
  iso_year: 'ISOYEAR',
  month: 'MONTH',
  day: 'DAY',
  week: 'WEEK',
  week_day: 'DOW',
  iso_week_day: 'ISODOW',
  quarter: 'QUARTER',
};
const timeParts: Record<string, string> = { hour: 'HOUR', minute: 'MINUTE', second: 'SECOND' };

function extract(sql: string, part: string): Term {
  // Django counts week days from Sunday = 1; PostgreSQL's DOW from Sunday = 0
  const n = `floor(EXTRACT(${part} FROM ${sql}))::int`;
  return { sql: part === 'DOW' ? `(${n} + 1)` : n, type: 'integer' };
}

function dateTransform(t: Term, name: string): Term | undefined {
  // date-times are read in UTC, the service's time zone (NetBox's TIME_ZONE default)
  const local = t.type === 'timestamp' ? `(${t.sql} AT TIME ZONE 'UTC')` : t.sql;
  if (name in dateParts) return extract(local, dateParts[name]);
  if (t.type !== 'timestamp') return undefined;
  if (name in timeParts) return extract(local, timeParts[name]);
  if (name === 'date') return { sql: `${local}::date`, type: 'date' };
  if (name === 'time') return { sql: `${local}::time`, type: 'time' };
  return undefined;
}

function ipTransform(t: Term, name: string): Term | undefined {
  if (name === 'family') return { sql: `family(${t.sql})`, type: 'integer' };
  if (name === 'net_mask_length') return { sql: `masklen(${t.sql})`, type: 'integer' };
  if (t.type !== 'address') return undefined;
  if (name === 'host') return { sql: `host(${t.sql})`, type: 'text' };
  if (name === 'inet') return { sql: `inet(${t.sql})`, type: 'address' };
  return undefined;
}

/**
 * `name` applied to `t` as Django's transforms (a date's `year`…, a date-time's `date`, `hour`…, an
 * address's `family`, `net_mask_length`, `host`, `inet`, a JSON key, a list's `len` or item by index),
 * or undefined when `t` has no such transform.
 */
export function transform(t: Term, name: string, params: Params): Term | undefined {
  switch (t.type) {
    case 'date':
    case 'timestamp':
      return dateTransform(t, name);
    case 'address':
    case 'network':
      return ipTransform(t, name);
    case 'json': {
      // Django reads a key of digits as an index into a list
      const key = /^\d+$/.test(name) ? `${Number(name)}` : `${params.add(name)}::text`;
      return { sql: `(${t.sql} -> ${key})`, type: 'json', key: true };
    }
    case 'list':
      if (name === 'len')
        return {
          sql: `(CASE WHEN ${t.sql} IS NULL THEN NULL ELSE coalesce(array_length(${t.sql}, 1), 0) END)`,
          type: 'integer',
        };
      if (/^\d+$/.test(name) && t.item) return { sql: `(${t.sql})[${Number(name) + 1}]`, type: t.item };
      return undefined;
    default:
      return undefined;
  }
}
