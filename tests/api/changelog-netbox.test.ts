/**
 * Change records as NetBox writes them: the display (`DCIM | site X created by admin`), the display URL
 * under /core/changelog/, the brief record being the whole record, and the data in NetBox's form
 * (Django's serialization): object type ids, decimals as strings, counters, cable ends, empty "".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

/** The change records of one object, oldest first. */
const changesOf = async (type: string, id: number) =>
  (await s.request('GET', `/api/core/object-changes/?changed_object_type=${type}&changed_object_id=${id}&ordering=id`))
    .body.results as any[];

const typeId = async (app: string, model: string) =>
  (await s.request('GET', `/api/core/object-types/?app_label=${app}&model=${model}`)).body.results[0].id as number;

describe('change records as NetBox shows them', () => {
  it('have NetBox’s display and display URL, and the brief record is the whole record', async () => {
    const site = await created(s, '/api/dcim/sites/', { name: 'CL Site', slug: 'cl-site' });
    await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'changed' });
    const [c, u] = await changesOf('dcim.site', site.id);
    expect(c.display).toBe('DCIM | site CL Site created by admin');
    expect(u.display).toBe('DCIM | site CL Site updated by admin');
    expect(c.display_url).toBe(`${s.url}/core/changelog/${c.id}/`);
    const brief = (await s.request('GET', `/api/core/object-changes/${c.id}/?brief=true`)).body;
    expect(brief).toEqual((await s.request('GET', `/api/core/object-changes/${c.id}/`)).body);
    await s.request('DELETE', `/api/dcim/sites/${site.id}/`);
    const d = (await changesOf('dcim.site', site.id)).at(-1);
    expect(d.display).toBe('DCIM | site CL Site deleted by admin');
    expect(d.postchange_data).toEqual({});
    expect(c.prechange_data).toEqual({});
    const tenant = await created(s, '/api/tenancy/tenants/', { name: 'CL T', slug: 'cl-t' });
    expect((await changesOf('tenancy.tenant', tenant.id))[0].display).toBe('Tenancy | tenant CL T created by admin');
  });

  it('hold the data in Django’s form: decimals as strings, empty images and blank choices "", counters', async () => {
    const maker = await created(s, '/api/dcim/manufacturers/', { name: 'CL Maker', slug: 'cl-maker' });
    const dt = await created(s, '/api/dcim/device-types/', { model: 'CL 1', slug: 'cl-1', manufacturer: maker.id });
    const [dtc] = await changesOf('dcim.devicetype', dt.id);
    expect(dtc.postchange_data).toMatchObject({
      u_height: '1.0',
      front_image: '',
      rear_image: '',
      device_count: 0,
      interface_template_count: 0,
    });
    const role = await created(s, '/api/dcim/device-roles/', { name: 'CL Role', slug: 'cl-role' });
    const site = await created(s, '/api/dcim/sites/', { name: 'CL Site 2', slug: 'cl-site-2' });
    const dev = await created(s, '/api/dcim/devices/', {
      name: 'cl-dev',
      device_type: dt.id,
      role: role.id,
      site: site.id,
    });
    const [devc] = await changesOf('dcim.device', dev.id);
    expect(devc.postchange_data).toMatchObject({ face: '', interface_count: 0, console_port_count: 0 });
    await created(s, '/api/dcim/interfaces/', { device: dev.id, name: 'eth0', type: '1000base-t' });
    await s.request('PATCH', `/api/dcim/devices/${dev.id}/`, { serial: 'S1' });
    const u = (await changesOf('dcim.device', dev.id)).at(-1);
    expect(u.prechange_data.interface_count).toBe(1);
    expect(u.postchange_data.serial).toBe('S1');
    expect(u.postchange_data).not.toHaveProperty('created');
    expect(u.postchange_data).not.toHaveProperty('last_updated');
  });

  it('give content types as object type ids, interfaces their cable end, array fields as JSON text', async () => {
    const maker = await created(s, '/api/dcim/manufacturers/', { name: 'CL M3', slug: 'cl-m3' });
    const dt = await created(s, '/api/dcim/device-types/', { model: 'CL 3', slug: 'cl-3', manufacturer: maker.id });
    const role = await created(s, '/api/dcim/device-roles/', { name: 'CL R3', slug: 'cl-r3' });
    const site = await created(s, '/api/dcim/sites/', { name: 'CL S3', slug: 'cl-s3' });
    const dev = await created(s, '/api/dcim/devices/', {
      name: 'cl-d3',
      device_type: dt.id,
      role: role.id,
      site: site.id,
    });
    const ifc = await created(s, '/api/dcim/interfaces/', { device: dev.id, name: 'eth0', type: '1000base-t' });
    const [ic] = await changesOf('dcim.interface', ifc.id);
    expect(ic.postchange_data).toMatchObject({
      cable: null,
      cable_end: null,
      cable_connector: null,
      wireless_link: null,
    });
    expect(ic.postchange_data).toHaveProperty('cable_positions', null);
    // the address older clients store on the interface is no field of NetBox's interface
    expect(ic.postchange_data).not.toHaveProperty('mac_address');
    const ip = await created(s, '/api/ipam/ip-addresses/', {
      address: '10.9.9.1/24',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: ifc.id,
    });
    const [ipc] = await changesOf('ipam.ipaddress', ip.id);
    expect(ipc.postchange_data.assigned_object_type).toBe(await typeId('dcim', 'interface'));
    expect(ipc.postchange_data.assigned_object_id).toBe(ifc.id);
    const tag = await created(s, '/api/extras/tags/', {
      name: 'CL Tag',
      slug: 'cl-tag',
      object_types: ['dcim.site', 'dcim.device'],
    });
    const [tc] = await changesOf('extras.tag', tag.id);
    expect(tc.postchange_data.object_types).toEqual([await typeId('dcim', 'site'), await typeId('dcim', 'device')]);
    const group = await created(s, '/api/ipam/vlan-groups/', { name: 'CL G', slug: 'cl-g' });
    const [gc] = await changesOf('ipam.vlangroup', group.id);
    expect(gc.postchange_data.vid_ranges).toBe(
      '["{\\"bounds\\": \\"[)\\", \\"lower\\": \\"1\\", \\"upper\\": \\"4095\\"}"]',
    );
    expect(gc.postchange_data.total_vlan_ids).toBe(4094);
    const rule = await created(s, '/api/extras/event-rules/', {
      name: 'CL rule',
      object_types: ['dcim.site'],
      event_types: ['object_created', 'object_deleted'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: (await created(s, '/api/extras/webhooks/', { name: 'CL hook', payload_url: 'http://x/' })).id,
    });
    const [rc] = await changesOf('extras.eventrule', rule.id);
    expect(rc.postchange_data.event_types).toBe('["object_created", "object_deleted"]');
  });

  it('order by changed_object_type as NetBox does: by the object type id', async () => {
    const r = await s.request('GET', '/api/core/object-changes/?ordering=changed_object_type&limit=1000');
    const ids = (await s.request('GET', '/api/core/object-types/?limit=1000')).body.results;
    const idOf = new Map(ids.map((t: any) => [`${t.app_label}.${t.model}`, t.id]));
    const order = r.body.results.map((c: any) => idOf.get(c.changed_object_type) as number);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // dcim.site (6) before dcim.device (11), unlike by name
    expect(order.indexOf(idOf.get('dcim.site'))).toBeLessThan(order.indexOf(idOf.get('dcim.device')));
  });

  it('are found by changed_object_type__n as NetBox finds them: the lookup is ignored', async () => {
    const all = (await s.request('GET', '/api/core/object-changes/?changed_object_type=dcim.site&limit=1')).body.count;
    const n = await s.request('GET', '/api/core/object-changes/?changed_object_type__n=dcim.site&limit=1');
    expect(n.status).toBe(200);
    expect(n.body.count).toBe(all);
    expect(all).toBeGreaterThan(0);
  });
});
