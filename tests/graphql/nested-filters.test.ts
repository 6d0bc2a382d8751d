/**
 * A nested list's filters (`device { interfaces(filters: …) }`) match as the root list's do: booleans,
 * names, enums, REST filters (`cabled`), `OR`, and the same filters on the root list and from a variable.
 * A boolean lookup once matched the opposite rows (a device's enabled interfaces answered []).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevices, listRows } from './data.ts';

let s: TestServer;

const rows = (root: string, filters: string, field?: string) => listRows(s, root, filters, field);

beforeAll(async () => {
  s = await startTestServer();
  const site = await created(s, '/api/dcim/sites/', { name: 'ber', slug: 'ber' });
  const [d1, d2] = await createDevices(s, site.id, ['d1', 'd2']);
  const [e0, e1] = await created(s, '/api/dcim/interfaces/', [
    { device: d1.id, name: 'eth0', type: '1000base-t' },
    { device: d1.id, name: 'eth1', type: '1000base-t' },
    { device: d1.id, name: 'eth2', type: '1000base-t', enabled: false },
    { device: d1.id, name: 'vlan10', type: 'virtual' },
    { device: d2.id, name: 'eth0', type: '1000base-t' },
  ]);
  await created(s, '/api/dcim/cables/', {
    a_terminations: [{ object_type: 'dcim.interface', object_id: e0.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: e1.id }],
  });
  await created(s, '/api/ipam/services/', [
    { parent_object_type: 'dcim.device', parent_object_id: d1.id, name: 'ssh', protocol: 'tcp', ports: [22] },
    { parent_object_type: 'dcim.device', parent_object_id: d1.id, name: 'dns', protocol: 'udp', ports: [53] },
  ]);
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

describe('nested lists', () => {
  /** The `name`s of a list `field` of the one row a root list's `filters` give, with the nested list's `args`. */
  async function nested(root: string, filters: string, field: string, args: string, key = 'name'): Promise<string[]> {
    const r = await s.request('POST', '/graphql/', {
      query: `{ ${root}(filters: ${filters}) { ${field}${args} { ${key} } } }`,
    });
    expect(r.body.errors, JSON.stringify(r.body)).toBeUndefined();
    expect(r.body.data[root]).toHaveLength(1);
    return (r.body.data[root][0][field] as Record<string, string>[]).map((x) => String(x[key])).sort();
  }

  it("filter as the root list does: a device's interfaces by a boolean, name, enum, REST filter, OR", async () => {
    const d1 = '{name: {exact: "d1"}}';
    const interfaces = (args: string) => nested('device_list', d1, 'interfaces', `(filters: ${args})`);
    expect(await interfaces('{enabled: {exact: true}}')).toEqual(['eth0', 'eth1', 'vlan10']);
    expect(await interfaces('{enabled: {exact: false}}')).toEqual(['eth2']);
    expect(await interfaces('{enabled: {in_list: [false]}}')).toEqual(['eth2']);
    expect(await interfaces('{mgmt_only: {exact: false}}')).toEqual(['eth0', 'eth1', 'eth2', 'vlan10']);
    expect(await interfaces('{name: {starts_with: "eth"}, enabled: {exact: true}}')).toEqual(['eth0', 'eth1']);
    expect(await interfaces('{type: {exact: TYPE_VIRTUAL}}')).toEqual(['vlan10']);
    expect(await interfaces('{cabled: true}')).toEqual(['eth0', 'eth1']);
    expect(await interfaces('{enabled: {exact: false}, OR: {name: {exact: "vlan10"}}}')).toEqual(['eth2', 'vlan10']);
    // the same filters on the root list
    expect(await rows('interface_list', '{enabled: {exact: true}, device: {name: {exact: "d1"}}}', 'name')).toEqual([
      'eth0',
      'eth1',
      'vlan10',
    ]);
    expect(await rows('interface_list', '{enabled: {exact: false}}', 'name')).toEqual(['eth2']);
    // a boolean given as a variable
    const r = await s.request('POST', '/graphql/', {
      query: 'query Q($e: Boolean) { interface_list(filters: {enabled: {exact: $e}}) { name } }',
      variables: { e: true },
    });
    expect(r.body.data.interface_list).toHaveLength(4);
  });

  it("a site's devices and a device's services, filtered", async () => {
    const ber = '{slug: {exact: "ber"}}';
    expect(await nested('site_list', ber, 'devices', '(filters: {name: {exact: "d2"}})')).toEqual(['d2']);
    expect(await nested('site_list', ber, 'devices', '(filters: {status: {exact: STATUS_ACTIVE}})')).toEqual([
      'd1',
      'd2',
    ]);
    expect(await nested('site_list', ber, 'devices', '(filters: {status: {exact: STATUS_OFFLINE}})')).toEqual([]);
    const services = (args: string) => nested('device_list', '{name: {exact: "d1"}}', 'services', args);
    expect(await services('(filters: {protocol: {exact: ROLE_UDP}})')).toEqual(['dns']);
    expect(await services('(filters: {name: {exact: "ssh"}})')).toEqual(['ssh']);
  });
});
