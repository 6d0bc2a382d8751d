/**
 * A small HTTP server answering as NetBox 4.6.8 did: the `reads` part of a recording (the corpus of
 * tests/replay/corpus.ts, or another recording in its format such as NetBox's demo data) served back with
 * `{base}` made this server's address. A list is the recorded `?limit=1000` answer, or its
 * `?limit=1000&offset=K` pages one after the other (brief: the `brief` answer, or the objects cut to the
 * keys a recorded brief page shows), ordered, filtered by id ranges and by fields the
 * objects show, paged with NetBox's `next` and `previous`, and cut by `omit` and `exclude`; parameters
 * it cannot evaluate are ignored, as NetBox ignores unknown ones. A detail is the list's object. Tests
 * may rewrite objects (an older NetBox's names), make requests fail (429, 5xx), craft whole answers (a
 * `next` that leads back, an object listed twice) and send answers slowly, to see the import cope.
 * One value NetBox filters on but does not show is known from the corpus's README: `admin` (user 1) is
 * the superuser, so `is_superuser=true` finds it (a recording that does not say so gives `hidden: {}`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCorpus, type CorpusRecord } from '../replay/corpus.ts';
import { TOKEN } from '../helpers/server.ts';

type Obj = Record<string, any>;

/** An answer: its status and its JSON body. */
export type Answer = readonly [number, any];

/** Values a list filters on but does not show: list path → filter → the object's value. */
export type Hidden = Record<string, Record<string, (o: Obj) => unknown>>;

const HIDDEN: Hidden = { '/api/users/users/': { is_superuser: (o) => o.username === 'admin' } };

export interface FixtureOptions {
  /** the recording served (default: the corpus) */
  readonly records?: readonly CorpusRecord[];
  /** values lists filter on but do not show (default: the corpus's superuser) */
  readonly hidden?: Hidden;
  /** rewrites each object of a list (path without query, `/api/dcim/devices/`) before it is served */
  readonly transform?: (path: string, object: Obj) => Obj;
  /** answer this status instead (403, 429, 503) to the request numbered `n` (from 1), or undefined to answer */
  readonly fault?: (n: number, path: string) => number | undefined;
  /**
   * A crafted answer to a request (its URL), or undefined for NetBox's; `answer` is NetBox's answer to
   * any URL (the page a loop leads back to, the page whose objects are rewritten).
   */
  readonly craft?: (url: URL, answer: (url: URL) => Answer) => Answer | undefined;
  /** how slowly an answer goes out: a pause before it, its body a few bytes a second; undefined for at once */
  readonly pace?: (url: URL) => { readonly delayMs?: number; readonly bytesPerSecond?: number } | undefined;
}

export interface NetboxFixture {
  readonly url: string;
  /** requests answered, faults included */
  readonly requests: number;
  readonly faults: number;
  /** answers not yet sent whole whose client is still waiting */
  readonly open: number;
  stop(): Promise<void>;
}

/** The recorded GETs of the reads part by path as sent (`/api/dcim/sites/?limit=1000`). */
export function recordedReads(records: readonly CorpusRecord[] = readCorpus()): Map<string, CorpusRecord> {
  return new Map(records.filter((r) => r.part === 'reads' && r.method === 'GET').map((r) => [r.path, r]));
}

/** NetBox's detail for a status a test makes it answer. */
const FAULTS: Record<number, string> = {
  403: 'You do not have permission to perform this action.',
  429: 'Request was throttled.',
  503: 'Service Unavailable',
};

const CONTROL = new Set(['limit', 'offset', 'ordering', 'brief', 'omit', 'exclude', 'fields', 'format']);

