/**
 * Cables and their paths: A/B terminations written with the cable, `cable`, `cable_end`,
 * `link_peers`, `connected_endpoints` on both ends, paths through a patch panel's front and rear
 * ports and through a circuit, `/trace/` and `/paths/`, and the refusals NetBox makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let site: any;
let type: any;
let role: any;
let n = 0;

const post = (path: string, body: unknown) => created(s, path, body);
const device = () =>
  post('/api/dcim/devices/', { name: `cab-${++n}`, device_type: type.id, role: role.id, site: site.id });
const iface = (d: any, name = 'eth0') => post('/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t' });
const end = (type: string, o: any) => [{ object_type: type, object_id: o.id }];

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Cab', slug: 'cab' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'CabCo', slug: 'cabco' });
  type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'C1', slug: 'c1' });
  role = await post('/api/dcim/device-roles/', { name: 'CabRole', slug: 'cab-role' });
});
afterAll(async () => s?.stop());

describe('a cable between two interfaces', () => {
  it('shows the cable, its end and the peer on both interfaces, and the path to the other', async () => {
    const [d1, d2] = [await device(), await device()];
    const [a, b] = [await iface(d1), await iface(d2)];
    const cable = await post('/api/dcim/cables/', {
      a_terminations: end('dcim.interface', a),
      b_terminations: end('dcim.interface', b),
      label: 'c-1',
      status: 'connected',
    });
    expect(cable.a_terminations).toEqual([
      { object_type: 'dcim.interface', object_id: a.id, object: expect.objectContaining({ id: a.id, name: 'eth0' }) },
    ]);
    expect(cable.b_terminations[0].object_id).toBe(b.id);
    const ra = (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body;
    expect(ra.cable).toMatchObject({ id: cable.id, label: 'c-1' });
    expect(ra.cable_end).toBe('A');
    expect(ra.link_peers_type).toBe('dcim.interface');
    expect(ra.link_peers.map((p: any) => p.id)).toEqual([b.id]);
    expect(ra.connected_endpoints.map((p: any) => p.id)).toEqual([b.id]);
    expect(ra.connected_endpoints_type).toBe('dcim.interface');
    expect(ra.connected_endpoints_reachable).toBe(true);
    expect(ra._occupied).toBe(true);
    const rb = (await s.request('GET', `/api/dcim/interfaces/${b.id}/`)).body;
    expect(rb.cable_end).toBe('B');
    expect(rb.connected_endpoints.map((p: any) => p.id)).toEqual([a.id]);
    const list = (await s.request('GET', `/api/dcim/interfaces/?device_id=${d1.id}&brief=true`)).body.results;
    expect(list[0]).toMatchObject({ id: a.id, cable: { id: cable.id }, _occupied: true });
    const connected = await s.request('GET', `/api/dcim/connected-device/?peer_device=${d2.name}&peer_interface=eth0`);
    expect(connected.status, connected.text).toBe(200);
    expect(connected.body).toMatchObject({ id: d1.id, name: d1.name });
    expect((await s.request('GET', '/api/dcim/connected-device/?peer_device=x')).status).toBe(400);
    expect(
      (await s.request('GET', `/api/dcim/connected-device/?peer_device=${d2.name}&peer_interface=nope`)).status,
    ).toBe(404);
    const ids = async (q: string) =>
      (await s.request('GET', `/api/dcim/interfaces/?device_id=${d1.id}&device_id=${d2.id}&${q}`)).body.results.map(
        (x: any) => x.id,
      );
    expect(await ids('cabled=true')).toEqual([a.id, b.id]);
    expect(await ids(`cable_id=${cable.id}&cable_end=B`)).toEqual([b.id]);
    expect(await ids('cable_end__n=B')).toEqual([a.id]);
    expect(await ids('occupied=false')).toEqual([]);
    expect((await s.request('GET', '/api/dcim/interfaces/?cable_end=C')).status).toBe(400);
    const trace = await s.request('GET', `/api/dcim/interfaces/${a.id}/trace/`);
    expect(trace.status).toBe(200);
    expect(trace.body).toHaveLength(1);
    expect(trace.body[0][0].map((x: any) => x.id)).toEqual([a.id]);
    expect(trace.body[0][1].id).toBe(cable.id);
    expect(trace.body[0][2].map((x: any) => x.id)).toEqual([b.id]);
  });

  it('refuses an object that already has a cable, and leaves nothing half-written', async () => {
    const [d1, d2, d3] = [await device(), await device(), await device()];
    const [a, b, c] = [await iface(d1), await iface(d2), await iface(d3)];
    await post('/api/dcim/cables/', {
      a_terminations: end('dcim.interface', a),
      b_terminations: end('dcim.interface', b),
    });
    const again = await s.request('POST', '/api/dcim/cables/', {
      a_terminations: end('dcim.interface', c),
      b_terminations: end('dcim.interface', b),
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ b_terminations: ['This object already has a cable.'] });
    expect((await s.request('GET', `/api/dcim/interfaces/${c.id}/`)).body.cable).toBeNull();
    const missing = await s.request('POST', '/api/dcim/cables/', { a_terminations: end('dcim.interface', c) });
    expect(missing.status).toBe(400);
    // NetBox's model check: both ends, once, under __all__
    expect(missing.body).toEqual({ __all__: ['Must define A and B terminations when creating a new cable.'] });
    const bad = await s.request('POST', '/api/dcim/cables/', {
      a_terminations: [{ object_type: 'dcim.interface' }],
      b_terminations: end('dcim.interface', c),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['a_terminations']);
  });

  it('frees both ends when the cable is deleted, and moves an end when a termination list is replaced', async () => {
    const [d1, d2, d3] = [await device(), await device(), await device()];
    const [a, b, c] = [await iface(d1), await iface(d2), await iface(d3)];
    const cable = await post('/api/dcim/cables/', {
      a_terminations: end('dcim.interface', a),
      b_terminations: end('dcim.interface', b),
    });
    const moved = await s.request('PATCH', `/api/dcim/cables/${cable.id}/`, {
      b_terminations: end('dcim.interface', c),
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.b_terminations[0].object_id).toBe(c.id);
    expect((await s.request('GET', `/api/dcim/interfaces/${b.id}/`)).body.cable).toBeNull();
    expect(
      (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body.connected_endpoints.map((x: any) => x.id),
    ).toEqual([c.id]);
    expect((await s.request('DELETE', `/api/dcim/cables/${cable.id}/`)).status).toBe(204);
    const ra = (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body;
    expect([ra.cable, ra.link_peers, ra.connected_endpoints, ra._occupied]).toEqual([null, [], null, false]);
    const terminations = await s.request(
      'GET',
      `/api/dcim/cable-terminations/?termination_type=dcim.interface&termination_id=${a.id}`,
    );
    expect(terminations.body.count).toBe(0);
  });
});

describe('paths through a patch panel and a circuit', () => {
  it('traces interface → front port → rear port → rear port → front port → interface', async () => {
    const [d1, p1, p2, d2] = [await device(), await device(), await device(), await device()];
    const [a, b] = [await iface(d1), await iface(d2)];
    const rear1 = await post('/api/dcim/rear-ports/', { device: p1.id, name: 'r1', type: 'lc', positions: 2 });
    const front1 = await post('/api/dcim/front-ports/', {
      device: p1.id,
      name: 'f1',
      type: 'lc',
      rear_ports: [{ position: 1, rear_port: rear1.id, rear_port_position: 2 }],
    });
    const rear2 = await post('/api/dcim/rear-ports/', { device: p2.id, name: 'r1', type: 'lc', positions: 2 });
    const front2 = await post('/api/dcim/front-ports/', {
      device: p2.id,
      name: 'f1',
      type: 'lc',
      rear_ports: [{ position: 1, rear_port: rear2.id, rear_port_position: 2 }],
    });
    await post('/api/dcim/front-ports/', {
      device: p2.id,
      name: 'f2',
      type: 'lc',
      rear_ports: [{ position: 1, rear_port: rear2.id, rear_port_position: 1 }],
    });
    await post('/api/dcim/cables/', {
      a_terminations: end('dcim.interface', a),
      b_terminations: end('dcim.frontport', front1),
    });
    const trunk = await post('/api/dcim/cables/', {
      a_terminations: end('dcim.rearport', rear1),
      b_terminations: end('dcim.rearport', rear2),
    });
    await post('/api/dcim/cables/', {
      a_terminations: end('dcim.frontport', front2),
      b_terminations: end('dcim.interface', b),
    });
    const ra = (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body;
    expect(ra.link_peers_type).toBe('dcim.frontport');
    expect(ra.connected_endpoints.map((x: any) => x.id)).toEqual([b.id]);
    expect(
      (await s.request('GET', `/api/dcim/interfaces/${b.id}/`)).body.connected_endpoints.map((x: any) => x.id),
    ).toEqual([a.id]);
    const trace = (await s.request('GET', `/api/dcim/interfaces/${a.id}/trace/`)).body;
    expect(trace.map((seg: any) => seg[1]?.id ?? null)).toHaveLength(3);
    expect(trace[1][1].id).toBe(trunk.id);
    expect(trace[2][2].map((x: any) => x.id)).toEqual([b.id]);
    expect((await s.request('GET', `/api/dcim/rear-ports/${rear1.id}/`)).body.front_ports).toEqual([
      { position: 2, front_port: front1.id, front_port_position: 1 },
    ]);
    const paths = await s.request('GET', `/api/dcim/front-ports/${front1.id}/paths/`);
    expect(paths.status).toBe(200);
    expect(paths.body).toHaveLength(1);
    expect(paths.body[0]).toMatchObject({ is_active: true, is_complete: true, is_split: false });
    // a planned cable on the way makes the far end unreachable but keeps the path
    await s.request('PATCH', `/api/dcim/cables/${trunk.id}/`, { status: 'planned' });
    const planned = (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body;
    expect(planned.connected_endpoints.map((x: any) => x.id)).toEqual([b.id]);
    expect(planned.connected_endpoints_reachable).toBe(false);
  });

  it('traces through a circuit from its A termination to its Z termination', async () => {
    const provider = await post('/api/circuits/providers/', { name: 'P1', slug: 'p1' });
    const ctype = await post('/api/circuits/circuit-types/', { name: 'Transit', slug: 'transit' });
    const circuit = await post('/api/circuits/circuits/', { cid: 'C-1', provider: provider.id, type: ctype.id });
    const termA = await post('/api/circuits/circuit-terminations/', {
      circuit: circuit.id,
      term_side: 'A',
      termination_type: 'dcim.site',
      termination_id: site.id,
    });
    const termZ = await post('/api/circuits/circuit-terminations/', {
      circuit: circuit.id,
      term_side: 'Z',
      termination_type: 'dcim.site',
      termination_id: site.id,
    });
    const [d1, d2] = [await device(), await device()];
    const [a, b] = [await iface(d1), await iface(d2)];
    await post('/api/dcim/cables/', {
      a_terminations: end('dcim.interface', a),
      b_terminations: end('circuits.circuittermination', termA),
    });
    await post('/api/dcim/cables/', {
      a_terminations: end('circuits.circuittermination', termZ),
      b_terminations: end('dcim.interface', b),
    });
    const ra = (await s.request('GET', `/api/dcim/interfaces/${a.id}/`)).body;
    expect(ra.connected_endpoints.map((x: any) => x.id)).toEqual([b.id]);
    const ct = (await s.request('GET', `/api/circuits/circuit-terminations/${termA.id}/`)).body;
    expect(ct.cable).not.toBeNull();
    expect(ct.link_peers.map((x: any) => x.id)).toEqual([a.id]);
  });
});
