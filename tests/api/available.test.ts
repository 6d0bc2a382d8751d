/**
 * available-ips (prefixes and IP ranges), available-prefixes and available-vlans: what GET lists,
 * what POST allocates, the 409 when space runs out, race-free allocation under concurrency, and
 * allocations inside a branch that avoid what main and other open branches took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBranch, readyBranch } from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => s?.stop());

async function prefix(p: string, extra: Record<string, unknown> = {}): Promise<any> {
  const r = await s.request('POST', '/api/ipam/prefixes/', { prefix: p, ...extra });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

describe('available-ips of a prefix', () => {
  it('lists free addresses without the network and broadcast addresses, skipping taken ones', async () => {
    const p = await prefix('192.0.2.0/29');
    await s.request('POST', '/api/ipam/ip-addresses/', { address: '192.0.2.2/29' });
    const r = await s.request('GET', `/api/ipam/prefixes/${p.id}/available-ips/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((a: any) => a.address)).toEqual([
      '192.0.2.1/29',
      '192.0.2.3/29',
      '192.0.2.4/29',
      '192.0.2.5/29',
      '192.0.2.6/29',
    ]);
    expect(r.body[0]).toEqual({ family: 4, address: '192.0.2.1/29', vrf: null });
    const limited = await s.request('GET', `/api/ipam/prefixes/${p.id}/available-ips/?limit=2`);
    expect(limited.body).toHaveLength(2);
  });

  it('counts every address of a pool, a /31 and an IPv6 /127, and only the VRF of the prefix', async () => {
    const vrf = (await s.request('POST', '/api/ipam/vrfs/', { name: 'avail-red' })).body;
    const pool = await prefix('198.51.100.0/30', { is_pool: true, vrf: vrf.id });
    await s.request('POST', '/api/ipam/ip-addresses/', { address: '198.51.100.1/30' }); // global table: not in the VRF
    expect(
      (await s.request('GET', `/api/ipam/prefixes/${pool.id}/available-ips/`)).body.map((a: any) => a.address),
    ).toEqual(['198.51.100.0/30', '198.51.100.1/30', '198.51.100.2/30', '198.51.100.3/30']);
    const p2p = await prefix('198.51.100.8/31');
    expect((await s.request('GET', `/api/ipam/prefixes/${p2p.id}/available-ips/`)).body).toHaveLength(2);
    const v6 = await prefix('2001:db8:1::/64');
    const six = await s.request('GET', `/api/ipam/prefixes/${v6.id}/available-ips/?limit=2`);
    expect(six.body).toEqual([
      { family: 6, address: '2001:db8:1::1/64', vrf: null },
      { family: 6, address: '2001:db8:1::2/64', vrf: null },
    ]);
  });

  it('creates one address from an object, a list from a list, and answers 409 when space runs out', async () => {
    const p = await prefix('203.0.113.0/29', { status: 'active' });
    const one = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, {
      description: 'first',
      status: 'reserved',
    });
    expect(one.status, one.text).toBe(201);
    expect(one.body).toMatchObject({ address: '203.0.113.1/29', description: 'first', status: { value: 'reserved' } });
    const many = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, [{}, { prefix_length: 32 }]);
    expect(many.status, many.text).toBe(201);
    expect(many.body.map((a: any) => a.address)).toEqual(['203.0.113.2/29', '203.0.113.3/32']);
    const tooMany = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, [{}, {}, {}, {}]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({
      detail: 'An insufficient number of IP addresses are available within 203.0.113.0/29 (4 requested, 3 available)',
    });
    const bad = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, { status: 'bogus' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: ['bogus is not a valid choice.'] });
    expect((await s.request('GET', `/api/ipam/prefixes/${p.id}/available-ips/`)).body).toHaveLength(3);
  });

  it('gives 50 concurrent requests 50 different addresses', async () => {
    const p = await prefix('10.77.0.0/24');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => s.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, {})),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(201));
    const addresses = replies.map((r) => r.body.address);
    expect(new Set(addresses).size).toBe(50);
    const listed = await s.request('GET', '/api/ipam/ip-addresses/?parent=10.77.0.0/24&limit=0');
    expect(listed.body.count).toBe(50);
  });

  it('answers 404 for an unknown prefix and 405 for other methods', async () => {
    expect((await s.request('GET', '/api/ipam/prefixes/99999999/available-ips/')).status).toBe(404);
    const p = await prefix('10.78.0.0/30');
    const put = await s.request('PUT', `/api/ipam/prefixes/${p.id}/available-ips/`, {});
    expect(put.status).toBe(405);
  });
});

describe('available-ips of an IP range', () => {
  it('lists the range minus taken addresses, with the range mask, and none for a populated range', async () => {
    const range = (
      await s.request('POST', '/api/ipam/ip-ranges/', { start_address: '10.90.0.10/24', end_address: '10.90.0.14/24' })
    ).body;
    await s.request('POST', '/api/ipam/ip-addresses/', { address: '10.90.0.11/24' });
    const r = await s.request('GET', `/api/ipam/ip-ranges/${range.id}/available-ips/`);
    expect(r.body.map((a: any) => a.address)).toEqual([
      '10.90.0.10/24',
      '10.90.0.12/24',
      '10.90.0.13/24',
      '10.90.0.14/24',
    ]);
    const made = await s.request('POST', `/api/ipam/ip-ranges/${range.id}/available-ips/`, [{}, {}]);
    expect(made.body.map((a: any) => a.address)).toEqual(['10.90.0.10/24', '10.90.0.12/24']);
    await s.request('PATCH', `/api/ipam/ip-ranges/${range.id}/`, { mark_populated: true });
    expect((await s.request('GET', `/api/ipam/ip-ranges/${range.id}/available-ips/`)).body).toEqual([]);
  });

  it('keeps addresses of a populated range inside a prefix out of the prefix list', async () => {
    const p = await prefix('10.91.0.0/28');
    await s.request('POST', '/api/ipam/ip-ranges/', {
      start_address: '10.91.0.1/28',
      end_address: '10.91.0.12/28',
      mark_populated: true,
    });
    expect(
      (await s.request('GET', `/api/ipam/prefixes/${p.id}/available-ips/`)).body.map((a: any) => a.address),
    ).toEqual(['10.91.0.13/28', '10.91.0.14/28']);
  });
});

describe('available-prefixes', () => {
  it('lists free space as CIDR blocks and carves requested lengths from it', async () => {
    const p = await prefix('10.100.0.0/16', { status: 'container' });
    await prefix('10.100.0.0/24');
    const r = await s.request('GET', `/api/ipam/prefixes/${p.id}/available-prefixes/`);
    expect(r.body.map((x: any) => x.prefix)).toEqual([
      '10.100.1.0/24',
      '10.100.2.0/23',
      '10.100.4.0/22',
      '10.100.8.0/21',
      '10.100.16.0/20',
      '10.100.32.0/19',
      '10.100.64.0/18',
      '10.100.128.0/17',
    ]);
    expect(r.body[0]).toEqual({ family: 4, prefix: '10.100.1.0/24', vrf: null });
    const made = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-prefixes/`, [
      { prefix_length: 24, description: 'a' },
      { prefix_length: 22 },
    ]);
    expect(made.status, made.text).toBe(201);
    expect(made.body.map((x: any) => x.prefix)).toEqual(['10.100.1.0/24', '10.100.4.0/22']);
    const missing = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-prefixes/`, {
      description: 'no length',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ prefix_length: ['This field is required.'] });
    const huge = await s.request('POST', `/api/ipam/prefixes/${p.id}/available-prefixes/`, { prefix_length: 15 });
    expect(huge.status).toBe(409);
    expect(huge.body).toEqual({
      detail: 'Insufficient space is available to accommodate the requested prefix size(s)',
    });
  });
});

describe('available-vlans', () => {
  it('lists free VIDs of the group ranges and creates VLANs with them', async () => {
    const g = (
      await s.request('POST', '/api/ipam/vlan-groups/', { name: 'avail-g', slug: 'avail-g', vid_ranges: [[100, 103]] })
    ).body;
    await s.request('POST', '/api/ipam/vlans/', { vid: 101, name: 'taken', group: g.id });
    const r = await s.request('GET', `/api/ipam/vlan-groups/${g.id}/available-vlans/`);
    expect(r.body.map((v: any) => v.vid)).toEqual([100, 102, 103]);
    expect(r.body[0].group).toMatchObject({ id: g.id, name: 'avail-g' });
    const made = await s.request('POST', `/api/ipam/vlan-groups/${g.id}/available-vlans/`, [
      { name: 'a' },
      { name: 'b' },
    ]);
    expect(made.status, made.text).toBe(201);
    expect(made.body.map((v: any) => [v.vid, v.group.id])).toEqual([
      [100, g.id],
      [102, g.id],
    ]);
    const more = await s.request('POST', `/api/ipam/vlan-groups/${g.id}/available-vlans/`, [
      { name: 'c' },
      { name: 'd' },
    ]);
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ detail: 'The requested number of VLANs is not available' });
  });
});

describe('available-asns', () => {
  it('lists free numbers of the range and creates ASNs with the range RIR', async () => {
    const rir = (await s.request('POST', '/api/ipam/rirs/', { name: 'avail-rir', slug: 'avail-rir' })).body;
    const range = (
      await s.request('POST', '/api/ipam/asn-ranges/', {
        name: 'r1',
        slug: 'r1',
        rir: rir.id,
        start: 64512,
        end: 64515,
      })
    ).body;
    await s.request('POST', '/api/ipam/asns/', { asn: 64513, rir: rir.id });
    expect((await s.request('GET', `/api/ipam/asn-ranges/${range.id}/available-asns/`)).body).toEqual([
      { asn: 64512 },
      { asn: 64514 },
      { asn: 64515 },
    ]);
    const made = await s.request('POST', `/api/ipam/asn-ranges/${range.id}/available-asns/`, [
      { description: 'a' },
      {},
    ]);
    expect(made.status, made.text).toBe(201);
    expect(made.body.map((a: any) => [a.asn, a.rir.id])).toEqual([
      [64512, rir.id],
      [64514, rir.id],
    ]);
    const more = await s.request('POST', `/api/ipam/asn-ranges/${range.id}/available-asns/`, [{}, {}]);
    expect(more.status).toBe(409);
    expect(more.body).toEqual({
      detail: 'An insufficient number of ASNs are available within r1 (2 requested, 1 available)',
    });
    expect((await s.request('GET', `/api/ipam/asn-ranges/${range.id}/`)).body.asn_count).toBe(3);
  });
});

describe('allocation inside a branch', () => {
  it('avoids addresses taken in main and in other open branches', async () => {
    const p = await prefix('10.200.0.0/29');
    const a = await readyBranch(s, 'alloc-a');
    const b = await readyBranch(s, 'alloc-b');
    const inA = inBranch(s, a.schema_id);
    const inB = inBranch(s, b.schema_id);
    const first = await inA.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, {});
    expect(first.status, first.text).toBe(201);
    expect(first.body.address).toBe('10.200.0.1/29');
    await s.request('POST', '/api/ipam/ip-addresses/', { address: '10.200.0.2/29' });
    const second = await inB.request('POST', `/api/ipam/prefixes/${p.id}/available-ips/`, {});
    expect(second.body.address).toBe('10.200.0.3/29');
    expect(
      (await inA.request('GET', `/api/ipam/prefixes/${p.id}/available-ips/`)).body.map((x: any) => x.address),
    ).toEqual(['10.200.0.4/29', '10.200.0.5/29', '10.200.0.6/29']);
  });
});
