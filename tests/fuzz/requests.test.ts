/**
 * Bad input, fuzzed (fast-check): thousands of generated requests against every model's list,
 * detail and bulk endpoints. Every write is answered with a 4xx JSON error that names the
 * problem; reads with hostile filters are a 200 or a 4xx; never a 5xx, never a hang; and the
 * database is byte-for-byte unchanged afterwards (a checksum over every table).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import type { FieldDef, ModelDef } from '../../runtime/catalogue/index.ts';
import { Factory, apiPath } from '../helpers/factory.ts';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { deeplyNested, hostile, invalidValue, malformedJson, notAnObject } from './inputs.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

let t: TestServer;
let factory: Factory;
// models written as multipart only (a required image) are fuzzed by the attachment tests
const models = Object.values(catalogue.models).filter(
  (m) => !m.readOnly && !m.fields.some((f) => f.kind === 'image' && f.required),
);
/** a valid body per model (not sent), and one existing object per model */
const valid = new Map<string, Record<string, unknown>>();
const existing = new Map<string, number>();
const stats = { requests: 0, serverErrors: 0 };

beforeAll(async () => {
  t = await startTestServer();
  factory = new Factory(t, catalogue);
  for (const m of models) {
    existing.set(m.key, (await factory.create(m)).id as number);
    valid.set(m.key, await factory.payload(m));
  }
}, 300_000);

afterAll(async () => {
  console.log(`fuzz: ${stats.requests} requests, ${stats.serverErrors} server errors`);
  await t?.stop();
});

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, as U+FFFD). */
function enc(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) out += `%${b.toString(16).padStart(2, '0')}`;
  return out;
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
  headers: Headers;
}

async function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  stats.requests++;
  const res = await fetch(`${t.url}${path}`, {
    method,
    body,
    signal: AbortSignal.timeout(30_000),
    headers: { ...AUTH, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
  });
  const text = await res.text();
  if (res.status >= 500) stats.serverErrors++;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '', headers: res.headers };
}

function expectClientError(a: Answer, what: string, mentions?: string): void {
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.contentType, what).toMatch(/application\/json/);
  expect(a.json, `${what}: the error is JSON`).toBeTypeOf('object');
  if (mentions) expect(a.text, `${what}: the error names ${mentions}`).toContain(JSON.stringify(mentions).slice(1, -1));
}

/** A checksum of every row of every table (but a token's last-use time, which reads update). */
async function checksum(): Promise<string> {
  const tables = await t.sql.unsafe(`SELECT format('%I.%I', table_schema, table_name) AS name
    FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND (table_schema = 'public' OR table_schema LIKE 'branch\\_%') ORDER BY 1`);
  const parts = tables.map(
    (r, i) => `SELECT ${i} AS n, (SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), ''))
    FROM (SELECT (to_jsonb(t) - 'last_used')::text AS x FROM ${r.name as string} t) q) AS h`,
  );
  const rows = await t.sql.unsafe(`SELECT md5(string_agg(h, '' ORDER BY n)) AS sum
    FROM (${parts.join(' UNION ALL ')}) s`);
  return rows[0]!.sum as string;
}

const writable = (f: FieldDef) =>
  !f.readOnly &&
  !f.hidden &&
  f.kind !== 'json' &&
  f.kind !== 'image' &&
  f.kind !== 'computed' &&
  invalidValue(f) !== undefined;
/** a model, printed as its key in counterexamples */
const model = fc.constantFrom(
  ...models.map((m) => Object.assign(Object.create(m) as ModelDef, { [fc.toStringMethod]: () => m.key })),
);
const detail = (m: ModelDef) => `${apiPath(m)}${existing.get(m.key) ?? 1}/`;

