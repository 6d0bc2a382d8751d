/**
 * Declared filters over values, each kind once against the real server: list columns (ports, actions,
 * event types, choices, object types), ranges and address spaces (IP ranges, VID ranges, VRFs with
 * route targets, FHRP groups), bounds, a declared expression, computed values, numeric object type ids
 * and a reference that may be empty.
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

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('declared filters over values', () => {
  it('compare list columns: ports, actions, event types, choices, object types', async () => {
    const ssh = await post('/api/ipam/service-templates/', { name: 'val-ssh', protocol: 'tcp', ports: [22] });
    const web = await post('/api/ipam/service-templates/', { name: 'val-web', protocol: 'tcp', ports: [80, 443] });
    const mine = `/api/ipam/service-templates/?id=${ssh.id}&id=${web.id}`;
    expect(await ids(`${mine}&port=443`)).toEqual([web.id]);
    expect(await ids(`${mine}&port__n=443`)).toEqual([ssh.id]);
    // as Django compares an array with [n]: element by element
    expect(await ids(`${mine}&port__gt=22`)).toEqual([web.id]);
    expect(await status(`${mine}&port=http`)).toBe(400);

    const view = await post('/api/users/permissions/', {
      name: 'val-view',
      object_types: ['dcim.site'],
      actions: ['view'],
    });
    const edit = await post('/api/users/permissions/', {
      name: 'val-edit',
      object_types: ['dcim.site'],
      actions: ['change'],
    });
    const perms = `/api/users/permissions/?id=${view.id}&id=${edit.id}`;
    expect(await ids(`${perms}&can_view=true`)).toEqual([view.id]);
    expect(await ids(`${perms}&can_view=false`)).toEqual([edit.id]);

    const set = await post('/api/extras/custom-field-choice-sets/', {
      name: 'val-set',
      extra_choices: [
        ['a', 'Alpha'],
        ['b', 'Beta'],
      ],
    });
    expect(await ids('/api/extras/custom-field-choice-sets/?choice=Beta')).toEqual([set.id]);
    expect(await ids('/api/extras/custom-field-choice-sets/?choice=b&choice=zzz')).toEqual([set.id]);
    expect(await ids('/api/extras/custom-field-choice-sets/?choice=zzz')).toEqual([]);

    const siteType = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    const anyTag = await post('/api/extras/tags/', { name: 'val-any', slug: 'val-any' });
    const siteTag = await post('/api/extras/tags/', {
      name: 'val-site',
      slug: 'val-site',
      object_types: ['dcim.site'],
    });
    const rackTag = await post('/api/extras/tags/', {
      name: 'val-rack',
      slug: 'val-rack',
      object_types: ['dcim.rack'],
    });
    const tags = `/api/extras/tags/?id=${anyTag.id}&id=${siteTag.id}&id=${rackTag.id}`;
    expect(await ids(`${tags}&for_object_type_id=${siteType.id}`)).toEqual([anyTag.id, siteTag.id]);
    await post('/api/dcim/sites/', { name: 'ValSite', slug: 'val-site', tags: [{ slug: 'val-any' }] });
    expect(await ids(`${tags}&content_type=dcim.site`)).toEqual([anyTag.id]);
    expect(await ids(`${tags}&content_type_id=${siteType.id}`)).toEqual([anyTag.id]);
    expect(await ids(`/api/core/object-types/?id=${siteType.id}&features=tags`)).toEqual([siteType.id]);
  });

  it('holds addresses and VIDs in ranges, and finds FHRP groups by a related address', async () => {
    const r1 = await post('/api/ipam/ip-ranges/', { start_address: '10.77.0.10/24', end_address: '10.77.0.20/24' });
    const r2 = await post('/api/ipam/ip-ranges/', { start_address: '10.77.1.10/24', end_address: '10.77.1.20/24' });
    const mine = `/api/ipam/ip-ranges/?id=${r1.id}&id=${r2.id}`;
    expect(await ids(`${mine}&contains=10.77.0.15`)).toEqual([r1.id]);
    expect(await ids(`${mine}&contains=10.77.0.21/24`)).toEqual([]);
    expect(await ids(`${mine}&parent=10.77.0.0/16`)).toEqual([r1.id, r2.id]);
    expect(await ids(`${mine}&parent=10.77.1.0/24`)).toEqual([r2.id]);
    expect(await ids(`${mine}&size=11`)).toEqual([r1.id, r2.id]);
    expect(await ids(`${mine}&size__gt=11`)).toEqual([]);

    const g1 = await post('/api/ipam/vlan-groups/', { name: 'val-g1', slug: 'val-g1', vid_ranges: [[100, 199]] });
    const g2 = await post('/api/ipam/vlan-groups/', {
      name: 'val-g2',
      slug: 'val-g2',
      vid_ranges: [
        [1, 10],
        [300, 400],
      ],
    });
    const groups = `/api/ipam/vlan-groups/?id=${g1.id}&id=${g2.id}`;
    expect(await ids(`${groups}&contains_vid=150`)).toEqual([g1.id]);
    expect(await ids(`${groups}&contains_vid=300`)).toEqual([g2.id]);
    expect(await ids(`${groups}&total_vlan_ids=100`)).toEqual([g1.id]);

    const fhrp = await post('/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 7 });
    await post('/api/ipam/ip-addresses/', {
      address: '10.78.0.1/24',
      assigned_object_type: 'ipam.fhrpgroup',
      assigned_object_id: fhrp.id,
    });
    const near = await post('/api/ipam/ip-addresses/', { address: '10.78.0.99/24' });
    const far = await post('/api/ipam/ip-addresses/', { address: '10.79.0.99/24' });
    expect(await ids(`/api/ipam/fhrp-groups/?related_ip=${near.id}`)).toEqual([fhrp.id]);
    expect(await ids(`/api/ipam/fhrp-groups/?related_ip=${far.id}`)).toEqual([]);
  });

  it('finds prefixes present in a VRF: in it, or in a VRF exporting a route target it imports', async () => {
    const rt = await post('/api/ipam/route-targets/', { name: '65000:1' });
    const blue = await post('/api/ipam/vrfs/', { name: 'val-blue', rd: '65000:10', import_targets: [rt.id] });
    const red = await post('/api/ipam/vrfs/', { name: 'val-red', rd: '65000:20', export_targets: [rt.id] });
    const green = await post('/api/ipam/vrfs/', { name: 'val-green', rd: '65000:30' });
    const [pb, pr, pg, pn] = [
      await post('/api/ipam/prefixes/', { prefix: '10.80.0.0/24', vrf: blue.id }),
      await post('/api/ipam/prefixes/', { prefix: '10.80.1.0/24', vrf: red.id }),
      await post('/api/ipam/prefixes/', { prefix: '10.80.2.0/24', vrf: green.id }),
      await post('/api/ipam/prefixes/', { prefix: '10.80.3.0/24' }),
    ];
    const mine = '/api/ipam/prefixes/?within=10.80.0.0/16';
    expect(await ids(`${mine}&present_in_vrf_id=${blue.id}`)).toEqual([pb.id, pr.id]);
    expect(await ids(`${mine}&present_in_vrf=65000:20`)).toEqual([pr.id]);
    expect(await status(`${mine}&present_in_vrf=65000:99`)).toBe(400);
    expect(await ids(`/api/ipam/route-targets/?importing_vrf=65000:10`)).toEqual([rt.id]);
    expect(await ids(`/api/ipam/route-targets/?exporting_vrf_id=${blue.id}`)).toEqual([]);
    // depth and children count prefixes of the same VRF
    const outer = await post('/api/ipam/prefixes/', { prefix: '10.80.0.0/16' });
    expect(await ids(`${mine}&depth=1`)).toEqual([pn.id]);
    expect(await ids(`/api/ipam/prefixes/?within_include=10.80.0.0/16&children__gte=1`)).toEqual([outer.id]);
    void pg;
  });

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
