/**
 * The one row of another model pointing at an object (`reverse_one`: an interface's wireless link by
 * either end, its L2VPN termination, a circuit's A and Z terminations) as a list shows it, where the
 * page finds them for all its rows at once (read/page-sql.ts), is what the object's own GET shows, row
 * by row: a row no link points at reads null, a link's B end reads it as its A end does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer();
  const post = (path: string, body: unknown) => created(s, path, body);
  const site = await post('/api/dcim/sites/', { name: 'Rev', slug: 'rev' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'RevCo', slug: 'revco' });
  const role = await post('/api/dcim/device-roles/', { name: 'RevRole', slug: 'rev-role' });
  const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'R1', slug: 'r1' });
  const device = await post('/api/dcim/devices/', { name: 'rev1', device_type: dt.id, role: role.id, site: site.id });
  for (const name of ['wlan0', 'wlan1', 'wlan2', 'wlan3', 'wlan4']) {
    ids[name] = (await post('/api/dcim/interfaces/', { device: device.id, name, type: 'ieee802.11ac' })).id;
  }
  // wlan0 → wlan1, and wlan3 → wlan2 (its B end sorts first); wlan4 has none
  await post('/api/wireless/wireless-links/', { interface_a: ids.wlan0, interface_b: ids.wlan1, ssid: 'one' });
  await post('/api/wireless/wireless-links/', { interface_a: ids.wlan3, interface_b: ids.wlan2, ssid: 'two' });
  const l2vpn = await post('/api/vpn/l2vpns/', { name: 'L2', slug: 'l2', type: 'vxlan' });
  await post('/api/vpn/l2vpn-terminations/', {
    l2vpn: l2vpn.id,
    assigned_object_type: 'dcim.interface',
    assigned_object_id: ids.wlan2,
  });
  const provider = await post('/api/circuits/providers/', { name: 'RevNet', slug: 'revnet' });
  const type = await post('/api/circuits/circuit-types/', { name: 'Rev', slug: 'rev' });
  for (const [cid, sides] of [
    ['C-AZ', ['A', 'Z']],
    ['C-Z', ['Z']],
    ['C-none', []],
  ] as const) {
    const circuit = await post('/api/circuits/circuits/', { cid, provider: provider.id, type: type.id });
    for (const term_side of sides) {
      await post('/api/circuits/circuit-terminations/', {
        circuit: circuit.id,
        term_side,
        termination_type: 'dcim.site',
        termination_id: site.id,
      });
    }
  }
}, 120_000);

afterAll(async () => s?.stop());

/** Each row of the list at `path`, beside the object's own GET. */
async function listAndDetails(path: string): Promise<[any, any][]> {
  const list = await s.request('GET', path);
  expect(list.status).toBe(200);
  const rows: any[] = list.body.results;
  return Promise.all(rows.map(async (r) => [r, (await s.request('GET', new URL(r.url).pathname)).body]));
}

describe('reverse one-to-one relations in a page', () => {
  it("an interface's wireless link by either end, and its L2VPN termination", async () => {
    const pairs = await listAndDetails(
      '/api/dcim/interfaces/?device=rev1&fields=id,url,name,wireless_link,l2vpn_termination',
    );
    const byName = Object.fromEntries(pairs.map(([row]) => [row.name, row]));
    expect(byName.wlan0.wireless_link.ssid).toBe('one');
    expect(byName.wlan1.wireless_link.ssid).toBe('one');
    expect(byName.wlan2.wireless_link.ssid).toBe('two');
    expect(byName.wlan3.wireless_link.ssid).toBe('two');
    expect(byName.wlan4.wireless_link).toBeNull();
    expect(byName.wlan2.l2vpn_termination.display).toMatch(/^L2: /);
    expect(byName.wlan0.l2vpn_termination).toBeNull();
    for (const [row, detail] of pairs) {
      expect(row.wireless_link).toEqual(detail.wireless_link);
      expect(row.l2vpn_termination).toEqual(detail.l2vpn_termination);
    }
  });

  it("a circuit's A and Z terminations, each by its side", async () => {
    const pairs = await listAndDetails('/api/circuits/circuits/?provider=revnet');
    const byCid = Object.fromEntries(pairs.map(([row]) => [row.cid, row]));
    expect(byCid['C-AZ'].termination_a.display).toBe('C-AZ: Termination A');
    expect(byCid['C-AZ'].termination_z.display).toBe('C-AZ: Termination Z');
    expect(byCid['C-Z'].termination_a).toBeNull();
    expect(byCid['C-Z'].termination_z.display).toBe('C-Z: Termination Z');
    expect(byCid['C-none'].termination_a).toBeNull();
    expect(byCid['C-none'].termination_z).toBeNull();
    for (const [row, detail] of pairs) expect(row).toEqual(detail);
  });
});
