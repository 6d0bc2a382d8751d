/** Related objects on write (spec 2.4), generic relations (2.5), trees, and deletion rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let ams: any;
beforeAll(async () => {
  s = await startTestServer();
  ams = (await s.request('POST', '/api/dcim/sites/', { name: 'AMS1', slug: 'ams1' })).body;
  await s.request('POST', '/api/dcim/sites/', { name: 'FRA1', slug: 'fra1' });
  await s.request('POST', '/api/dcim/racks/', [
    { name: 'r1', site: ams.id },
    { name: 'r1', site: { slug: 'fra1' } },
  ]);
});
afterAll(async () => s?.stop());

describe('related objects on write', () => {
  it('accepts an id, a numeric string, {id}, and attributes (possibly nested)', async () => {
    const rack = (await s.request('GET', '/api/dcim/racks/?site=ams1')).body.results[0];
    const bodies = [rack.id, String(rack.id), { id: rack.id }, { name: 'r1', site: { name: 'AMS1' } }];
    for (const value of bodies) {
      const r = await s.request('POST', '/api/dcim/rack-roles/', {
        name: `role ${JSON.stringify(value)}`,
        slug: `role-${Math.random().toString(36).slice(2, 8)}`,
      });
      expect(r.status).toBe(201);
      const d = await s.request('PATCH', `/api/dcim/racks/${rack.id}/`, { role: r.body.id });
      expect(d.status).toBe(200);
    }
    for (const value of bodies) {
      const prefix = await s.request('POST', '/api/ipam/vlans/', {
        vid: 10,
        name: `v${Math.random()}`.slice(0, 10),
        site: value === rack.id || typeof value !== 'object' ? ams.id : { slug: 'ams1' },
      });
      expect(prefix.status).toBe(201);
    }
  });

  it('names the field and says why when attributes match no object or several', async () => {
    const none = await s.request('POST', '/api/dcim/devices/', {});
    expect(none.status).toBe(400);
    const zero = await s.request('POST', '/api/dcim/racks/', { name: 'x', site: { slug: 'nope' } });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ site: ["Related object not found using the provided attributes: {'slug': 'nope'}"] });
    const many = await s.request('POST', '/api/ipam/vlans/', {
      vid: 20,
      name: 'v20',
      site: ams.id,
      tenant: null,
      group: null,
      role: null,
      status: 'active',
    });
    expect(many.status).toBe(201);
    const two = await s.request('PATCH', `/api/ipam/vlans/${many.body.id}/`, { site: { status: 'active' } });
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ site: ["Multiple objects match the provided attributes: {'status': 'active'}"] });
    const nested = await s.request('POST', '/api/dcim/devices/', {
      name: 'd',
      device_type: 1,
      role: 1,
      site: ams.id,
      rack: { name: 'r1', site: { name: 'NOPE' } },
    });
    expect(nested.body.rack).toEqual([
      "Related object not found using the provided attributes: {'name': 'r1', 'site__name': 'NOPE'}",
    ]);
    const id = await s.request('POST', '/api/dcim/racks/', { name: 'y', site: 999999 });
    expect(id.body).toEqual({ site: ['Related object not found using the provided numeric ID: 999999'] });
    const bad = await s.request('POST', '/api/dcim/racks/', { name: 'y', site: { color: 'x' } });
    expect(bad.body.site[0]).toMatch(/^Cannot resolve keyword 'color' into field\. Choices are: /);
    const odd = await s.request('POST', '/api/dcim/racks/', { name: 'y', site: [1] });
    expect(odd.body.site[0]).toMatch(
      /^Related objects must be referenced by numeric ID or by dictionary of attributes/,
    );
  });
});

describe('generic relations', () => {
  let iface: any;
  beforeAll(async () => {
    const mf = await s.request('POST', '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const dt = await s.request('POST', '/api/dcim/device-types/', {
      manufacturer: mf.body.id,
      model: 'X1',
      slug: 'x1',
    });
    const role = await s.request('POST', '/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
    const dev = await s.request('POST', '/api/dcim/devices/', {
      name: 'rtr1',
      device_type: dt.body.id,
      role: role.body.id,
      site: ams.id,
    });
    iface = (
      await s.request('POST', '/api/dcim/interfaces/', { device: dev.body.id, name: 'eth0', type: '1000base-t' })
    ).body;
  });

  it('assigns an IP address to an interface and reads the assignment back nested', async () => {
    const r = await s.request('POST', '/api/ipam/ip-addresses/', {
      address: '192.0.2.1/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: iface.id,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.assigned_object_type).toBe('dcim.interface');
    expect(r.body.assigned_object_id).toBe(iface.id);
    expect(r.body.assigned_object).toMatchObject({ id: iface.id, name: 'eth0', device: { name: 'rtr1' } });
    expect((await s.request('GET', `/api/dcim/interfaces/${iface.id}/`)).body.count_ipaddresses).toBe(1);
  });

  it('refuses an unknown content type, a disallowed one, half a pair and a missing object', async () => {
    const unknown = await s.request('POST', '/api/ipam/ip-addresses/', {
      address: '192.0.2.2/24',
      assigned_object_type: 'foo.bar',
      assigned_object_id: 1,
    });
    expect(unknown.body).toEqual({ assigned_object_type: ['Invalid content type: foo.bar'] });
    const wrong = await s.request('POST', '/api/ipam/ip-addresses/', {
      address: '192.0.2.2/24',
      assigned_object_type: 'dcim.site',
      assigned_object_id: ams.id,
    });
    expect(wrong.body).toEqual({ assigned_object_type: ['Invalid content type: dcim.site'] });
    const half = await s.request('POST', '/api/ipam/ip-addresses/', {
      address: '192.0.2.2/24',
      assigned_object_type: 'dcim.interface',
    });
    expect(half.body).toEqual({ assigned_object_id: ['This field cannot be null.'] });
    const missing = await s.request('POST', '/api/ipam/ip-addresses/', {
      address: '192.0.2.2/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: 999999,
    });
    expect(missing.body).toEqual({
      assigned_object_id: ['Related object not found using the provided value: 999999.'],
    });
  });

  it('scopes a prefix to a site, and accepts and shows the older `site` field', async () => {
    const r = await s.request('POST', '/api/ipam/prefixes/', {
      prefix: '198.51.100.0/24',
      scope_type: 'dcim.site',
      scope_id: ams.id,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.scope).toMatchObject({ id: ams.id, name: 'AMS1' });
    expect(r.body.site).toMatchObject({ id: ams.id });
    const old = await s.request('POST', '/api/ipam/prefixes/', { prefix: '198.51.101.0/24', site: { slug: 'ams1' } });
    expect(old.status, old.text).toBe(201);
    expect(old.body).toMatchObject({ scope_type: 'dcim.site', scope_id: ams.id, site: { id: ams.id } });
  });
});

describe('trees', () => {
  it('orders depth-first with _depth, filters whole subtrees, and refuses cycles', async () => {
    const eu = (await s.request('POST', '/api/dcim/regions/', { name: 'Europe', slug: 'eu' })).body;
    const nl = (await s.request('POST', '/api/dcim/regions/', { name: 'Netherlands', slug: 'nl', parent: eu.id })).body;
    const ams2 = (await s.request('POST', '/api/dcim/regions/', { name: 'Amsterdam', slug: 'ams', parent: nl.id }))
      .body;
    await s.request('POST', '/api/dcim/regions/', { name: 'Asia', slug: 'asia' });
    await s.request('POST', '/api/dcim/regions/', { name: 'Belgium', slug: 'be', parent: eu.id });
    const list = (await s.request('GET', '/api/dcim/regions/')).body.results.map((r: any) => `${r._depth}:${r.name}`);
    expect(list).toEqual(['0:Asia', '0:Europe', '1:Belgium', '1:Netherlands', '2:Amsterdam']);
    await s.request('PATCH', `/api/dcim/sites/${ams.id}/`, { region: ams2.id });
    const sites = (await s.request('GET', '/api/dcim/sites/?region=eu')).body.results.map((x: any) => x.name);
    expect(sites).toEqual(['AMS1']);
    expect((await s.request('GET', `/api/dcim/regions/${eu.id}/`)).body.site_count).toBe(1);
    const cycle = await s.request('PATCH', `/api/dcim/regions/${eu.id}/`, { parent: ams2.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toEqual({ parent: ['Cannot assign self or child region as parent.'] });
    const self = await s.request('PATCH', `/api/dcim/regions/${eu.id}/`, { parent: eu.id });
    expect(self.body).toEqual({ parent: ['Cannot assign self or child region as parent.'] });
    // moving a subtree updates every descendant's depth
    await s.request('PATCH', `/api/dcim/regions/${nl.id}/`, { parent: null });
    expect((await s.request('GET', `/api/dcim/regions/${ams2.id}/`)).body._depth).toBe(1);
    const dup = await s.request('POST', '/api/dcim/regions/', { name: 'Asia', slug: 'asia2' });
    expect(dup.body).toEqual({ __all__: ['A top-level region with this name already exists.'] });
  });
});

describe('deletion rules', () => {
  it('refuses to delete a protected object with 409 naming the dependents, deleting nothing', async () => {
    const t = (await s.request('POST', '/api/tenancy/tenants/', { name: 'T1', slug: 't1' })).body;
    const a = (await s.request('POST', '/api/dcim/sites/', { name: 'P1', slug: 'p1', tenant: t.id })).body;
    const b = (await s.request('POST', '/api/dcim/sites/', { name: 'P2', slug: 'p2', tenant: t.id })).body;
    const r = await s.request('DELETE', `/api/tenancy/tenants/${t.id}/`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(
      `Unable to delete object. 2 dependent objects were found: P1 (site ${a.id}), P2 (site ${b.id})`,
    );
    expect((await s.request('GET', `/api/tenancy/tenants/${t.id}/`)).status).toBe(200);
  });

  it('cascades to dependents and clears nullable references, logging each change', async () => {
    const g = (await s.request('POST', '/api/dcim/site-groups/', { name: 'G', slug: 'g' })).body;
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'C1', slug: 'c1', group: g.id })).body;
    const loc = (await s.request('POST', '/api/dcim/locations/', { name: 'L', slug: 'l', site: site.id })).body;
    const child = (
      await s.request('POST', '/api/dcim/locations/', { name: 'L2', slug: 'l2', site: site.id, parent: loc.id })
    ).body;
    const del = await s.request('DELETE', `/api/dcim/site-groups/${g.id}/`);
    expect(del.status).toBe(204);
    expect((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.group).toBeNull();
    const changes = (await s.request('GET', `/api/core/object-changes/?request_id=${del.headers.get('x-request-id')}`))
      .body.results;
    expect(changes.map((c: any) => `${c.action.value} ${c.changed_object_type}`).sort()).toEqual([
      'delete dcim.sitegroup',
      'update dcim.site',
    ]);
    const del2 = await s.request('DELETE', `/api/dcim/sites/${site.id}/`);
    expect(del2.status).toBe(204);
    expect((await s.request('GET', `/api/dcim/locations/${loc.id}/`)).status).toBe(404);
    expect((await s.request('GET', `/api/dcim/locations/${child.id}/`)).status).toBe(404);
  });
});