describe('fuzzed bad input', () => {
  let before: string;
  beforeAll(async () => {
    before = await checksum();
  });
  afterAll(async () => {
    // nothing any rejected request did is left in the database
    expect(await checksum()).toBe(before);
  });

  it('rejects a wrong value for every field kind, naming the field (create, update, bulk update)', async () => {
    const cases = models.filter((m) => true).flatMap((m) => m.fields.filter(writable).map((f) => [m, f] as const));
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(
            ...cases.map(
              ([m, f]) =>
                [Object.assign(Object.create(m) as ModelDef, { [fc.toStringMethod]: () => m.key }), f] as const,
            ),
          )
          .chain(([m, f]) =>
            fc.tuple(fc.constant(m), fc.constant(f), invalidValue(f)!, fc.constantFrom('POST', 'PATCH', 'PUT', 'BULK')),
          ),
        async ([m, f, value, how]) => {
          const id = existing.get(m.key)!;
          const body = how === 'POST' || how === 'PUT' ? { ...valid.get(m.key), [f.name]: value } : { [f.name]: value };
          const a =
            how === 'POST'
              ? await send('POST', apiPath(m), JSON.stringify(body))
              : how === 'BULK'
                ? await send('PATCH', apiPath(m), JSON.stringify([{ id, ...body }]))
                : await send(how, detail(m), JSON.stringify(body));
          expectClientError(a, `${how} ${m.key}.${f.name} = ${JSON.stringify(value)?.slice(0, 80)}`, f.name);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  }, 600_000);

  it('rejects malformed JSON, deep nesting and bodies that are not objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        model,
        fc.oneof(
          malformedJson,
          deeplyNested,
          notAnObject.map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'BULK_PATCH', 'BULK_DELETE'),
        async (m, text, how) => {
          const a =
            how === 'POST'
              ? await send('POST', apiPath(m), text)
              : how === 'BULK_PATCH'
                ? await send('PATCH', apiPath(m), text)
                : how === 'BULK_DELETE'
                  ? await send('DELETE', apiPath(m), text)
                  : await send(how, detail(m), text);
          expectClientError(a, `${how} ${m.key} body ${text.slice(0, 80)}`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  }, 600_000);

  it('answers hostile filters, lookups and ordering with 200 or a 4xx, never a 5xx', async () => {
    const specs = (m: ModelDef) => filters[m.key] ?? [];
    const param = (m: ModelDef) =>
      fc.oneof(
        // a known filter with a lookup it has (or a made-up one) and a hostile value
        fc.tuple(
          fc.constantFrom(...specs(m).flatMap((s) => ['', ...s.lookups].map((l) => (l ? `${s.name}__${l}` : s.name)))),
          hostile,
        ),
        fc.tuple(hostile, fc.string({ maxLength: 10 })),
        fc.tuple(fc.constant('ordering'), hostile),
        fc.tuple(
          fc.constantFrom('limit', 'offset'),
          fc.oneof(hostile, fc.constantFrom('-1', '1.5', '1e9', '99999999999999999999', 'abc')),
        ),
        fc.tuple(fc.constant('q'), hostile),
        fc.tuple(fc.constant('brief'), hostile),
        fc.tuple(fc.constant('fields'), hostile),
      );
    await fc.assert(
      fc.asyncProperty(
        model.chain((m) => fc.tuple(fc.constant(m), fc.array(param(m), { minLength: 1, maxLength: 3 }))),
        async ([m, params]) => {
          const qs = params.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
          const a = await send('GET', `${apiPath(m)}?${qs}`);
          expect(a.status, `GET ${m.key} ?${qs} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
          expect(a.contentType).toMatch(/application\/json/);
          if (a.status === 200) expect((a.json as { results: unknown[] }).results).toBeInstanceOf(Array);
          else expectClientError(a, `GET ${m.key} ?${qs}`);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  }, 600_000);

  it('answers hostile object ids with 404, and unknown methods and media types with 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        model,
        fc.oneof(hostile, fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.0', '1e3')),
        fc.constantFrom('GET', 'PATCH', 'PUT', 'DELETE'),
        async (m, id, method) => {
          fc.pre(id !== '' && !/^[/.]*$/.test(id));
          const a = await send(
            method,
            `${apiPath(m)}${enc(id)}/`,
            method === 'PATCH' || method === 'PUT' ? '{}' : undefined,
          );
          expectClientError(a, `${method} ${m.key} id ${JSON.stringify(id)}`);
        },
      ),
      { numRuns: RUNS },
    );
    const m = catalogue.models['dcim.site']!;
    expectClientError(await send('POST', apiPath(m), 'name=x', { 'Content-Type': 'text/plain' }), 'text/plain body');
    expectClientError(await send('PROPFIND', apiPath(m)), 'PROPFIND');
  }, 600_000);

  it('refuses bodies over the size limit (413) and bulk requests over the item limit (400)', async () => {
    const m = catalogue.models['dcim.site']!;
    const huge = JSON.stringify({ name: 'x', slug: 'x', description: 'x'.repeat(11 * 1024 * 1024) });
    const big = await send('POST', apiPath(m), huge);
    expectClientError(big, 'an 11 MiB body');
    expect(big.status).toBe(413);
    const many = Array.from({ length: 10_001 }, (_, i) => ({ name: `n${i}`, slug: `n${i}` }));
    const bulk = await send('POST', apiPath(m), JSON.stringify(many));
    expectClientError(bulk, '10,001 objects');
    expect(bulk.status).toBe(400);
    expect(bulk.text).toMatch(/10,?000/);
  }, 120_000);
});

// after the checksum above: an ignored key leaves a created object behind, as it should
describe('lenient input', () => {
  const wellFormed = (k: string) =>
    k.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  it('ignores unknown fields as NetBox does, naming each in X-Ignored-Fields, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(model, hostile, fc.jsonValue({ maxDepth: 2 }), async (m, name, value) => {
        fc.pre(
          name !== '' &&
            !m.fields.some((f) => f.name === name) &&
            !m.aliases.some((a) => a.name === name) &&
            !['changelog_message', 'add_tags', 'remove_tags'].includes(name),
        );
        const a = await send('POST', apiPath(m), JSON.stringify({ ...valid.get(m.key), [name]: value }));
        const what = `POST ${m.key} with unknown field ${JSON.stringify(name)}`;
        expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
        // a null character is refused by name wherever it is; otherwise the key is ignored and named
        if (a.status < 300) expect(a.headers.get('x-ignored-fields'), what).toBe(encodeURIComponent(wellFormed(name)));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});

describe('the fuzz run itself', () => {
  it('saw no server error', () => {
    expect(stats.serverErrors).toBe(0);
  });
});
