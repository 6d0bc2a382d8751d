/**
 * Counts and orders computed as NetBox computes them, a table per rule, in JSON written by PostgreSQL and by
 * the server, in lists, details and filters: `prefix_count` of regions, site groups and sites through the
 * prefix's cached scope (its own, a site's region and group, a location's site); a contact group's
 * `contact_count` over its subtree, each contact once (0 where the group is nested, as NetBox's); interfaces
 * in the order of NetBox's naturalize_interface key (its own table of names and keys below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { Factory } from '../helpers/factory.ts';
import { created, JSON_WRITERS, startTestServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** Interface names and the key NetBox 4.6's naturalize_interface(name, 100) gives them. */
const KEYS: [string, string][] = [
  ['GigabitEthernet0/0/0', '0000000099999999GigabitEthernet000000............'],
  ['Wlan-GigabitEthernet0/1/8', '0000000199999999Wlan-GigabitEthernet000008............'],
  ['Cellular0/2/0', '0000000299999999Cellular000000............'],
  ['Po1', '9999999999999999Po000001............'],
  ['xe-0/0/1:2', '0000000099999999xe-000001000002......'],
  ['xe-0/0/1.100', '0000000099999999xe-000001......000100'],
  ['ge-1/2/3/4/5', '0001000200030004ge-000005............'],
  ['Ethernet1/1.200', '0001999999999999Ethernet000001......000200'],
  ['lo0.0', '9999999999999999lo000000......000000'],
  ['Gi1/0/1:3.5', '0001000099999999Gi000001000003000005'],
  ['eth0-mgmt12', '9999999999999999eth000000............-mgmt00000012'],
  ['GigabitEthernet1/0/1 uplink 3', '0001000099999999GigabitEthernet000001............ uplink 00000003'],
  ['10/100 port 7', '0010999999999999000100............ port 00000007'],
  ['a'.repeat(120), `9999999999999999${'a'.repeat(84)}`],
];

describe.each(JSON_WRITERS)('%s', (_name, env) => {
  let s: TestServer;
  const post = (path: string, body: unknown) => created(s, path, body);
  const get = async (path: string) => (await s.request('GET', path)).body;
  const counts = async (path: string, field: string) =>
    Object.fromEntries((await get(`${path}?limit=100`)).results.map((o: any) => [o.name, o[field]]));

  beforeAll(async () => {
    s = await startTestServer({ env });
    servers.push(s);
  });

  it('counts the prefixes of a region, a site group and a site through their cached scope', async () => {
    const world = await post('/api/dcim/regions/', { name: 'World', slug: 'world' });
    const ohio = await post('/api/dcim/regions/', { name: 'Ohio', slug: 'ohio', parent: world.id });
    const group = await post('/api/dcim/site-groups/', { name: 'Offices', slug: 'offices' });
    const akron = await post('/api/dcim/sites/', { name: 'Akron', slug: 'akron', region: world.id, group: group.id });
    const kent = await post('/api/dcim/sites/', { name: 'Kent', slug: 'kent', region: ohio.id });
    const floor = await post('/api/dcim/locations/', { name: 'Floor 1', slug: 'floor-1', site: akron.id });
    const scopes: [string, any][] = [
      ['dcim.region', world],
      ['dcim.site', akron],
      ['dcim.location', floor],
      ['dcim.site', kent],
      ['dcim.region', ohio],
      ['dcim.sitegroup', group],
    ];
    for (const [i, [type, scope]] of scopes.entries())
      await post('/api/ipam/prefixes/', { prefix: `10.${i}.0.0/16`, scope_type: type, scope_id: scope.id });
    // a region counts what names it, not its subregions': World 3 (its own, Akron's, Floor 1's), Ohio 2
    expect(await counts('/api/dcim/regions/', 'prefix_count')).toEqual({ World: 3, Ohio: 2 });
    expect(await counts('/api/dcim/site-groups/', 'prefix_count')).toEqual({ Offices: 3 });
    expect(await counts('/api/dcim/sites/', 'prefix_count')).toEqual({ Akron: 2, Kent: 1 });
    expect(await counts('/api/dcim/locations/', 'prefix_count')).toEqual({ 'Floor 1': 1 });
    expect((await get(`/api/dcim/regions/${world.id}/`)).prefix_count).toBe(3);
    expect((await get(`/api/dcim/sites/${akron.id}/`)).prefix_count).toBe(2);
    const filtered = await get('/api/dcim/regions/?prefix_count=3');
    expect(filtered.results.map((r: any) => r.name)).toEqual(['World']);
  });

  it("counts a contact group's contacts in its subtree, each once, and 0 where the group is nested", async () => {
    const top = await post('/api/tenancy/contact-groups/', { name: 'Customers', slug: 'customers' });
    const sub = await post('/api/tenancy/contact-groups/', { name: 'Dunder', slug: 'dunder', parent: top.id });
    await post('/api/tenancy/contacts/', { name: 'Dwight', groups: [top.id, sub.id] });
    await post('/api/tenancy/contacts/', { name: 'Jim', groups: [sub.id] });
    const michael = await post('/api/tenancy/contacts/', { name: 'Michael', groups: [top.id] });
    expect(await counts('/api/tenancy/contact-groups/', 'contact_count')).toEqual({ Customers: 3, Dunder: 2 });
    expect((await get(`/api/tenancy/contact-groups/${top.id}/?brief=true`)).contact_count).toBe(3);
    expect((await get(`/api/tenancy/contacts/${michael.id}/`)).groups).toEqual([
      expect.objectContaining({ id: top.id, contact_count: 0, _depth: 0 }),
    ]);
  });

  it("lists a device's interfaces by NetBox's naturalize_interface key", async () => {
    const keys = await s.sql.unsafe(`SELECT v, naturalize_interface(v) AS k FROM unnest($1::text[]) v`, [
      KEYS.map(([name]) => name),
    ]);
    expect(keys.map((r) => [r.v, r.k])).toEqual(KEYS);
    const device = await new Factory(s, catalogue).create(catalogue.models['dcim.device']!, { name: 'rtr' });
    const names = ['Po1', 'Cellular0/2/0', 'Wlan-GigabitEthernet0/1/8', 'GigabitEthernet0/1/8', 'GigabitEthernet0/0/0'];
    for (const name of names) await post('/api/dcim/interfaces/', { device: device.id, name, type: 'virtual' });
    const listed = (await get(`/api/dcim/interfaces/?device_id=${device.id}`)).results.map((i: any) => i.name);
    expect(listed).toEqual([...names].reverse());
  });
});
