/**
 * Displays that are NetBox's `str()` of an object, a table per rule, in JSON written by PostgreSQL and by the
 * server: a device's (its label: the name, else `<virtual chassis>:<position>`, with the asset tag; else the
 * type), an IP range's (IPRange.name: the parts both addresses share, then each one's rest), a cable
 * termination's (`Cable <cable> to <termination>`) and a tagged object's (`<object> tagged with <tag>`), each
 * also where the object is nested (a virtual chassis member in its chassis, a device in its interface).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, JSON_WRITERS, startTestServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** The IP ranges NetBox names, and its names for them (NetBox keeps every equal pair of parts, not a prefix). */
const RANGES: [string, string, string][] = [
  ['192.168.1.0/22', '192.168.1.49/22', '192.168.1.0-49/22'],
  ['192.168.0.10/24', '192.168.0.200/24', '192.168.0.10-200/24'],
  ['10.1.2.3/8', '10.2.2.4/8', '10.2.2.3-2.4/8'],
  ['10.0.0.1/8', '11.0.0.1/8', '0.0.1.1-1/8'],
  ['2001:db8::1/64', '2001:db8::ff/64', '2001:db8::1-ff/64'],
  ['2001:db8::1/64', '2001:db8::1:1/64', '2001:db8::1:-1/64'],
];

describe.each(JSON_WRITERS)('%s', (_name, env) => {
  let s: TestServer;
  const post = (path: string, body: unknown) => created(s, path, body);
  const display = async (path: string) => (await s.request('GET', path)).body.display;
  let type: any;
  let device: (extra: Record<string, unknown>) => Promise<any>;

  beforeAll(async () => {
    s = await startTestServer({ env });
    servers.push(s);
    const maker = await post('/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'QFX5100-48T-6Q', slug: 'qfx' });
    const role = await post('/api/dcim/device-roles/', { name: 'ToR', slug: 'tor' });
    const site = await post('/api/dcim/sites/', { name: 'DM-Akron', slug: 'dm-akron' });
    device = (extra) => post('/api/dcim/devices/', { device_type: type.id, role: role.id, site: site.id, ...extra });
  });

  it("shows a device by NetBox's label (name, else virtual chassis:position), asset tag, else type", async () => {
    const vc = await post('/api/dcim/virtual-chassis/', { name: 'r105-torsw' });
    const cases: [Record<string, unknown>, (d: any) => string][] = [
      [{ name: 'sw1' }, () => 'sw1'],
      [{ name: 'sw2', asset_tag: 'A-2' }, () => 'sw2 (A-2)'],
      [{ virtual_chassis: vc.id, vc_position: 1 }, () => 'r105-torsw:1'],
      [{ virtual_chassis: vc.id, vc_position: 0, asset_tag: 'A-0' }, () => 'r105-torsw:0 (A-0)'],
      [{ name: 'named-member', virtual_chassis: vc.id, vc_position: 2 }, () => 'named-member'],
      [{ asset_tag: 'A-3' }, () => 'Juniper QFX5100-48T-6Q (A-3)'],
      [{}, (d) => `Juniper QFX5100-48T-6Q (${d.id})`],
    ];
    for (const [body, want] of cases) {
      const d = await device(body);
      expect(d.display, JSON.stringify(body)).toBe(want(d));
      expect(await display(`/api/dcim/devices/${d.id}/`)).toBe(want(d));
    }
    const chassis = (await s.request('GET', `/api/dcim/virtual-chassis/${vc.id}/`)).body;
    expect(chassis.members.map((m: any) => m.display).sort()).toEqual([
      'named-member',
      'r105-torsw:0 (A-0)',
      'r105-torsw:1',
    ]);
  });

  it('shows an IP range as NetBox names it', async () => {
    for (const [start, end, want] of RANGES) {
      const r = await post('/api/ipam/ip-ranges/', { start_address: start, end_address: end });
      expect(r.display, `${start} - ${end}`).toBe(want);
      expect(await display(`/api/ipam/ip-ranges/${r.id}/`)).toBe(want);
    }
  });

  it('shows a cable termination as cable to termination, a tagged object as tagged with its tag', async () => {
    const [a, b] = [await device({ name: 'dmi01-akron-rtr01' }), await device({ name: 'dmi01-akron-sw01' })];
    const gi = await post('/api/dcim/interfaces/', { device: a.id, name: 'GigabitEthernet0/0/0', type: '1000base-t' });
    const ge = await post('/api/dcim/interfaces/', { device: b.id, name: 'ge-0/0/1', type: '1000base-t' });
    const term = (i: any) => ({ object_type: 'dcim.interface', object_id: i.id });
    const cable = await post('/api/dcim/cables/', { a_terminations: [term(gi)], b_terminations: [term(ge)] });
    const po = await post('/api/dcim/interfaces/', { device: a.id, name: 'Te0/0/1', type: '10gbase-t' });
    const xe = await post('/api/dcim/interfaces/', { device: b.id, name: 'xe-0/0/2', type: '10gbase-t' });
    const labelled = await post('/api/dcim/cables/', {
      label: 'uplink',
      a_terminations: [term(po)],
      b_terminations: [term(xe)],
    });
    const terminations = (await s.request('GET', '/api/dcim/cable-terminations/?limit=10')).body.results;
    expect(terminations.map((t: any) => [t.cable, t.display, t.positions])).toEqual([
      [cable.id, `Cable #${cable.id} to GigabitEthernet0/0/0`, null],
      [cable.id, `Cable #${cable.id} to ge-0/0/1`, null],
      [labelled.id, 'Cable uplink to Te0/0/1', null],
      [labelled.id, 'Cable uplink to xe-0/0/2', null],
    ]);
    const tag = await post('/api/extras/tags/', { name: 'Alpha', slug: 'alpha' });
    await s.request('PATCH', `/api/dcim/devices/${a.id}/`, { tags: [tag.id] });
    const [tagged] = (await s.request('GET', `/api/extras/tagged-objects/?tag_id=${tag.id}`)).body.results;
    expect(tagged).toMatchObject({ display: 'dmi01-akron-rtr01 tagged with Alpha', tag: { description: '' } });
    expect(tagged).not.toHaveProperty('display_url');
    expect(tagged).not.toHaveProperty('created');
  });
});
