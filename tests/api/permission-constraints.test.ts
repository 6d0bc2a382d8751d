/**
 * Permission constraints in every form NetBox writes them (Django lookups: `field`, `field_id`,
 * `field__lookup`, traversal across relations and tags, transforms, `$user`, lists of sets), each
 * created through the API and checked to grant exactly the objects it names, in REST and GraphQL.
 * A constraint naming a field some object types lack is accepted, as NetBox's API accepts it, and
 * grants nothing on those types (reads and writes); one whose values have the wrong shape is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const ids: Record<string, number> = {};
let users = 0;

/** A user holding one permission with these constraints (and types, actions); its token's headers. */
async function holder(
  constraints: unknown,
  object_types = ['dcim.site'],
  actions = ['view'],
): Promise<{ Authorization: string }> {
  const u = await created(s, '/api/users/users/', { username: `c-${++users}`, password: `c-${users}-password-x` });
  await created(s, '/api/users/permissions/', {
    name: `c-${users}`,
    object_types,
    actions,
    constraints,
    users: [u.id],
  });
  return { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: u.id })).token}` };
}

/** The names of the objects at `path` the caller sees. */
async function seen(path: string, auth: { Authorization: string }): Promise<string[]> {
  const r = await s.request('GET', `${path}?limit=0`, undefined, auth);
  expect(r.status, r.text).toBe(200);
  return r.body.results.map((o: { name?: string; ssid?: string; id: number }) => o.name ?? o.ssid ?? `#${o.id}`).sort();
}

async function graphqlSites(auth: { Authorization: string }): Promise<string[]> {
  const r = await s.request('POST', '/graphql/', { query: '{ site_list { name } }' }, auth);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data.site_list.map((x: { name: string }) => x.name).sort();
}

beforeAll(async () => {
  s = await startTestServer();
  const [north, south] = await created(s, '/api/dcim/regions/', [
    { name: 'North', slug: 'north' },
    { name: 'South', slug: 'south' },
  ]);
  const [t1, t2] = await created(s, '/api/tenancy/tenants/', [
    { name: 'T1', slug: 't1' },
    { name: 'T2', slug: 't2' },
  ]);
  await created(s, '/api/extras/tags/', [
    { name: 'red', slug: 'red', color: 'ff0000' },
    { name: 'blue', slug: 'blue', color: '0000ff' },
  ]);
  await created(s, '/api/extras/custom-fields/', { name: 'owner', type: 'text', object_types: ['dcim.site'] });
  const sites = await created(s, '/api/dcim/sites/', [
    {
      name: 'S-A',
      slug: 's-a',
      status: 'active',
      region: north.id,
      tenant: t1.id,
      latitude: 10,
      tags: [{ name: 'red' }, { name: 'blue' }],
      custom_fields: { owner: 'alice' },
    },
    {
      name: 'S-B',
      slug: 's-b',
      status: 'planned',
      region: south.id,
      tenant: t2.id,
      latitude: 9,
      tags: [{ name: 'blue' }],
    },
    { name: 'S-C', slug: 's-c', status: 'retired', description: 'no region' },
  ]);
  Object.assign(ids, { north: north.id, t1: t1.id, t2: t2.id, a: sites[0].id, b: sites[1].id, c: sites[2].id });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'mf', slug: 'mf' });
  const dt = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'dt', slug: 'dt' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'rl', slug: 'rl', color: '00ff00' });
  const device = await created(s, '/api/dcim/devices/', { name: 'D1', device_type: dt.id, role: role.id, site: ids.a });
  await created(s, '/api/dcim/devices/', { name: 'D2', device_type: dt.id, role: role.id, site: ids.b });
  const ifaces = await created(s, '/api/dcim/interfaces/', [
    { device: device.id, name: 'eth0', type: '1000base-t' },
    { device: device.id, name: 'eth1', type: '1000base-t' },
  ]);
  ids.eth1 = ifaces[1].id;
  const tunnel = await created(s, '/api/vpn/tunnels/', { name: 'Foo', status: 'active', encapsulation: 'gre' });
  ids.tunnel = tunnel.id;
  ids.termination = (
    await created(s, '/api/vpn/tunnel-terminations/', {
      tunnel: tunnel.id,
      role: 'peer',
      termination_type: 'dcim.interface',
      termination_id: ifaces[0].id,
    })
  ).id;
  await created(s, '/api/wireless/wireless-lans/', { ssid: 'Foo' });
  await created(s, '/api/ipam/prefixes/', [
    { prefix: '10.1.0.0/16' },
    { prefix: '10.1.2.0/24' },
    { prefix: '10.2.0.0/16' },
  ]);
  const ipType = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=interface')).body.results[0];
  ids.interfaceType = ipType.id;
  await created(s, '/api/ipam/ip-addresses/', [
    { address: '192.0.2.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: ids.eth1 },
    { address: '192.0.2.2/24' },
  ]);
});
afterAll(async () => s?.stop());

