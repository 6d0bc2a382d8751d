/**
 * The corpus README's normalisation, applied the same way to the recorded side and to ours: our base
 * and listener URLs written `{base}`/`{listener}` (ours only), then timestamps, UUIDs, tokens, branch
 * schema ids, job ids, PostgreSQL snapshot names, ordering ties and the keys of /api/status/. For a copy
 * that keeps NetBox's objects as they were (the demo data imported), `instants` compares field for field
 * instead: only the addresses are normalised, and date-times are compared as the instants they name.
 */
import { instant } from '../../runtime/import/compare.ts';

const TIMESTAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
const PG_SNAPSHOT = /\b[0-9A-F]{8}-[0-9A-F]{8}-\d+\b/g;
const JOB_PATH = /(\/api)?\/core\/jobs\/\d+\//g;
const JOB_URL = /\/api\/core\/jobs\/\d+\/$/;

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The live side's own addresses, written as the recording writes them. */
export interface LiveAddresses {
  readonly base: string;
  readonly listener: string;
}

/** One side's normaliser: it remembers the branch schema ids seen in that side's responses. */
export class Normaliser {
  private readonly schemaIds = new Set<string>();

  constructor(
    private readonly live?: LiveAddresses,
    private readonly mode: 'corpus' | 'instants' = 'corpus',
  ) {}

  /** A response body of the request `path` with status `status`. */
  response(body: Json, path: string, status: number): Json {
    const raw = this.addresses(body);
    if (this.mode === 'instants') return instants(raw);
    this.collectSchemaIds(raw);
    let out = this.value(raw);
    if (status < 300) out = orderingTies(out, path);
    // rule 7: only the set of keys (each key → true, so a difference names the key)
    if (status < 300 && pathOnly(path) === '/api/status/' && isObject(out))
      out = Object.fromEntries(Object.keys(out).map((k) => [k, true]));
    return out;
  }

  /** A Location header (or any other single string). */
  location(value: string | undefined): string | undefined {
    return value === undefined ? undefined : (this.value(this.addresses(value)) as string);
  }

  /** A webhook delivery's body (parsed JSON, else text). */
  delivery(body: Json): Json {
    const raw = this.addresses(body);
    this.collectSchemaIds(raw);
    return this.value(raw);
  }

  /** Our base URL → `{base}`, our listener URL → `{listener}` (the live side only). */
  private addresses(v: Json): Json {
    const live = this.live;
    if (!live) return v;
    const walk = (x: Json): Json => {
      if (typeof x === 'string') return x.split(live.base).join('{base}').split(live.listener).join('{listener}');
      if (Array.isArray(x)) return x.map(walk);
      if (isObject(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
      return x;
    };
    return walk(v);
  }

  private collectSchemaIds(v: Json): void {
    if (Array.isArray(v)) v.forEach((x) => this.collectSchemaIds(x));
    else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'schema_id' && typeof x === 'string' && x) this.schemaIds.add(x);
        else this.collectSchemaIds(x);
      }
    }
  }

  private string(s: string): string {
    let out = s.replace(TIMESTAMP, '<ts>').replace(UUID, '<uuid>');
    for (const id of this.schemaIds) out = out.split(id).join('<schema_id>');
    return out
      .replace(JOB_PATH, (_m, api: string | undefined) => `${api ?? ''}/core/jobs/<job-id>/`)
      .replace(PG_SNAPSHOT, '<pg-snapshot>');
  }

  private value(v: Json): Json {
    if (typeof v === 'string') return this.string(v);
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (!isObject(v)) return v;
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.value(x);
    if ('write_enabled' in v) {
      // tokens: the secret parts, and a display that is the key
      for (const k of ['key', 'token'])
        if (typeof v[k] === 'string' && v[k] !== '') {
          if (k === 'key' && v.display === v.key) out.display = '<secret>';
          out[k] = '<secret>';
        }
    }
    const isJob = 'job_id' in v || (typeof v.url === 'string' && JOB_URL.test(v.url));
    if (isJob) {
      if (typeof v.id === 'number') out.id = '<job-id>';
      const data = out.data;
      if (isObject(data) && Array.isArray(data.log))
        out.data = { ...data, log: [...data.log].sort((a, b) => cmp(JSON.stringify(a), JSON.stringify(b))) };
    }
    return out;
  }
}

/** Every string that is wholly a date-time as its instant in UTC (`…:00Z` and `…:00.000000+00:00` alike). */
function instants(v: Json): Json {
  if (typeof v === 'string') return instant(v) ?? v;
  if (Array.isArray(v)) return v.map(instants);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, instants(x)]));
  return v;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q < 0 ? path : path.slice(0, q);
}

/**
 * Rule 6: with `ordering=<field>` (not `id`), results holding equal values of that field are put in
 * `id` order; all results are when the field is not among the results' keys.
 */
export function orderingTies(body: Json, path: string): Json {
  if (!isObject(body) || !Array.isArray(body.results)) return body;
  const q = path.indexOf('?');
  if (q < 0) return body;
  const ordering = new URLSearchParams(path.slice(q + 1)).get('ordering');
  if (!ordering) return body;
  const field = ordering.split(',')[0]!.replace(/^-/, '');
  if (field === 'id' || field === '') return body;
  const results = body.results as Json[];
  const byId = (a: Json, b: Json) => idOf(a) - idOf(b);
  if (!results.some((r) => isObject(r) && field in r)) return { ...body, results: [...results].sort(byId) };
  const out: Json[] = [];
  let run: Json[] = [];
  const key = (r: Json) => JSON.stringify(isObject(r) ? r[field] : undefined);
  for (const r of results) {
    if (run.length && key(run[0]) !== key(r)) {
      out.push(...run.sort(byId));
      run = [];
    }
    run.push(r);
  }
  out.push(...run.sort(byId));
  return { ...body, results: out };
}

function idOf(v: Json): number {
  return isObject(v) && typeof v.id === 'number' ? v.id : 0;
}
