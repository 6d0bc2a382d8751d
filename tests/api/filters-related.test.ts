/**
 * Filters that reach other rows, each kind once against the real server: counts' `__empty`, a cabled
 * object's traced path (`connected`), and filters declared through relations (reverse foreign keys,
 * many-to-many fields, generic relations, alternatives), with their negations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const post = (path: string, body: unknown) => created(s, path, body);
const ids = async (path: string) => {
  const r = await s.request('GET', path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body.results.map((o: any) => o.id).sort((a: number, b: number) => a - b);
};
const status = async (path: string) => (await s.request('GET', path)).status;

let site: any;
let type: any;
let role: any;
const device = (name: string, extra: object = {}) =>
  post('/api/dcim/devices/', { name, device_type: type.id, role: role.id, site: site.id, ...extra });
const iface = (d: any, name: string, extra: object = {}) =>
  post('/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t', ...extra });
const cable = (a: any, b: any, extra: object = {}) =>
  post('/api/dcim/cables/', {
    a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }],
    ...extra,
  });

beforeAll(async () => {
  s = await startTestServer();
  site = await post('/api/dcim/sites/', { name: 'Rel', slug: 'rel' });
  const mf = await post('/api/dcim/manufacturers/', { name: 'RelCo', slug: 'relco' });
  type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'R1', slug: 'r1' });
  role = await post('/api/dcim/device-roles/', { name: 'RelRole', slug: 'rel-role' });
});
afterAll(async () => s?.stop());

describe('filters reaching other rows', () => {
  it('a count is never empty', async () => {
    const d = await device('rel-count');
    await iface(d, 'x');
    expect(await ids(`/api/dcim/devices/?id=${d.id}&interface_count__empty=false`)).toEqual([d.id]);
    expect(await ids(`/api/dcim/devices/?id=${d.id}&interface_count__empty=true`)).toEqual([]);
  });

  it('connected: the traced path is complete and every cable on it connected', async () => {
    const d = await device('rel-path');
    const [a, b, c, e, u] = [
      await iface(d, 'a'),
      await iface(d, 'b'),
      await iface(d, 'c'),
      await iface(d, 'e'),
      await iface(d, 'u'),
    ];
    await cable(a, b);
    await cable(c, e, { status: 'planned' });
    const mine = `/api/dcim/interfaces/?device_id=${d.id}`;
    expect(await ids(`${mine}&connected=true`)).toEqual([a.id, b.id]);
    expect(await ids(`${mine}&connected=false`)).toEqual([c.id, e.id, u.id]);
    expect(await status(`${mine}&connected=maybe`)).toBe(400);
  });

  it("through a generic relation: a prefix's scope by region, site group, site and location", async () => {
    const emea = await post('/api/dcim/regions/', { name: 'RelEMEA', slug: 'rel-emea' });
    const nl = await post('/api/dcim/regions/', { name: 'RelNL', slug: 'rel-nl', parent: emea.id });
    const grp = await post('/api/dcim/site-groups/', { name: 'RelGrp', slug: 'rel-grp' });
    const ams = await post('/api/dcim/sites/', { name: 'RelAms', slug: 'rel-ams', region: nl.id, group: grp.id });
    const hall = await post('/api/dcim/locations/', { name: 'Hall', slug: 'rel-hall', site: ams.id });
    const cage = await post('/api/dcim/locations/', { name: 'Cage', slug: 'rel-cage', site: ams.id, parent: hall.id });
    const pfx = (prefix: string, scope_type?: string, scope_id?: number) =>
      post('/api/ipam/prefixes/', { prefix, ...(scope_type ? { scope_type, scope_id } : {}) });
    const onRegion = await pfx('10.91.0.0/16', 'dcim.region', nl.id);
    const onGroup = await pfx('10.92.0.0/16', 'dcim.sitegroup', grp.id);
    const onSite = await pfx('10.93.0.0/16', 'dcim.site', ams.id);
    const onCage = await pfx('10.94.0.0/16', 'dcim.location', cage.id);
    const none = await pfx('10.95.0.0/16');
    const mine = '/api/ipam/prefixes/?within=10.88.0.0/13';
    // a region matches what is scoped to it, to its sites and to their locations, below it too
    expect(await ids(`${mine}&region_id=${emea.id}`)).toEqual([onRegion.id, onSite.id, onCage.id]);
    expect(await ids(`${mine}&region=rel-nl`)).toEqual([onRegion.id, onSite.id, onCage.id]);
    expect(await ids(`${mine}&site_group_id=${grp.id}`)).toEqual([onGroup.id, onSite.id, onCage.id]);
    expect(await ids(`${mine}&site=rel-ams`)).toEqual([onSite.id, onCage.id]);
    expect(await ids(`${mine}&site_id=${ams.id}`)).toEqual([onSite.id, onCage.id]);
    expect(await ids(`${mine}&location_id=${hall.id}`)).toEqual([onCage.id]);
    expect(await ids(`${mine}&site_id__n=${ams.id}`)).toEqual([onRegion.id, onGroup.id, none.id]);
    expect(await status(`${mine}&site=nowhere`)).toBe(400);
  });

  it('through the rows pointing at the object: circuits and providers by where their terminations are', async () => {
    const site = await post('/api/dcim/sites/', { name: 'RelCx', slug: 'rel-cx' });
    const other = await post('/api/dcim/sites/', { name: 'RelCy', slug: 'rel-cy' });
    const prov = await post('/api/circuits/providers/', { name: 'RelProv', slug: 'rel-prov' });
    const prov2 = await post('/api/circuits/providers/', { name: 'RelProv2', slug: 'rel-prov2' });
    const ctype = await post('/api/circuits/circuit-types/', { name: 'RelT', slug: 'rel-t' });
    const c1 = await post('/api/circuits/circuits/', { cid: 'rel-c1', provider: prov.id, type: ctype.id });
    const c2 = await post('/api/circuits/circuits/', { cid: 'rel-c2', provider: prov2.id, type: ctype.id });
    const term = (c: any, side: string, s: any) =>
      post('/api/circuits/circuit-terminations/', {
        circuit: c.id,
        term_side: side,
        termination_type: 'dcim.site',
        termination_id: s.id,
      });
    const a1 = await term(c1, 'A', site);
    await term(c1, 'Z', other);
    await term(c2, 'A', other);
    expect(await ids(`/api/circuits/circuits/?site_id=${site.id}`)).toEqual([c1.id]);
    expect(await ids(`/api/circuits/circuits/?site=rel-cy`)).toEqual([c1.id, c2.id]);
    expect(await ids(`/api/circuits/circuits/?provider_id=${prov.id}&site_id__n=${site.id}`)).toEqual([]);
    expect(await ids(`/api/circuits/circuits/?termination_a_id=${a1.id}`)).toEqual([c1.id]);
    expect(await ids(`/api/circuits/circuits/?termination_z_id=${a1.id}`)).toEqual([]);
    expect(await ids(`/api/circuits/providers/?site=rel-cx`)).toEqual([prov.id]);
    expect(await ids(`/api/circuits/providers/?site=rel-cy`)).toEqual([prov.id, prov2.id]);
  });

  it('through many-to-many fields, both ways, and contacts by their groups', async () => {
    const parent = await post('/api/tenancy/contact-groups/', { name: 'RelParent', slug: 'rel-parent' });
    const child = await post('/api/tenancy/contact-groups/', {
      name: 'RelChild',
      slug: 'rel-child',
      parent: parent.id,
    });
    const alice = await post('/api/tenancy/contacts/', { name: 'RelAlice', groups: [child.id] });
    const bob = await post('/api/tenancy/contacts/', { name: 'RelBob' });
    expect(await ids(`/api/tenancy/contact-groups/?contact_id=${alice.id}`)).toEqual([child.id]);
    expect(await ids(`/api/tenancy/contact-groups/?contact_id=${bob.id}`)).toEqual([]);
    const t1 = await post('/api/tenancy/tenants/', { name: 'RelT1', slug: 'rel-t1' });
    const t2 = await post('/api/tenancy/tenants/', { name: 'RelT2', slug: 'rel-t2' });
    await post('/api/tenancy/contact-assignments/', {
      object_type: 'tenancy.tenant',
      object_id: t1.id,
      contact: alice.id,
    });
    await post('/api/tenancy/contact-assignments/', {
      object_type: 'tenancy.tenant',
      object_id: t2.id,
      contact: bob.id,
    });
    const mine = `/api/tenancy/tenants/?id=${t1.id}&id=${t2.id}`;
    // a contact group matches its contacts' objects, the groups below it included
    expect(await ids(`${mine}&contact_group=${parent.id}`)).toEqual([t1.id]);
    expect(await ids(`${mine}&contact_group__n=${parent.id}`)).toEqual([t2.id]);
    expect(await ids(`/api/tenancy/contact-assignments/?group=rel-parent`)).toHaveLength(1);
  });
});
