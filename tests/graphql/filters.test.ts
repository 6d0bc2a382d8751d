/**
 * Filters of NetBox's GraphQL schema that its filter classes compute by hand, answered here by the REST
 * filter of the same meaning: a scope's site, region, location and site group (NetBox's cached relations:
 * the region itself, not its descendants; a VLAN group's read from its scope the same way), an object
 * type's ContentTypeFilter, network containment (`contains`, `parent`), `assigned` and `nat_outside`.
 * Each is checked against rows (filter-rows.ts). Cables, interfaces and the other computed filters are in
 * computed-filters.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { filterRowsServer } from './filter-rows.ts';

const { ids, rows, server } = filterRowsServer();

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
    const fhrp = (await server().request('GET', '/api/core/object-types/?app_label=ipam&model=fhrpgroup')).body
      .results[0];
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
