/**
 * Rendered config context (active contexts whose assignments match, merged by weight, local data on
 * top) and render-config with config templates, as NetBox does them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let device: any;
let site: any;
let role: any;
let region: any;

const post = (path: string, body: unknown) => created(s, path, body);

beforeAll(async () => {
  s = await startTestServer();
  const parent = await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
  region = await post('/api/dcim/regions/', { name: 'NL', slug: 'nl', parent: parent.id });
  site = await post('/api/dcim/sites/', { name: 'AMS', slug: 'ams', region: region.id });
  const mf = await post('/api/dcim/manufacturers/', { name: 'CC', slug: 'cc' });
  const dt = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'CCX', slug: 'ccx' });
  role = await post('/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
  device = await post('/api/dcim/devices/', {
    name: 'edge1',
    device_type: dt.id,
    role: role.id,
    site: site.id,
    local_context_data: { ntp: { prefer: 'local' } },
  });
  const other = await post('/api/dcim/device-roles/', { name: 'Core', slug: 'core' });
  await post('/api/extras/config-contexts/', [
    { name: 'global', weight: 100, data: { ntp: { servers: ['192.0.2.1'], prefer: 'global' }, syslog: 'a' } },
    { name: 'europe', weight: 200, regions: [parent.id], data: { syslog: 'eu', dns: ['192.0.2.53'] } },
    { name: 'core-only', weight: 300, roles: [other.id], data: { syslog: 'core' } },
    { name: 'inactive', weight: 400, is_active: false, data: { syslog: 'off' } },
  ]);
});
afterAll(async () => s?.stop());

describe('config context', () => {
  it('merges the matching active contexts by weight, descendant regions matching, local data last', async () => {
    const d = (await s.request('GET', `/api/dcim/devices/${device.id}/`)).body;
    expect(d.config_context).toEqual({
      ntp: { servers: ['192.0.2.1'], prefer: 'local' },
      syslog: 'eu',
      dns: ['192.0.2.53'],
    });
    const without = (await s.request('GET', `/api/dcim/devices/${device.id}/?exclude=config_context`)).body;
    expect(without.config_context).toBeUndefined();
  });
});

describe('config context tags', () => {
  it('are slugs, written and read as NetBox shows them, and match devices with those tags', async () => {
    const tag = await post('/api/extras/tags/', { name: 'Edge Tag', slug: 'edge-tag' });
    const cc = await post('/api/extras/config-contexts/', {
      name: 'tagged',
      weight: 500,
      tags: ['edge-tag'],
      data: { t: 1 },
    });
    expect(cc.tags).toEqual(['edge-tag']);
    expect((await s.request('GET', `/api/extras/config-contexts/?tags=edge-tag&name=tagged`)).body.count).toBe(1);
    const bad = await s.request('POST', '/api/extras/config-contexts/', {
      name: 'bad',
      tags: ['no-such-tag'],
      data: {},
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['tags']);
    expect((await s.request('GET', `/api/dcim/devices/${device.id}/`)).body.config_context.t).toBeUndefined();
    await s.request('PATCH', `/api/dcim/devices/${device.id}/`, { tags: [tag.id] });
    expect((await s.request('GET', `/api/dcim/devices/${device.id}/`)).body.config_context.t).toBe(1);
  });
});

describe('render-config', () => {
  it('renders the device template (or the role one) with the config context and the device', async () => {
    const tpl = await post('/api/extras/config-templates/', {
      name: 'base',
      template_code: 'hostname {{ device.name }}\nsyslog {{ syslog }}\nextra {{ extra }}',
    });
    const none = await s.request('POST', `/api/dcim/devices/${device.id}/render-config/`, {});
    expect(none.status).toBe(400);
    await s.request('PATCH', `/api/dcim/device-roles/${role.id}/`, { config_template: tpl.id });
    const r = await s.request('POST', `/api/dcim/devices/${device.id}/render-config/`, { extra: 'x' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.content).toBe('hostname edge1\nsyslog eu\nextra x');
    expect(r.body.configtemplate).toMatchObject({ id: tpl.id, name: 'base' });
    const text = await s.request('POST', `/api/dcim/devices/${device.id}/render-config/?format=txt`, {});
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(text.text).toBe('hostname edge1\nsyslog eu\nextra ');
    const direct = await s.request('POST', `/api/extras/config-templates/${tpl.id}/render/`, {
      device: { name: 'x' },
      syslog: 's',
      extra: 'e',
    });
    expect(direct.body.content).toBe('hostname x\nsyslog s\nextra e');
  });
});
