/**
 * Declared filters over stored values, each kind once against the real server: list columns (ports,
 * actions, event types, choices, object types), ranges and address spaces (IP ranges, VID ranges, FHRP
 * groups by a related address, VRFs with route targets). Bounds, expressions, computed values and filters
 * relative to who asks are filters-computed.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCalls, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const { post, ids, status } = serverCalls(() => s);

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
});
