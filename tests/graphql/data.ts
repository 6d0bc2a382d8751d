/** Rows for GraphQL tests, and what GraphQL lists answer of them. */
import { expect } from 'vitest';
import { created, type TestServer } from '../helpers/server.ts';

/** Devices of the given names at the site, of one new manufacturer's type and one new role (as created). */
export async function createDevices(s: TestServer, site: number, names: readonly string[]): Promise<any[]> {
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'mf', slug: 'mf' });
  const dt = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'dt', slug: 'dt' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'rl', slug: 'rl', color: '00ff00' });
  const refs = { site, device_type: dt.id, role: role.id };
  return created(
    s,
    '/api/dcim/devices/',
    names.map((name) => ({ name, ...refs })),
  );
}

/** The `field` of each row the list root field `root` returns for `filters` (sorted); it must not fail. */
export async function listRows(s: TestServer, root: string, filters: string, field = 'id'): Promise<string[]> {
  const r = await s.request('POST', '/graphql/', { query: `{ ${root}(filters: ${filters}) { ${field} } }` });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return (r.body.data[root] as Record<string, string>[]).map((x) => String(x[field])).sort();
}
