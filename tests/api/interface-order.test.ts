/**
 * Interfaces in NetBox's order, from stored keys (runtime/catalogue/keys.ts): by device (its name as
 * natural_sort orders it, then its id, unnamed devices last) and then `_name`, the name as NetBox's
 * naturalize_interface gives it compared as bytes — so "ge-0/0/1" (slots) comes before "Gi1/0/2",
 * which comes before "Eth1" and "eth0" (no slot), where natural_sort put "eth0" first. The keys follow
 * every write that changes what they are made of: a device renamed, an interface renamed or moved. The
 * other components NetBox orders by device then name keep the device's name the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, query, type Sql } from '../../runtime/db/index.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let sql: Sql;
const devices: Record<string, number> = {};

/** Every interface of the list, `device/name`, in the order the API gives them. */
async function listed(path = '/api/dcim/interfaces/?limit=0'): Promise<string[]> {
  const r = await s.request('GET', path);
  expect(r.status, r.text).toBe(200);
  return r.body.results.map((i: any) => `${i.device.name ?? '-'}/${i.name}`);
}

const NAMES = ['eth10', 'eth2', 'Gi1/0/10', 'Gi1/0/2', 'eth0', 'Eth1', 'ge-0/0/1.100', 'ge-0/0/1'];
const NETBOX_ORDER = ['ge-0/0/1', 'ge-0/0/1.100', 'Gi1/0/2', 'Gi1/0/10', 'Eth1', 'eth0', 'eth2', 'eth10'];

beforeAll(async () => {
  s = await startTestServer();
  sql = connect(s.databaseUrl, { max: 1 });
  const site = await created(s, '/api/dcim/sites/', { name: 'io', slug: 'io' });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'io', slug: 'io' });
  const dt = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'io', slug: 'io' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'io', slug: 'io', color: '00ff00' });
  const made = await created(
    s,
    '/api/dcim/devices/',
    ['dev10', 'dev2', 'Dev3', null].map((name) => ({ name, site: site.id, device_type: dt.id, role: role.id })),
  );
  for (const d of made) devices[d.name ?? '-'] = d.id;
  await created(
    s,
    '/api/dcim/interfaces/',
    Object.values(devices).flatMap((device) => NAMES.map((name) => ({ device, name, type: '1000base-t' }))),
  );
});
afterAll(async () => {
  await sql?.end();
  await s?.stop();
});

describe('naturalize_interface', () => {
  it("gives NetBox's values (its own test cases)", async () => {
    const cases: [string, string][] = [
      ['Gi', '9999999999999999Gi..................'],
      ['Gi1', '9999999999999999Gi000001............'],
      ['Gi1.0', '9999999999999999Gi000001......000000'],
      ['Gi1:0.1', '9999999999999999Gi000001000000000001'],
      ['Gi1:1', '9999999999999999Gi000001000001......'],
      ['Gi1/2', '0001999999999999Gi000002............'],
      ['Gi1/2/3', '0001000299999999Gi000003............'],
      ['Gi1/2/3/4/5', '0001000200030004Gi000005............'],
      ['Gi1/2/3/4/5:6.7', '0001000200030004Gi000005000006000007'],
      ['Interface 1 (other)', '9999999999999999Interface 000001............ (other)'],
      ['PCIe1-p99', '9999999999999999PCIe000001............-p00000099'],
      // a position longer than its width stays whole; the text after the pattern is naturalized
      ['Gi12345/1', '12345999999999999Gi000001............'],
      ['', '9999999999999999..................'],
      // as Python's re: "." stops at a line break, "$" matches before a final one; no match: the name itself
      ['Gi1\n', '9999999999999999Gi000001............'],
      ['Gi1\nx', 'Gi1\nx'],
      // cut to NetBox's 100 characters
      [`Gi1/${'a'.repeat(90)}`, `0001999999999999Gi..................${'a'.repeat(64)}`],
    ];
    const rows = await query(sql, 'SELECT v, naturalize_interface(v) AS n FROM unnest($1::text[]) v', [
      cases.map(([v]) => v),
    ]);
    expect(rows.map((r) => [r.v, r.n])).toEqual(cases);
  });
});

