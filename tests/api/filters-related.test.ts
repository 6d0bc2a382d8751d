/**
 * Filters that reach other rows, each kind once against the real server: counts' `__empty`, a cabled
 * object's traced path (`connected`), and filters declared through relations (reverse foreign keys,
 * many-to-many fields, generic relations, alternatives), with their negations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const post = (path: string, body: unknown) => created(s, path, body);
const ids = async (path: string) => {
  const r = await s.request('GET', path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body.results.map((o: any) => o.id).sort((a: number, b: number) => a - b);
};
const status = async (path: string) => (await s.request('GET', path)).status;

let site: any;
let type: any;
let role: any;
const device = (name: string, extra: object = {}) =>
  post('/api/dcim/devices/', { name, device_type: type.id, role: role.id, site: site.id, ...extra });
const iface = (d: any, name: string, extra: object = {}) =>
  post('/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t', ...extra });
const cable = (a: any, b: any, extra: object = {}) =>
  post('/api/dcim/cables/', {
    a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }],
    ...extra,
  });

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Rel', slug: 'rel' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'RelCo', slug: 'relco' });
  type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'R1', slug: 'r1' });
  role = await post('/api/dcim/device-roles/', { name: 'RelRole', slug: 'rel-role' });
});
afterAll(async () => s?.stop());

describe('filters reaching other rows', () => {
  it('a count is never empty', async () => {
    const d = await device('rel-count');
    await iface(d, 'x');
    expect(await ids(`/api/dcim/devices/?id=${d.id}&interface_count__empty=false`)).toEqual([d.id]);
    expect(await ids(`/api/dcim/devices/?id=${d.id}&interface_count__empty=true`)).toEqual([]);
  });

  it('connected: the traced path is complete and every cable on it connected', async () => {
    const d = await device('rel-path');
    const [a, b, c, e, u] = [
      await iface(d, 'a'),
      await iface(d, 'b'),
      await iface(d, 'c'),
      await iface(d, 'e'),
      await iface(d, 'u'),
    ];
    await cable(a, b);
    await cable(c, e, { status: 'planned' });
    const mine = `/api/dcim/interfaces/?device_id=${d.id}`;
    expect(await ids(`${mine}&connected=true`)).toEqual([a.id, b.id]);
    expect(await ids(`${mine}&connected=false`)).toEqual([c.id, e.id, u.id]);
    expect(await status(`${mine}&connected=maybe`)).toBe(400);
  });
});
