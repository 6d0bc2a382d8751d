/**
 * Statements per request, counted on the wire between the server and PostgreSQL: a read of a
 * device or a page of them costs its data queries only — authentication and permissions come from
 * the process's cache (shared-cache.test.ts shows the cache follows changes). The numbers are the
 * budget: a change that adds a query to these requests fails here and must say why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { WORKER_APPLICATION } from '../../runtime/jobs/worker.ts';
import { SEQUENCER_APPLICATION } from '../../runtime/stream/sequencer.ts';
import { startPgCounter, type Counts, type PgCounter } from '../helpers/pg-counter.ts';
import { AUTH, created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let counter: PgCounter;
const auth: Record<string, Record<string, string>> = { superuser: AUTH };
let device: any;

beforeAll(async () => {
  // the change stream's sequencer and the job worker poll on connections of their own: no request's cost
  counter = await startPgCounter(inject('adminUrl'), [SEQUENCER_APPLICATION, WORKER_APPLICATION]);
  s = await startTestServer({ via: (url) => counter.route(url) });
  const site = await created(s, '/api/dcim/sites/', { name: 'st', slug: 'st' });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'mf', slug: 'mf' });
  const dt = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'dt', slug: 'dt' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'rl', slug: 'rl', color: '00ff00' });
  const devices = await created(
    s,
    '/api/dcim/devices/',
    Array.from({ length: 5 }, (_, i) => ({ name: `d${i}`, site: site.id, device_type: dt.id, role: role.id })),
  );
  device = devices[0];
  await created(
    s,
    '/api/dcim/interfaces/',
    Array.from({ length: 10 }, (_, i) => ({ device: device.id, name: `eth${i}`, type: '1000base-t' })),
  );
  const viewer = await created(s, '/api/users/users/', { username: 'viewer', password: 'viewer-password-1' });
  await created(s, '/api/users/permissions/', {
    name: 'view dcim',
    object_types: ['dcim.device', 'dcim.interface', 'dcim.site'],
    actions: ['view'],
    users: [viewer.id],
  });
  const constrained = await created(s, '/api/users/users/', {
    username: 'constrained',
    password: 'constrained-password-1',
  });
  await created(s, '/api/users/permissions/', {
    name: 'some devices',
    object_types: ['dcim.device'],
    actions: ['view'],
    users: [constrained.id],
    constraints: { name__startswith: 'd' },
  });
  await created(s, '/api/users/permissions/', {
    name: 'interfaces of some devices',
    object_types: ['dcim.interface'],
    actions: ['view'],
    users: [constrained.id],
    constraints: { device__name__startswith: 'd' },
  });
  auth.viewer = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: viewer.id })).token}` };
  auth.constrained = {
    Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: constrained.id })).token}`,
  };
});
afterAll(async () => {
  await s?.stop();
  await counter?.close();
});

/**
 * Until PostgreSQL has received nothing for 100 ms: the first use of a token writes last_used in the
 * background, which a busy machine may land well after the answer (a fixed 100 ms wait once counted it).
 */
async function settled(deadline = Date.now() + 10_000) {
  for (;;) {
    counter.reset();
    await new Promise((r) => setTimeout(r, 100));
    // left reset: what is counted next is the caller's
    if (counter.counts().statements === 0) return counter.reset();
    if (Date.now() > deadline) throw new Error('PostgreSQL kept receiving statements with no request in flight');
  }
}

/** What PostgreSQL receives for one request, after a first one has warmed the caches. */
async function cost(path: string, who: string): Promise<Counts> {
  const first = await s.request('GET', path, undefined, auth[who]);
  expect(first.status, first.text).toBe(200);
  await settled();
  const runs = 5;
  for (let i = 0; i < runs; i++) expect((await s.request('GET', path, undefined, auth[who])).status).toBe(200);
  const c = counter.counts();
  if (process.env.SHOW_STATEMENTS)
    console.log(
      path,
      who,
      counter.texts().map((t) => t.slice(0, 300)),
    );
  return { statements: c.statements / runs, roundTrips: c.roundTrips / runs };
}

