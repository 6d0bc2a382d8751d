/**
 * Receivers that never let a delivery end (issue 34): each attempt ends by WEBHOOK_TIMEOUT_MS, counted
 * from before the connection to the last byte read, whatever the receiver does (a 1 GiB body trickled,
 * headers trickled, no answer); a redirect is not followed; the answer is read only as far as the
 * part that is kept, so a 1 GiB body is not read; and 32 receivers that trickle (as many as the
 * webhook pool's slots) do not hold up another webhook's deliveries. Real receivers, the real queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import {
  BODY_BYTES,
  startSlowReceivers,
  type Misbehaviour,
  type SlowReceivers,
} from '../../scripts/soak/slow-receiver.ts';

const TIMEOUT_MS = 5000;
/** what a loaded machine may add to a deadline: scheduling, the queue, the record */
const HEADROOM_MS = 3000;

let s: TestServer;
let healthy: Receiver;
const slow: SlowReceivers[] = [];
beforeAll(async () => {
  s = await startTestServer({
    env: {
      WORKER_IN_PROCESS: 'true',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_MAX_ATTEMPTS: '2',
      WEBHOOK_BACKOFF_MS: '100',
    },
  });
  healthy = await startReceiver();
});
afterAll(async () => {
  await s?.stop();
  await healthy?.close();
  for (const r of slow) await r.close();
});

async function receivers(n: number, how: Misbehaviour): Promise<SlowReceivers> {
  const r = await startSlowReceivers(n, how);
  slow.push(r);
  return r;
}

let n = 0;
/** Webhooks (one per URL) fired when an object of `type` is created (or `event`); their ids, in order. */
async function hooks(type: string, urls: readonly string[], event = 'object_created'): Promise<number[]> {
  const made = await created(
    s,
    '/api/extras/webhooks/',
    urls.map((payload_url) => ({ name: `slow-${++n}`, payload_url })),
  );
  await created(
    s,
    '/api/extras/event-rules/',
    made.map((h: { id: number }) => ({
      name: `slow-rule-${h.id}`,
      object_types: [type],
      event_types: [event],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: h.id,
    })),
  );
  return made.map((h: { id: number }) => h.id);
}

