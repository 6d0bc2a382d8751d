/**
 * The change stream over HTTP (issue 39 item 1), against a real server and PostgreSQL: every change once,
 * as the list shows it, in commit order — also when a change with a lower id commits after one with a
 * higher id — and nothing missed on a reconnect by Last-Event-ID or since=; the list's filters and
 * object permissions; faults named at once; heartbeats; a stalled client cut off with its resume id
 * while another keeps up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, TOKEN, created, startTestServer, type TestServer } from '../helpers/server.ts';
import { spawn } from 'node:child_process';
import { openStream, parseEvents, type SseClient, type SseEvent } from '../helpers/sse.ts';

const STREAM = '/api/core/object-changes/stream/';
let s: TestServer;
const open: SseClient[] = [];

beforeAll(async () => {
  s = await startTestServer({ env: { STREAM_HEARTBEAT_SECONDS: '1', STREAM_BUFFER_BYTES: '65536' } });
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.stop();
});

async function stream(path = STREAM, headers: Record<string, string> = AUTH): Promise<SseClient> {
  const c = await openStream(s.url, path, headers);
  open.push(c);
  return c;
}

const ids = (c: SseClient) => c.events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
const has = (n: number) => (c: SseClient) => ids(c).length >= n;
/** The change records of a request, as the list gives them, oldest first. */
async function recordsOf(requestId: string | null): Promise<any[]> {
  const r = await s.request('GET', `/api/core/object-changes/?request_id=${requestId}&limit=0`);
  return (r.body.results as any[]).reverse();
}

let n = 0;
const name = (p: string) => `${p}-${++n}`;

describe('the stream of changes', () => {
  it('sends every create, update and delete once, as the list shows it, in order', async () => {
    const c = await stream();
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const requests: (string | null)[] = [];
    const a = await s.request('POST', '/api/dcim/sites/', [
      { name: name('o'), slug: `o-${n}` },
      { name: name('o'), slug: `o-${n}` },
    ]);
    requests.push(a.headers.get('x-request-id'));
    const [x, y] = a.body;
    for (const [method, path, body] of [
      ['PATCH', `/api/dcim/sites/${x.id}/`, { status: 'planned' }],
      ['PATCH', `/api/dcim/sites/${y.id}/`, { description: 'y' }],
      ['DELETE', `/api/dcim/sites/${x.id}/`, undefined],
    ] as const)
      requests.push((await s.request(method, path, body)).headers.get('x-request-id'));
    const records = (await Promise.all(requests.map(recordsOf))).flat();
    expect(records).toHaveLength(5);
    await c.waitFor(has(5));
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(c)).toEqual(records.map((r) => r.id));
    expect(c.events.map((e) => e.event)).toEqual(['create', 'create', 'update', 'update', 'delete']);
    // each event's data is the record exactly as the list renders it (the changed object, a live reference,
    // as it was when the event was sent: gone once deleted)
    const rest = ({ changed_object, ...r }: any) => r;
    expect(c.json().map(rest)).toEqual(records.map(rest));
    for (const r of c.json()) expect([null, r.changed_object_id]).toContain(r.changed_object?.id ?? null);
  });

  it('sends a change that commits after a later-numbered one after it: commit order, not id order', async () => {
    const c = await stream();
    // a transaction that takes its change id and then waits, before committing, for a lock the test holds
    const lock = await s.sql.reserve();
    await lock.unsafe('SELECT pg_advisory_lock(39039)');
    await s.sql.unsafe(`CREATE OR REPLACE FUNCTION test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.object_repr LIKE 'held-%' THEN PERFORM pg_advisory_xact_lock_shared(39039); END IF;
      RETURN NEW; END $$`);
    await s.sql.unsafe(
      `CREATE TRIGGER test_hold AFTER INSERT ON core_objectchange FOR EACH ROW EXECUTE FUNCTION test_hold()`,
    );
    try {
      const held = s.request('POST', '/api/dcim/sites/', { name: name('held'), slug: `held-${n}` });
      // its change record has its id (the trigger waits after the insert), and is not committed
      await until(async () =>
        (await s.sql.unsafe("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 39039 AND NOT granted"))
          .length
          ? true
          : undefined,
      );
      const heldName = `held-${n}`;
      const free = await created(s, '/api/dcim/sites/', { name: name('free'), slug: `free-${n}` });
      const freeRecord = (
        await s.request('GET', `/api/core/object-changes/?changed_object_id=${free.id}&changed_object_type=dcim.site`)
      ).body.results[0];
      await c.waitFor(has(1));
      expect(c.json()[0].id).toBe(freeRecord.id);
      // a client that had the later-numbered change reconnects from it: the earlier-numbered one is still to come
      const after = await stream(`${STREAM}?since=${freeRecord.id}`);
      await lock.unsafe('SELECT pg_advisory_unlock(39039)');
      expect((await held).status).toBe(201);
      await c.waitFor(has(2));
      await after.waitFor(has(1));
      const heldRecord = c.json()[1];
      expect(heldRecord.object_repr).toBe(heldName);
      expect(heldRecord.id).toBeLessThan(freeRecord.id);
      expect(after.json().map((r) => r.id)).toEqual([heldRecord.id]);
    } finally {
      await lock.unsafe('SELECT pg_advisory_unlock_all()');
      lock.release();
      await s.sql.unsafe('DROP TRIGGER IF EXISTS test_hold ON core_objectchange');
    }
  });

  it('misses nothing under concurrent writers, and a reconnect gets exactly the rest', async () => {
    const c = await stream();
    const writers = 6;
    const per = 8;
    const writer = async (w: number) => {
      for (let i = 0; i < per; i++) {
        const site = await created(s, '/api/dcim/sites/', { name: name(`w${w}`), slug: `w${w}-${n}` });
        await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: `v${i}` });
        if (i % 2) await s.request('DELETE', `/api/dcim/sites/${site.id}/`);
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const total = writers * (per * 2 + per / 2);
    await c.waitFor(has(total));
    const got = c.json();
    expect(new Set(got.map((r) => r.id)).size).toBe(total);
    // each object's changes in their order: created, updated, maybe deleted
    const byObject = new Map<number, string[]>();
    for (const r of got)
      byObject.set(r.changed_object_id, [...(byObject.get(r.changed_object_id) ?? []), r.action.value]);
    for (const actions of byObject.values())
      expect(['create,update', 'create,update,delete']).toContain(actions.join(','));
    // a client that stopped after the 20th event and reconnects with Last-Event-ID gets exactly the rest, in order
    const cut = got[19].id;
    const again = await stream(STREAM, { ...AUTH, 'Last-Event-ID': String(cut) });
    await again.waitFor(has(total - 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(again)).toEqual(ids(c).slice(20));
    // and since= does the same (Last-Event-ID, which EventSource sends, wins over it)
    const since = await stream(`${STREAM}?since=${got[9].id}`);
    await since.waitFor(has(total - 10));
    expect(ids(since)).toEqual(ids(c).slice(10));
  });

  it('starts at the beginning with since=0, and a stream without since starts now', async () => {
    const all = (await s.request('GET', '/api/core/object-changes/?limit=0')).body.count;
    const from0 = await stream(`${STREAM}?since=0`);
    await from0.waitFor(has(all));
    const now = await stream();
    await new Promise((r) => setTimeout(r, 300));
    const site = await created(s, '/api/dcim/sites/', { name: name('now'), slug: `now-${n}` });
    await now.waitFor(has(1));
    expect(now.json()[0].changed_object_id).toBe(site.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(now)).toHaveLength(1);
  });
});