const year = new Date().getUTCFullYear();

// each constraint on dcim.site, and exactly the sites it grants (S-A: north, T1, red+blue, lat 10,
// owner alice; S-B: south, T2, blue, lat 9; S-C: no region, no tenant, no tags)
const siteCases: [name: string, constraints: () => unknown, sites: string[]][] = [
  ['a foreign key by its column (_id)', () => ({ tenant_id: ids.t1 }), ['S-A']],
  ['a foreign key by its name', () => ({ tenant: ids.t2 }), ['S-B']],
  ['a foreign key as a string id', () => ({ region_id: String(ids.north) }), ['S-A']],
  ['a foreign key with in', () => ({ tenant_id__in: [ids.t1, ids.t2] }), ['S-A', 'S-B']],
  ['a foreign key with isnull', () => ({ tenant__isnull: true }), ['S-C']],
  ['pk', () => ({ pk: ids.b }), ['S-B']],
  ['id with gte as a string', () => ({ id__gte: String(ids.b) }), ['S-B', 'S-C']],
  ['exact on a choice', () => ({ status: 'active' }), ['S-A']],
  ['in on a choice', () => ({ status__in: ['planned', 'retired'] }), ['S-B', 'S-C']],
  ['iexact', () => ({ name__iexact: 's-b' }), ['S-B']],
  ['contains', () => ({ description__contains: 'region' }), ['S-C']],
  ['icontains', () => ({ name__icontains: '-a' }), ['S-A']],
  ['startswith', () => ({ slug__startswith: 's-' }), ['S-A', 'S-B', 'S-C']],
  ['istartswith', () => ({ name__istartswith: 's-c' }), ['S-C']],
  ['endswith', () => ({ slug__endswith: '-b' }), ['S-B']],
  ['iendswith', () => ({ name__iendswith: '-B' }), ['S-B']],
  ['regex', () => ({ slug__regex: '^s-[ab]$' }), ['S-A', 'S-B']],
  ['iregex', () => ({ name__iregex: '^s-(b|c)$' }), ['S-B', 'S-C']],
  ['NetBox empty', () => ({ description__empty: false }), ['S-C']],
  ['a decimal compared as a number', () => ({ latitude__gte: '9.5' }), ['S-A']],
  ['a decimal lt compared as a number, never as text', () => ({ latitude__lt: '9.5' }), ['S-B']],
  ['a decimal exact', () => ({ latitude: 10 }), ['S-A']],
  ['range', () => ({ latitude__range: [8, 9.5] }), ['S-B']],
  ['isnull on a value', () => ({ latitude__isnull: true }), ['S-C']],
  ['traversal to a field of the related object', () => ({ region__slug: 'north' }), ['S-A']],
  ['traversal with a lookup', () => ({ region__name__in: ['North', 'South'] }), ['S-A', 'S-B']],
  ['traversal two relations deep', () => ({ tenant__group__isnull: true, tenant__slug: 't2' }), ['S-B']],
  ['traversal that holds on a missing relation', () => ({ region__name__isnull: true }), ['S-C']],
  ['tags by name', () => ({ tags__name: 'red' }), ['S-A']],
  ['tags by slug with in', () => ({ tags__slug__in: ['blue'] }), ['S-A', 'S-B']],
  ['tags by id', () => ({ tags__isnull: true }), ['S-C']],
  ['two lookups on one tag (the same tag meets both)', () => ({ tags__name: 'red', tags__color: '0000ff' }), []],
  ['a custom field', () => ({ custom_field_data__owner: 'alice' }), ['S-A']],
  ['a custom field with a text lookup', () => ({ custom_field_data__owner__istartswith: 'AL' }), ['S-A']],
  ['a date-time transform', () => ({ created__year: year }), ['S-A', 'S-B', 'S-C']],
  ['a date-time transform with a lookup', () => ({ created__year__lt: 2000 }), []],
  ['a date-time date transform', () => ({ created__date__gte: `${year - 1}-01-01` }), ['S-A', 'S-B', 'S-C']],
  ['a list of sets (OR)', () => [{ tenant_id: ids.t1 }, { region__slug: 'south' }], ['S-A', 'S-B']],
  ['several lookups in one set (AND)', () => ({ status: 'active', tenant_id: ids.t2 }), []],
  ['a set with no lookups (everything)', () => [{ status: 'retired' }, {}], ['S-A', 'S-B', 'S-C']],
  ['a field sites lack: nothing', () => ({ ssid: 'Foo' }), []],
  ['a lookup a field lacks: nothing', () => ({ name__net_contains: '10.0.0.0/8' }), []],
  ['a value a field cannot hold: nothing', () => ({ id: 'abc' }), []],
  ['an object where a text is compared: nothing', () => ({ name: { a: 1 } }), []],
  ['a set that does not apply takes nothing from the others', () => [{ nosuch: 1 }, { status: 'planned' }], ['S-B']],
];

