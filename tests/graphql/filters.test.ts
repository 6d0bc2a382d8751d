/**
 * Filters of NetBox's GraphQL schema that its filter classes compute by hand, answered here by the REST
 * filter of the same meaning: a scope's site, region, location and site group (NetBox's cached relations:
 * the region itself, not its descendants; a VLAN group's read from its scope the same way), network
 * containment (`contains`, `parent`), `assigned`, `primary`, a cable (`cable`, `cable_id`, `cable_end`,
 * `cabled`, `connected`), an interface's `kind`, an FHRP assignment's device, an object type's id or
 * ContentTypeFilter, a config context's regions as a tree, and filters over reverse relations
 * (`nat_outside`, `mac_addresses`, `members`, `sites`, `l2vpn_terminations`). Each is checked against rows;
 * and a tag's object types, NetBox's one list of object types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevices, listRows } from './data.ts';

let s: TestServer;
const ids: Record<string, number> = {};

const rows = (root: string, filters: string, field?: string) => listRows(s, root, filters, field);

beforeAll(async () => {
  s = await startTestServer();
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
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

describe('through a scope (the cached site, region, location and site group)', () => {
  it("matches a prefix's site, whether it is the scope or a scoped location's", async () => {
    expect(await rows('prefix_list', '{site: {slug: {exact: "ber"}}}', 'prefix')).toEqual([
      '10.0.0.0/16',
      '10.1.0.0/16',
    ]);
    expect(await rows('prefix_list', '{location: {slug: {exact: "hall"}}}', 'prefix')).toEqual(['10.1.0.0/16']);
    expect(await rows('prefix_list', '{site_group: {slug: {exact: "sg"}}}', 'prefix')).toEqual([
      '10.0.0.0/16',
      '10.1.0.0/16',
    ]);
  });

  it('matches the region itself, not its descendants (NetBox compares the cached region)', async () => {
    expect(await rows('prefix_list', '{region: {slug: {exact: "de"}}}', 'prefix')).toEqual([
      '10.0.0.0/16',
      '10.1.0.0/16',
    ]);
    expect(await rows('prefix_list', '{region: {slug: {exact: "eu"}}}', 'prefix')).toEqual(['10.2.0.0/16']);
    // and NOT: the prefixes with no region in `de` (those with none at all among them)
    expect(await rows('prefix_list', '{NOT: {region: {slug: {exact: "de"}}}}', 'prefix')).toEqual([
      '10.0.1.0/24',
      '10.2.0.0/16',
      '10.3.0.0/16',
    ]);
    expect(await rows('cluster_list', '{region: {name: {exact: "de"}}}', 'name')).toEqual(['c-ber']);
    expect(await rows('wireless_lan_list', '{site: {slug: {exact: "ber"}}}', 'ssid')).toEqual(['w-hall']);
  });

  it("a VLAN group's, read from its scope as a prefix's is (NetBox keeps no cached scope for it)", async () => {
    expect(await rows('vlan_group_list', '{site: {slug: {exact: "ber"}}}', 'name')).toEqual(['g-ber', 'g-hall']);
    expect(await rows('vlan_group_list', '{region: {slug: {exact: "de"}}}', 'name')).toEqual(['g-ber', 'g-hall']);
    expect(await rows('vlan_group_list', '{region: {slug: {exact: "eu"}}}', 'name')).toEqual(['g-eu']);
    expect(await rows('vlan_group_list', '{location: {slug: {exact: "hall"}}}', 'name')).toEqual(['g-hall']);
    expect(await rows('vlan_group_list', '{site_group: {slug: {exact: "sg"}}}', 'name')).toEqual(['g-ber', 'g-hall']);
  });

  it("a circuit termination's site, region and provider network (its termination)", async () => {
    expect(await rows('circuit_termination_list', '{site: {slug: {exact: "ber"}}}', 'term_side')).toEqual(['A']);
    expect(await rows('circuit_termination_list', '{region: {slug: {exact: "de"}}}', 'term_side')).toEqual(['A']);
    expect(await rows('circuit_termination_list', '{provider_network: {name: {exact: "pn"}}}', 'term_side')).toEqual([
      'Z',
    ]);
  });

  it('an object type column by ContentTypeFilter (app_label, model, id, with AND / OR / NOT)', async () => {
    expect(await rows('prefix_list', '{scope_type: {model: {exact: "location"}}}', 'prefix')).toEqual(['10.1.0.0/16']);
    const notSites = '{scope_type: {app_label: {exact: "dcim"}, NOT: {model: {exact: "site"}}}}';
    expect(await rows('prefix_list', notSites, 'prefix')).toEqual(['10.1.0.0/16', '10.2.0.0/16']);
    const either = '{scope_type: {model: {exact: "region"}, OR: {model: {exact: "location"}}}}';
    expect(await rows('prefix_list', either, 'prefix')).toEqual(['10.1.0.0/16', '10.2.0.0/16']);
    const fhrp = (await s.request('GET', '/api/core/object-types/?app_label=ipam&model=fhrpgroup')).body.results[0];
    expect(await rows('ip_address_list', `{assigned_object_type: {id: {exact: "${fhrp.id}"}}}`, 'address')).toEqual([
      '10.0.1.1/24',
    ]);
  });
});

describe('networks', () => {
  it('contains: the prefixes, aggregates and ranges holding any of the networks (bad ones skipped)', async () => {
    expect(await rows('prefix_list', '{contains: ["10.0.1.7"]}', 'prefix')).toEqual(['10.0.0.0/16', '10.0.1.0/24']);
    expect(await rows('prefix_list', '{contains: ["10.3.1.0/24", "10.2.0.0/24"]}', 'prefix')).toEqual([
      '10.2.0.0/16',
      '10.3.0.0/16',
    ]);
    expect(await rows('prefix_list', '{contains: ["bogus"]}', 'prefix')).toHaveLength(5);
    expect(await rows('aggregate_list', '{contains: ["192.0.2.128/25"]}', 'prefix')).toEqual(['192.0.2.0/24']);
    expect(await rows('ip_range_list', '{contains: ["10.0.1.12/32"]}', 'start_address')).toEqual(['10.0.1.10/24']);
    expect(await rows('ip_range_list', '{contains: ["10.0.1.0/24"]}', 'start_address')).toEqual([]);
  });

  it('parent: the addresses and ranges inside any of the networks', async () => {
    expect(await rows('ip_address_list', '{parent: ["10.0.0.0/16"]}', 'address')).toEqual([
      '10.0.1.1/24',
      '10.0.1.5/24',
    ]);
    expect(await rows('ip_address_list', '{parent: ["192.0.2.0/24", "10.0.0.0/8"]}', 'address')).toEqual([
      '10.0.1.1/24',
      '10.0.1.5/24',
      '192.0.2.9/32',
    ]);
    expect(await rows('ip_range_list', '{parent: ["10.0.1.0/24"]}', 'start_address')).toEqual(['10.0.1.10/24']);
    expect(await rows('ip_range_list', '{parent: ["10.0.2.0/24"]}', 'start_address')).toEqual([]);
  });

  it('assigned, and the NAT outside address by filter and by id', async () => {
    expect(await rows('ip_address_list', '{assigned: true}', 'address')).toEqual(['10.0.1.1/24', '10.0.1.5/24']);
    expect(await rows('ip_address_list', '{assigned: false}', 'address')).toEqual(['192.0.2.9/32']);
    expect(await rows('ip_address_list', '{nat_outside: {address: {exact: "192.0.2.9/32"}}}', 'address')).toEqual([
      '10.0.1.5/24',
    ]);
    expect(await rows('ip_address_list', `{nat_outside_id: "${ids.outside}"}`, 'address')).toEqual(['10.0.1.5/24']);
  });
});

describe('cables and interfaces', () => {
  it('cable, cable_id, cable_end, cabled and connected', async () => {
    const ends = [String(ids.e0), String(ids.e1)];
    expect(await rows('interface_list', `{cable_id: "${ids.cable}"}`)).toEqual(ends.sort());
    expect(await rows('interface_list', '{cable: {label: {exact: "c1"}}}')).toEqual(ends.sort());
    expect(await rows('interface_list', '{cable: {label: {exact: "none"}}}')).toEqual([]);
    expect(await rows('interface_list', '{cable_end: {exact: SIDE_A}}')).toEqual([String(ids.e0)]);
    expect(await rows('interface_list', '{cable_end: {in_list: [SIDE_A, SIDE_B]}}')).toEqual(ends.sort());
    expect(await rows('interface_list', '{cabled: true}')).toEqual(ends.sort());
    expect(await rows('interface_list', '{cabled: false}')).toHaveLength(3);
    expect(await rows('interface_list', '{connected: true}')).toEqual(ends.sort());
    expect(await rows('interface_list', '{connected: false}')).toHaveLength(3);
  });

  it("kind: an interface's physical, virtual or wireless type", async () => {
    expect(await rows('interface_list', '{kind: KIND_VIRTUAL}', 'name')).toEqual(['vlan10']);
    expect(await rows('interface_list', '{kind: KIND_PHYSICAL}', 'name')).toEqual(['eth0', 'eth0', 'eth1', 'eth2']);
    expect(await rows('interface_list', '{kind: KIND_WIRELESS}', 'name')).toEqual([]);
  });

  it('MAC addresses: assigned, primary, and an interface by its MAC addresses', async () => {
    expect(await rows('mac_address_list', '{assigned: true}', 'mac_address')).toEqual([
      '00:00:00:00:00:01',
      '00:00:00:00:00:02',
    ]);
    expect(await rows('mac_address_list', '{assigned: false}', 'mac_address')).toEqual(['00:00:00:00:00:03']);
    expect(await rows('mac_address_list', '{primary: true}', 'mac_address')).toEqual(['00:00:00:00:00:01']);
    expect(await rows('interface_list', '{mac_addresses: {mac_address: {exact: "00:00:00:00:00:01"}}}')).toEqual([
      String(ids.e0),
    ]);
  });
});

describe('other computed filters', () => {
  it("an FHRP assignment by its interface's device (name or id), unknown names matching nothing", async () => {
    const r = await s.request('POST', '/graphql/', {
      query: '{ device_list(filters: {name: {exact: "d1"}}) { id } }',
    });
    const d1 = r.body.data.device_list[0].id as string;
    expect(await rows('fhrp_group_assignment_list', '{device: ["d1"]}', 'priority')).toEqual(['100']);
    expect(await rows('fhrp_group_assignment_list', `{device_id: ["${d1}"]}`, 'priority')).toEqual(['100']);
    expect(await rows('fhrp_group_assignment_list', '{device: ["d2"]}', 'priority')).toEqual([]);
    expect(await rows('fhrp_group_assignment_list', '{device: ["nope"]}', 'priority')).toEqual([]);
  });

  it("a config context by its regions as a tree, and a journal entry by its object's type id", async () => {
    const tree = (match: string, id: number) => `{region_id: {id: "${id}", match_type: ${match}}}`;
    expect(await rows('config_context_list', tree('EXACT', ids.de), 'name')).toEqual(['cc-de']);
    expect(await rows('config_context_list', tree('EXACT', ids.eu), 'name')).toEqual([]);
    expect(await rows('config_context_list', tree('SELF_AND_DESCENDANTS', ids.eu), 'name')).toEqual(['cc-de']);
    const type = async (model: string) =>
      (await s.request('GET', `/api/core/object-types/?app_label=dcim&model=${model}`)).body.results[0].id;
    expect(await rows('journal_entry_list', `{assigned_object_type_id: "${await type('site')}"}`, 'comments')).toEqual([
      'on the site',
    ]);
    expect(await rows('journal_entry_list', `{assigned_object_type_id: "${await type('device')}"}`)).toEqual([]);
  });

  it("relations: an ASN's sites, a chassis' members, FHRP groups' and services' IPs, VDCs, L2VPNs", async () => {
    expect(await rows('asn_list', '{sites: {slug: {exact: "ber"}}}', 'asn')).toEqual(['65001']);
    expect(await rows('virtual_chassis_list', '{members: {name: {exact: "d1"}}}', 'name')).toEqual(['vc1']);
    expect(await rows('fhrp_group_list', '{ip_addresses: {address: {exact: "10.0.1.1/24"}}}', 'group_id')).toEqual([
      '1',
    ]);
    expect(await rows('fhrp_group_list', '{ip_addresses: {address: {exact: "10.0.1.5/24"}}}', 'group_id')).toEqual([]);
    expect(await rows('service_list', '{ip_addresses: {address: {exact: "10.0.1.5/24"}}}', 'name')).toEqual(['dns']);
    expect(await rows('interface_list', '{vcdcs: {name: {exact: "vdc1"}}}')).toEqual([String(ids.e1)]);
    // NetBox types it L2VPNFilter: the L2VPN of one of the interface's terminations
    expect(await rows('interface_list', '{l2vpn_terminations: {slug: {exact: "l2a"}}}')).toEqual([String(ids.e2)]);
    expect(await rows('interface_list', '{l2vpn_terminations: {slug: {exact: "l2b"}}}')).toEqual([]);
  });

  it("a JSON value's string lookups by NetBox's names `in_` and `isnull`", async () => {
    const json = (lookup: string) => `{data: {path: "x", lookup: {string_lookup: ${lookup}}}}`;
    expect(await rows('config_context_list', json('{in_: ["a", "b"]}'), 'name')).toEqual(['cc-de']);
    expect(await rows('config_context_list', json('{in_: ["b"]}'), 'name')).toEqual([]);
    expect(await rows('config_context_list', json('{isnull: true}'), 'name')).toEqual(['cc-none']);
    expect(await rows('config_context_list', json('{isnull: false}'), 'name')).toEqual(['cc-de']);
  });
});

describe("a tag's object types", () => {
  it('are ContentTypeType objects in the list order, paged by `pagination`', async () => {
    const q = (args: string) => `{ tag_list { object_types${args} { app_label model id } } }`;
    const all = await s.request('POST', '/graphql/', { query: q('') });
    expect(all.body.errors).toBeUndefined();
    const types = all.body.data.tag_list[0].object_types as { app_label: string; model: string; id: string }[];
    expect(types.map((t) => `${t.app_label}.${t.model}`)).toEqual(['dcim.site', 'dcim.device', 'ipam.prefix']);
    const site = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    expect(types[0]!.id).toBe(String(site.id));
    const page = await s.request('POST', '/graphql/', { query: q('(pagination: {offset: 1, limit: 1})') });
    expect(page.body.data.tag_list[0].object_types).toEqual([types[1]]);
  });
});
