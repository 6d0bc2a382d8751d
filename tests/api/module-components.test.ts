/**
 * A module's switches over its components, as NetBox's: `replicate_components: false` copies none of
 * its type's templates, `adopt_components: true` takes over the device's components of a copy's name
 * that belong to no module yet (and copies the rest). Both are write-only inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let device: any;
let moduleType: any;
const bays: any[] = [];

const post = (path: string, body: unknown) => created(s, path, body);
const interfaces = async () =>
  (await s.request('GET', `/api/dcim/interfaces/?device_id=${device.id}&ordering=name`)).body.results.map((i: any) => [
    i.id,
    i.name,
    i.module?.id ?? null,
  ]);

beforeAll(async () => {
  s = await startTestServer();
  const site = await post('/api/dcim/sites/', { name: 'Mods', slug: 'mods' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'ModCo', slug: 'modco' });
  const role = await post('/api/dcim/device-roles/', { name: 'ModRole', slug: 'mod-role' });
  const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'Frame', slug: 'frame' });
  device = await post('/api/dcim/devices/', { name: 'frame1', device_type: dt.id, role: role.id, site: site.id });
  for (const n of [1, 2, 3])
    bays.push(await post('/api/dcim/module-bays/', { device: device.id, name: `slot${n}`, position: `${n}` }));
  moduleType = await post('/api/dcim/module-types/', { manufacturer: mf.id, model: 'LC-2' });
  await post(
    '/api/dcim/interface-templates/',
    [0, 1].map((i) => ({ module_type: moduleType.id, name: `et-{module}/${i}`, type: '10gbase-x-sfpp' })),
  );
});
afterAll(async () => s?.stop());

describe('a module and its components', () => {
  it('copies no template with replicate_components false, and never shows the switch', async () => {
    const mod = await post('/api/dcim/modules/', {
      device: device.id,
      module_bay: bays[0].id,
      module_type: moduleType.id,
      replicate_components: false,
    });
    expect(await interfaces()).toEqual([]);
    expect(mod.replicate_components).toBeUndefined();
    expect((await s.request('GET', `/api/dcim/modules/${mod.id}/`)).body.adopt_components).toBeUndefined();
  });

  it("takes over the device's free components of a copy's name with adopt_components", async () => {
    const free = await post('/api/dcim/interfaces/', { device: device.id, name: 'et-2/0', type: '10gbase-x-sfpp' });
    const mod = await post('/api/dcim/modules/', {
      device: device.id,
      module_bay: bays[1].id,
      module_type: moduleType.id,
      adopt_components: true,
    });
    const list = await interfaces();
    expect(list).toContainEqual([free.id, 'et-2/0', mod.id]);
    expect(list.filter((i: unknown[]) => i[1] === 'et-2/0')).toHaveLength(1);
    expect(list.map((i: unknown[]) => [i[1], i[2]])).toContainEqual(['et-2/1', mod.id]);
  });

  it('refuses a switch that is not a boolean', async () => {
    const r = await s.request('POST', '/api/dcim/modules/', {
      device: device.id,
      module_bay: bays[2].id,
      module_type: moduleType.id,
      adopt_components: 'sometimes',
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['adopt_components']);
  });
});
