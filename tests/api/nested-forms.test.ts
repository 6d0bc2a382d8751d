/**
 * Related objects nested in the forms NetBox's serializers give them (what its OPTIONS answers show
 * as a nested object's fields): a component's module with its device and bay, a bay's installed
 * module, a module type with its module count (a counter), a circuit's terminations, an address's
 * outside NAT addresses, a circuit group's brief form, and NetBox's legacy nested serializers' forms of
 * their own (an interface's parent with its device short and its cable an id, a NAT address's family
 * bare, a rule's policy an id). Read with JSON written by PostgreSQL and by the server alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];
afterAll(async () => Promise.all(servers.map((s) => s.stop())));

describe.each([['true'], ['false']])('with JSON_IN_DATABASE=%s', (inDatabase) => {
  let s: TestServer;
  let bay: any;
  let module: any;
  let port: any;
  beforeAll(async () => {
    s = await startTestServer({ env: { JSON_IN_DATABASE: inDatabase } });
    servers.push(s);
    const post = (path: string, body: unknown) => created(s, path, body);
    const site = await post('/api/dcim/sites/', { name: 'Nest', slug: 'nest' });
    const mf = await post('/api/dcim/manufacturers/', { name: 'NestCo', slug: 'nestco' });
    const role = await post('/api/dcim/device-roles/', { name: 'NestRole', slug: 'nest-role' });
    const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'Chassis', slug: 'chassis' });
    const device = await post('/api/dcim/devices/', {
      name: 'nest1',
      device_type: dt.id,
      role: role.id,
      site: site.id,
    });
    bay = await post('/api/dcim/module-bays/', { device: device.id, name: 'slot1' });
    const mt = await post('/api/dcim/module-types/', { manufacturer: mf.id, model: 'LC-8' });
    module = await post('/api/dcim/modules/', {
      device: device.id,
      module_bay: bay.id,
      module_type: mt.id,
      serial: 'SN1',
    });
    port = await post('/api/dcim/console-ports/', { device: device.id, module: module.id, name: 'con9' });
  });

  it("nests a component's module with its device and bay", async () => {
    const read = (await s.request('GET', `/api/dcim/console-ports/${port.id}/`)).body;
    expect(Object.keys(read.module)).toEqual(['id', 'url', 'display', 'device', 'module_bay']);
    expect(read.module.id).toBe(module.id);
    expect(Object.keys(read.module.module_bay)).toEqual(['id', 'url', 'display_url', 'display', 'name']);
    expect(read.module.module_bay).toMatchObject({ id: bay.id, name: 'slot1' });
  });

  it("nests a bay's installed module and a module's type with its count", async () => {
    const read = (await s.request('GET', `/api/dcim/module-bays/${bay.id}/`)).body;
    expect(read.installed_module).toEqual({
      id: module.id,
      url: module.url,
      display: module.display,
      serial: 'SN1',
      description: '',
    });
    const mod = (await s.request('GET', `/api/dcim/modules/${module.id}/`)).body;
    expect(mod.module_type.module_count).toBe(1);
    expect(Object.keys(mod.module_bay)).toEqual(['id', 'url', 'display_url', 'display', 'name']);
  });

  it("nests a circuit's terminations with what they terminate on", async () => {
    const post = (path: string, body: unknown) => created(s, path, body);
    const site = (await s.request('GET', '/api/dcim/sites/?slug=nest')).body.results[0];
    const provider = await post('/api/circuits/providers/', { name: 'NestNet', slug: 'nestnet' });
    const type = await post('/api/circuits/circuit-types/', { name: 'Transit', slug: 'transit' });
    const circuit = await post('/api/circuits/circuits/', { cid: 'N1', provider: provider.id, type: type.id });
    await post('/api/circuits/circuit-terminations/', {
      circuit: circuit.id,
      term_side: 'A',
      termination_type: 'dcim.site',
      termination_id: site.id,
      port_speed: 1000,
    });
    const read = (await s.request('GET', `/api/circuits/circuits/${circuit.id}/`)).body;
    expect(Object.keys(read.termination_a)).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'termination_type',
      'termination_id',
      'termination',
      'port_speed',
      'upstream_speed',
      'xconnect_id',
      'description',
    ]);
    expect(read.termination_a).toMatchObject({ termination_type: 'dcim.site', termination: { id: site.id } });
    expect(read.termination_z).toBeNull();
  });

  it("lists an address's outside NAT addresses in NetBox's nested form of an address, its family bare", async () => {
    const inside = await created(s, '/api/ipam/ip-addresses/', { address: '10.9.0.1/24' });
    const outside = await created(s, '/api/ipam/ip-addresses/', { address: '192.0.2.9/32', nat_inside: inside.id });
    const read = (await s.request('GET', `/api/ipam/ip-addresses/${inside.id}/`)).body;
    expect(read.nat_outside.map((a: object) => Object.keys(a))).toEqual([
      ['id', 'url', 'display_url', 'display', 'family', 'address'],
    ]);
    expect(read.nat_outside[0]).toMatchObject({ id: outside.id, family: 4, address: '192.0.2.9/32' });
    // the address's own family is still the choice
    expect(read.family).toEqual({ value: 4, label: 'IPv4' });
    const back = (await s.request('GET', `/api/ipam/ip-addresses/?id=${outside.id}`)).body.results[0];
    expect(back.nat_inside).toMatchObject({ id: inside.id, family: 4 });
  });

  it("nests an interface's parent, bridge and LAG as NetBox's nested interface: short device, cable id", async () => {
    const device = (await s.request('GET', '/api/dcim/devices/?name=nest1')).body.results[0];
    const post = (path: string, body: unknown) => created(s, path, body);
    const bridge = await post('/api/dcim/interfaces/', { device: device.id, name: 'br9', type: 'bridge' });
    const port = await post('/api/dcim/interfaces/', { device: device.id, name: 'eth9', type: '1000base-t' });
    const member = await post('/api/dcim/interfaces/', {
      device: device.id,
      name: 'eth9.1',
      type: 'virtual',
      parent: port.id,
      bridge: bridge.id,
    });
    const peer = await post('/api/dcim/interfaces/', { device: device.id, name: 'eth10', type: '1000base-t' });
    const cable = await post('/api/dcim/cables/', {
      a_terminations: [{ object_type: 'dcim.interface', object_id: port.id }],
      b_terminations: [{ object_type: 'dcim.interface', object_id: peer.id }],
    });
    const short = { id: device.id, url: device.url, display_url: device.display_url, display: 'nest1', name: 'nest1' };
    for (const path of [`/api/dcim/interfaces/${member.id}/`, `/api/dcim/interfaces/?id=${member.id}`]) {
      const body = (await s.request('GET', path)).body;
      const read = body.results ? body.results[0] : body;
      expect(read.parent).toEqual({
        id: port.id,
        url: port.url,
        display_url: port.display_url,
        display: 'eth9',
        device: short,
        name: 'eth9',
        cable: cable.id,
        _occupied: true,
      });
      expect(read.bridge).toMatchObject({ id: bridge.id, device: short, cable: null, _occupied: false });
    }
    const read = (await s.request('GET', `/api/dcim/interfaces/${bridge.id}/`)).body;
    expect(read.bridge_interfaces).toEqual([expect.objectContaining({ id: member.id, device: short, cable: null })]);
    expect(Object.keys(read.bridge_interfaces[0])).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'device',
      'name',
      'cable',
      '_occupied',
    ]);
    // the interface's own device and cable keep their forms
    const own = (await s.request('GET', `/api/dcim/interfaces/${port.id}/`)).body;
    expect(own.device).toHaveProperty('description');
    expect(own.cable).toMatchObject({ id: cable.id });
  });

  it("nests a VLAN translation policy's rules with the rule's serializer, the policy as its id", async () => {
    const policy = await created(s, '/api/ipam/vlan-translation-policies/', { name: 'nest-policy' });
    const rule = await created(s, '/api/ipam/vlan-translation-rules/', {
      policy: policy.id,
      local_vid: 100,
      remote_vid: 200,
    });
    expect(rule.policy).toBe(policy.id);
    const read = (await s.request('GET', `/api/ipam/vlan-translation-policies/${policy.id}/`)).body;
    expect(read.rules).toEqual([
      {
        id: rule.id,
        url: rule.url,
        display: '100 -> 200',
        policy: policy.id,
        local_vid: 100,
        remote_vid: 200,
        description: '',
      },
    ]);
  });

  it("gives a circuit group's brief form NetBox's fields", async () => {
    const group = await created(s, '/api/circuits/circuit-groups/', { name: 'G1', slug: 'g1', description: 'd' });
    const brief = (await s.request('GET', `/api/circuits/circuit-groups/${group.id}/?brief=true`)).body;
    expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name']);
  });
});
