/**
 * The rows the GraphQL filter tests (filters.test.ts, computed-filters.test.ts) read, one data set for
 * both: regions, a site group, sites and a location as scopes of prefixes, VLAN groups, clusters and
 * wireless LANs; devices with interfaces, a cable and MAC addresses; addresses inside and outside a NAT,
 * a range and aggregates; an FHRP group and its assignment, config contexts, a journal entry, ASNs,
 * services, a circuit's terminations, a VDC, L2VPN terminations, a tag and virtual chassis.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevices, listRows } from './data.ts';

export interface FilterRows {
  /** the ids createFilterRows gives, filled once the server has the data set */
  readonly ids: Record<string, number>;
  readonly server: () => TestServer;
  /** listRows on the server */
  readonly rows: (root: string, filters: string, field?: string) => Promise<string[]>;
}

/** The calling test file's server with the data set: started in its beforeAll, stopped in its afterAll. */
export function filterRowsServer(): FilterRows {
  let s: TestServer | undefined;
  const ids: Record<string, number> = {};
  const server = () => {
    if (!s) throw new Error('the server starts in beforeAll');
    return s;
  };
  beforeAll(async () => {
    s = await startTestServer();
    Object.assign(ids, await createFilterRows(s));
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });
  return { ids, server, rows: (root, filters, field) => listRows(server(), root, filters, field) };
}

