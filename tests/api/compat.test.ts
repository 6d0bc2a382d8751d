/** What older clients (pynetbox 7.0, Ansible netbox.netbox 3.13) rely on beyond the basics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('compatibility with older clients', () => {
  it('describes choice fields in OPTIONS with value and a string display_name', async () => {
    const r = await s.request('OPTIONS', '/api/dcim/sites/');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Site List');
    expect(r.body.actions.POST.status.choices).toContainEqual({ value: 'active', display_name: 'Active' });
    const width = (await s.request('OPTIONS', '/api/dcim/racks/')).body.actions.POST.width.choices;
    expect(width).toContainEqual({ value: 19, display_name: '19 inches' });
    for (const c of width) expect(typeof c.display_name).toBe('string');
    const anon = await s.request('OPTIONS', '/api/dcim/sites/', undefined, { Authorization: '' });
    expect(anon.status).toBe(403);
  });

  it('accepts a trailing semicolon in Content-Type and ignores read-only keys sent back', async () => {
    const r = await s.request(
      'POST',
      '/api/dcim/sites/',
      { name: 'C1', slug: 'c1', latitude: 52.25 },
      { 'Content-Type': 'application/json;' },
    );
    expect(r.status).toBe(201);
    expect(r.body.latitude).toBe(52.25);
    const { id, url, display_url, display, created, last_updated, device_count, rack_count } = r.body;
    const echoed = {
      id,
      url,
      display_url,
      display,
      created,
      last_updated,
      device_count,
      rack_count,
      description: 'echo',
    };
    const u = await s.request('PATCH', `/api/dcim/sites/${r.body.id}/`, echoed);
    expect(u.status, u.text).toBe(200);
    expect(u.body.description).toBe('echo');
  });

  it('serves lookups with limit=0 and links back to the address used', async () => {
    const r = await s.request('GET', '/api/dcim/sites/?limit=0&slug=c1&name=C1');
    expect(r.body.count).toBe(1);
    const v = await s.request('GET', '/api/ipam/vlans/?limit=0&name=x&vid=1&group_id=null&tenant_id=null');
    expect(v.status).toBe(200);
  });

  it('accepts older field names on write and shows them on read', async () => {
    const site = (await s.request('GET', '/api/dcim/sites/?slug=c1')).body.results[0];
    const group = await s.request('POST', '/api/ipam/vlan-groups/', { name: 'G', slug: 'g', site: site.id });
    expect(group.status, group.text).toBe(201);
    expect(group.body).toMatchObject({ scope_type: 'dcim.site', scope_id: site.id, site: { id: site.id } });
    const ct = await s.request('POST', '/api/virtualization/cluster-types/', { name: 'K', slug: 'k' });
    const cluster = await s.request('POST', '/api/virtualization/clusters/', {
      name: 'c',
      type: ct.body.id,
      site: site.id,
    });
    expect(cluster.body.site.id).toBe(site.id);
    const mf = await s.request('POST', '/api/dcim/manufacturers/', { name: 'M', slug: 'm' });
    const dt = await s.request('POST', '/api/dcim/device-types/', { manufacturer: mf.body.id, model: 'T', slug: 't' });
    const role = await s.request('POST', '/api/dcim/device-roles/', { name: 'R', slug: 'r' });
    const dev = await s.request('POST', '/api/dcim/devices/', {
      name: 'd',
      device_type: dt.body.id,
      device_role: role.body.id,
      site: site.id,
    });
    expect(dev.status, dev.text).toBe(201);
    expect(dev.body.role.id).toBe(role.body.id);
    expect(dev.body.virtual_chassis).toBeNull();
    // a service's NetBox 4.2 `device` is refused as NetBox 4.6 refuses it: the parent is required
    const svc = await s.request('POST', '/api/ipam/services/', {
      name: 'ssh',
      protocol: 'tcp',
      ports: [22],
      device: dev.body.id,
    });
    expect(svc.status, svc.text).toBe(400);
    expect(Object.keys(svc.body).sort()).toEqual(['parent_object_id', 'parent_object_type']);
    expect((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.prefix_count).toBe(0);
  });

  it('serves the OpenAPI document with every filter of devices and virtual machines', async () => {
    const r = await s.request('GET', '/api/schema/?format=json');
    expect(r.status).toBe(200);
    // each parameter is spelled out (the Ansible inventory reads p["name"] of every one)
    const names = (path: string) => r.body.paths[path].get.parameters.map((p: any) => p.name);
    const params = names('/api/dcim/devices/');
    expect(params).toEqual(
      expect.arrayContaining(['site_id', 'role_id', 'status', 'name__ic', 'tag', 'region', 'limit', 'offset']),
    );
    expect(names('/api/virtualization/virtual-machines/')).toContain('cluster_id');
    const yaml = await s.request('GET', '/api/schema/?format=yaml');
    expect(yaml.text.startsWith('openapi: 3.1.0')).toBe(true);
  });
});