/** A field's value as a filter compares it: a choice's value, a nested object's id, else the value. */
function filterValue(v: unknown): string {
  if (v && typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
  if (v && typeof v === 'object' && 'id' in v) return String((v as { id: unknown }).id);
  return String(v);
}

/** Whether an object passes one filter parameter; unknown parameters pass (NetBox ignores them). */
function passes(o: Obj, key: string, values: string[], hidden: Hidden[string] = {}): boolean {
  const id = Number(o.id);
  if (hidden[key]) return values.includes(String(hidden[key](o)));
  if (key === 'id__gt') return id > Number(values[0]);
  if (key === 'id__lte') return id <= Number(values[0]);
  if (key === 'id') return values.map(Number).includes(id);
  const field = key in o || !key.endsWith('_id') ? key : key.slice(0, -3);
  const v = o[field];
  // a field the objects do not show, or a list: not evaluated here
  if (!(field in o) || Array.isArray(v) || (v && typeof v === 'object' && !('id' in v) && !('value' in v))) return true;
  return values.includes(filterValue(v));
}

function pageLink(base: string, path: string, q: URLSearchParams, offset: number | null): string | null {
  if (offset === null) return null;
  const p = new URLSearchParams(q);
  if (offset > 0) p.set('offset', String(offset));
  else p.delete('offset');
  return `${base}${path}?${p.toString()}`;
}

function list(base: string, path: string, q: URLSearchParams, all: Obj[], hidden: Hidden): Obj {
  const keys = [...new Set(q.keys())].filter((k) => !CONTROL.has(k));
  let rows = all.filter((o) => keys.every((k) => passes(o, k, q.getAll(k), hidden[path])));
  const ordering = q.get('ordering');
  if (ordering === 'id' || ordering === '-id') {
    const sign = ordering === 'id' ? 1 : -1;
    rows = [...rows].sort((a, b) => sign * (Number(a.id) - Number(b.id)));
  }
  const limit = Math.min(Number(q.get('limit') ?? 50) || 1000, 1000);
  const offset = Number(q.get('offset') ?? 0);
  const omit = new Set((q.get('omit') ?? '').split(',').filter(Boolean));
  if (q.get('exclude') === 'config_context') omit.add('config_context');
  const results = rows
    .slice(offset, offset + limit)
    .map((o) => Object.fromEntries(Object.entries(o).filter(([k]) => !omit.has(k))));
  return {
    count: rows.length,
    next: pageLink(base, path, q, offset + limit < rows.length ? offset + limit : null),
    previous: pageLink(base, path, q, offset > 0 ? Math.max(0, offset - limit) : null),
    results,
  };
}

/** The body at once, or a few bytes a second until it is sent or the client goes away. */
function sendBody(res: ServerResponse, text: string, bytesPerSecond?: number): void {
  if (!bytesPerSecond) {
    res.end(text);
    return;
  }
  const bytes = Buffer.from(text);
  let at = 0;
  const timer = setInterval(() => {
    res.write(bytes.subarray(at, (at += bytesPerSecond)));
    if (at >= bytes.length) {
      clearInterval(timer);
      res.end();
    }
  }, 1000);
  res.once('close', () => clearInterval(timer));
}

/** A list's recorded objects: the `?limit=1000` answer, or its `&offset=K` pages in turn; undefined when not a list. */
function recordedObjects(reads: Map<string, CorpusRecord>, path: string, brief: boolean): Obj[] | undefined {
  const whole = reads.get(`${path}?${brief ? 'brief=true&' : ''}limit=1000`);
  if (whole) return whole.status === 200 ? (whole.response_body as { results: Obj[] }).results : undefined;
  if (brief) {
    // the full objects cut to the keys of the recorded brief page (NetBox's brief form is a subset of its fields)
    const keys = (reads.get(`${path}?brief=true&limit=50`)?.response_body as { results?: Obj[] })?.results?.[0];
    const all = recordedObjects(reads, path, false);
    return keys ? all?.map((o) => Object.fromEntries(Object.keys(keys).map((k) => [k, o[k]]))) : all;
  }
  const out: Obj[] = [];
  for (let page; (page = reads.get(`${path}?limit=1000&offset=${out.length}`));) {
    const results = (page.response_body as { results: Obj[] }).results;
    if (page.status !== 200 || !results.length) break;
    out.push(...results);
  }
  return reads.has(`${path}?limit=1000&offset=0`) ? out : undefined;
}

export async function startNetboxFixture(options: FixtureOptions = {}): Promise<NetboxFixture> {
  const reads = recordedReads(options.records);
  const hidden = options.hidden ?? HIDDEN;
  let base = '';
  let requests = 0;
  let faults = 0;
  const withBase = (v: unknown): any => JSON.parse(JSON.stringify(v).replaceAll('{base}', base));
  const body = (r: CorpusRecord): unknown => withBase(r.response_body);
  const objects = (path: string, brief: boolean): Obj[] | undefined => {
    const results = recordedObjects(reads, path, brief);
    if (!results) return undefined;
    const served = withBase(results) as Obj[];
    return options.transform ? served.map((o) => options.transform!(path, o)) : served;
  };
  const recorded = (url: URL): Answer => {
    const exact = reads.get(`${url.pathname}${url.search}`);
    if (exact && !url.search) return [exact.status, body(exact)];
    const brief = ['1', 'true', 'True'].includes(url.searchParams.get('brief') ?? '');
    const all = objects(url.pathname, brief);
    if (all) return [200, list(base, url.pathname, url.searchParams, all, hidden)];
    const detail = /^(.*\/)(\d+)\/$/.exec(url.pathname);
    const found = detail && objects(detail[1]!, false)?.find((o) => o.id === Number(detail[2]));
    if (found) return [200, found];
    return [404, { detail: 'Not found.' }];
  };
  const answer = (req: IncomingMessage): Answer => {
    const url = new URL(req.url ?? '/', base);
    if (req.headers.authorization !== `Token ${TOKEN}`)
      return [403, { detail: 'Authentication credentials were not provided.' }];
    if (req.method !== 'GET') return [405, { detail: `Method "${req.method}" not allowed.` }];
    return options.craft?.(url, recorded) ?? recorded(url);
  };
  let open = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const n = ++requests;
    open++;
    res.once('close', () => open--);
    const fault = options.fault?.(n, req.url ?? '');
    const [status, payload] = fault ? [fault, { detail: FAULTS[fault] ?? 'Server Error' }] : answer(req);
    if (fault) faults++;
    const send = () => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'API-Version': '4.6',
        ...(fault === 429 ? { 'Retry-After': '0' } : {}),
      });
      sendBody(res, JSON.stringify(payload), pace?.bytesPerSecond);
    };
    const pace = options.pace?.(new URL(req.url ?? '/', base));
    if (!pace?.delayMs) return send();
    const timer = setTimeout(send, pace.delayMs);
    res.once('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    get requests() {
      return requests;
    },
    get faults() {
      return faults;
    },
    get open() {
      return open;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // an answer still trickling to an import that gave up on it ends here, not when it is sent
        server.closeAllConnections();
      }),
  };
}
