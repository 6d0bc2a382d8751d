/**
 * One object as the source shows it against the same object as this service shows it, field by
 * field and into nested objects: each side's own address in URLs counts as the same, date-times are
 * compared as instants, keys only one side has are left to the report (fields this catalogue lacks,
 * or older names it adds), and write-only values are never compared (neither side shows them).
 */
import { last } from '../collections.ts';
import type { Difference } from './report.ts';

export interface CompareContext {
  /** origins (and base paths) each side writes its URLs with */
  readonly bases: readonly string[];
  /** top-level keys not compared */
  readonly skip: ReadonlySet<string>;
}

const SECRET_KEYS = new Set(['token', 'key', 'secret', 'password', 'plaintext']);
const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date-time as UTC with microseconds, so that `…:00Z` and `…:00.000000+00:00` compare equal. */
export function instant(text: string): string | undefined {
  const m = DATETIME.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[4] ?? 'Z'}`);
  if (Number.isNaN(ms)) return undefined;
  return `${new Date(ms).toISOString().slice(0, 19)}.${(m[3] ?? '').padEnd(6, '0').slice(0, 6)}Z`;
}

function normalise(v: unknown, ctx: CompareContext): unknown {
  if (typeof v !== 'string') return v;
  for (const b of ctx.bases) if (v.startsWith(`${b}/`)) return `{base}${v.slice(b.length)}`;
  return instant(v) ?? v;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function walk(a: unknown, b: unknown, path: string, ctx: CompareContext, out: [string, unknown, unknown][]): void {
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) if (k in b) walk(a[k], b[k], path ? `${path}.${k}` : k, ctx, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push([path, a, b]);
    else a.forEach((x, i) => walk(x, b[i], `${path}[${i}]`, ctx, out));
    return;
  }
  const [x, y] = [normalise(a, ctx), normalise(b, ctx)];
  if (x === y || (typeof x === 'number' && typeof y === 'number' && Number(x) === Number(y))) return;
  out.push([path, a, b]);
}

/** A value as a difference lists it: secrets masked, long values cut. */
function shown(path: string, v: unknown): unknown {
  const key = last(path.split('.')).replace(/\[\d+\]$/, '');
  if (SECRET_KEYS.has(key) && v !== null && v !== '') return '<secret>';
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}…` : v;
}

export function compareObjects(
  model: string,
  source: Record<string, unknown>,
  target: Record<string, unknown>,
  ctx: CompareContext,
): Difference[] {
  const out: [string, unknown, unknown][] = [];
  for (const k of Object.keys(source)) {
    if (ctx.skip.has(k) || !(k in target)) continue;
    walk(source[k], target[k], k, ctx, out);
  }
  return out.map(([path, a, b]) => ({
    model,
    id: Number(source.id),
    path,
    source: shown(path, a),
    target: shown(path, b),
  }));
}
