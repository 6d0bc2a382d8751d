/**
 * Filtering, lookups, search and ordering (issue 4): a table of cases per field kind, each with
 * the ids it must return, plus OR/AND combination, tags, custom fields, IP containment, ordering
 * stability across pages, and strict-mode errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const ids: Record<string, number> = {};
const names = (body: any) => body.results.map((o: any) => o.name).sort();

beforeAll(async () => {
  s = await startTestServer();
  const post = async (path: string, body: unknown) => {
    const r = await s.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const emea = await post('/api/dcim/regions/', { name: 'EMEA', slug: 'emea' });
  const nl = await post('/api/dcim/regions/', { name: 'NL', slug: 'nl', parent: emea.id });
  const apac = await post('/api/dcim/regions/', { name: 'APAC', slug: 'apac' });
  const tenant = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
  await post('/api/extras/tags/', [
    { name: 'gold', slug: 'gold' },
    { name: 'core', slug: 'core' },
  ]);
  await post('/api/extras/custom-fields/', [
    { name: 'code', type: 'text', object_types: ['dcim.site'] },
    { name: 'code_exact', type: 'text', object_types: ['dcim.site'], filter_logic: 'exact' },
    { name: 'floors', type: 'integer', object_types: ['dcim.site'] },
    { name: 'hidden_cf', type: 'text', object_types: ['dcim.site'], filter_logic: 'disabled' },
  ]);
  const sites = await post('/api/dcim/sites/', [
    {
      name: 'Alpha',
      slug: 'alpha',
      region: nl.id,
      status: 'active',
      facility: 'Floor 1',
      latitude: 52.1,
      tags: [{ slug: 'gold' }, { slug: 'core' }],
      custom_fields: { code: 'AMS-One', code_exact: 'AMS', floors: 3 },
    },
    {
      name: 'Beta',
      slug: 'beta',
      region: emea.id,
      status: 'planned',
      facility: '',
      tenant: tenant.id,
      tags: [{ slug: 'gold' }],
      custom_fields: { code: 'ams-two', code_exact: 'ams', floors: 10 },
    },
    { name: 'Gamma', slug: 'gamma', region: apac.id, status: 'retired', facility: 'Cage 9', latitude: -33.8 },
    { name: 'delta', slug: 'delta', status: 'active', description: 'the fourth' },
  ]);
  for (const x of sites) ids[x.name] = x.id;
  const vlans = Array.from({ length: 7 }, (_, i) => ({ vid: (i + 1) * 100, name: `v${i}`, site: ids.Alpha }));
  await post('/api/ipam/vlans/', vlans);
  await post('/api/ipam/prefixes/', [
    { prefix: '10.0.0.0/8' },
    { prefix: '10.1.0.0/16' },
    { prefix: '10.1.2.0/24' },
    { prefix: '192.168.0.0/24' },
    { prefix: '2001:db8::/48' },
  ]);
  await post('/api/ipam/ip-addresses/', [
    { address: '10.1.2.3/24' },
    { address: '10.1.2.4/24' },
    { address: '192.168.0.9/24' },
    { address: '2001:db8::1/64' },
  ]);
});
afterAll(async () => s?.stop());

const get = (q: string) => s.request('GET', `/api/dcim/sites/?${q}`);

describe('lookups by field kind', () => {
  const cases: [string, string[]][] = [
    // strings
    ['name=Alpha', ['Alpha']],
    ['name=alpha', []],
    ['name__n=Alpha', ['Beta', 'Gamma', 'delta']],
    ['name__ic=ALP', ['Alpha']],
    ['name__nic=a', []],
    ['name__isw=g', ['Gamma']],
    ['name__nisw=a', ['Beta', 'Gamma', 'delta']],
    ['name__iew=TA', ['Beta', 'delta']],
    ['name__niew=a', []],
    ['name__ie=DELTA', ['delta']],
    ['name__nie=delta', ['Alpha', 'Beta', 'Gamma']],
    ['name__regex=^[A-Z]e', ['Beta']],
    ['name__iregex=^[a-c]', ['Alpha', 'Beta']],
    ['facility__empty=true', ['Beta', 'delta']],
    ['facility__empty=false', ['Alpha', 'Gamma']],
    ['description__ic=fourth', ['delta']],
    // choices
    ['status=active', ['Alpha', 'delta']],
    ['status__n=active', ['Beta', 'Gamma']],
    ['status=active&status=planned', ['Alpha', 'Beta', 'delta']],
    // numbers and decimals
    ['latitude__gt=0', ['Alpha']],
    ['latitude__lte=0', ['Gamma']],
    ['latitude__empty=true', ['Beta', 'delta']],
    // foreign keys, trees, natural keys, null
    ['region=emea', ['Alpha', 'Beta']],
    ['region=nl', ['Alpha']],
    ['region=emea&region=apac', ['Alpha', 'Beta', 'Gamma']],
    ['region__n=emea', ['Gamma', 'delta']],
    ['region_id=null', ['delta']],
    ['tenant=acme', ['Beta']],
    ['tenant_id__n=null', ['Beta']],
    // tags: all must be present
    ['tag=gold', ['Alpha', 'Beta']],
    ['tag=gold&tag=core', ['Alpha']],
    ['tag__n=core', ['Beta', 'Gamma', 'delta']],
    // custom fields
    ['cf_code=ams', ['Alpha', 'Beta']],
    ['cf_code_exact=AMS', ['Alpha']],
    ['cf_code_exact__ic=ams', ['Alpha', 'Beta']],
    ['cf_floors__gte=5', ['Beta']],
    ['cf_floors=3', ['Alpha']],
    ['cf_floors__empty=true', ['Gamma', 'delta']],
    // free text
    ['q=floor', ['Alpha']],
    ['q=  ', ['Alpha', 'Beta', 'Gamma', 'delta']],
    // AND across parameters
    ['status=active&region=emea', ['Alpha']],
    ['status=active&name__ic=e', ['delta']],
  ];
  it.each(cases)('?%s', async (q, want) => {
    const r = await get(q);
    expect(r.status, r.text).toBe(200);
    expect(names(r.body)).toEqual(want.sort());
  });

  it('counts and pages the filtered set', async () => {
    const r = await get('status=active&limit=1');
    expect(r.body.count).toBe(2);
    expect(r.body.next).toContain('status=active');
  });
});

describe('numeric lookups on VLAN ids', () => {
  it.each([
    ['vid=300', [300]],
    ['vid__gt=500', [600, 700]],
    ['vid__gte=500&vid__lt=700', [500, 600]],
    ['vid__n=100', [200, 300, 400, 500, 600, 700]],
    ['vid=100&vid=700', [100, 700]],
  ] as [string, number[]][])('?%s', async (q, want) => {
    const r = await s.request('GET', `/api/ipam/vlans/?${q}`);
    expect(r.body.results.map((v: any) => v.vid)).toEqual(want);
  });
});

describe('IP filters', () => {
  const prefixes = async (q: string) =>
    (await s.request('GET', `/api/ipam/prefixes/?${q}`)).body.results.map((p: any) => p.prefix);
  const addresses = async (q: string) =>
    (await s.request('GET', `/api/ipam/ip-addresses/?${q}`)).body.results.map((p: any) => p.address);
  it('finds prefixes within, within_include and containing, by family and mask length', async () => {
    expect(await prefixes('within=10.0.0.0/8')).toEqual(['10.1.0.0/16', '10.1.2.0/24']);
    expect(await prefixes('within_include=10.1.0.0/16')).toEqual(['10.1.0.0/16', '10.1.2.0/24']);
    expect(await prefixes('contains=10.1.2.77')).toEqual(['10.0.0.0/8', '10.1.0.0/16', '10.1.2.0/24']);
    expect(await prefixes('family=6')).toEqual(['2001:db8::/48']);
    expect(await prefixes('mask_length__gte=24')).toEqual(['10.1.2.0/24', '192.168.0.0/24', '2001:db8::/48']);
    expect(await prefixes('mask_length=16')).toEqual(['10.1.0.0/16']);
    expect(await prefixes('prefix=10.1.2.0/24')).toEqual(['10.1.2.0/24']);
    expect(await prefixes('q=10.1.2.5')).toEqual(['10.0.0.0/8', '10.1.0.0/16', '10.1.2.0/24']);
  });
  it('finds addresses by parent prefix, repeated address, family and mask', async () => {
    expect(await addresses('parent=10.1.0.0/16')).toEqual(['10.1.2.3/24', '10.1.2.4/24']);
    expect(await addresses('address=10.1.2.3&address=192.168.0.9/24')).toEqual(['10.1.2.3/24', '192.168.0.9/24']);
    expect(await addresses('family=6')).toEqual(['2001:db8::1/64']);
    expect(await addresses('mask_length=64')).toEqual(['2001:db8::1/64']);
    expect(await addresses('assigned_to_interface=false&family=4')).toHaveLength(3);
  });
  it('rejects malformed addresses and prefixes with 400', async () => {
    const r = await s.request('GET', '/api/ipam/prefixes/?within=10.0.0.0');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['within']);
    const a = await s.request('GET', '/api/ipam/ip-addresses/?parent=999.1.1.0/24');
    expect(a.status).toBe(400);
  });
});

describe('ordering', () => {
  it('orders by fields, descending with -, several comma-separated, names naturally', async () => {
    const r = await get('ordering=-name');
    expect(r.body.results.map((x: any) => x.name)).toEqual(['Gamma', 'delta', 'Beta', 'Alpha']);
    const multi = await get('ordering=status,-name');
    expect(multi.body.results.map((x: any) => x.name)).toEqual(['delta', 'Alpha', 'Beta', 'Gamma']);
    await s.request(
      'POST',
      '/api/dcim/racks/',
      ['r10', 'r2', 'r1'].map((name) => ({ name, site: ids.Alpha })),
    );
    const racks = await s.request('GET', `/api/dcim/racks/?site_id=${ids.Alpha}`);
    expect(racks.body.results.map((x: any) => x.name)).toEqual(['r1', 'r2', 'r10']);
  });

  it('never repeats or skips a row across pages when values tie', async () => {
    await s.request(
      'POST',
      '/api/dcim/sites/',
      Array.from({ length: 25 }, (_, i) => ({ name: `tie-${i}`, slug: `tie-${i}`, status: 'staging' })),
    );
    const seen: number[] = [];
    for (let offset = 0; offset < 25; offset += 4) {
      const r = await get(`status=staging&ordering=status&limit=4&offset=${offset}`);
      seen.push(...r.body.results.map((x: any) => x.id));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('request filters', () => {
  it('finds objects created, updated or modified by one request', async () => {
    const created = await s.request('POST', '/api/dcim/sites/', [
      { name: 'R1', slug: 'r1' },
      { name: 'R2', slug: 'r2' },
    ]);
    const rid = created.headers.get('x-request-id');
    const updated = await s.request('PATCH', `/api/dcim/sites/${ids.Gamma}/`, { description: 'touched' });
    const uid = updated.headers.get('x-request-id');
    expect(names((await get(`created_by_request=${rid}`)).body)).toEqual(['R1', 'R2']);
    expect(names((await get(`updated_by_request=${rid}`)).body)).toEqual([]);
    expect(names((await get(`updated_by_request=${uid}`)).body)).toEqual(['Gamma']);
    expect(names((await get(`modified_by_request=${uid}`)).body)).toEqual(['Gamma']);
    expect((await get('created_by_request=not-a-uuid')).body).toEqual({ created_by_request: ['Enter a valid UUID.'] });
  });
});

describe('strict filtering', () => {
  it.each([
    ['nmae=Alpha', 'nmae', /^Unknown filter/],
    ['name__bogus=x', 'name__bogus', /^Unsupported lookup "bogus"/],
    ['status__gt=active', 'status__gt', /^Unsupported lookup/],
    ['status=bogus', 'status', /^Select a valid choice\. bogus is not one of the available choices\.$/],
    ['latitude__gt=abc', 'latitude__gt', /^Enter a number\.$/],
    ['region_id=abc', 'region_id', /^Enter a whole number\.$/],
    ['region_id=99999', 'region_id', /^Select a valid choice\. 99999 is not one of the available choices\.$/],
    ['region=nowhere', 'region', /^Select a valid choice\. nowhere/],
    ['tag=nope', 'tag', /^Select a valid choice/],
    ['cf_nope=1', 'cf_nope', /^Unknown filter/],
    ['cf_hidden_cf=1', 'cf_hidden_cf', /^Unknown filter/],
    ['created__gte=yesterday', 'created__gte', /^Enter a valid date\/time\.$/],
    ['ordering=nope', 'ordering', /^Cannot order by "nope"/],
  ])('?%s → 400 naming the parameter', async (q, key, message) => {
    const r = await get(q);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual([key]);
    expect(r.body[key][0]).toMatch(message);
  });

  it('reports every bad parameter at once', async () => {
    const r = await get('nope=1&status=bad');
    expect(Object.keys(r.body).sort()).toEqual(['nope', 'status']);
  });

  it('never counts paging and shaping parameters as unknown', async () => {
    const r = await get(
      'limit=2&offset=0&fields=id&omit=url&brief=1&exclude=config_context&ordering=name&q=a&format=json',
    );
    expect(r.status, r.text).toBe(200);
  });

  it('accepts and ignores parameters the catalogue names for known clients', async () => {
    const r = await s.request('GET', '/api/ipam/ip-addresses/?assigned_object=5&address=10.1.2.3');
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
  });

  it('ignores unknown filters when STRICT_FILTERING=false, as NetBox does', async () => {
    const lenient = await startTestServer({ env: { STRICT_FILTERING: 'false' } });
    try {
      await lenient.request('POST', '/api/dcim/sites/', [
        { name: 'x', slug: 'x' },
        { name: 'y', slug: 'y' },
      ]);
      const r = await lenient.request('GET', '/api/dcim/sites/?nmae=x&ordering=nope');
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(2);
      const bad = await lenient.request('GET', '/api/dcim/sites/?status=bogus');
      expect(bad.status).toBe(400);
    } finally {
      await lenient.stop();
    }
  });
});