async function until<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('what a stream is given', () => {
  it('names every faulty parameter at once, before it starts', async () => {
    const c = await stream(`${STREAM}?since=abc&action=frobnicate&nonsense=1&branch=nope`);
    expect(c.status).toBe(400);
    const body = JSON.parse(c.text);
    expect(Object.keys(body).sort()).toEqual(['action', 'branch', 'nonsense', 'since']);
    expect((await stream(`${STREAM}?since=999999999`)).status).toBe(400);
    const bad = await stream(STREAM, { ...AUTH, 'Last-Event-ID': 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toHaveProperty('Last-Event-ID');
    expect((await stream(STREAM, { ...AUTH, 'X-NetBox-Branch': 'x' })).status).toBe(400);
  });

  it("applies the list's filters", async () => {
    const c = await stream(`${STREAM}?changed_object_type=dcim.site&action=delete`);
    const mine = await stream(`${STREAM}?changed_object_type=dcim.region`);
    const site = await created(s, '/api/dcim/sites/', { name: name('f'), slug: `f-${n}` });
    const region = await created(s, '/api/dcim/regions/', { name: name('r'), slug: `r-${n}` });
    const del = await s.request('DELETE', `/api/dcim/sites/${site.id}/`);
    await c.waitFor(has(1));
    await mine.waitFor(has(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.json().map((r) => [r.changed_object_id, r.action.value, r.request_id])).toEqual([
      [site.id, 'delete', del.headers.get('x-request-id')],
    ]);
    expect(mine.json().map((r) => r.changed_object_id)).toEqual([region.id]);
    const byRequest = await stream(`${STREAM}?since=0&request_id=${del.headers.get('x-request-id')}&brief=true`);
    await byRequest.waitFor(has(1));
    expect(Object.keys(byRequest.json()[0])).toContain('prechange_data');
  });

  it('sends a token only the changes its permissions let it view, as the list does', async () => {
    const one = await created(s, '/api/dcim/sites/', { name: name('p'), slug: `p-${n}` });
    const user = await created(s, '/api/users/users/', { username: name('viewer'), password: 'viewer-password-1' });
    const perm = await created(s, '/api/users/permissions/', {
      name: name('one-site'),
      object_types: ['core.objectchange'],
      actions: ['view'],
      constraints: { changed_object_type__model: 'site', changed_object_id: one.id },
      users: [user.id],
    });
    const token = (await created(s, '/api/users/tokens/', { user: user.id })).token;
    const auth = { Authorization: `Bearer ${token}` };
    const nobody = await created(s, '/api/users/users/', { username: name('nobody'), password: 'nobody-password-1' });
    const none = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: nobody.id })).token}` };
    expect((await stream(STREAM, none)).status).toBe(403);
    const c = await stream(STREAM, auth);
    const other = await created(s, '/api/dcim/sites/', { name: name('p'), slug: `p-${n}` });
    await s.request('PATCH', `/api/dcim/sites/${other.id}/`, { description: 'not yours' });
    const mine = await s.request('PATCH', `/api/dcim/sites/${one.id}/`, { description: 'yours' });
    await c.waitFor(has(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.json().map((r) => r.request_id)).toEqual([mine.headers.get('x-request-id')]);
    // what the list shows the token is what the stream sent it
    const listed = (await s.request('GET', '/api/core/object-changes/?limit=0', undefined, auth)).body.results;
    expect(listed.every((r: any) => r.changed_object_id === one.id)).toBe(true);
    // a permission withdrawn ends the stream at its next read, with the id to resume from
    await s.request('DELETE', `/api/users/permissions/${perm.id}/`);
    await s.request('PATCH', `/api/dcim/sites/${one.id}/`, { description: 'gone' });
    await c.waitFor((x) => x.json('error').length > 0);
    expect(c.json('error')[0]).toMatchObject({ reason: 'error', last_event_id: c.json()[0].id });
    await c.ended;
  });
});

describe('keeping the connection', () => {
  it('sends heartbeat comments while nothing changes', async () => {
    const c = await stream();
    await new Promise((r) => setTimeout(r, 2600));
    expect(c.comments.filter((t) => t.startsWith('heartbeat')).length).toBeGreaterThanOrEqual(2);
  });

  it('cuts off a stalled client with the id to resume from, while another keeps up', async () => {
    const healthy = await stream();
    // a client that stops reading (a small receive buffer, so what is unsent stays in the server) until told
    const stalled = spawn('python3', [
      'tests/stream/stalled-client.py',
      '127.0.0.1',
      new URL(s.url).port,
      STREAM,
      TOKEN,
    ]);
    let output = '';
    stalled.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    const exited = new Promise((r) => stalled.on('exit', r));
    await until(async () => (output.startsWith('READY') ? true : undefined));
    // about 15 MB of events, more than the sockets hold
    const started = Date.now();
    for (let part = 0; part < 3; part++) {
      const items = Array.from({ length: 500 }, () => ({
        name: name('bulk'),
        slug: `bulk-${n}`,
        comments: 'x'.repeat(8000),
      }));
      expect((await s.request('POST', '/api/dcim/sites/', items)).status).toBe(201);
    }
    await healthy.waitFor(has(1500), 60_000);
    // the other stream kept up while the stalled one was being cut off
    expect(Date.now() - started).toBeLessThan(12_000);
    // by now (a heartbeat interval, 1 s, after its first unread batch) it has been cut off; it reads the rest
    // of what it was sent within the 10 s an ended stream is given to be read
    await new Promise((r) => setTimeout(r, 2000));
    stalled.stdin.end('go\n');
    await exited;
    const events: SseEvent[] = [];
    parseEvents(output, events, []);
    const last = events.filter((e) => e.event === 'disconnect').map((e) => JSON.parse(e.data));
    expect(last).toHaveLength(1);
    expect(last[0].reason).toBe('slow_consumer');
    const got = events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
    expect(got.length).toBeLessThan(1500);
    expect(last[0].last_event_id).toBe(got.at(-1));
    expect(got).toEqual(ids(healthy).slice(0, got.length));
    // it reconnects from there and gets exactly the rest
    const rest = await stream(STREAM, { ...AUTH, 'Last-Event-ID': String(last[0].last_event_id) });
    await rest.waitFor(has(1500 - got.length), 60_000);
    expect([...got, ...ids(rest)]).toEqual(ids(healthy));
  });
});