describe('the interface list', () => {
  it('is in NetBox order: devices by natural name then id (unnamed last), then _name', async () => {
    const byDevice = (d: string) => NETBOX_ORDER.map((n) => `${d}/${n}`);
    expect(await listed()).toEqual([...byDevice('dev2'), ...byDevice('Dev3'), ...byDevice('dev10'), ...byDevice('-')]);
  });

  it('gives the same order page by page, however deep', async () => {
    const all = await listed();
    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 5)
      pages.push(...(await listed(`/api/dcim/interfaces/?limit=5&offset=${offset}`)));
    expect(pages).toEqual(all);
  });

  it('follows a device renamed, an interface renamed and an interface moved', async () => {
    const rename = await s.request('PATCH', `/api/dcim/devices/${devices.dev10}/`, { name: 'dev1' });
    expect(rename.status, rename.text).toBe(200);
    const first = (await listed()).slice(0, NAMES.length);
    expect(first).toEqual(NETBOX_ORDER.map((n) => `dev1/${n}`));

    const [eth10] = (await s.request('GET', `/api/dcim/interfaces/?device_id=${devices.dev10}&name=eth10`)).body
      .results;
    const moved = await s.request('PATCH', `/api/dcim/interfaces/${eth10.id}/`, {
      device: devices.Dev3,
      name: 'Gi0/9',
    });
    expect(moved.status, moved.text).toBe(200);
    const list = await listed();
    // "Gi0/9" is in slot 0: after "ge-0/0/1" (slot 0, subslot 0), before "Gi1/0/2"; dev1 no longer has it
    expect(list.indexOf('Dev3/Gi0/9')).toBe(list.indexOf('Dev3/Gi1/0/2') - 1);
    expect(list).not.toContain('dev1/eth10');

    const keys = await query(
      sql,
      `SELECT count(*)::int AS wrong FROM dcim_interface i JOIN dcim_device d ON d.id = i.device_id
        WHERE i._name <> naturalize_interface(i.name) OR i._device_name IS DISTINCT FROM d.name`,
    );
    expect(keys[0]!.wrong).toBe(0);
  });
});

describe('the other components', () => {
  it("are in NetBox's order by the device's name kept on each, after a rename too (console ports)", async () => {
    const ports = Object.values(devices).flatMap((device) => ['p10', 'p2'].map((name) => ({ device, name })));
    await created(s, '/api/dcim/console-ports/', ports);
    const order = async () =>
      (await s.request('GET', '/api/dcim/console-ports/?limit=0')).body.results.map(
        (p: any) => `${p.device.name ?? '-'}/${p.name}`,
      );
    // in the devices' own order (by natural name, then id, unnamed last), each device's ports by name
    const inDeviceOrder = async () =>
      (await s.request('GET', '/api/dcim/devices/?limit=0')).body.results.flatMap((d: any) =>
        ['p2', 'p10'].map((n) => `${d.name ?? '-'}/${n}`),
      );
    expect(await order()).toEqual(await inDeviceOrder());
    const rename = await s.request('PATCH', `/api/dcim/devices/${devices.Dev3}/`, { name: 'a-first' });
    expect(rename.status, rename.text).toBe(200);
    expect((await order()).slice(0, 2)).toEqual(['a-first/p2', 'a-first/p10']);
    expect(await order()).toEqual(await inDeviceOrder());
    const keys = await query(
      sql,
      `SELECT count(*)::int AS wrong FROM dcim_consoleport c JOIN dcim_device d ON d.id = c.device_id
        WHERE c._device_name IS DISTINCT FROM d.name`,
    );
    expect(keys[0]!.wrong).toBe(0);
  });
});