/** The delivery of each webhook once all have ended (finished or failed), by webhook id; fails after `ms`. */
async function ended(ids: readonly number[], ms: number): Promise<Map<number, any>> {
  const until = Date.now() + ms;
  for (;;) {
    const tasks = (await s.request('GET', '/api/core/background-tasks/?limit=0')).body.results;
    const done = new Map<number, any>();
    for (const t of tasks)
      if (ids.includes(Number(t.kwargs.webhook_id)) && ['finished', 'failed'].includes(t.status))
        done.set(Number(t.kwargs.webhook_id), t);
    if (done.size === ids.length) return done;
    if (Date.now() > until) throw new Error(`${done.size} of ${ids.length} deliveries ended within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const trickle: Misbehaviour = { kind: 'trickle', status: 200, bytes: 8, everyMs: 250 };

describe('an attempt ends by WEBHOOK_TIMEOUT_MS', () => {
  it('whether the receiver trickles its body, trickles its headers or never answers', async () => {
    const kinds: Misbehaviour[] = [trickle, { kind: 'slow-headers', everyMs: 250 }, { kind: 'silent' }];
    const rx = await Promise.all(kinds.map((k) => receivers(1, k)));
    const ids = await hooks(
      'dcim.site',
      rx.map((r) => r.urls[0]!),
    );
    await created(s, '/api/dcim/sites/', { name: 'slow', slug: 'slow' });
    // two attempts each, and the backoff between them
    const done = await ended(ids, 2 * (TIMEOUT_MS + HEADROOM_MS));
    for (const [i, id] of ids.entries()) {
      const task = done.get(id);
      expect(task.status, kinds[i]!.kind).toBe('failed');
      expect(task.exc_info).toMatch(new RegExp(`timed out after ${TIMEOUT_MS} ms`));
      for (const a of task.meta.attempts) {
        expect(a.duration_ms, kinds[i]!.kind).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(a.duration_ms, kinds[i]!.kind).toBeLessThan(TIMEOUT_MS + HEADROOM_MS);
      }
      // the connection was closed at the deadline, not left to the receiver
      for (const t of rx[i]!.traces) expect(t.closedAt! - t.at, kinds[i]!.kind).toBeLessThan(TIMEOUT_MS + HEADROOM_MS);
      expect(rx[i]!.traces).toHaveLength(2);
    }
  }, 60_000);

  it('does not follow a redirect: a 3xx is a failed attempt, and its Location is never asked', async () => {
    const [rx] = [await receivers(1, { kind: 'redirect', location: `${healthy.url}/redirected` })];
    const [id] = await hooks('dcim.region', rx!.urls);
    const before = healthy.received.length;
    await created(s, '/api/dcim/regions/', { name: 'redirect', slug: 'redirect' });
    const task = (await ended([id!], 20_000)).get(id!);
    expect(task.status).toBe('failed');
    expect(task.exc_info).toMatch(/HTTP 302/);
    expect(task.meta.attempts.every((a: any) => a.duration_ms < TIMEOUT_MS)).toBe(true);
    expect(healthy.received.slice(before).filter((r) => r.path === '/redirected')).toEqual([]);
  });
});

describe('the answer is read only as far as it is kept', () => {
  it('hangs up after the first KiB of a 1 GiB body, sent fast or a few KB a second', async () => {
    const flood = await receivers(1, { kind: 'flood', status: 200 });
    const fewKb = await receivers(1, { kind: 'trickle', status: 200, bytes: 400, everyMs: 100 });
    const ids = await hooks('tenancy.tenant', [flood.urls[0]!, fewKb.urls[0]!]);
    const rss = process.memoryUsage().rss;
    await created(s, '/api/tenancy/tenants/', { name: 'big', slug: 'big' });
    const done = await ended(ids, TIMEOUT_MS + HEADROOM_MS);
    for (const id of ids) {
      const task = done.get(id);
      expect(task.status).toBe('finished');
      const [attempt] = task.meta.attempts;
      expect(attempt.status_code).toBe(200);
      expect(attempt.response).toMatch(/^x{1024}$/);
    }
    // the flood's client took a few socket buffers' worth, not the gigabyte
    expect(flood.traces[0]!.sent).toBeLessThan(64 * 1024 * 1024);
    expect(flood.traces[0]!.sent).toBeLessThan(BODY_BYTES);
    expect(flood.traces[0]!.closedAt).toBeDefined();
    expect(fewKb.traces[0]!.closedAt! - fewKb.traces[0]!.at).toBeLessThan(TIMEOUT_MS);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);
  });
});

describe('32 trickling receivers', () => {
  it('do not hold up another webhook', async () => {
    const tricklers = await receivers(32, trickle);
    const ids = await hooks('dcim.manufacturer', tricklers.urls);
    // the healthy webhook's rule comes last, so its delivery is the last of the 33 to be taken
    const [mine] = await hooks('dcim.manufacturer', [`${healthy.url}/beside`]);
    const wait = async (name: string) => {
      const before = healthy.received.length;
      const started = Date.now();
      await created(s, '/api/dcim/manufacturers/', { name, slug: name });
      const got = await healthy.waitFor(before + 1, 2 * TIMEOUT_MS + HEADROOM_MS);
      expect(got.length, `${name}: not delivered`).toBeGreaterThan(before);
      return got[before]!.at - started;
    };
    // the first time, 32 new receivers may hold every slot of the pool until their first deadline
    const first = await wait('first');
    // once they have missed it, their deliveries go in the pool for slow receivers: the next is prompt
    const second = await wait('second');
    console.log(`beside 32 trickling receivers: delivered in ${first} ms, then in ${second} ms`);
    expect(first).toBeLessThan(TIMEOUT_MS + HEADROOM_MS);
    expect(second).toBeLessThan(TIMEOUT_MS / 2);
    // the trickling receivers were still being waited on meanwhile
    expect(tricklers.traces.filter((t) => t.closedAt === undefined).length).toBeGreaterThan(0);
    await ended([...ids, mine!], 4 * (TIMEOUT_MS + HEADROOM_MS));
  }, 120_000);

  it('nor do 33 deliveries of one object to one of them, the later waiting for the earlier', async () => {
    const [trickler] = [await receivers(1, trickle)];
    const [stream] = await hooks('ipam.rir', trickler!.urls, 'object_updated');
    await hooks('ipam.role', [`${healthy.url}/beside-a-stream`]);
    const rir = await created(s, '/api/ipam/rirs/', { name: 'stream', slug: 'stream' });
    // one delivery being tried and 32 waiting for it: as many as the pool's slots
    for (let i = 1; i <= 33; i++) await s.request('PATCH', `/api/ipam/rirs/${rir.id}/`, { description: `v${i}` });
    const before = healthy.received.length;
    const started = Date.now();
    await created(s, '/api/ipam/roles/', { name: 'beside', slug: 'beside' });
    const got = await healthy.waitFor(before + 1, 2 * TIMEOUT_MS + HEADROOM_MS);
    expect(got.length, 'not delivered').toBeGreaterThan(before);
    console.log(
      `beside a stream of 33 deliveries to a trickling receiver: delivered in ${got[before]!.at - started} ms`,
    );
    // the waiting ones left the pool once the first attempt had missed its deadline
    expect(got[before]!.at - started).toBeLessThan(TIMEOUT_MS + HEADROOM_MS);
    // the rest fail at once once their webhook is gone
    await s.request('DELETE', `/api/extras/webhooks/${stream}/`);
  }, 120_000);
});
