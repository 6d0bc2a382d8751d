/**
 * What a fresh server holds before any request, as NetBox after its migrations: NetBox's object types
 * with NetBox's ids, its 7 module type profiles, and a change log without the bootstrap superuser.
 * Object type ids stay put across restarts; a model NetBox does not have is numbered after NetBox's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import { Registry } from '../../runtime/catalogue/index.ts';
import { syncObjectTypes } from '../../runtime/catalogue/object-types.ts';
import { LAST_KNOWN_ID } from '../../runtime/catalogue/known-object-types.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const types = async (query = '') =>
  (await s.request('GET', `/api/core/object-types/?limit=1000${query}`)).body.results as any[];

describe('a fresh server', () => {
  it('has an empty change log: the bootstrap superuser and token are not change-logged', async () => {
    expect((await s.request('GET', '/api/core/object-changes/')).body.count).toBe(0);
    expect((await s.request('GET', '/api/users/users/')).body.count).toBe(1);
  });

  it("holds NetBox's 7 module type profiles, and a new profile is id 8", async () => {
    const list = (await s.request('GET', '/api/dcim/module-type-profiles/?ordering=id')).body.results;
    expect(list.map((p: any) => `${p.id}:${p.name}`)).toEqual([
      '1:CPU',
      '2:Fan',
      '3:GPU',
      '4:Hard disk',
      '5:Memory',
      '6:Power supply',
      '7:Expansion card',
    ]);
    expect(list[4].schema.required).toEqual(['class', 'size']);
    expect(list[4].schema.properties.class).toEqual({
      enum: ['DDR3', 'DDR4', 'DDR5'],
      type: 'string',
      title: 'Memory class',
      default: 'DDR5',
    });
    const p = await s.request('POST', '/api/dcim/module-type-profiles/', { name: 'Transceiver' });
    expect(p.status).toBe(201);
    expect(p.body.id).toBe(8);
  });
});

describe('object types', () => {
  it("are NetBox's, with its ids, names, features and public flag, ordered by app label and model", async () => {
    const all = await types();
    expect(all.length).toBeGreaterThanOrEqual(161);
    const token = all.find((t) => t.id === 32);
    expect(token).toEqual({
      id: 32,
      url: `${s.url}/api/core/object-types/32/`,
      display: 'Account > Token',
      app_label: 'account',
      app_name: 'Account',
      model: 'usertoken',
      model_name: 'token',
      model_name_plural: 'tokens',
      public: false,
      features: [],
      is_plugin_model: false,
      rest_api_endpoint: null,
      description: '',
    });
    const site = all.find((t) => t.app_label === 'dcim' && t.model === 'site');
    expect(site).toMatchObject({ id: 6, display: 'DCIM > Site', public: true, rest_api_endpoint: '/api/dcim/sites/' });
    expect(site.features.at(-1)).toBe('branching');
    expect(site.features).toContain('change_logging');
    const byKey = (k: string) => all.find((t) => `${t.app_label}.${t.model}` === k);
    expect(byKey('ipam.vlantranslationpolicy').display).toBe('IPAM > VLAN Translation Policy');
    expect(byKey('vpn.ipsecpolicy')).toMatchObject({ id: 147, display: 'VPN > IPSec Policy' });
    expect(byKey('dcim.interface').id).toBe(7);
    expect(byKey('netbox_branching.branch')).toMatchObject({ id: 161, is_plugin_model: true });
    const keys = all.map((t) => [t.app_label, t.model]);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] === b[0] ? cmp(a[1], b[1]) : cmp(a[0], b[0]))));
  });

  it('answer the same in brief, without display_url, and filter by app label, model and id', async () => {
    const brief = (await s.request('GET', '/api/core/object-types/32/?brief=true')).body;
    expect(brief).toEqual((await s.request('GET', '/api/core/object-types/32/')).body);
    expect(brief).not.toHaveProperty('display_url');
    expect((await types('&app_label=account')).map((t) => t.id)).toEqual([32]);
    expect((await types('&model=usertoken')).map((t) => t.id)).toEqual([32]);
    expect((await types('&id__lte=3')).map((t) => t.id)).toEqual([2, 3, 1]); // extras.script, scriptmodule, webhook
  });

  it("keep their ids across restarts; a model NetBox lacks gets an id after NetBox's, and keeps it", async () => {
    const before = await types();
    // a database numbered before NetBox's ids were kept: the sync puts every type back on its id
    await s.sql.unsafe(`UPDATE core_objecttype SET id = id + 1000`);
    const registry = new Registry(catalogue, filters);
    await syncObjectTypes(s.sql, registry);
    // NetBox's types (ids up to LAST_KNOWN_ID) go back to their ids; one NetBox lacks (change control's, the
    // delivery log's) keeps the one it has
    const netbox = (list: any[]) => list.filter((t) => t.id <= LAST_KNOWN_ID).map((t) => t.id);
    expect(netbox(await types())).toEqual(netbox(before));
    // a model NetBox lacks: a site's copy without the site's object type (NetBox's id 6)
    const { objectType: _site, ...site } = catalogue.models['dcim.site']!;
    const widget = { ...site, key: 'dcim.widget', model: 'widget', apiPath: 'dcim/widgets' };
    const grown = new Registry({ ...catalogue, models: { ...catalogue.models, 'dcim.widget': widget } }, filters);
    await syncObjectTypes(s.sql, grown);
    const added = (await types('&model=widget'))[0];
    expect(added.id).toBeGreaterThan(162);
    await syncObjectTypes(s.sql, grown);
    expect((await types('&model=widget'))[0].id).toBe(added.id);
    expect((await types('&model=site&app_label=dcim'))[0].id).toBe(6);
  });
});

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