describe('statements per request', () => {
  it('device detail: one statement, whoever asks', async () => {
    for (const who of ['superuser', 'viewer', 'constrained']) {
      expect({ who, ...(await cost(`/api/dcim/devices/${device.id}/`, who)) }).toEqual({
        who,
        statements: 1,
        roundTrips: 1,
      });
    }
  });

  it('a page: the count and the page, and for interfaces one query per relation not yet embedded', async () => {
    for (const who of ['superuser', 'viewer']) {
      expect({ who, ...(await cost('/api/dcim/devices/?limit=50', who)) }).toEqual({
        who,
        statements: 2,
        roundTrips: 2,
      });
      expect({ who, ...(await cost('/api/dcim/sites/?limit=50&status=active', who)) }).toEqual({
        who,
        statements: 2,
        roundTrips: 2,
      });
      // the far ends of cables are read after the page, in one lookup (paths are traced only for cabled ones)
      expect({ who, ...(await cost('/api/dcim/interfaces/?limit=1000', who)) }).toEqual({
        who,
        statements: 3,
        roundTrips: 3,
      });
    }
  });

  it("a page's statement builds what several fields name once: a device's four addresses are one set", async () => {
    counter.reset();
    // an ordering no other read asks for: the page's text is parsed on this request
    const r = await s.request('GET', '/api/dcim/devices/?limit=4&ordering=-serial', undefined, auth.superuser);
    expect(r.status, r.text).toBe(200);
    const [page] = counter.texts().filter((t) => t.startsWith('WITH p AS MATERIALIZED'));
    // primary_ip, primary_ip4, primary_ip6 and oob_ip: one nested address with its NAT inside and outside (12 before)
    expect(page?.match(/\/api\/ipam\/ip-addresses\//g)?.length).toBe(3);
    // role and its older name device_role: one set of roles
    expect(page?.match(/\/api\/dcim\/device-roles\//g)?.length).toBe(1);
  });
});

describe('plans', () => {
  it('are kept: a read repeated on a connection is not parsed again (named statements)', async () => {
    const path = `/api/dcim/devices/${device.id}/`;
    for (let i = 0; i < 20; i++) await s.request('GET', path, undefined, auth.superuser);
    await settled();
    for (let i = 0; i < 5; i++) expect((await s.request('GET', path, undefined, auth.superuser)).status).toBe(200);
    expect(counter.counts().statements).toBe(5);
    expect(counter.texts()).toEqual([]);
  });

  it('are kept for filters and constraints that reach other tables: their SQL is the same each time', async () => {
    const reads: [string, string][] = [
      ['/api/dcim/interfaces/?site=st&limit=10', 'superuser'],
      ['/api/dcim/interfaces/?limit=10', 'constrained'],
    ];
    // every connection of the pool (DB_POOL_SIZE, 10) must have seen each read: the pool takes its connections in
    // turn, but a filter's lookups run beside the count and the page, so the turn shifts; 12 rounds were sometimes
    // not enough for every connection to have run the count
    for (let i = 0; i < 40; i++) for (const [path, who] of reads) await s.request('GET', path, undefined, auth[who]);
    await settled();
    for (let i = 0; i < 3; i++)
      for (const [path, who] of reads) {
        const r = await s.request('GET', path, undefined, auth[who]);
        expect(r.status, r.text).toBe(200);
        expect(r.body.count).toBe(10);
      }
    // nothing is parsed again: the page, its count, the lookup that checks the filter's site exists and the
    // one that finds the far ends of cabled interfaces
    expect(counter.texts()).toEqual([]);
  });

  it('run without JIT: compiling a page query with many embedded relations costs more than running it', async () => {
    // the server's own pool, as every request uses it
    expect((await s.sql.unsafe('SHOW jit'))[0]!.jit).toBe('off');
  });
});
