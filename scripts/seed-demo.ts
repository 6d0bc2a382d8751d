/**
 * `npm run seed-demo`: fills a running server with a small, realistic data set through the public
 * API (regions, sites, racks, devices with interfaces, prefixes and addresses on interfaces,
 * VLANs, circuits, tenants). Safe to run twice: existing objects are found, not duplicated.
 *
 *   BASE_URL=http://127.0.0.1:8000 TOKEN=<api token> npm run seed-demo
 */
const base = (process.env.BASE_URL ?? 'http://127.0.0.1:8000').replace(/\/$/, '');
const token = process.env.TOKEN ?? process.env.SUPERUSER_API_TOKEN;
if (!token) {
  console.error('set TOKEN (or SUPERUSER_API_TOKEN) to an API token with write access');
  process.exit(2);
}
const auth = token.startsWith('svt_') ? `Bearer ${token}` : `Token ${token}`;

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

let created = 0;
/** The object matching `query`, created from `body` when there is none. */
async function ensure(
  path: string,
  query: Record<string, string | number>,
  body: Record<string, unknown>,
): Promise<any> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const found = await api('GET', `${path}?${qs}&limit=2`);
  if (found.count > 0) return found.results[0];
  created++;
  return api('POST', path, body);
}

/** A tenant group with two tenants. */
async function seedTenants(): Promise<any[]> {
  const tenantGroup = await ensure(
    '/api/tenancy/tenant-groups/',
    { slug: 'customers' },
    { name: 'Customers', slug: 'customers' },
  );
  const tenants = [];
  for (const [name, slug] of [
    ['Acme Corp', 'acme'],
    ['Globex', 'globex'],
  ]) {
    tenants.push(await ensure('/api/tenancy/tenants/', { slug }, { name, slug, group: tenantGroup.id }));
  }
  return tenants;
}

/** Two sites in two regions of Europe, one per tenant. */
async function seedSites(tenants: any[]): Promise<any[]> {
  const europe = await ensure('/api/dcim/regions/', { slug: 'europe' }, { name: 'Europe', slug: 'europe' });
  const regions = {
    nl: await ensure('/api/dcim/regions/', { slug: 'nl' }, { name: 'Netherlands', slug: 'nl', parent: europe.id }),
    de: await ensure('/api/dcim/regions/', { slug: 'de' }, { name: 'Germany', slug: 'de', parent: europe.id }),
  };
  return [
    await ensure(
      '/api/dcim/sites/',
      { slug: 'ams1' },
      {
        name: 'AMS1',
        slug: 'ams1',
        region: regions.nl.id,
        tenant: tenants[0].id,
        facility: 'Equinix AM3',
        time_zone: 'Europe/Amsterdam',
      },
    ),
    await ensure(
      '/api/dcim/sites/',
      { slug: 'fra1' },
      {
        name: 'FRA1',
        slug: 'fra1',
        region: regions.de.id,
        tenant: tenants[1].id,
        facility: 'Interxion FRA6',
        time_zone: 'Europe/Berlin',
      },
    ),
  ];
}

/** What every rack and device of the demo is: the device type, role and platform, the rack role, the VRF. */
interface Kinds {
  readonly type: any;
  readonly role: any;
  readonly platform: any;
  readonly rackRole: any;
  readonly vrf: any;
}

async function seedKinds(): Promise<Kinds> {
  const maker = await ensure('/api/dcim/manufacturers/', { slug: 'juniper' }, { name: 'Juniper', slug: 'juniper' });
  const type = await ensure(
    '/api/dcim/device-types/',
    { slug: 'qfx5120' },
    { manufacturer: maker.id, model: 'QFX5120-48Y', slug: 'qfx5120', u_height: 1 },
  );
  const role = await ensure(
    '/api/dcim/device-roles/',
    { slug: 'leaf' },
    { name: 'Leaf switch', slug: 'leaf', color: '2196f3' },
  );
  const platform = await ensure(
    '/api/dcim/platforms/',
    { slug: 'junos' },
    { name: 'Junos', slug: 'junos', manufacturer: maker.id },
  );
  const rackRole = await ensure(
    '/api/dcim/rack-roles/',
    { slug: 'network' },
    { name: 'Network', slug: 'network', color: '4caf50' },
  );
  const vrf = await ensure('/api/ipam/vrfs/', { rd: '65000:100' }, { name: 'Production', rd: '65000:100' });
  return { type, role, platform, rackRole, vrf };
}