/** Creates the data set; the ids the tests name (regions, site, interfaces, cable, NAT outside address). */
export async function createFilterRows(s: TestServer): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  const eu = await created(s, '/api/dcim/regions/', { name: 'eu', slug: 'eu' });
  const de = await created(s, '/api/dcim/regions/', { name: 'de', slug: 'de', parent: eu.id });
  const sg = await created(s, '/api/dcim/site-groups/', { name: 'sg', slug: 'sg' });
  const site = await created(s, '/api/dcim/sites/', { name: 'ber', slug: 'ber', region: de.id, group: sg.id });
  const other = await created(s, '/api/dcim/sites/', { name: 'other', slug: 'other' });
  const loc = await created(s, '/api/dcim/locations/', { name: 'hall', slug: 'hall', site: site.id });
  Object.assign(ids, { eu: eu.id, de: de.id, site: site.id });
  const scope = (type: string, id: number) => ({ scope_type: type, scope_id: id });
  await created(s, '/api/ipam/prefixes/', [
    { prefix: '10.0.0.0/16', ...scope('dcim.site', site.id) },
    { prefix: '10.1.0.0/16', ...scope('dcim.location', loc.id) },
    { prefix: '10.2.0.0/16', ...scope('dcim.region', eu.id) },
    { prefix: '10.3.0.0/16', ...scope('dcim.site', other.id) },
    { prefix: '10.0.1.0/24' },
  ]);
  await created(s, '/api/ipam/vlan-groups/', [
    { name: 'g-ber', slug: 'g-ber', ...scope('dcim.site', site.id) },
    { name: 'g-hall', slug: 'g-hall', ...scope('dcim.location', loc.id) },
    { name: 'g-eu', slug: 'g-eu', ...scope('dcim.region', eu.id) },
    { name: 'g-none', slug: 'g-none' },
  ]);
  const ct = await created(s, '/api/virtualization/cluster-types/', { name: 'ct', slug: 'ct' });
  await created(s, '/api/virtualization/clusters/', [
    { name: 'c-ber', type: ct.id, ...scope('dcim.site', site.id) },
    { name: 'c-other', type: ct.id, ...scope('dcim.site', other.id) },
  ]);

  const [d1, d2] = await createDevices(s, site.id, ['d1', 'd2']);
  const [e0, e1, e2, v0] = await created(s, '/api/dcim/interfaces/', [
    { device: d1.id, name: 'eth0', type: '1000base-t' },
    { device: d1.id, name: 'eth1', type: '1000base-t' },
    { device: d1.id, name: 'eth2', type: '1000base-t' },
    { device: d1.id, name: 'vlan10', type: 'virtual' },
    { device: d2.id, name: 'eth0', type: '1000base-t' },
  ]);
  Object.assign(ids, { e0: e0.id, e1: e1.id, e2: e2.id });
  const cable = await created(s, '/api/dcim/cables/', {
    label: 'c1',
    a_terminations: [{ object_type: 'dcim.interface', object_id: e0.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: e1.id }],
  });
  ids.cable = cable.id;
  const mac = await created(s, '/api/dcim/mac-addresses/', {
    mac_address: '00:00:00:00:00:01',
    assigned_object_type: 'dcim.interface',
    assigned_object_id: e0.id,
  });
  await created(s, '/api/dcim/mac-addresses/', [
    { mac_address: '00:00:00:00:00:02', assigned_object_type: 'dcim.interface', assigned_object_id: v0.id },
    { mac_address: '00:00:00:00:00:03' },
  ]);
  expect((await s.request('PATCH', `/api/dcim/interfaces/${e0.id}/`, { primary_mac_address: mac.id })).status).toBe(
    200,
  );

  const inside = await created(s, '/api/ipam/ip-addresses/', {
    address: '10.0.1.5/24',
    assigned_object_type: 'dcim.interface',
    assigned_object_id: e0.id,
  });
  const outside = await created(s, '/api/ipam/ip-addresses/', { address: '192.0.2.9/32', nat_inside: inside.id });
  ids.outside = outside.id;
  await created(s, '/api/ipam/ip-ranges/', { start_address: '10.0.1.10/24', end_address: '10.0.1.20/24' });
  const rir = await created(s, '/api/ipam/rirs/', { name: 'rir', slug: 'rir' });
  await created(s, '/api/ipam/aggregates/', [
    { prefix: '10.0.0.0/8', rir: rir.id },
    { prefix: '192.0.2.0/24', rir: rir.id },
  ]);

  const fhrp = await created(s, '/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 1 });
  await created(s, '/api/ipam/fhrp-group-assignments/', {
    group: fhrp.id,
    interface_type: 'dcim.interface',
    interface_id: e1.id,
    priority: 100,
  });
  await created(s, '/api/extras/config-contexts/', [
    { name: 'cc-de', data: { x: 'a' }, regions: [de.id] },
    { name: 'cc-none', data: {} },
  ]);
  await created(s, '/api/extras/journal-entries/', {
    assigned_object_type: 'dcim.site',
    assigned_object_id: site.id,
    comments: 'on the site',
  });
  const asn = await created(s, '/api/ipam/asns/', [
    { asn: 65001, rir: rir.id },
    { asn: 65002, rir: rir.id },
  ]);
  expect((await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { asns: [asn[0].id] })).status).toBe(200);
  await created(s, '/api/ipam/ip-addresses/', {
    address: '10.0.1.1/24',
    assigned_object_type: 'ipam.fhrpgroup',
    assigned_object_id: fhrp.id,
  });
  await created(s, '/api/ipam/services/', [
    { parent_object_type: 'dcim.device', parent_object_id: d1.id, name: 'ssh', protocol: 'tcp', ports: [22] },
    {
      parent_object_type: 'dcim.device',
      parent_object_id: d1.id,
      name: 'dns',
      protocol: 'udp',
      ports: [53],
      ipaddresses: [inside.id],
    },
  ]);
  await created(s, '/api/wireless/wireless-lans/', [
    { ssid: 'w-hall', ...scope('dcim.location', loc.id) },
    { ssid: 'w-none' },
  ]);
  const provider = await created(s, '/api/circuits/providers/', { name: 'pr', slug: 'pr' });
  const net = await created(s, '/api/circuits/provider-networks/', { name: 'pn', provider: provider.id });
  const ctype = await created(s, '/api/circuits/circuit-types/', { name: 'ctp', slug: 'ctp' });
  const circuit = await created(s, '/api/circuits/circuits/', { cid: 'cid1', provider: provider.id, type: ctype.id });
  await created(s, '/api/circuits/circuit-terminations/', [
    { circuit: circuit.id, term_side: 'A', termination_type: 'dcim.site', termination_id: site.id },
    { circuit: circuit.id, term_side: 'Z', termination_type: 'circuits.providernetwork', termination_id: net.id },
  ]);
  const vdc = await created(s, '/api/dcim/virtual-device-contexts/', {
    name: 'vdc1',
    device: d1.id,
    status: 'active',
    identifier: 1,
  });
  expect((await s.request('PATCH', `/api/dcim/interfaces/${e1.id}/`, { vdcs: [vdc.id] })).status).toBe(200);
  const l2vpns = await created(s, '/api/vpn/l2vpns/', [
    { name: 'l2a', slug: 'l2a', type: 'vxlan' },
    { name: 'l2b', slug: 'l2b', type: 'vxlan' },
  ]);
  await created(s, '/api/vpn/l2vpn-terminations/', {
    l2vpn: l2vpns[0].id,
    assigned_object_type: 'dcim.interface',
    assigned_object_id: e2.id,
  });
  await created(s, '/api/extras/tags/', {
    name: 'tg',
    slug: 'tg',
    object_types: ['dcim.site', 'dcim.device', 'ipam.prefix'],
  });
  const vc = await created(s, '/api/dcim/virtual-chassis/', [{ name: 'vc1' }, { name: 'vc2' }]);
  expect(
    (await s.request('PATCH', `/api/dcim/devices/${d1.id}/`, { virtual_chassis: vc[0].id, vc_position: 1 })).status,
  ).toBe(200);
  return ids;
}
