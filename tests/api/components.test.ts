/**
 * Components instantiated from templates: a device gets every template of its device type (ports,
 * interfaces with their bridge, front ports mapped to their rear ports, bays, inventory items),
 * a module gets its module type's templates with `{module}` filled in, and the counts show them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let site: any;
let role: any;
let mf: any;

const post = (path: string, body: unknown) => created(s, path, body);

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Comp', slug: 'comp' });
  mf = await post('/api/dcim/manufacturers/', { name: 'CompCo', slug: 'compco' });
  role = await post('/api/dcim/device-roles/', { name: 'CompRole', slug: 'comp-role' });
});
afterAll(async () => s?.stop());

describe('instantiation from device type templates', () => {
  it('gives a new device a copy of every template, with references between them', async () => {
    const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'Switch48', slug: 'switch48' });
    await post(
      '/api/dcim/interface-templates/',
      Array.from({ length: 4 }, (_, i) => ({
        device_type: dt.id,
        name: `ge-0/0/${i}`,
        type: '1000base-t',
        mgmt_only: i === 3,
      })),
    );
    const br = await post('/api/dcim/interface-templates/', { device_type: dt.id, name: 'br0', type: 'bridge' });
    await post('/api/dcim/interface-templates/', {
      device_type: dt.id,
      name: 'ge-0/1/0',
      type: '1000base-t',
      bridge: br.id,
    });
    await post('/api/dcim/console-port-templates/', { device_type: dt.id, name: 'con', type: 'rj-45' });
    const psu = await post('/api/dcim/power-port-templates/', {
      device_type: dt.id,
      name: 'PSU1',
      type: 'iec-60320-c14',
      maximum_draw: 300,
    });
    await post('/api/dcim/power-outlet-templates/', { device_type: dt.id, name: 'out1', power_port: psu.id });
    const rear = await post('/api/dcim/rear-port-templates/', {
      device_type: dt.id,
      name: 'rear',
      type: 'lc',
      positions: 2,
    });
    await post('/api/dcim/front-port-templates/', {
      device_type: dt.id,
      name: 'front',
      type: 'lc',
      rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }],
    });
    await post('/api/dcim/module-bay-templates/', { device_type: dt.id, name: 'slot1', position: '1' });
    await post('/api/dcim/device-bay-templates/', { device_type: dt.id, name: 'bay1' });
    const parentItem = await post('/api/dcim/inventory-item-templates/', { device_type: dt.id, name: 'chassis' });
    await post('/api/dcim/inventory-item-templates/', { device_type: dt.id, name: 'fan', parent: parentItem.id });

    const typed = (await s.request('GET', `/api/dcim/device-types/${dt.id}/`)).body;
    expect(typed).toMatchObject({
      interface_template_count: 6,
      console_port_template_count: 1,
      power_port_template_count: 1,
      front_port_template_count: 1,
      inventory_item_template_count: 2,
    });

    const device = await post('/api/dcim/devices/', { name: 'sw1', device_type: dt.id, role: role.id, site: site.id });
    const d = (await s.request('GET', `/api/dcim/devices/${device.id}/`)).body;
    expect(d).toMatchObject({
      interface_count: 6,
      console_port_count: 1,
      power_port_count: 1,
      power_outlet_count: 1,
      front_port_count: 1,
      rear_port_count: 1,
      module_bay_count: 1,
      device_bay_count: 1,
      inventory_item_count: 2,
    });
    const ifaces = (await s.request('GET', `/api/dcim/interfaces/?device_id=${device.id}&limit=0`)).body.results;
    // in NetBox's order (naturalize_interface): names with slots before those without
    expect(ifaces.map((i: any) => i.name)).toEqual(['ge-0/0/0', 'ge-0/0/1', 'ge-0/0/2', 'ge-0/0/3', 'ge-0/1/0', 'br0']);
    const bridged = ifaces.find((i: any) => i.name === 'ge-0/1/0');
    expect(bridged.bridge.id).toBe(ifaces.find((i: any) => i.name === 'br0').id);
    expect(ifaces.find((i: any) => i.name === 'ge-0/0/3').mgmt_only).toBe(true);
    const outlet = (await s.request('GET', `/api/dcim/power-outlets/?device_id=${device.id}`)).body.results[0];
    const port = (await s.request('GET', `/api/dcim/power-ports/?device_id=${device.id}`)).body.results[0];
    expect(outlet.power_port.id).toBe(port.id);
    expect(port.maximum_draw).toBe(300);
    const front = (await s.request('GET', `/api/dcim/front-ports/?device_id=${device.id}`)).body.results[0];
    const rearPort = (await s.request('GET', `/api/dcim/rear-ports/?device_id=${device.id}`)).body.results[0];
    expect(front.rear_ports).toEqual([{ position: 1, rear_port: rearPort.id, rear_port_position: 2 }]);
    const items = (await s.request('GET', `/api/dcim/inventory-items/?device_id=${device.id}`)).body.results;
    const chassis = items.find((i: any) => i.name === 'chassis');
    expect(items.find((i: any) => i.name === 'fan').parent.id).toBe(chassis.id);
    // every component is logged as created by the device's request
    const own = `/api/core/object-changes/?changed_object_type=dcim.device&changed_object_id=${device.id}`;
    const requestId = (await s.request('GET', own)).body.results[0].request_id;
    const changes = (await s.request('GET', `/api/core/object-changes/?request_id=${requestId}&limit=0`)).body;
    // the device, 15 components, then the bridge and the inventory parent set once both ends exist
    expect(changes.count).toBe(1 + 15 + 2);
  });

  it('gives a module its module type templates, naming them by the bay position', async () => {
    const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'Chassis', slug: 'chassis' });
    await post('/api/dcim/module-bay-templates/', { device_type: dt.id, name: 'slot 2', position: '2' });
    const device = await post('/api/dcim/devices/', { name: 'ch1', device_type: dt.id, role: role.id, site: site.id });
    const bay = (await s.request('GET', `/api/dcim/module-bays/?device_id=${device.id}`)).body.results[0];
    const mt = await post('/api/dcim/module-types/', { manufacturer: mf.id, model: 'LC-8' });
    await post(
      '/api/dcim/interface-templates/',
      [0, 1].map((i) => ({ module_type: mt.id, name: `et-{module}/0/${i}`, type: '10gbase-x-sfpp' })),
    );
    const mod = await post('/api/dcim/modules/', { device: device.id, module_bay: bay.id, module_type: mt.id });
    const ifaces = (await s.request('GET', `/api/dcim/interfaces/?device_id=${device.id}`)).body.results;
    expect(ifaces.map((i: any) => [i.name, i.module?.id])).toEqual([
      ['et-2/0/0', mod.id],
      ['et-2/0/1', mod.id],
    ]);
    expect((await s.request('GET', `/api/dcim/module-bays/${bay.id}/`)).body).toMatchObject({
      installed_module: { id: mod.id },
      _occupied: true,
    });
    const taken = await s.request('POST', '/api/dcim/modules/', {
      device: device.id,
      module_bay: bay.id,
      module_type: mt.id,
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ __all__: ['A module is already installed in this module bay.'] });
  });
});

describe('deleting a device with its components', () => {
  it('deletes components that refer to each other (outlets to its power ports, front to rear ports)', async () => {
    const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'Pdu', slug: 'pdu' });
    const device = await post('/api/dcim/devices/', { name: 'pdu1', site: site.id, device_type: dt.id, role: role.id });
    const port = await post('/api/dcim/power-ports/', { device: device.id, name: 'PSU1' });
    const outlet = await post('/api/dcim/power-outlets/', { device: device.id, name: 'O1', power_port: port.id });
    const rear = await post('/api/dcim/rear-ports/', { device: device.id, name: 'R1', type: '8p8c', positions: 1 });
    const front = await post('/api/dcim/front-ports/', {
      device: device.id,
      name: 'F1',
      type: '8p8c',
      rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 1 }],
    });
    const r = await s.request('DELETE', `/api/dcim/devices/${device.id}/`);
    expect(r.status, r.text).toBe(204);
    for (const o of [port, outlet, rear, front])
      expect((await s.request('GET', new URL(o.url).pathname)).status).toBe(404);
  });
});
