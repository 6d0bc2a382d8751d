/** Parsing of filter values by kind; each failure names the parameter and why (NetBox's messages). */
import { isIP } from 'node:net';
import type { SqlParam } from '../db/index.ts';

export class FilterValueError extends Error {}

export function parseInteger(v: string): number {
  if (!/^-?\d+$/.test(v.trim())) throw new FilterValueError('Enter a whole number.');
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new FilterValueError('Ensure this value is a safe integer.');
  return n;
}

export function parseDecimal(v: string): string {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(v.trim())) throw new FilterValueError('Enter a number.');
  return v.trim();
}

export function parseDate(v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (
    !m ||
    Number.isNaN(Date.parse(`${m[0]}T00:00:00Z`)) ||
    new Date(`${m[0]}T00:00:00Z`).getUTCDate() !== Number(m[3])
  ) {
    throw new FilterValueError('Enter a valid date.');
  }
  return m[0];
}

export function parseTimestamp(v: string): string {
  const t = v.trim();
  if (
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(t) ||
    Number.isNaN(Date.parse(t.replace(' ', 'T')))
  ) {
    throw new FilterValueError('Enter a valid date/time.');
  }
  return t;
}

export function parseBoolean(v: string): boolean {
  const t = v.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new FilterValueError('Enter true or false.');
}

export function parseUuid(v: string): string {
  if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(v.trim()))
    throw new FilterValueError('Enter a valid UUID.');
  return v.trim().toLowerCase();
}

/** An address with or without a mask length (`10.0.0.1`, `10.0.0.1/24`, `2001:db8::1/64`). */
export function parseIp(v: string): { host: string; mask?: number; family: 4 | 6 } {
  const t = v.trim();
  const [host, mask, ...rest] = t.split('/');
  const family = isIP(host);
  if (!family || rest.length) throw new FilterValueError(`Invalid IP address: ${t}`);
  if (mask === undefined) return { host, family: family as 4 | 6 };
  const n = Number(mask);
  if (!/^\d+$/.test(mask) || n > (family === 4 ? 32 : 128)) throw new FilterValueError(`Invalid mask length: ${t}`);
  return { host, mask: n, family: family as 4 | 6 };
}

/** A prefix in CIDR form; host bits are allowed here and cleared by PostgreSQL's `network()`. */
export function parsePrefix(v: string): string {
  const p = parseIp(v);
  if (p.mask === undefined) throw new FilterValueError(`Invalid prefix (a mask length is required): ${v.trim()}`);
  return `${p.host}/${p.mask}`;
}

/** An SQL type filter values are compared as: its name (the cast) and the parser of a value. */
export interface SqlType {
  readonly cast: string;
  readonly parse: (v: string) => SqlParam;
}

/** The types values compare as, by name. */
export const sqlTypes = {
  bigint: { cast: 'bigint', parse: parseInteger },
  numeric: { cast: 'numeric', parse: parseDecimal },
  date: { cast: 'date', parse: parseDate },
  timestamptz: { cast: 'timestamptz', parse: parseTimestamp },
} as const satisfies Record<string, SqlType>;
