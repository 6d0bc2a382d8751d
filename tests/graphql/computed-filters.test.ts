/**
 * Computed filters of NetBox's GraphQL schema, answered by the REST filter of the same meaning: a cable
 * (`cable`, `cable_id`, `cable_end`, `cabled`, `connected`), an interface's `kind`, MAC addresses'
 * `assigned` and `primary`, an FHRP assignment's device, a config context's regions as a tree, an object
 * type's id, filters over reverse relations (`mac_addresses`, `members`, `sites`, `l2vpn_terminations`)
 * and a JSON value's lookups; and a tag's object types, NetBox's one list of object types. Each is checked
 * against rows (filter-rows.ts). Scopes and networks are in filters.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { filterRowsServer } from './filter-rows.ts';

const { ids, rows, server } = filterRowsServer();

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
    const r = await server().request('POST', '/graphql/', {
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
      (await server().request('GET', `/api/core/object-types/?app_label=dcim&model=${model}`)).body.results[0].id;
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
    const all = await server().request('POST', '/graphql/', { query: q('') });
    expect(all.body.errors).toBeUndefined();
    const types = all.body.data.tag_list[0].object_types as { app_label: string; model: string; id: string }[];
    expect(types.map((t) => `${t.app_label}.${t.model}`)).toEqual(['dcim.site', 'dcim.device', 'ipam.prefix']);
    const site = (await server().request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    expect(types[0]!.id).toBe(String(site.id));
    const page = await server().request('POST', '/graphql/', { query: q('(pagination: {offset: 1, limit: 1})') });
    expect(page.body.data.tag_list[0].object_types).toEqual([types[1]]);
  });
});
