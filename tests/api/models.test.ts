/** IP semantics, computed counts, tags, custom fields and device specifics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let site: any;
let device: any;
beforeAll(async () => {
  s = await startTestServer();
  site = (await s.request('POST', '/api/dcim/sites/', { name: 'S1', slug: 's1' })).body;
  const mf = (await s.request('POST', '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' })).body;
  const dt = (await s.request('POST', '/api/dcim/device-types/', { manufacturer: mf.id, model: 'X9', slug: 'x9' }))
    .body;
  const role = (await s.request('POST', '/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' })).body;
  device = (
    await s.request('POST', '/api/dcim/devices/', {
      name: 'leaf1',
      device_type: dt.id,
      role: role.id,
      site: site.id,
      local_context_data: { a: 1 },
    })
  ).body;
});
afterAll(async () => s?.stop());

describe('IP semantics', () => {
  it('computes family, children and _depth by containment within a VRF', async () => {
    const post = (p: string, extra = {}) => s.request('POST', '/api/ipam/prefixes/', { prefix: p, ...extra });
    expect((await post('10.0.0.0/8')).body).toMatchObject({
      family: { value: 4, label: 'IPv4' },
      status: { value: 'active', label: 'Active' },
    });
    await post('10.1.0.0/16');
    await post('10.1.2.0/24');
    const vrf = (await s.request('POST', '/api/ipam/vrfs/', { name: 'red', rd: '65000:1' })).body;
    await post('10.1.3.0/24', { vrf: vrf.id });
    const v6 = await post('2001:db8::/32');
    expect(v6.body.family).toEqual({ value: 6, label: 'IPv6' });
    const list = (await s.request('GET', '/api/ipam/prefixes/?limit=0')).body.results;
    const by = Object.fromEntries(list.map((p: any) => [`${p.vrf?.id ?? '-'}:${p.prefix}`, [p.children, p._depth]]));
    expect(by['-:10.0.0.0/8']).toEqual([2, 0]);
    expect(by['-:10.1.0.0/16']).toEqual([1, 1]);
    expect(by['-:10.1.2.0/24']).toEqual([0, 2]);
    expect(by[`${vrf.id}:10.1.3.0/24`]).toEqual([0, 0]);
  });

  it('clears host bits of prefixes, keeps addresses in CIDR form, rejects invalid input clearly', async () => {
    const p = await s.request('POST', '/api/ipam/prefixes/', { prefix: '172.16.5.77/16' });
    expect(p.body.prefix).toBe('172.16.0.0/16');
    const a = await s.request('POST', '/api/ipam/ip-addresses/', { address: '172.16.5.77' });
    expect(a.body.address).toBe('172.16.5.77/32');
    const six = await s.request('POST', '/api/ipam/ip-addresses/', { address: '2001:0db8:0000::0001/64' });
    expect(six.body.address).toBe('2001:db8::1/64');
    const bad = await s.request('POST', '/api/ipam/ip-addresses/', { address: '300.1.1.1/24' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ address: ['Invalid IP address format: 300.1.1.1/24'] });
    const badPrefix = await s.request('POST', '/api/ipam/prefixes/', { prefix: '10.0.0.0/33' });
    expect(badPrefix.body).toEqual({ prefix: ['Invalid prefix format: 10.0.0.0/33'] });
    const dup = await s.request('POST', '/api/ipam/ip-addresses/', { address: '172.16.5.77/24' });
    expect(dup.body).toEqual({ address: ['Duplicate IP address found in global table: 172.16.5.77/24'] });
    const vip = await s.request('POST', '/api/ipam/ip-addresses/', { address: '172.16.5.77/24', role: 'vip' });
    expect(vip.status).toBe(201);
  });

  it('refuses a duplicate in a VRF that enforces uniqueness (naming it), allows it in one that does not', async () => {
    const strict = (await s.request('POST', '/api/ipam/vrfs/', { name: 'Strict VRF', enforce_unique: true })).body;
    const loose = (await s.request('POST', '/api/ipam/vrfs/', { name: 'Loose VRF', enforce_unique: false })).body;
    for (const vrf of [strict, loose])
      expect((await s.request('POST', '/api/ipam/prefixes/', { prefix: '10.77.0.0/16', vrf: vrf.id })).status).toBe(
        201,
      );
    const refused = await s.request('POST', '/api/ipam/prefixes/', { prefix: '10.77.0.0/16', vrf: strict.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ prefix: ['Duplicate prefix found in VRF Strict VRF: 10.77.0.0/16'] });
    expect((await s.request('POST', '/api/ipam/prefixes/', { prefix: '10.77.0.0/16', vrf: loose.id })).status).toBe(
      201,
    );
    const ips = await s.request('POST', '/api/ipam/ip-addresses/', [
      { address: '10.77.0.1/16', vrf: strict.id },
      { address: '10.77.0.1/24', vrf: strict.id },
    ]);
    expect(ips.status).toBe(400);
    expect(ips.body[1]).toEqual({ address: ['Duplicate IP address found in VRF Strict VRF: 10.77.0.1/24'] });
  });
});

describe('computed counts', () => {
  it('counts related objects per row, cumulatively over trees', async () => {
    const parent = (await s.request('POST', '/api/tenancy/tenant-groups/', { name: 'Parent', slug: 'parent' })).body;
    const child = (
      await s.request('POST', '/api/tenancy/tenant-groups/', { name: 'Child', slug: 'child', parent: parent.id })
    ).body;
    await s.request('POST', '/api/tenancy/tenants/', [
      { name: 'A', slug: 'a', group: child.id },
      { name: 'B', slug: 'b', group: parent.id },
    ]);
    const groups = (await s.request('GET', '/api/tenancy/tenant-groups/')).body.results;
    expect(groups.map((g: any) => [g.name, g.tenant_count])).toEqual([
      ['Parent', 2],
      ['Child', 1],
    ]);
    const st = (await s.request('GET', `/api/dcim/sites/${site.id}/`)).body;
    expect(st.device_count).toBe(1);
    const ta = (await s.request('GET', '/api/tenancy/tenants/?slug=a')).body.results[0];
    expect(ta.site_count).toBe(0);
  });
});

describe('tags', () => {
  it('writes tags by id, name or slug, reads them nested, and replaces the set', async () => {
    const [red, blue] = (
      await s.request('POST', '/api/extras/tags/', [
        { name: 'Red', slug: 'red', color: 'ff0000' },
        { name: 'Blue', slug: 'blue' },
      ])
    ).body;
    const r = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { tags: [red.id, { name: 'Blue' }] });
    expect(r.body.tags.map((t: any) => t.slug).sort()).toEqual(['blue', 'red']);
    expect(Object.keys(r.body.tags[0])).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', 'color']);
    const replaced = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { tags: [{ slug: 'blue' }] });
    expect(replaced.body.tags.map((t: any) => t.id)).toEqual([blue.id]);
    expect((await s.request('GET', `/api/extras/tags/${blue.id}/`)).body.tagged_items).toBe(1);
    const bad = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { tags: [{ slug: 'nope' }] });
    expect(bad.body).toEqual({ tags: ["Related object not found using the provided attributes: {'slug': 'nope'}"] });
  });
});

describe('custom fields', () => {
  it('applies definitions to their models, validates by type, returns every field (null when unset)', async () => {
    const def = await s.request('POST', '/api/extras/custom-fields/', {
      name: 'rack_units',
      type: 'integer',
      object_types: ['dcim.site'],
      validation_maximum: 50,
    });
    expect(def.status, def.text).toBe(201);
    await s.request('POST', '/api/extras/custom-fields/', {
      name: 'owner_email',
      type: 'text',
      object_types: ['dcim.site', 'dcim.device'],
      default: 'noc@example.com',
    });
    const fresh = await s.request('POST', '/api/dcim/sites/', { name: 'CF', slug: 'cf' });
    expect(fresh.body.custom_fields).toEqual({ owner_email: 'noc@example.com', rack_units: null });
    const set = await s.request('PATCH', `/api/dcim/sites/${fresh.body.id}/`, { custom_fields: { rack_units: 10 } });
    expect(set.body.custom_fields).toEqual({ owner_email: 'noc@example.com', rack_units: 10 });
    const wrong = await s.request('PATCH', `/api/dcim/sites/${fresh.body.id}/`, {
      custom_fields: { rack_units: 'ten' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ __all__: ["Invalid value for custom field 'rack_units': Value must be an integer."] });
    const big = await s.request('PATCH', `/api/dcim/sites/${fresh.body.id}/`, { custom_fields: { rack_units: 51 } });
    expect(big.body.__all__[0]).toMatch(/must not exceed 50/);
    const unknown = await s.request('PATCH', `/api/dcim/sites/${fresh.body.id}/`, { custom_fields: { nope: 1 } });
    expect(unknown.body).toEqual({
      custom_fields: { nope: "Custom field 'nope' does not exist for this object type." },
    });
    expect((await s.request('GET', `/api/dcim/devices/${device.id}/`)).body.custom_fields).toEqual({
      owner_email: null,
    });
    const req = await s.request('POST', '/api/extras/custom-fields/', {
      name: 'must',
      type: 'text',
      object_types: ['dcim.rack'],
      required: true,
    });
    expect(req.status).toBe(201);
    const rack = await s.request('POST', '/api/dcim/racks/', { name: 'rk', site: site.id });
    expect(rack.body).toEqual({ __all__: ["Missing required custom field 'must'."] });
  });
});

describe('devices and interfaces', () => {
  it('leaves config_context out with exclude=config_context', async () => {
    const full = (await s.request('GET', `/api/dcim/devices/${device.id}/`)).body;
    expect(full.config_context).toEqual({ a: 1 });
    const lean = (await s.request('GET', `/api/dcim/devices/?exclude=config_context&id=${device.id}`)).body.results[0];
    expect('config_context' in lean).toBe(false);
    expect(lean.name).toBe('leaf1');
  });

  it('nests the device in interfaces and filters interfaces by device_id', async () => {
    await s.request('POST', '/api/dcim/interfaces/', [
      { device: device.id, name: 'Ethernet1/10', type: '10gbase-x-sfpp' },
      { device: device.id, name: 'Ethernet1/2', type: '10gbase-x-sfpp' },
    ]);
    const r = await s.request('GET', `/api/dcim/interfaces/?device_id=${device.id}`);
    expect(r.body.results.map((i: any) => i.name)).toEqual(['Ethernet1/2', 'Ethernet1/10']);
    expect(r.body.results[0].device).toEqual({
      id: device.id,
      url: `${s.url}/api/dcim/devices/${device.id}/`,
      display: 'leaf1',
      name: 'leaf1',
      description: '',
    });
    expect((await s.request('GET', `/api/dcim/devices/${device.id}/`)).body.interface_count).toBe(2);
  });

  it('accepts device_role as the older name of role and shows it back', async () => {
    const role = (await s.request('POST', '/api/dcim/device-roles/', { name: 'Spine', slug: 'spine' })).body;
    const r = await s.request('PATCH', `/api/dcim/devices/${device.id}/`, { device_role: role.id });
    expect(r.body.role.id).toBe(role.id);
    expect(r.body.device_role.id).toBe(role.id);
  });
});