/** A site's VLAN group with three VLANs, its container prefix, and two racks of two leaf switches each. */
async function seedSite(site: any, si: number, kinds: Kinds): Promise<void> {
  const { vrf } = kinds;
  const group = await ensure(
    '/api/ipam/vlan-groups/',
    { slug: `${site.slug}-vlans` },
    { name: `${site.name} VLANs`, slug: `${site.slug}-vlans`, scope_type: 'dcim.site', scope_id: site.id },
  );
  for (const [vid, name] of [
    [10, 'servers'],
    [20, 'storage'],
    [99, 'management'],
  ] as const) {
    await ensure(
      '/api/ipam/vlans/',
      { group_id: group.id, vid },
      { vid, name, group: group.id, site: site.id, status: 'active' },
    );
  }
  await ensure(
    '/api/ipam/prefixes/',
    { prefix: `10.${si}.0.0/16`, vrf_id: vrf.id },
    { prefix: `10.${si}.0.0/16`, vrf: vrf.id, status: 'container', scope_type: 'dcim.site', scope_id: site.id },
  );
  for (let r = 1; r <= 2; r++) {
    const rack = await ensure(
      '/api/dcim/racks/',
      { site_id: site.id, name: `R${r}` },
      { name: `R${r}`, site: site.id, role: kinds.rackRole.id, u_height: 42 },
    );
    for (let d = 1; d <= 2; d++) await seedDevice(site, rack, { si, r, d }, kinds);
  }
}

/** A leaf switch in the rack with its /24, four interfaces, and the first one's address as its primary IP. */
async function seedDevice(site: any, rack: any, at: { si: number; r: number; d: number }, kinds: Kinds): Promise<void> {
  const { si, r, d } = at;
  const { vrf } = kinds;
  const name = `${site.slug}-leaf${r}${d}`;
  const subnet = `10.${si}.${r * 10 + d}`;
  const device = await ensure(
    '/api/dcim/devices/',
    { name },
    {
      name,
      device_type: kinds.type.id,
      role: kinds.role.id,
      platform: kinds.platform.id,
      site: site.id,
      rack: rack.id,
      position: d * 2,
      face: 'front',
      tenant: site.tenant?.id ?? null,
    },
  );
  await ensure(
    '/api/ipam/prefixes/',
    { prefix: `${subnet}.0/24`, vrf_id: vrf.id },
    { prefix: `${subnet}.0/24`, vrf: vrf.id, status: 'active' },
  );
  for (let p = 1; p <= 4; p++) {
    const iface = await ensure(
      '/api/dcim/interfaces/',
      { device_id: device.id, name: `et-0/0/${p}` },
      { device: device.id, name: `et-0/0/${p}`, type: '25gbase-x-sfp28' },
    );
    if (p !== 1) continue;
    const ip = await ensure(
      '/api/ipam/ip-addresses/',
      { address: `${subnet}.1/24`, vrf_id: vrf.id },
      {
        address: `${subnet}.1/24`,
        vrf: vrf.id,
        assigned_object_type: 'dcim.interface',
        assigned_object_id: iface.id,
        dns_name: `${name}.example.net`,
      },
    );
    if (!device.primary_ip4) await api('PATCH', `/api/dcim/devices/${device.id}/`, { primary_ip4: ip.id });
  }
}

/** A transit circuit per site, terminated at the site. */
async function seedCircuits(sites: any[]): Promise<void> {
  const provider = await ensure('/api/circuits/providers/', { slug: 'lumen' }, { name: 'Lumen', slug: 'lumen' });
  const ctype = await ensure(
    '/api/circuits/circuit-types/',
    { slug: 'transit' },
    { name: 'Internet transit', slug: 'transit' },
  );
  for (const [i, site] of sites.entries()) {
    const circuit = await ensure(
      '/api/circuits/circuits/',
      { cid: `LUM-${1000 + i}` },
      {
        cid: `LUM-${1000 + i}`,
        provider: provider.id,
        type: ctype.id,
        commit_rate: 10_000_000,
        tenant: site.tenant?.id ?? null,
      },
    );
    await ensure(
      '/api/circuits/circuit-terminations/',
      { circuit_id: circuit.id, term_side: 'A' },
      {
        circuit: circuit.id,
        term_side: 'A',
        termination_type: 'dcim.site',
        termination_id: site.id,
        port_speed: 10_000_000,
      },
    );
  }
}

async function main(): Promise<void> {
  const sites = await seedSites(await seedTenants());
  const kinds = await seedKinds();
  for (const [si, site] of sites.entries()) await seedSite(site, si, kinds);
  await seedCircuits(sites);
  console.log(`demo data ready at ${base}/api/ (${created} objects created)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
