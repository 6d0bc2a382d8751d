/**
 * Declared filters that compute what they compare, against the real server: bounds, a declared
 * expression, numeric object type ids, a reference that may be empty, VLANs available at a site, group,
 * device or VM; filters relative to who asks (usable saved filters); and parameters the Ansible collection
 * sends where NetBox has none. Filters over stored values and address spaces are filters-values.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCalls, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const { post, ids, status } = serverCalls(() => s);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('declared filters that compute what they compare', () => {
  it('bounds a value, computes a declared expression, and compares object type ids like numbers', async () => {
    const site = await post('/api/dcim/sites/', { name: 'ValPower', slug: 'val-power' });
    const rack = await post('/api/dcim/racks/', { name: 'val-r1', site: site.id });
    const me = (await s.request('GET', '/api/users/users/?username=admin')).body.results[0];
    const small = await post('/api/dcim/rack-reservations/', {
      rack: rack.id,
      units: [1],
      user: me.id,
      description: 'a',
    });
    const big = await post('/api/dcim/rack-reservations/', {
      rack: rack.id,
      units: [2, 3, 4],
      user: me.id,
      description: 'b',
    });
    const rr = `/api/dcim/rack-reservations/?rack_id=${rack.id}`;
    expect(await ids(`${rr}&unit_count_min=2`)).toEqual([big.id]);
    expect(await ids(`${rr}&unit_count_max=2`)).toEqual([small.id]);
    expect(await ids(`${rr}&unit=3`)).toEqual([big.id]);
    expect(await ids(`${rr}&site=val-power&location_id=null`)).toHaveLength(2);

    const panel = await post('/api/dcim/power-panels/', { site: site.id, name: 'val-panel' });
    const single = await post('/api/dcim/power-feeds/', { power_panel: panel.id, name: 'val-f1' });
    const three = await post('/api/dcim/power-feeds/', { power_panel: panel.id, name: 'val-f3', phase: 'three-phase' });
    const pf = `/api/dcim/power-feeds/?power_panel_id=${panel.id}`;
    // 120 V × 20 A × 80%, and × 1.732 for three phases
    expect(await ids(`${pf}&available_power=1920`)).toEqual([single.id]);
    expect(await ids(`${pf}&available_power__gt=3000`)).toEqual([three.id]);
    expect(await ids(`${pf}&site_id=${site.id}`)).toEqual([single.id, three.id]);

    const siteType = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    const mark = await post('/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: site.id, user: me.id });
    expect(await ids(`/api/extras/bookmarks/?object_type_id__gte=${siteType.id}&id=${mark.id}`)).toEqual([mark.id]);
    expect(await ids(`/api/extras/bookmarks/?object_type_id__gt=${siteType.id}&id=${mark.id}`)).toEqual([]);
  });

  it('matches an empty reference or the one of a given object', async () => {
    const mf = await post('/api/dcim/manufacturers/', { name: 'ValCo', slug: 'valco' });
    const other = await post('/api/dcim/manufacturers/', { name: 'ValOther', slug: 'valother' });
    const type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'V1', slug: 'v1' });
    const [any, mine, theirs] = [
      await post('/api/dcim/platforms/', { name: 'val-any', slug: 'val-any' }),
      await post('/api/dcim/platforms/', { name: 'val-mine', slug: 'val-mine', manufacturer: mf.id }),
      await post('/api/dcim/platforms/', { name: 'val-theirs', slug: 'val-theirs', manufacturer: other.id }),
    ];
    const q = `/api/dcim/platforms/?id=${any.id}&id=${mine.id}&id=${theirs.id}`;
    expect(await ids(`${q}&available_for_device_type=${type.id}`)).toEqual([any.id, mine.id]);
    expect(await status(`${q}&available_for_device_type=999999`)).toBe(400);
    // NetBox's job filters named with their comparison (created__after) and a journal's created range
    expect(await status('/api/core/jobs/?created__after=2000-01-01T00:00:00Z&completed__before=2000-01-02')).toBe(200);
    expect(await status('/api/core/jobs/?started__after=yesterday')).toBe(400);
    const note = await post('/api/extras/journal-entries/', {
      assigned_object_type: 'dcim.platform',
      assigned_object_id: any.id,
      comments: 'val',
    });
    expect(await ids(`/api/extras/journal-entries/?id=${note.id}&created_after=2000-01-01`)).toEqual([note.id]);
    expect(await ids(`/api/extras/journal-entries/?id=${note.id}&created_before=2000-01-01`)).toEqual([]);
  });

  it("finds VLANs available at a site, a site group, a device or a VM, as NetBox's get_for_*", async () => {
    const top = await post('/api/dcim/regions/', { name: 'ValTop', slug: 'val-top' });
    const sub = await post('/api/dcim/regions/', { name: 'ValSub', slug: 'val-sub', parent: top.id });
    const sg = await post('/api/dcim/site-groups/', { name: 'ValSg', slug: 'val-sg' });
    const site = await post('/api/dcim/sites/', { name: 'ValAv', slug: 'val-av', region: sub.id, group: sg.id });
    const elsewhere = await post('/api/dcim/sites/', { name: 'ValElse', slug: 'val-else' });
    const group = (name: string, scope_type?: string, scope_id?: number) =>
      post('/api/ipam/vlan-groups/', { name, slug: name, ...(scope_type ? { scope_type, scope_id } : {}) });
    const [gTop, gSg, gElse, gNone] = [
      await group('val-gtop', 'dcim.region', top.id),
      await group('val-gsg', 'dcim.sitegroup', sg.id),
      await group('val-gelse', 'dcim.site', elsewhere.id),
      await group('val-gnone'),
    ];
    const vlan = (vid: number, extra: object) => post('/api/ipam/vlans/', { vid, name: `val-${vid}`, ...extra });
    const [vTop, vSg, vElse, vNone, vSite, vOther] = [
      await vlan(501, { group: gTop.id }),
      await vlan(502, { group: gSg.id }),
      await vlan(503, { group: gElse.id }),
      await vlan(504, { group: gNone.id }),
      await vlan(505, { site: site.id }),
      await vlan(506, { site: elsewhere.id }),
    ];
    const all = [vTop, vSg, vElse, vNone, vSite, vOther].map((v) => `id=${v.id}`).join('&');
    const q = `/api/ipam/vlans/?${all}`;
    // a region above the site's counts; another site's VLANs and groups do not
    expect(await ids(`${q}&available_at_site=${site.id}`)).toEqual([vTop.id, vSg.id, vNone.id, vSite.id]);
    expect(await ids(`${q}&available_at_site_group=${sg.id}`)).toEqual([vSg.id, vNone.id]);
    const mf = await post('/api/dcim/manufacturers/', { name: 'ValAvCo', slug: 'valavco' });
    const type = await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'AV', slug: 'av' });
    const role = await post('/api/dcim/device-roles/', { name: 'ValAv', slug: 'val-av' });
    const dev = await post('/api/dcim/devices/', {
      name: 'val-av',
      device_type: type.id,
      role: role.id,
      site: site.id,
    });
    expect(await ids(`${q}&available_on_device=${dev.id}`)).toEqual([vTop.id, vSg.id, vNone.id, vSite.id]);
    const ctype = await post('/api/virtualization/cluster-types/', { name: 'ValCt', slug: 'val-ct' });
    const cl = await post('/api/virtualization/clusters/', {
      name: 'val-cl',
      type: ctype.id,
      scope_type: 'dcim.site',
      scope_id: elsewhere.id,
    });
    const vm = await post('/api/virtualization/virtual-machines/', { name: 'val-vm', cluster: cl.id });
    // a VM without a site takes its cluster's
    expect(await ids(`${q}&available_on_virtualmachine=${vm.id}`)).toEqual([vElse.id, vNone.id, vOther.id]);
    expect(await status(`${q}&available_on_device=999999`)).toBe(400);
  });
});

describe('filters relative to who asks', () => {
  it('usable saved filters: enabled, and shared or the requesting user’s own', async () => {
    const bob = await post('/api/users/users/', { username: 'val-bob', password: 'val-bob-password-1' });
    await post('/api/users/permissions/', {
      name: 'val-bob saved filters',
      object_types: ['extras.savedfilter'],
      actions: ['view'],
      users: [bob.id],
    });
    const token = (await post('/api/users/tokens/', { user: bob.id })).token;
    const sf = (name: string, extra: Record<string, unknown>) =>
      post('/api/extras/saved-filters/', { name, slug: name, object_types: ['dcim.site'], parameters: {}, ...extra });
    const shared = await sf('val-shared', { shared: true });
    const bobs = await sf('val-bobs', { shared: false, user: bob.id });
    const others = await sf('val-others', { shared: false });
    const off = await sf('val-off', { shared: true, enabled: false });
    const all = [shared, bobs, others, off].map((x) => x.id).sort((a, b) => a - b);
    const mine = `/api/extras/saved-filters/?${all.map((i) => `id=${i}`).join('&')}`;
    const asBob = async (q: string) =>
      (await s.request('GET', `${mine}&${q}`, undefined, { Authorization: `Bearer ${token}` })).body.results
        .map((o: any) => o.id)
        .sort((a: number, b: number) => a - b);
    expect(await asBob('usable=true')).toEqual([shared.id, bobs.id]);
    expect(await asBob('usable=false')).toEqual([others.id, off.id]);
    // the superuser (admin) owns none of them
    expect(await ids(`${mine}&usable=true`)).toEqual([shared.id]);
    expect(await status(`${mine}&usable=maybe`)).toBe(400);
  });
});

describe('parameters the Ansible collection sends where NetBox has no such filter', () => {
  it('match by id as the `_id` filter does, or are ignored (a password)', async () => {
    const site = await post('/api/dcim/sites/', { name: 'val-ans', slug: 'val-ans' });
    const panel = await post('/api/dcim/power-panels/', { site: site.id, name: 'val-panel' });
    const other = await post('/api/dcim/power-panels/', { site: site.id, name: 'val-panel-2' });
    const feed = await post('/api/dcim/power-feeds/', { power_panel: panel.id, name: 'val-feed' });
    await post('/api/dcim/power-feeds/', { power_panel: other.id, name: 'val-feed' });
    expect(await ids(`/api/dcim/power-feeds/?name=val-feed&power_panel=${panel.id}`)).toEqual([feed.id]);
    const mf = await post('/api/dcim/manufacturers/', { name: 'val-ans-mf', slug: 'val-ans-mf' });
    const [dt1, dt2] = [
      await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'val-a', slug: 'val-a' }),
      await post('/api/dcim/device-types/', { manufacturer: mf.id, model: 'val-b', slug: 'val-b' }),
    ];
    const psu = await post('/api/dcim/power-port-templates/', { device_type: dt1.id, name: 'PSU0' });
    await post('/api/dcim/power-port-templates/', { device_type: dt2.id, name: 'PSU0' });
    expect(await ids(`/api/dcim/power-port-templates/?name=PSU0&device_type=${dt1.id}`)).toEqual([psu.id]);
    const cc = await post('/api/extras/config-contexts/', { name: 'val-cc', sites: [site.id], data: {} });
    await post('/api/extras/config-contexts/', { name: 'val-cc2', data: {} });
    expect(await ids(`/api/extras/config-contexts/?name__isw=val-cc&sites=${site.id}`)).toEqual([cc.id]);
    expect(await status('/api/users/users/?username=admin&password=anything')).toBe(200);
    expect(await ids('/api/users/users/?username=admin&password=anything')).toHaveLength(1);
  });
});
