/**
 * The views of the OpenAPI document /api/schema/ serves beside the whole (openapi.test.ts checks the
 * whole against the server's answers): one app's part (`?app=`), the OpenAPI 3.0.3 form (`?openapi=3.0`)
 * and YAML, each a valid document of its own with every reference inside it; faults in the query named
 * at once; the document no larger than it needs to be; and making a text never stalls other requests.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let whole: any;

beforeAll(async () => {
  s = await startTestServer();
  whole = (await s.request('GET', '/api/schema/')).body;
});
afterAll(async () => s?.stop());

/** Every `$ref` in `doc`, as JSON pointers. */
function refs(doc: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(doc)) for (const v of doc) refs(v, out);
  else if (doc && typeof doc === 'object')
    for (const [k, v] of Object.entries(doc)) k === '$ref' && typeof v === 'string' ? out.add(v) : refs(v, out);
  return out;
}

const resolves = (doc: any, pointer: string) =>
  pointer
    .slice(2)
    .split('/')
    .reduce((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) !== undefined;

async function valid(doc: unknown): Promise<void> {
  const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
  expect(result.errors ?? [], JSON.stringify(result.errors?.slice(0, 3))).toEqual([]);
  for (const r of refs(doc)) expect(resolves(doc, r), `${r} is in the document`).toBe(true);
}

describe('one app at a time', () => {
  const apps = ['api', 'circuits', 'core', 'dcim', 'extras', 'ipam', 'netbox_branching', 'tenancy', 'users'];

  it.each(apps)('%s: its operations, and every component they use, in OpenAPI 3.1 and 3.0', async (app) => {
    const part = (await s.request('GET', `/api/schema/?app=${app}`)).body;
    await valid(part);
    expect(part.openapi).toBe('3.1.0');
    const ops = Object.values<any>(part.paths).flatMap((item) => Object.values<any>(item).filter((o) => o.tags));
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.every((o) => o.tags.includes(app))).toBe(true);
    // the same operations as in the whole document
    const everywhere = Object.values<any>(whole.paths).flatMap((item) => Object.values<any>(item));
    expect(ops.map((o) => o.operationId).sort()).toEqual(
      everywhere
        .filter((o) => o?.tags?.includes(app))
        .map((o) => o.operationId)
        .sort(),
    );
    const old = (await s.request('GET', `/api/schema/?app=${app}&openapi=3.0`)).body;
    await valid(old);
    expect(old.openapi).toBe('3.0.3');
    expect(Object.keys(old.paths)).toEqual(Object.keys(part.paths));
    expect(JSON.stringify(old)).not.toMatch(/"type":\["|"type":"null"|prefixItems/);
  });

  it('writes null as 3.0 does: nullable, and a nullable reference inside allOf', async () => {
    const old = (await s.request('GET', '/api/schema/?app=dcim&openapi=3.0')).body;
    const device = old.components.schemas.Device.properties;
    expect(device.name).toEqual({ type: 'string', nullable: true });
    expect(device.tenant).toEqual({ allOf: [{ $ref: '#/components/schemas/NestedTenant' }], nullable: true });
    expect(whole.components.schemas.Device.properties.name).toEqual({ type: ['string', 'null'] });
  });

  it('names every fault of the query at once', async () => {
    const r = await s.request('GET', '/api/schema/?app=nothing&openapi=2.0&format=xml');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(['app', 'format', 'openapi']);
    expect(r.body.app[0]).toContain('dcim');
  });
});

describe('the whole document', () => {
  it('in OpenAPI 3.0.3 is valid and has every path', async () => {
    const old = (await s.request('GET', '/api/schema/?openapi=3.0')).body;
    await valid(old);
    expect(old.openapi).toBe('3.0.3');
    expect(Object.keys(old.paths)).toEqual(Object.keys(whole.paths));
  });

  it('as YAML is the same document', async () => {
    const r = await s.request('GET', '/api/schema/?format=yaml');
    expect(r.headers.get('content-type')).toContain('application/vnd.oai.openapi');
    expect(parse(r.text, { maxAliasCount: -1 })).toEqual(whole);
  });

  it('spells out every parameter, as NetBox does; shared answers and choices are written once', async () => {
    const text = (await s.request('GET', '/api/schema/')).text;
    // 5.3 MB when each operation also spelled out its answers and choice values
    expect(text.length).toBeLessThan(4_500_000);
    // the Ansible inventory plugin reads p["name"] of each devices parameter: a $ref there breaks it
    for (const [path, item] of Object.entries<any>(whole.paths))
      for (const list of [item.parameters, ...Object.values<any>(item).map((o) => o?.parameters)])
        for (const p of list ?? []) expect(p, path).toMatchObject({ name: expect.any(String), in: expect.any(String) });
    expect(whole.paths['/api/dcim/devices/'].get.parameters).toContainEqual(expect.objectContaining({ name: 'limit' }));
    expect(whole.components.responses.NotFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Detail',
    });
    expect(whole.components.schemas.DeviceStatusValue.enum).toContain('active');
    const dcim = (await s.request('GET', '/api/schema/?app=dcim&openapi=3.0')).text;
    expect(dcim.length).toBeLessThan(2_000_000);
  });

  it('is made a piece at a time: other requests are answered meanwhile', async () => {
    // the YAML text of the whole document took 9 s of one uninterrupted stretch of work
    const fresh = await startTestServer();
    try {
      let done = false;
      const yaml = fresh.request('GET', '/api/schema/?format=yaml').finally(() => (done = true));
      let slowest = 0;
      let answered = 0;
      while (!done) {
        const t = performance.now();
        expect((await fetch(`${fresh.url}/api/`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - t);
        answered++;
      }
      expect((await yaml).status).toBe(200);
      expect(answered).toBeGreaterThan(3);
      expect(slowest).toBeLessThan(1_500);
    } finally {
      await fresh.stop();
    }
  });
});
