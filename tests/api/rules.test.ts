/**
 * NetBox's validation rules where bad data would otherwise be saved: primary IPs of the right family
 * and assigned to the device, a primary IP that cannot move away, rack units that cannot overlap or
 * run past the rack, an interface's LAG on the same device and never itself, custom field names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let site: any;
let type: any;
let role: any;
let n = 0;

const post = (path: string, body: unknown) => created(s, path, body);

const device = (extra: Record<string, unknown> = {}) =>
  post('/api/dcim/devices/', { name: `rules-${++n}`, device_type: type.id, role: role.id, site: site.id, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Rules', slug: 'rules' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'RulesCo', slug: 'rulesco' });
  type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'R2', slug: 'r2', u_height: 2 });
  role = await post('/api/dcim/device-roles/', { name: 'RulesRole', slug: 'rules-role' });
});
afterAll(async () => s?.stop());

describe('virtual chassis', () => {
  it("makes the master its first member, and lets members use each other's interfaces as primary IPs", async () => {
    const master = await device();
    const member = await device();
    const vc = await post('/api/dcim/virtual-chassis/', { name: 'VC-rules', master: master.id });
    expect(vc.member_count).toBe(1);
    expect(vc.members.map((m: { id: number }) => m.id)).toEqual([master.id]);
    const m = (await s.request('GET', `/api/dcim/devices/${master.id}/`)).body;
    expect([m.virtual_chassis?.id, m.vc_position]).toEqual([vc.id, 1]);
    // the chassis's creation is logged before the master's update
    const log = await s.request('GET', '/api/core/object-changes/?limit=1000');
    const mine = [...log.body.results]
      .reverse()
      .filter(
        (c: any) =>
          (c.changed_object_type === 'dcim.virtualchassis' && c.changed_object_id === vc.id) ||
          (c.changed_object_type === 'dcim.device' && c.changed_object_id === master.id && c.action.value === 'update'),
      );
    expect(mine.map((c: any) => c.changed_object_type)).toEqual(['dcim.virtualchassis', 'dcim.device']);
    await s.request('PATCH', `/api/dcim/devices/${member.id}/`, { virtual_chassis: vc.id, vc_position: 2 });
    const eth = await post('/api/dcim/interfaces/', { device: member.id, name: 'eth0', type: '1000base-t' });
    const mgmt = await post('/api/dcim/interfaces/', {
      device: member.id,
      name: 'mgmt0',
      type: '1000base-t',
      mgmt_only: true,
    });
    const onMember = await post('/api/ipam/ip-addresses/', {
      address: '10.59.0.1/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
    });
    const onMgmt = await post('/api/ipam/ip-addresses/', {
      address: '10.59.0.2/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: mgmt.id,
    });
    const ok = await s.request('PATCH', `/api/dcim/devices/${master.id}/`, { primary_ip4: onMember.id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.primary_ip4.id).toBe(onMember.id);
    // a management-only interface belongs to its own device alone
    const refused = await s.request('PATCH', `/api/dcim/devices/${master.id}/`, {
      primary_ip6: null,
      oob_ip: onMgmt.id,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['oob_ip']);
    // a device outside the chassis may not
    const outsider = await device();
    const no = await s.request('PATCH', `/api/dcim/devices/${outsider.id}/`, { primary_ip4: onMember.id });
    expect(no.status).toBe(400);
  });
});

describe('primary IPs', () => {
  it('must be of the right family and assigned to an interface of the device', async () => {
    const d = await device();
    const other = await device();
    const eth = await post('/api/dcim/interfaces/', { device: d.id, name: 'eth0', type: '1000base-t' });
    const otherEth = await post('/api/dcim/interfaces/', { device: other.id, name: 'eth0', type: '1000base-t' });
    const mine = await post('/api/ipam/ip-addresses/', {
      address: '10.50.0.1/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
    });
    const six = await post('/api/ipam/ip-addresses/', {
      address: '2001:db8:50::1/64',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
    });
    const theirs = await post('/api/ipam/ip-addresses/', {
      address: '10.50.0.2/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: otherEth.id,
    });
    const loose = await post('/api/ipam/ip-addresses/', { address: '10.50.0.3/24' });
    const wrongFamily = await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { primary_ip4: six.id });
    expect(wrongFamily.status).toBe(400);
    expect(wrongFamily.body).toEqual({ primary_ip4: ['2001:db8:50::1/64 is not an IPv4 address.'] });
    for (const ip of [theirs, loose]) {
      const r = await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { primary_ip4: ip.id });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        primary_ip4: [`The specified IP address (${ip.address}) is not assigned to this device.`],
      });
    }
    const ok = await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { primary_ip4: mine.id, primary_ip6: six.id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.primary_ip4.id).toBe(mine.id);
    // a NAT outside address of an assigned one counts as the device's
    const outside = await post('/api/ipam/ip-addresses/', { address: '192.0.2.50/32', nat_inside: mine.id });
    expect((await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { oob_ip: outside.id })).status).toBe(200);
  });

  it('cannot be moved to another device or unassigned while it is primary', async () => {
    const d = await device();
    const other = await device();
    const eth = await post('/api/dcim/interfaces/', { device: d.id, name: 'eth0', type: '1000base-t' });
    const eth1 = await post('/api/dcim/interfaces/', { device: d.id, name: 'eth1', type: '1000base-t' });
    const otherEth = await post('/api/dcim/interfaces/', { device: other.id, name: 'eth0', type: '1000base-t' });
    const ip = await post('/api/ipam/ip-addresses/', {
      address: '10.51.0.1/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
    });
    await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { primary_ip4: ip.id });
    const away = await s.request('PATCH', `/api/ipam/ip-addresses/${ip.id}/`, { assigned_object_id: otherEth.id });
    expect(away.status).toBe(400);
    expect(away.body).toEqual({ __all__: ['Cannot reassign primary IP address for the parent device/VM'] });
    const unassigned = await s.request('PATCH', `/api/ipam/ip-addresses/${ip.id}/`, {
      assigned_object_type: null,
      assigned_object_id: null,
    });
    expect(unassigned.status).toBe(400);
    const sameDevice = await s.request('PATCH', `/api/ipam/ip-addresses/${ip.id}/`, { assigned_object_id: eth1.id });
    expect(sameDevice.status, sameDevice.text).toBe(200);
  });
});

describe('rack units', () => {
  it('refuses overlapping devices on a face and positions past the top of the rack', async () => {
    const rack = await post('/api/dcim/racks/', { name: 'R-units', site: site.id, u_height: 10 });
    const first = await device({ rack: rack.id, position: 1, face: 'front' });
    expect(first.position).toBe(1);
    const overlap = await s.request('POST', '/api/dcim/devices/', {
      name: 'overlap',
      device_type: type.id,
      role: role.id,
      site: site.id,
      rack: rack.id,
      position: 2,
      face: 'front',
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body).toEqual({
      position: [
        'U2.0 is already occupied or does not have sufficient space to accommodate this device type: R2 (2.0U)',
      ],
    });
    const tooHigh = await s.request('POST', '/api/dcim/devices/', {
      name: 'high',
      device_type: type.id,
      role: role.id,
      site: site.id,
      rack: rack.id,
      position: 10,
      face: 'front',
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.position[0]).toMatch(/^U10.0 is already occupied/);
    const noFace = await s.request('POST', '/api/dcim/devices/', {
      name: 'noface',
      device_type: type.id,
      role: role.id,
      site: site.id,
      rack: rack.id,
      position: 5,
    });
    expect(noFace.body).toEqual({ face: ['Must specify rack face when defining rack position.'] });
    const half = await s.request('POST', '/api/dcim/devices/', {
      name: 'half',
      device_type: type.id,
      role: role.id,
      site: site.id,
      rack: rack.id,
      position: 5.5,
      face: 'front',
    });
    expect(half.status, half.text).toBe(201);
    const batch = await s.request('POST', '/api/dcim/devices/', [
      { name: 'b1', device_type: type.id, role: role.id, site: site.id, rack: rack.id, position: 8, face: 'front' },
      { name: 'b2', device_type: type.id, role: role.id, site: site.id, rack: rack.id, position: 8, face: 'front' },
    ]);
    expect(batch.status).toBe(400);
    const moved = await s.request('PATCH', `/api/dcim/devices/${first.id}/`, { position: 3 });
    expect(moved.status, moved.text).toBe(200);
  });
});

describe('LAG of an interface', () => {
  it('must be a LAG of the same device, and not the interface itself', async () => {
    const d = await device();
    const other = await device();
    const lag = await post('/api/dcim/interfaces/', { device: d.id, name: 'bond0', type: 'lag' });
    const plain = await post('/api/dcim/interfaces/', { device: d.id, name: 'eth9', type: '1000base-t' });
    const otherLag = await post('/api/dcim/interfaces/', { device: other.id, name: 'bond0', type: 'lag' });
    const ok = await s.request('POST', '/api/dcim/interfaces/', {
      device: d.id,
      name: 'eth0',
      type: '1000base-t',
      lag: lag.id,
    });
    expect(ok.status, ok.text).toBe(201);
    const notLag = await s.request('POST', '/api/dcim/interfaces/', {
      device: d.id,
      name: 'eth1',
      type: '1000base-t',
      lag: plain.id,
    });
    expect(notLag.body).toEqual({ lag: ['The selected LAG interface (eth9) is not a LAG interface.'] });
    const foreign = await s.request('POST', '/api/dcim/interfaces/', {
      device: d.id,
      name: 'eth2',
      type: '1000base-t',
      lag: otherLag.id,
    });
    expect(foreign.body).toEqual({
      lag: [`The selected LAG interface (bond0) belongs to a different device (${other.name}).`],
    });
    const self = await s.request('PATCH', `/api/dcim/interfaces/${lag.id}/`, { lag: lag.id });
    expect(self.body).toEqual({ lag: ['A LAG interface cannot be its own parent.'] });
    const virtual = await s.request('POST', '/api/dcim/interfaces/', {
      device: d.id,
      name: 'v0',
      type: 'virtual',
      lag: lag.id,
    });
    expect(virtual.body).toEqual({ type: ['Virtual interfaces cannot have a parent LAG interface.'] });
    // a LAG spanning the members of a virtual chassis
    const vc = await post('/api/dcim/virtual-chassis/', { name: 'stack-1' });
    await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { virtual_chassis: vc.id, vc_position: 1 });
    await s.request('PATCH', `/api/dcim/devices/${other.id}/`, { virtual_chassis: vc.id, vc_position: 2 });
    const member = await s.request('POST', '/api/dcim/interfaces/', {
      device: d.id,
      name: 'eth3',
      type: '1000base-t',
      lag: otherLag.id,
    });
    expect(member.status, member.text).toBe(201);
  });
});

describe('custom field names', () => {
  it('accept letters of either case, digits and underscores, and refuse double underscores', async () => {
    const ok = await s.request('POST', '/api/extras/custom-fields/', {
      name: 'Rack_Owner2',
      object_types: ['dcim.site'],
      type: 'text',
    });
    expect(ok.status, ok.text).toBe(201);
    const dash = await s.request('POST', '/api/extras/custom-fields/', {
      name: 'rack-owner',
      object_types: ['dcim.site'],
      type: 'text',
    });
    expect(dash.body).toEqual({ name: ['Only alphanumeric characters and underscores are allowed.'] });
    const dunder = await s.request('POST', '/api/extras/custom-fields/', {
      name: 'rack__owner',
      object_types: ['dcim.site'],
      type: 'text',
    });
    expect(dunder.body).toEqual({ name: ['Double underscores are not permitted in custom field names.'] });
  });
});
