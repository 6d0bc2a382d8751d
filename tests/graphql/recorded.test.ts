/**
 * NetBox 4.6.8's recorded GraphQL answers (tests/fixtures/netbox-graphql-queries-4.6.8.jsonl, copied from
 * ../shared/netbox-graphql/): a fresh server gets the corpus's `deploy` part (the same 81 requests NetBox
 * got before the queries were recorded), then each query; its `data` must equal NetBox's after the base
 * URL is replaced and timestamps are masked, and it must fail where NetBox's failed, with its message.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';
import { readCorpus } from '../replay/corpus.ts';
import { replayRecord } from '../replay/replay.ts';
import { Substitutions } from '../replay/substitute.ts';

interface Recorded {
  readonly name: string;
  readonly base: string;
  readonly query: string;
  readonly variables: Record<string, unknown> | null;
  readonly status: number;
  readonly response: { data: unknown; errors?: { message: string; locations?: unknown; path?: unknown }[] };
}

const queries = readFileSync('tests/fixtures/netbox-graphql-queries-4.6.8.jsonl', 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Recorded);

/** Replaces the base URL and masks ISO timestamps, everywhere in a value. */
function normalise(v: unknown, base: string): unknown {
  if (typeof v === 'string')
    return v
      .split(base)
      .join('{base}')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, '{time}');
  if (Array.isArray(v)) return v.map((x) => normalise(x, base));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalise(x, base)]));
  return v;
}

/**
 * Where our answer deliberately differs from NetBox's (a declared difference that no longer differs
 * fails, so the list only shrinks). Paths are dotted, list items by index.
 */
const declared: readonly { query: string; path: string; reason: string }[] = [
  {
    query: 'prefixes',
    path: 'prefix_list.1.scope',
    reason:
      "the deploy part creates this prefix with NetBox 3.x's `site` key, which NetBox 4.6 ignores and this service " +
      'takes as the scope (the REST replay declares the same difference)',
  },
];

/** Both sides' values at the declared paths, replaced by a marker. */
function setAside(data: unknown, query: string): unknown[] {
  const out: unknown[] = [];
  for (const d of declared.filter((x) => x.query === query)) {
    const keys = d.path.split('.');
    let at = data as Record<string, unknown> | undefined;
    for (const k of keys.slice(0, -1)) at = at?.[k] as Record<string, unknown> | undefined;
    const last = keys[keys.length - 1]!;
    out.push(at?.[last]);
    if (at) at[last] = '{declared}';
  }
  return out;
}

let s: TestServer;
let listener: Receiver;

beforeAll(async () => {
  listener = await startReceiver();
  s = await startTestServer({ fresh: false });
  const target = { url: s.url, token: TOKEN, listener, subs: new Substitutions(listener.url) };
  const deploy = readCorpus().filter((r) => r.part === 'deploy');
  expect(deploy).toHaveLength(81);
  for (const record of deploy) {
    const answer = await replayRecord(target, record);
    if (answer.status !== record.status)
      throw new Error(`deploy #${record.seq} ${record.method} ${record.path}: ${answer.status}`);
  }
}, 300_000);

afterAll(async () => {
  await s?.stop();
  await listener?.close();
});

describe('NetBox 4.6.8 recorded GraphQL answers', () => {
  it.each(queries.map((q) => [q.name, q] as const))('%s', async (_name, q) => {
    const r = await s.request('POST', '/graphql/', { query: q.query, variables: q.variables });
    expect(r.status).toBe(q.status);
    const body = r.body as Recorded['response'];
    const ours = normalise(body.data, s.url);
    const theirs = normalise(q.response.data, q.base);
    const [a, b] = [setAside(ours, q.name), setAside(theirs, q.name)];
    expect(ours).toEqual(theirs);
    a.forEach((v, i) => expect(v, `declared difference ${q.name} #${i} no longer differs`).not.toEqual(b[i]));
    if (q.response.errors) {
      expect(body.errors?.map((e) => e.message)).toEqual(q.response.errors.map((e) => e.message));
      expect(body.errors?.map((e) => e.locations)).toEqual(q.response.errors.map((e) => e.locations));
    } else {
      expect(body.errors).toBeUndefined();
    }
  });
});
