/**
 * `import-netbox` from a second instance of this server holding an object of every writable model
 * (the generic suite's factory), plus what the factory leaves out: tags, custom field values, a
 * virtual chassis and its master (a cycle), a LAG (a reference within one table), a region tree,
 * images, users in groups with permissions. The copy verifies clean, keeps ids, sets sequences past
 * them, and serves the same objects through its own API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { Factory, apiPath } from '../helpers/factory.ts';
import { png } from '../helpers/images.ts';
import { created, startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';
import { dropTargets, explain, nameOf, runImport, targetDatabase } from './run-import.ts';
import type { ImportOutcome } from '../../runtime/import/index.ts';

let source: TestServer;
let target: TestServer | undefined;
let targetDb: string;
let outcome: ImportOutcome;
const made: Record<string, any> = {};

async function upload(s: TestServer, path: string, fields: Record<string, string>, file: string, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file, new Blob([new Uint8Array(png(3, 2))], { type: 'image/png' }), name);
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Token ${TOKEN}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** What the factory does not make: relations, tags, custom fields and images an import must carry. */
async function extras(s: TestServer, factory: Factory): Promise<void> {
  const tag = await created(s, '/api/extras/tags/', { name: 'Imported', slug: 'imported', color: 'ff0000' });
  await created(s, '/api/extras/custom-fields/', { name: 'rack_owner', type: 'text', object_types: ['dcim.site'] });
  await created(s, '/api/extras/custom-fields/', {
    name: 'peer',
    type: 'object',
    object_types: ['dcim.site'],
    related_object_type: 'tenancy.tenant',
  });
  const tenant = await factory.create(factory.model('tenancy.tenant'));
  const parent = await created(s, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
  const child = await created(s, '/api/dcim/regions/', { name: 'Norway', slug: 'norway', parent: parent.id });
  made.site = await created(s, '/api/dcim/sites/', {
    name: 'Oslo',
    slug: 'oslo',
    region: child.id,
    tags: [tag.id],
    custom_fields: { rack_owner: 'ops', peer: tenant.id },
  });
  const device = await factory.create(factory.model('dcim.device'), { site: made.site.id });
  const member = await factory.create(factory.model('dcim.device'), { site: made.site.id });
  made.chassis = await created(s, '/api/dcim/virtual-chassis/', { name: 'vc-1', master: device.id });
  const lag = await created(s, '/api/dcim/interfaces/', { device: member.id, name: 'bond0', type: 'lag' });
  made.port = await created(s, '/api/dcim/interfaces/', {
    device: member.id,
    name: 'eth9',
    type: '1000base-t',
    lag: lag.id,
  });
  const group = await created(s, '/api/users/groups/', { name: 'operators' });
  made.user = await created(s, '/api/users/users/', { username: 'olga', password: 'Secret-1234', groups: [group.id] });
  await created(s, '/api/users/permissions/', {
    name: 'read sites',
    object_types: ['dcim.site'],
    actions: ['view'],
    users: [made.user.id],
    groups: [group.id],
  });
  const mf = await factory.create(factory.model('dcim.manufacturer'));
  made.deviceType = await upload(
    s,
    '/api/dcim/device-types/',
    { manufacturer: String(mf.id), model: 'Pictured', slug: 'pictured' },
    'front_image',
    'front.png',
  );
}

beforeAll(async () => {
  source = await startTestServer({ env: { ALLOW_TOKEN_RETRIEVAL: 'true' } });
  const factory = new Factory(source, catalogue);
  for (const model of Object.values(catalogue.models).filter((m) => !m.readOnly)) await factory.create(model);
  await extras(source, factory);
  const url = await targetDatabase();
  targetDb = nameOf(url);
  outcome = await runImport(source.url, TOKEN, url);
}, 240_000);

afterAll(async () => {
  await target?.stop();
  await source?.stop();
  await dropTargets();
});

describe('import from a second instance of this server', () => {
  it('copies every catalogued model it may and verifies clean', () => {
    const r = outcome.report;
    expect(r.verification?.clean, explain(outcome)).toBe(true);
    expect(r.verification!.compared).toBeGreaterThan(150);
    for (const m of Object.values(catalogue.models)) {
      if (r.notCopied[m.key]) continue;
      expect(r.models[m.key], m.key).toBeDefined();
      // the factory made one of every model a client may create: each was copied (or listed as not copyable)
      const t = r.models[m.key]!;
      if (!m.readOnly) expect(t.written + t.same + t.skipped, m.key).toBeGreaterThan(0);
    }
  });

  it('serves the copied objects with the same ids through its own API', async () => {
    target = await startTestServer({ database: targetDb, env: { ALLOW_TOKEN_RETRIEVAL: 'true' } });
    const site = await target.request('GET', `/api/dcim/sites/${made.site.id}/`);
    expect(site.status).toBe(200);
    expect(site.body.name).toBe('Oslo');
    expect(site.body.tags.map((t: { slug: string }) => t.slug)).toEqual(['imported']);
    expect(site.body.custom_fields.rack_owner).toBe('ops');
    expect(site.body.region.display).toBe('Norway');
  });

  it('sets references within a cycle and within one table, and the tree columns', async () => {
    const vc = await target!.request('GET', `/api/dcim/virtual-chassis/${made.chassis.id}/`);
    expect(vc.body.master.id).toBe(made.chassis.master.id);
    const port = await target!.request('GET', `/api/dcim/interfaces/${made.port.id}/`);
    expect(port.body.lag.id).toBe(made.port.lag.id);
    const regions = await target!.request('GET', '/api/dcim/regions/?slug=norway');
    expect(regions.body.results[0]._depth).toBe(1);
  });

  it('moves every id sequence past the largest id copied', async () => {
    const r = await target!.request('POST', '/api/dcim/sites/', { name: 'New', slug: 'new' });
    expect(r.status).toBe(201);
    const all = await target!.request('GET', '/api/dcim/sites/?ordering=-id&limit=2');
    expect(r.body.id).toBe(all.body.results[0].id);
    expect(r.body.id).toBeGreaterThan(all.body.results[1].id);
  });

  it('stores images under MEDIA_ROOT at the same path', async () => {
    const dt = await target!.request('GET', `/api/dcim/device-types/${made.deviceType.id}/`);
    const path = new URL(dt.body.front_image).pathname;
    expect(path).toBe(new URL(made.deviceType.front_image).pathname);
    expect(outcome.report.images.downloaded).toBeGreaterThanOrEqual(2);
  });

  it('lists what it cannot read back: passwords, token secrets, webhook secrets', () => {
    const r = outcome.report;
    expect(r.passwordless).toContain('olga');
    expect(r.tokens.length).toBeGreaterThan(0);
    expect(r.reenter.some((f) => f.model === 'extras.webhook')).toBe(true);
    expect(r.notCopied['netbox_branching.branch']).toMatch(/branch/);
  });

  it('keeps a v1 token whose plaintext the source shows, so its owner keeps working', async () => {
    const me = await target!.request('GET', '/api/users/tokens/?limit=1');
    expect(me.status).toBe(200);
    const users = await target!.request('GET', `${apiPath(catalogue.models['users.user']!)}${made.user.id}/`);
    expect(users.body.username).toBe('olga');
  });
});
