/**
 * Filters NetBox declares that reach past a model's own columns: a component's device status, the
 * end of an object's cable with NetBox's string lookups, and the object types a custom field or
 * permission applies to (by name, with lookups, and by object type id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const post = (path: string, body: unknown) => created(s, path, body);
const ids = async (path: string) => (await s.request('GET', path)).body.results.map((r: any) => r.id).sort();

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('filters through relations and lists', () => {
  it("find components by their device's status, and objects by their cable's end", async () => {
    const site = await post('/api/dcim/sites/', { name: 'Ft', slug: 'ft' });
    const mf = await post('/api/dcim/manufacturers/', { name: 'FtCo', slug: 'ftco' });
    const type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'F1', slug: 'f1' });
    const role = await post('/api/dcim/device-roles/', { name: 'FtRole', slug: 'ft-role' });
    const dev = (name: string, status: string) =>
      post('/api/dcim/devices/', { name, status, device_type: type.id, role: role.id, site: site.id });
    const [live, planned] = [await dev('ft-live', 'active'), await dev('ft-planned', 'planned')];
    const iface = (d: any, name: string) => post('/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t' });
    const [a, b, c] = [await iface(live, 'a'), await iface(planned, 'b'), await iface(planned, 'c')];
    expect(await ids('/api/dcim/interfaces/?device_status=planned')).toEqual([b.id, c.id]);
    expect(await ids('/api/dcim/interfaces/?device_status__n=planned')).toEqual([a.id]);
    // a choice filter's lookups take choices too, as NetBox's do
    expect((await s.request('GET', '/api/dcim/interfaces/?device_status__ic=PLAN')).status).toBe(400);
    expect((await s.request('GET', '/api/dcim/interfaces/?device_status=nonsense')).status).toBe(400);

    await post('/api/dcim/cables/', {
      a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
      b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }],
    });
    expect(await ids('/api/dcim/interfaces/?cable_end=B')).toEqual([b.id]);
    expect(await ids('/api/dcim/interfaces/?cable_end__n=B')).toEqual([a.id, c.id]);
    expect(await ids('/api/dcim/interfaces/?cable_end__empty=true')).toEqual([c.id]);
    expect(await ids('/api/dcim/interfaces/?cable_end__ic=a')).toEqual([a.id]);
    expect((await s.request('GET', '/api/dcim/interfaces/?cable_end=C')).status).toBe(400);
  });

  it('find custom fields and permissions by the object types they apply to', async () => {
    const onSites = await post('/api/extras/custom-fields/', {
      name: 'ft_site',
      type: 'text',
      object_types: ['dcim.site'],
    });
    const onDevices = await post('/api/extras/custom-fields/', {
      name: 'ft_device',
      type: 'text',
      object_types: ['dcim.device', 'dcim.interface'],
    });
    expect(await ids('/api/extras/custom-fields/?object_type=dcim.site')).toEqual([onSites.id]);
    expect(await ids('/api/extras/custom-fields/?object_type=dcim.interface')).toEqual([onDevices.id]);
    expect(await ids('/api/extras/custom-fields/?object_type__ic=DEVICE')).toEqual([onDevices.id]);
    // as NetBox's content-type filters do, `__n` matches like the filter itself (it ignores the lookup)
    expect(await ids('/api/extras/custom-fields/?object_type__n=dcim.site')).toEqual([onSites.id]);
    const site = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    expect(await ids(`/api/extras/custom-fields/?object_type_id=${site.id}`)).toEqual([onSites.id]);
    expect((await s.request('GET', '/api/extras/custom-fields/?object_type=nope.nothing')).status).toBe(400);

    const perm = await post('/api/users/permissions/', { name: 'ft', object_types: ['dcim.site'], actions: ['view'] });
    expect(await ids('/api/users/permissions/?object_types=dcim.site')).toContain(perm.id);
    expect(await ids('/api/users/permissions/?object_type=dcim.device')).not.toContain(perm.id);
  });
});