describe('constraints on sites, one user each', () => {
  it.each(siteCases)('%s', async (_name, constraints, want) => {
    const auth = await holder(constraints());
    expect(await seen('/api/dcim/sites/', auth)).toEqual(want);
    expect(await graphqlSites(auth)).toEqual(want);
  });
});

describe('constraints on other models', () => {
  it('reads network lookups and transforms on prefixes', async () => {
    expect(await prefixes({ prefix__net_contained_or_equal: '10.1.0.0/16' })).toEqual(['10.1.0.0/16', '10.1.2.0/24']);
    expect(await prefixes({ prefix__net_contains: '10.1.2.0/24' })).toEqual(['10.1.0.0/16']);
    expect(await prefixes({ prefix__net_mask_length__gte: 24 })).toEqual(['10.1.2.0/24']);
    expect(await prefixes({ prefix__family: 6 })).toEqual([]);
    expect(await prefixes({ prefix: '10.2.0.0/16' })).toEqual(['10.2.0.0/16']);
  });

  it('reads a generic relation by its type (a content type id or its fields) and id', async () => {
    const addresses = async (c: unknown) =>
      (await s.request('GET', '/api/ipam/ip-addresses/', undefined, await holder(c, ['ipam.ipaddress']))).body.results
        .map((a: { address: string }) => a.address)
        .sort();
    expect(await addresses({ assigned_object_type: ids.interfaceType })).toEqual(['192.0.2.1/24']);
    expect(await addresses({ assigned_object_type__model: 'interface' })).toEqual(['192.0.2.1/24']);
    expect(await addresses({ assigned_object_id: ids.eth1 })).toEqual(['192.0.2.1/24']);
    expect(await addresses({ assigned_object_type__isnull: true })).toEqual(['192.0.2.2/24']);
    expect(await addresses({ address__net_host: '192.0.2.2' })).toEqual(['192.0.2.2/24']);
    expect(await addresses({ address__net_in: ['192.0.2.1', '10.0.0.1/8'] })).toEqual(['192.0.2.1/24']);
  });

  it('reads counter caches and relations two hops away on devices, and $user on tokens', async () => {
    const devices = async (c: unknown) => seen('/api/dcim/devices/', await holder(c, ['dcim.device']));
    expect(await devices({ interface_count__gte: 1 })).toEqual(['D1']);
    expect(await devices({ site__region__slug: 'south' })).toEqual(['D2']);
    expect(await devices({ site__tags__name: 'red' })).toEqual(['D1']);
    const auth = await holder({ user: '$user' }, ['users.token']);
    const mine = (await s.request('GET', '/api/users/tokens/', undefined, auth)).body.results;
    expect(mine.map((t: { user: { username: string } }) => t.user.username)).toEqual([`c-${users}`]);
  });
});

