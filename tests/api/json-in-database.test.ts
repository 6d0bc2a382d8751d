/**
 * GET responses written as JSON by PostgreSQL (read/text.ts, the default) are the responses the
 * server's own serializer writes (JSON_IN_DATABASE=false), value for value and key for key: for every
 * model, its list, brief list, a shaped list and its objects, with relations, tags, custom fields,
 * cables and config contexts in the data — once with no config context active (rendered in SQL) and
 * once with one (merged in JavaScript).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { apiPath, Factory } from '../helpers/factory.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let sql: TestServer;
let js: TestServer;
const models = Object.values(catalogue.models);

beforeAll(async () => {
  sql = await startTestServer();
  js = await startTestServer({ database: sql.database, env: { JSON_IN_DATABASE: 'false' } });
  for (const [name, type, extra] of [
    ['cf_text', 'text', {}],
    ['cf_number', 'integer', {}],
    ['cf_site', 'object', { related_object_type: 'dcim.site' }],
    ['cf_when', 'datetime', {}],
  ] as const) {
    await created(sql, '/api/extras/custom-fields/', {
      name,
      type,
      object_types: ['dcim.site', 'dcim.device', 'dcim.interface', 'ipam.prefix'],
      ...extra,
    });
  }
  const tag = await created(sql, '/api/extras/tags/', { name: 'Text', slug: 'text', color: 'ff0000' });
  const factory = new Factory(sql, catalogue);
  for (const m of models.filter((x) => !x.readOnly)) await factory.create(m);
  const site = await factory.create(catalogue.models['dcim.site']!, {
    tags: [tag.id],
    custom_fields: { cf_text: 'hello "quoted" \u00e9', cf_number: 7, cf_when: '2026-01-02T03:04:05.123456Z' },
  });
  await factory.create(catalogue.models['dcim.site']!, { custom_fields: { cf_site: site.id } });
  await factory.create(catalogue.models['dcim.device']!, { local_context_data: { a: [1, { b: null }] } });
  // a cable with both ends, and an interface marked connected without one
  const iface = catalogue.models['dcim.interface']!;
  const [x, y] = [await factory.create(iface), await factory.create(iface)];
  await factory.create(iface, { mark_connected: true });
  await created(sql, '/api/dcim/cables/', {
    a_terminations: [{ object_type: 'dcim.interface', object_id: x.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: y.id }],
  });
  // timestamps with and without a fraction of a second
  for (const read of ['2030-01-02T03:04:05Z', '2030-01-02T03:04:05.5Z'])
    await factory.create(catalogue.models['extras.notification']!, { read });
}, 300_000);

afterAll(async () => {
  await js?.server.stop();
  await sql?.stop();
});

/** Where two JSON values first differ (keys in order), as a path and both sides; undefined when they do not. */
function difference(a: unknown, b: unknown, at = ''): string | undefined {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.join() !== kb.join()) return `${at}: keys ${ka.join()} ≠ ${kb.join()}`;
    for (const k of ka) {
      const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

/** The same GET on both servers: the same status and, URLs aside, the same JSON with keys in the same order. */
async function same(path: string): Promise<void> {
  const a = await sql.request('GET', path);
  const b = await js.request('GET', path);
  expect(a.status, `${path}: ${a.text.slice(0, 300)}`).toBe(b.status);
  const parse = (text: string, url: string) => JSON.parse(text.replaceAll(url, 'http://server')) as unknown;
  expect(difference(parse(a.text, sql.url), parse(b.text, js.url)), path).toBeUndefined();
}

async function everyModel(): Promise<void> {
  for (const m of models) {
    const path = apiPath(m);
    const list = await sql.request('GET', `${path}?limit=1000`);
    expect(list.status, `${path}: ${list.text.slice(0, 300)}`).toBe(200);
    await same(`${path}?limit=1000`); // a large page: related data once per page (page-sql.ts)
    await same(`${path}?limit=50`); // a small one: row by row
    await same(`${path}?brief=true&limit=1000`);
    await same(`${path}?limit=3&offset=1&fields=id,display,url`);
    for (const o of list.body.results.slice(0, 3)) await same(`${path}${o.id}/`);
  }
}

describe('JSON written by PostgreSQL', () => {
  it('is what the server writes, for every model', async () => {
    await everyModel();
  }, 300_000);

  it('is what the server writes with a config context active, and in cursor pages', async () => {
    await created(sql, '/api/extras/config-contexts/', { name: 'all', weight: 100, data: { ntp: ['10.0.0.1'] } });
    await everyModel();
    for (const m of ['dcim.device', 'dcim.interface', 'dcim.site'])
      await same(`${apiPath(catalogue.models[m]!)}?start=0&limit=2`);
  }, 300_000);
});

describe('which fields PostgreSQL writes', () => {
  it('is all of a site, device, prefix or IP address when no config context is active', async () => {
    const { Registry } = await import('../../runtime/catalogue/registry.ts');
    const { filters } = await import('../../generated/filters/index.ts');
    const { textPlan } = await import('../../runtime/read/text.ts');
    const { shapeFields } = await import('../../runtime/rest/shape.ts');
    const registry = new Registry(catalogue, filters);
    for (const key of ['dcim.site', 'dcim.device', 'ipam.prefix', 'ipam.ipaddress', 'dcim.rack']) {
      const model = registry.model(key);
      const names = shapeFields(model, new URLSearchParams());
      const scope = { registry, baseUrl: 'http://server', customFields: () => ['cf'], noActiveContexts: true };
      expect(textPlan(scope, model, names).parts, key).toEqual([{ column: '__j0' }]);
    }
  });
});
