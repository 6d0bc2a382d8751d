/**
 * Declared filters of devices and their parts, each kind once against the real server: "has" a kind of
 * component, a value present, another name for a filter, the device in a bay, a primary IP by address,
 * virtual chassis members' interfaces, an interface's kind and VLANs, port mappings from either side,
 * and a cable's ends (by object, type, place) and connector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const post = (path: string, body: unknown) => created(s, path, body);
const ids = async (path: string) => {
  const r = await s.request('GET', path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body.results.map((o: any) => o.id).sort((a: number, b: number) => a - b);
};

let site: any;
let mf: any;
let type: any;
let role: any;
const device = (name: string, extra: object = {}) =>
  post('/api/dcim/devices/', { name, device_type: type.id, role: role.id, site: site.id, ...extra });
const iface = (d: any, name: string, extra: object = {}) =>
  post('/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t', ...extra });

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Dev', slug: 'dev' });
  mf = await post('/api/dcim/manufacturers/', { name: 'DevCo', slug: 'devco' });
  type = await post('/api/dcim/device-types/', {
    manufacturer: mf.id,
    model: 'D1',
    slug: 'd1',
    subdevice_role: 'parent',
  });
  role = await post('/api/dcim/device-roles/', { name: 'DevRole', slug: 'dev-role' });
});
afterAll(async () => s?.stop());

describe('declared filters of devices', () => {
  it('has components, has values, and another name for a filter', async () => {
    const [a, b, c] = [await device('dv-a'), await device('dv-b'), await device('dv-c', { local_context_data: {} })];
    await iface(a, 'eth0');
    await post('/api/dcim/front-ports/', { device: b.id, name: 'f1', type: '8p8c' });
    const mine = `/api/dcim/devices/?site_id=${site.id}`;
    expect(await ids(`${mine}&interfaces=true`)).toEqual([a.id]);
    expect(await ids(`${mine}&interfaces=false`)).toEqual([b.id, c.id]);
    // front or rear ports; false is NetBox's exclude(): lacking either of them
    expect(await ids(`${mine}&pass_through_ports=true`)).toEqual([b.id]);
    expect(await ids(`${mine}&pass_through_ports=false`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`${mine}&local_context_data=true`)).toEqual([c.id]);
    expect(await ids(`${mine}&model=d1`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`${mine}&model__n=d1`)).toEqual([]);
  });

  it("finds a device by its bay and its parent, and by its primary IP's address", async () => {
    const parent = await device('dv-parent');
    const child = await device('dv-child');
    const bay = await post('/api/dcim/device-bays/', { device: parent.id, name: 'bay1', installed_device: child.id });
    expect(await ids(`/api/dcim/devices/?parent_bay_id=${bay.id}`)).toEqual([child.id]);
    expect(await ids(`/api/dcim/devices/?parent_device_id=${parent.id}`)).toEqual([child.id]);
    const eth = await iface(parent, 'eth9');
    const ip = await post('/api/ipam/ip-addresses/', {
      address: '192.0.2.77/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
    });
    await s.request('PATCH', `/api/dcim/devices/${parent.id}/`, { primary_ip4: ip.id });
    expect(await ids('/api/dcim/devices/?primary_ip4=192.0.2.77/24')).toEqual([parent.id]);
    expect((await s.request('GET', '/api/dcim/devices/?primary_ip4=192.0.2.78/24')).status).toBe(400);
  });

  it("gives a virtual chassis member's interfaces, or only a master's", async () => {
    const vc = await post('/api/dcim/virtual-chassis/', { name: 'dv-vc' });
    const m1 = await device('dv-m1', { virtual_chassis: vc.id, vc_position: 1 });
    const m2 = await device('dv-m2', { virtual_chassis: vc.id, vc_position: 2 });
    await s.request('PATCH', `/api/dcim/virtual-chassis/${vc.id}/`, { master: m1.id });
    const [a, mgmt] = [await iface(m1, 'a'), await iface(m1, 'mgmt', { mgmt_only: true })];
    const b = await iface(m2, 'b');
    const q = '/api/dcim/interfaces/?';
    // every member's interfaces but the other members' management ones
    expect(await ids(`${q}virtual_chassis_member_id=${m2.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`${q}virtual_chassis_member=dv-m1`)).toEqual([a.id, mgmt.id, b.id]);
    expect(await ids(`${q}virtual_chassis_member_or_master_id=${m1.id}`)).toEqual([a.id, mgmt.id, b.id]);
    expect(await ids(`${q}virtual_chassis_member_or_master_id=${m2.id}`)).toEqual([b.id]);
    // an IP address by its interface's device, as NetBox's vc_interfaces()
    const ip = await post('/api/ipam/ip-addresses/', {
      address: '198.51.100.9/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: a.id,
    });
    expect(await ids(`/api/ipam/ip-addresses/?device_id=${m2.id}`)).toEqual([ip.id]);
    expect(await ids(`/api/ipam/ip-addresses/?device=dv-m1&interface=a`)).toEqual([ip.id]);
  });

  it('finds interfaces by kind and by the VLANs they carry', async () => {
    const d = await device('dv-vlan');
    const v10 = await post('/api/ipam/vlans/', { vid: 10, name: 'v10' });
    const v20 = await post('/api/ipam/vlans/', { vid: 20, name: 'v20' });
    const phys = await iface(d, 'p', { mode: 'access', untagged_vlan: v10.id });
    const virt = await iface(d, 'v', { type: 'virtual', mode: 'tagged', tagged_vlans: [v10.id, v20.id] });
    const wifi = await iface(d, 'w', { type: 'ieee802.11ax' });
    const mine = `/api/dcim/interfaces/?device_id=${d.id}`;
    expect(await ids(`${mine}&kind=physical`)).toEqual([phys.id]);
    expect(await ids(`${mine}&kind=virtual`)).toEqual([virt.id]);
    expect(await ids(`${mine}&kind=wireless`)).toEqual([wifi.id]);
    expect(await ids(`${mine}&kind=bogus`)).toEqual([]);
    expect(await ids(`${mine}&vlan_id=${v10.id}`)).toEqual([phys.id, virt.id]);
    expect(await ids(`${mine}&vlan=20`)).toEqual([virt.id]);
    expect(await ids(`/api/ipam/vlans/?interface_id=${phys.id}`)).toEqual([v10.id]);
    expect(await ids(`/api/ipam/vlans/?interface_id=${virt.id}`)).toEqual([v10.id, v20.id]);
  });

  it('maps front ports to rear ports, from either side', async () => {
    const d = await device('dv-ports');
    const [r1, r2] = [
      await post('/api/dcim/rear-ports/', { device: d.id, name: 'r1', type: '8p8c' }),
      await post('/api/dcim/rear-ports/', { device: d.id, name: 'r2', type: '8p8c' }),
    ];
    const f1 = await post('/api/dcim/front-ports/', {
      device: d.id,
      name: 'fp1',
      type: '8p8c',
      rear_ports: [{ position: 1, rear_port: r1.id, rear_port_position: 1 }],
    });
    expect(await ids(`/api/dcim/front-ports/?rear_port_id=${r1.id}`)).toEqual([f1.id]);
    expect(await ids(`/api/dcim/front-ports/?rear_port_id=${r2.id}`)).toEqual([]);
    expect(await ids(`/api/dcim/rear-ports/?front_port_id=${f1.id}`)).toEqual([r1.id]);
    expect(await ids(`/api/dcim/rear-ports/?device_id=${d.id}&front_port_id__n=${f1.id}`)).toEqual([r2.id]);
  });

  it("finds cables by their ends' objects, types and places, and objects by their cable's connector", async () => {
    const other = await post('/api/dcim/sites/', { name: 'DevOther', slug: 'dev-other' });
    const [d1, d2] = [await device('dv-c1'), await device('dv-c2', { site: other.id })];
    const [i1, i2, i3, i4] = [
      await iface(d1, 'x1'),
      await iface(d2, 'x2'),
      await iface(d2, 'x3'),
      await iface(d2, 'x4'),
    ];
    const term = (o: any) => ({ object_type: 'dcim.interface', object_id: o.id });
    const full = await post('/api/dcim/cables/', { a_terminations: [term(i1)], b_terminations: [term(i2)] });
    // NetBox derives a termination's connector from the cable's profile; here it is set as stored
    await s.sql`UPDATE dcim_cabletermination SET connector = 2 WHERE termination_id = ${i1.id}
      AND termination_type = 'dcim.interface'`;
    // a cable is created with both ends (NetBox's rule); one end is then taken away
    const half = await post('/api/dcim/cables/', { a_terminations: [term(i3)], b_terminations: [term(i4)] });
    const cut = await s.request('PATCH', `/api/dcim/cables/${half.id}/`, { b_terminations: [] });
    expect(cut.status, cut.text).toBe(200);
    const c = '/api/dcim/cables/?id=' + full.id + '&id=' + half.id;
    expect(await ids(`${c}&device=dv-c1`)).toEqual([full.id]);
    expect(await ids(`${c}&device_id=${d2.id}`)).toEqual([full.id, half.id]);
    expect(await ids(`${c}&site=dev-other`)).toEqual([full.id, half.id]);
    expect(await ids(`${c}&site_id=${site.id}`)).toEqual([full.id]);
    expect(await ids(`${c}&interface_id=${i3.id}`)).toEqual([half.id]);
    expect(await ids(`${c}&termination_a_id=${i2.id}`)).toEqual([]);
    expect(await ids(`${c}&termination_b_id=${i2.id}`)).toEqual([full.id]);
    expect(await ids(`${c}&termination_a_type=dcim.interface`)).toEqual([full.id, half.id]);
    expect(await ids(`${c}&unterminated=true`)).toEqual([half.id]);
    expect(await ids(`${c}&unterminated=false`)).toEqual([full.id]);
    const mine = `/api/dcim/interfaces/?id=${i1.id}&id=${i2.id}&id=${i3.id}`;
    expect(await ids(`${mine}&cable_connector=2`)).toEqual([i1.id]);
    expect(await ids(`${mine}&cable_connector__n=2`)).toEqual([i2.id, i3.id]);
    expect(await ids(`${mine}&cable_connector__empty=true`)).toEqual([i2.id, i3.id]);
  });

  it('finds interfaces and devices by MAC address: MAC address objects, or an address stored on them', async () => {
    const [d1, d2] = [await device('dv-mac1'), await device('dv-mac2')];
    const [a, b, c] = [
      await iface(d1, 'm-a'),
      await iface(d2, 'm-b', { mac_address: '00:00:5E:00:53:BB' }),
      await iface(d2, 'm-c'),
    ];
    const mac = await post('/api/dcim/mac-addresses/', {
      mac_address: '00:00:5E:00:53:AA',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: a.id,
    });
    const mine = `/api/dcim/interfaces/?id=${a.id}&id=${b.id}&id=${c.id}`;
    expect(await ids(`${mine}&mac_address=00:00:5E:00:53:AA`)).toEqual([a.id]);
    expect(await ids(`${mine}&mac_address=00:00:5E:00:53:BB`)).toEqual([b.id]);
    expect(await ids(`${mine}&mac_address__ic=53:aa`)).toEqual([a.id]);
    expect(await ids(`${mine}&mac_address__n=00:00:5E:00:53:AA`)).toEqual([b.id, c.id]);
    expect(await ids(`${mine}&mac_address__empty=true`)).toEqual([c.id]);
    expect(await ids(`/api/dcim/devices/?mac_address=00:00:5E:00:53:AA`)).toEqual([d1.id]);
    expect(await ids(`/api/dcim/mac-addresses/?device_id=${d1.id}&interface=m-a`)).toEqual([mac.id]);
    expect(await ids(`/api/dcim/mac-addresses/?id=${mac.id}&primary=false&assigned=true`)).toEqual([mac.id]);
    await s.request('PATCH', `/api/dcim/interfaces/${a.id}/`, { primary_mac_address: mac.id });
    expect(await ids(`/api/dcim/mac-addresses/?id=${mac.id}&primary=true`)).toEqual([mac.id]);
  });
});