describe('a constraint naming a field some object types lack (the Ansible collection’s test)', () => {
  const types = ['vpn.tunneltermination', 'wireless.wirelesslan', 'dcim.site', 'vpn.tunnel'];

  it('is accepted, and grants the named objects of types with the field and nothing of the others', async () => {
    const auth = await holder({ name: 'Foo' }, types, ['view', 'add', 'change', 'delete', 'extreme_administration']);
    expect(await seen('/api/vpn/tunnels/', auth)).toEqual(['Foo']);
    expect(await seen('/api/dcim/sites/', auth)).toEqual([]);
    expect(await seen('/api/vpn/tunnel-terminations/', auth)).toEqual([]);
    expect(await seen('/api/wireless/wireless-lans/', auth)).toEqual([]);
    // the superuser sees the termination and the wireless LAN the constraint cannot apply to
    expect(await seen('/api/vpn/tunnel-terminations/', AUTH)).toHaveLength(1);
    const q = '{ tunnel_list { name } tunnel_termination_list { id } wireless_lan_list { ssid } }';
    const r = await s.request('POST', '/graphql/', { query: q }, auth);
    expect(r.body.data).toEqual({ tunnel_list: [{ name: 'Foo' }], tunnel_termination_list: [], wireless_lan_list: [] });
    // writes: a site named Foo may be made, a tunnel termination or wireless LAN not at all
    expect((await s.request('POST', '/api/dcim/sites/', { name: 'Foo', slug: 'foo' }, auth)).status).toBe(201);
    expect((await s.request('POST', '/api/dcim/sites/', { name: 'Bar', slug: 'bar' }, auth)).status).toBe(403);
    const term = { tunnel: ids.tunnel, role: 'hub', termination_type: 'dcim.interface', termination_id: ids.eth1 };
    expect((await s.request('POST', '/api/vpn/tunnel-terminations/', term, auth)).status).toBe(403);
    expect((await s.request('POST', '/api/wireless/wireless-lans/', { ssid: 'Foo' }, auth)).status).toBe(403);
    const patch = await s.request('PATCH', `/api/vpn/tunnel-terminations/${ids.termination}/`, { role: 'hub' }, auth);
    expect(patch.status).toBe(404);
    expect(
      (await s.request('DELETE', `/api/vpn/tunnel-terminations/${ids.termination}/`, undefined, auth)).status,
    ).toBe(404);
    expect((await s.request('GET', `/api/vpn/tunnel-terminations/${ids.termination}/`)).body.role.value).toBe('peer');
  });

  it('is accepted when no object type has the field, and stored as given', async () => {
    const body = {
      name: 'Test Permission',
      actions: ['view', 'add', 'change', 'delete', 'extreme_administration'],
      object_types: ['vpn.tunneltermination', 'wireless.wirelesslan'],
      constraints: { name: 'Foo' },
    };
    const r = await s.request('POST', '/api/users/permissions/', body);
    expect(r.status, r.text).toBe(201);
    expect(r.body.constraints).toEqual({ name: 'Foo' });
    const changed = await s.request('PATCH', `/api/users/permissions/${r.body.id}/`, { constraints: { site_id: 5 } });
    expect(changed.status, changed.text).toBe(200);
  });
});

describe('constraints that no model can read', () => {
  it.each([
    ['a string', 'status=active', 'Constraints must be a JSON object or a list of objects.'],
    ['a list with a string', [{ status: 'active' }, 'x'], 'Constraints must be a JSON object or a list of objects.'],
    ['in without a list', { status__in: 'active' }, '"status__in": the "in" lookup needs a list of values.'],
    [
      'isnull without a boolean',
      { tenant__isnull: 'yes' },
      '"tenant__isnull": the "isnull" lookup needs true or false.',
    ],
    [
      'range without a pair',
      { latitude__range: [1] },
      '"latitude__range": the "range" lookup needs a list of 2 values.',
    ],
    ['gt with null', { name__gt: null }, '"name__gt": the "gt" lookup needs a value other than null.'],
  ])('refuses %s with a 400 naming constraints, and writes nothing', async (_name, constraints, message) => {
    const before = (await s.request('GET', '/api/users/permissions/?limit=1')).body.count;
    const r = await s.request('POST', '/api/users/permissions/', {
      name: 'bad',
      object_types: ['dcim.site', 'vpn.tunneltermination'],
      actions: ['view'],
      constraints,
    });
    expect([r.status, r.body]).toEqual([400, { constraints: [message] }]);
    expect((await s.request('GET', '/api/users/permissions/?limit=1')).body.count).toBe(before);
  });
});

async function prefixes(c: unknown): Promise<string[]> {
  const r = await s.request('GET', '/api/ipam/prefixes/', undefined, await holder(c, ['ipam.prefix']));
  return r.body.results.map((p: { prefix: string }) => p.prefix).sort();
}
