/**
 * The benchmark's data set, created through the API (the write path, with change records) in
 * bulk requests: for a scale of N objects, about 0.1% sites, 0.4% racks, 3.85% devices with 24
 * interfaces each (the device/interface ratio NetBox users have), 1.5% prefixes, 1.5% IP
 * addresses and 0.25% VLANs, plus their device types, roles and tenants.
 */
import { api } from './harness.ts';

export interface Dataset {
  readonly objects: number;
  readonly seconds: number;
  readonly siteIds: number[];
  readonly deviceIds: number[];
  readonly counts: Record<string, number>;
}

async function bulk(base: string, path: string, items: Record<string, unknown>[], chunk = 5000): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += chunk) {
    const created = await api(base, 'POST', path, items.slice(i, i + chunk));
    ids.push(...created.map((o: { id: number }) => o.id));
  }
  return ids;
}

const pick = <T>(list: T[], i: number): T => list[i % list.length]!;

/** What the devices are: tenants, device types of a few manufacturers, roles. */
async function createKinds(base: string): Promise<{ tenants: number[]; types: number[]; roles: number[] }> {
  const tenants = await bulk(
    base,
    '/api/tenancy/tenants/',
    Array.from({ length: 20 }, (_, i) => ({ name: `Tenant ${i}`, slug: `tenant-${i}` })),
  );
  const mfs = await bulk(
    base,
    '/api/dcim/manufacturers/',
    Array.from({ length: 5 }, (_, i) => ({ name: `Maker ${i}`, slug: `maker-${i}` })),
  );
  const types = await bulk(
    base,
    '/api/dcim/device-types/',
    Array.from({ length: 10 }, (_, i) => ({
      manufacturer: pick(mfs, i),
      model: `Model ${i}`,
      slug: `model-${i}`,
      u_height: 1,
    })),
  );
  const roles = await bulk(
    base,
    '/api/dcim/device-roles/',
    Array.from({ length: 5 }, (_, i) => ({ name: `Role ${i}`, slug: `role-${i}`, color: '00ff00' })),
  );
  return { tenants, types, roles };
}

/** Sites, racks, devices and 24 interfaces per device; `n(share)` is how many of a kind the scale gives. */
async function createSitesAndDevices(
  base: string,
  n: (share: number) => number,
  kinds: { tenants: number[]; types: number[]; roles: number[] },
): Promise<{ siteIds: number[]; deviceIds: number[] }> {
  const { tenants, types, roles } = kinds;
  const statuses = ['active', 'planned', 'staged', 'offline'];
  const siteIds = await bulk(
    base,
    '/api/dcim/sites/',
    Array.from({ length: n(0.001) }, (_, i) => ({
      name: `Site ${i}`,
      slug: `site-${i}`,
      status: 'active',
      tenant: pick(tenants, i),
      facility: `F${i}`,
    })),
  );
  await bulk(
    base,
    '/api/dcim/racks/',
    Array.from({ length: n(0.004) }, (_, i) => ({ name: `Rack ${i}`, site: pick(siteIds, i), status: 'active' })),
  );
  const deviceIds = await bulk(
    base,
    '/api/dcim/devices/',
    Array.from({ length: n(0.0385) }, (_, i) => ({
      name: `dev-${i}`,
      site: pick(siteIds, i),
      device_type: pick(types, i),
      role: pick(roles, i),
      tenant: pick(tenants, i),
      status: pick(statuses, i),
    })),
    2000,
  );
  const interfaces: Record<string, unknown>[] = [];
  for (const d of deviceIds)
    for (let k = 0; k < 24; k++)
      interfaces.push({ device: d, name: `eth${k}`, type: k < 22 ? '1000base-t' : '10gbase-x-sfpp', enabled: true });
  await bulk(base, '/api/dcim/interfaces/', interfaces, 10000);
  return { siteIds, deviceIds };
}

/** Prefixes, IP addresses and VLANs. */
async function createIpam(base: string, n: (share: number) => number, tenants: number[]): Promise<void> {
  await bulk(
    base,
    '/api/ipam/prefixes/',
    Array.from({ length: n(0.015) }, (_, i) => ({
      prefix: `10.${(i >> 8) & 255}.${i & 255}.0/24`,
      status: 'active',
      tenant: pick(tenants, i),
    })),
  );
  await bulk(
    base,
    '/api/ipam/ip-addresses/',
    Array.from({ length: n(0.015) }, (_, i) => ({
      address: `172.${16 + ((i >> 16) & 15)}.${(i >> 8) & 255}.${i & 255}/16`,
      status: 'active',
    })),
  );
  await bulk(
    base,
    '/api/ipam/vlans/',
    Array.from({ length: n(0.0025) }, (_, i) => ({ vid: (i % 4094) + 1, name: `vlan-${i}`, status: 'active' })),
  );
}

/** How many objects of each kind the server holds. */
async function countObjects(base: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const path of [
    'dcim/sites',
    'dcim/racks',
    'dcim/devices',
    'dcim/interfaces',
    'ipam/prefixes',
    'ipam/ip-addresses',
    'ipam/vlans',
  ]) {
    counts[path] = (await api(base, 'GET', `/api/${path}/?limit=1&brief=1`)).count;
  }
  return counts;
}

export async function createDataset(base: string, scale: number): Promise<Dataset> {
  const started = performance.now();
  const n = (share: number) => Math.max(1, Math.round(scale * share));
  const kinds = await createKinds(base);
  const { siteIds, deviceIds } = await createSitesAndDevices(base, n, kinds);
  await createIpam(base, n, kinds.tenants);
  const counts = await countObjects(base);
  return {
    objects: Object.values(counts).reduce((a, b) => a + b, 0),
    seconds: (performance.now() - started) / 1000,
    siteIds,
    deviceIds,
    counts,
  };
}
