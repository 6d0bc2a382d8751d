/**
 * The corpus README's pass rules, as a list of findings per exchange (none = identical): the status;
 * the Location of a 3xx; the key shape of a 4xx/5xx JSON body; the normalised body otherwise; and the
 * webhook deliveries (count, method, path, body, Content-Type, X-Corpus-* headers, signature validity).
 * Each finding is one difference, so a declared rule can account for it alone.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_SECRET = 'corpus-secret-1';

export type FindingKind = 'status' | 'location' | 'shape' | 'body' | 'deliveries' | 'delivery';

export interface Finding {
  readonly kind: FindingKind;
  /** where: a JSON path in the body (`results[id=3].name`), or a delivery's index and part (`[1].path`) */
  readonly path: string;
  readonly recorded?: unknown;
  readonly ours?: unknown;
  /** the side on which the key or item is absent */
  readonly missing?: 'recorded' | 'ours';
}

/** One delivery, normalised (body parsed and normalised; headers with lower-case names). */
export interface Delivery {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly signature_valid: boolean | null;
}

/** One side of an exchange, normalised. */
export interface Side {
  readonly status: number;
  readonly location?: string;
  /** parsed JSON; a string when not JSON; null when empty */
  readonly body: unknown;
  readonly json: boolean;
  readonly deliveries?: readonly Delivery[];
}

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeOf(v: Json): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

export function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Every difference between two normalised JSON values, as findings of `kind`. */
export function diffJson(a: Json, b: Json, kind: FindingKind, path = '', out: Finding[] = []): Finding[] {
  if (equal(a, b)) return out;
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) {
      if (!(k in b)) out.push({ kind, path: join(path, k), recorded: a[k], missing: 'ours' });
      else diffJson(a[k], b[k], kind, join(path, k), out);
    }
    for (const k of Object.keys(b))
      if (!(k in a)) out.push({ kind, path: join(path, k), ours: b[k], missing: 'recorded' });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const ids = (x: Json[]) =>
      x.every((i) => isObject(i) && typeof i.id === 'number') ? x.map((i) => (i as any).id) : null;
    const ia = ids(a);
    const ib = ids(b);
    if (ia && ib && (ia.length || ib.length)) {
      // lists of objects with ids: matched by id, so one missing row is one finding
      if (!equal(ia, ib)) out.push({ kind, path: `${path}[ids]`, recorded: ia, ours: ib });
      const mine = new Map(b.map((x) => [(x as any).id as number, x]));
      for (const x of a) {
        const y = mine.get((x as any).id);
        if (y !== undefined) diffJson(x, y, kind, `${path}[id=${(x as any).id}]`, out);
      }
      return out;
    }
    if (a.length !== b.length) out.push({ kind, path: `${path}[length]`, recorded: a.length, ours: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) diffJson(a[i], b[i], kind, `${path}[${i}]`, out);
    return out;
  }
  out.push({ kind, path, recorded: a, ours: b });
  return out;
}

/** Rule for 4xx/5xx: same keys for an object, the same keys per item for an array, else the same type. */
function diffShape(a: Json, b: Json, path = '', out: Finding[] = []): Finding[] {
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) if (!(k in b)) out.push({ kind: 'shape', path: join(path, k), missing: 'ours' });
    for (const k of Object.keys(b))
      if (!(k in a)) out.push({ kind: 'shape', path: join(path, k), missing: 'recorded' });
  } else if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push({ kind: 'shape', path: `${path}[length]`, recorded: a.length, ours: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (isObject(a[i]) && isObject(b[i])) diffShape(a[i], b[i], `${path}[${i}]`, out);
      else if (typeOf(a[i]) !== typeOf(b[i]))
        out.push({ kind: 'shape', path: `${path}[${i}]`, recorded: typeOf(a[i]), ours: typeOf(b[i]) });
    }
  } else if (typeOf(a) !== typeOf(b)) out.push({ kind: 'shape', path, recorded: typeOf(a), ours: typeOf(b) });
  return out;
}

function klass(status: number): 'ok' | 'redirect' | 'error' {
  return status >= 400 ? 'error' : status >= 300 ? 'redirect' : 'ok';
}

/** The findings of one exchange (recorded vs ours, both normalised). */
export function compare(rec: Side, ours: Side): Finding[] {
  const out: Finding[] = [];
  if (rec.status !== ours.status) out.push({ kind: 'status', path: '', recorded: rec.status, ours: ours.status });
  const k = klass(rec.status);
  if (k === klass(ours.status)) {
    if (k === 'redirect') {
      if (rec.location !== ours.location)
        out.push({ kind: 'location', path: '', recorded: rec.location, ours: ours.location });
    } else if (k === 'error') {
      if (rec.json) {
        if (!ours.json) out.push({ kind: 'shape', path: '', recorded: typeOf(rec.body), ours: 'text' });
        else diffShape(rec.body, ours.body, '', out);
      }
    } else if (!rec.json || !ours.json) {
      if (rec.body !== ours.body) out.push({ kind: 'body', path: '', recorded: rec.body, ours: ours.body });
    } else diffJson(rec.body, ours.body, 'body', '', out);
  }
  if (rec.deliveries) diffDeliveries(rec.deliveries, ours.deliveries ?? [], out);
  return out;
}

/** Deliveries in the README's order: by path, then by content. */
export function sortDeliveries<T extends { path: string; body: unknown }>(list: readonly T[]): T[] {
  const key = (d: T) => JSON.stringify(sortedKeys(d.body));
  return [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : key(a) < key(b) ? -1 : 1));
}

function sortedKeys(v: Json): Json {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedKeys(v[k])]),
    );
  return v;
}

function diffDeliveries(rec: readonly Delivery[], ours: readonly Delivery[], out: Finding[]): void {
  if (rec.length !== ours.length)
    out.push({ kind: 'deliveries', path: 'count', recorded: rec.length, ours: ours.length });
  const a = sortDeliveries(rec);
  const b = sortDeliveries(ours);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    const at = `[${i}]`;
    if (x.method !== y.method) out.push({ kind: 'delivery', path: `${at}.method`, recorded: x.method, ours: y.method });
    if (x.path !== y.path) out.push({ kind: 'delivery', path: `${at}.path`, recorded: x.path, ours: y.path });
    diffJson(x.body, y.body, 'delivery', `${at}.body`, out);
    const names = new Set(
      [...Object.keys(x.headers), ...Object.keys(y.headers)].filter(
        (n) => n === 'content-type' || n.startsWith('x-corpus-'),
      ),
    );
    for (const n of [...names].sort())
      if (x.headers[n] !== y.headers[n])
        out.push({
          kind: 'delivery',
          path: `${at}.headers.${n}`,
          recorded: x.headers[n],
          ours: y.headers[n],
          ...(x.headers[n] === undefined ? { missing: 'recorded' as const } : {}),
          ...(y.headers[n] === undefined ? { missing: 'ours' as const } : {}),
        });
    if (x.signature_valid !== y.signature_valid)
      out.push({
        kind: 'delivery',
        path: `${at}.signature_valid`,
        recorded: x.signature_valid,
        ours: y.signature_valid,
      });
  }
}

/** Whether `X-Hook-Signature` is the hex HMAC-SHA512 of the raw body; null without the header. */
export function signatureValid(raw: string, signature: string | undefined): boolean | null {
  if (signature === undefined) return null;
  return createHmac('sha512', WEBHOOK_SECRET).update(Buffer.from(raw, 'utf8')).digest('hex') === signature;
}

/** Header names in lower case (the recording keeps the sender's spelling). */
export function lowerHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
