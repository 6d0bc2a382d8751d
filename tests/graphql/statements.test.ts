/**
 * Statements per GraphQL query, counted on the wire between the server and PostgreSQL (as
 * tests/api/statements.test.ts counts REST's): devices → interfaces → IP addresses over 10 devices and
 * then over 1,000, each with two interfaces and an address on each. The count is bounded by the query's
 * root fields (one statement each, however deep), never by the rows: NetBox's N+1 (#11291, #18120) is
 * what this guards against.
 */
import { WORKER_APPLICATION } from '../../runtime/jobs/worker.ts';
import { SEQUENCER_APPLICATION } from '../../runtime/stream/sequencer.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPgCounter, type Counts, type PgCounter } from '../helpers/pg-counter.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let counter: PgCounter;
let refs: { site: number; device_type: number; role: number };
let made = 0;

const THREE_LEVELS = `{
  device_list {
    id name
    interfaces { id name ip_addresses { id address } }
  }
}`;

/** Devices `made`… up to `total`, each with eth0 and eth1 and an address on each, by bulk POSTs. */
async function devicesUpTo(total: number): Promise<void> {
  const chunk = 250;
  while (made < total) {
    const n = Math.min(chunk, total - made);
    const devices = await created(
      s,
      '/api/dcim/devices/',
      Array.from({ length: n }, (_, i) => ({ name: `dev-${String(made + i).padStart(4, '0')}`, ...refs })),
    );
    const interfaces = await created(
      s,
      '/api/dcim/interfaces/',
      devices.flatMap((d: { id: number }) =>
        ['eth0', 'eth1'].map((name) => ({ device: d.id, name, type: '1000base-t' })),
      ),
    );
    await created(
      s,
      '/api/ipam/ip-addresses/',
      interfaces.map((itf: { id: number }, i: number) => {
        const k = 2 * made + i;
        return {
          address: `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}/16`,
          assigned_object_type: 'dcim.interface',
          assigned_object_id: itf.id,
        };
      }),
    );
    made += n;
  }
}

/** What PostgreSQL receives for one query, after a first run has warmed the caches. */
async function cost(query: string): Promise<Counts & { body: any }> {
  const first = await s.request('POST', '/graphql/', { query });
  expect(first.status, first.text).toBe(200);
  expect(first.body.errors, first.text.slice(0, 500)).toBeUndefined();
  await new Promise((r) => setTimeout(r, 100)); // a token's last_used, written in the background
  counter.reset();
  const r = await s.request('POST', '/graphql/', { query });
  expect(r.status).toBe(200);
  if (process.env.SHOW_STATEMENTS) console.log(counter.texts().map((t) => t.slice(0, 300)));
  return { ...counter.counts(), body: r.body };
}

beforeAll(async () => {
  // the change stream's sequencer and the job worker poll on connections of their own: no request's cost
  counter = await startPgCounter(inject('adminUrl'), [SEQUENCER_APPLICATION, WORKER_APPLICATION]);
  s = await startTestServer({ via: (url) => counter.route(url) });
  const site = await created(s, '/api/dcim/sites/', { name: 'st', slug: 'st' });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'mf', slug: 'mf' });
  const dt = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'dt', slug: 'dt' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'rl', slug: 'rl', color: '00ff00' });
  refs = { site: site.id, device_type: dt.id, role: role.id };
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await counter?.close();
});

describe('statements per GraphQL query', () => {
  const seen: Record<number, Counts> = {};

  it.each([10, 1000])(
    'devices → interfaces → IP addresses over %i devices: one statement',
    async (n) => {
      await devicesUpTo(n);
      const { body, ...counts } = await cost(THREE_LEVELS);
      const devices = body.data.device_list as { name: string; interfaces: { ip_addresses: unknown[] }[] }[];
      expect(devices).toHaveLength(n);
      expect(devices.every((d) => d.interfaces.length === 2)).toBe(true);
      expect(devices.every((d) => d.interfaces.every((i) => i.ip_addresses.length === 1))).toBe(true);
      expect(counts).toEqual({ statements: 1, roundTrips: 1 });
      seen[n] = counts;
    },
    300_000,
  );

  it('is the same for 10 devices and for 1,000', () => {
    expect(seen[10]).toBeDefined();
    expect(seen[1000]).toEqual(seen[10]);
  });

  it('is one statement per root field, however deep each one goes (a page, its count, an object)', async () => {
    const query = `{
      device_list(pagination: {limit: 50}) { name site { name region { name } } interfaces { name } }
      device_list_page_metadata { count }
      site(id: ${refs.site}) { name devices(pagination: {limit: 5}) { name interfaces { ip_addresses { address } } } }
    }`;
    const { body, ...counts } = await cost(query);
    expect(body.data.device_list).toHaveLength(50);
    expect(body.data.site.devices).toHaveLength(5);
    expect(body.data.device_list_page_metadata).toEqual({ count: 1000 });
    expect(counts).toEqual({ statements: 3, roundTrips: 3 });
  });
});
