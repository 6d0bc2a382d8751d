/**
 * Deliveries survive process deaths: a change committed by a server killed right after is still
 * delivered after a restart, and a worker killed mid-delivery has its task run again once its
 * lease expires (same X-Hook-Delivery id, so the receiver can drop the duplicate).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/process.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { AUTH, createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

const servers: ServerProcess[] = [];
const dbs: string[] = [];
let rx: Receiver | undefined;
afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const d of dbs) await dropDatabase(d);
  await rx?.close();
});

async function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.status === 204 ? null : r.json();
}

async function setup(base: string, url: string): Promise<void> {
  const h = await call(base, 'POST', '/api/extras/webhooks/', { name: 'h', payload_url: url });
  await call(base, 'POST', '/api/extras/event-rules/', {
    name: 'r',
    object_types: ['dcim.site'],
    event_types: ['object_created'],
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: h.id,
  });
}

describe('webhooks and process deaths', () => {
  it('delivers a change committed just before the server was killed, once restarted', async () => {
    rx = await startReceiver();
    const db = await createDatabase();
    dbs.push(db);
    const a = await spawnServer(databaseUrl(db), { WORKER_IN_PROCESS: 'false' });
    servers.push(a);
    await setup(a.url, `${rx.url}/one`);
    const site = await call(a.url, 'POST', '/api/dcim/sites/', { name: 'committed', slug: 'committed' });
    await a.kill('SIGKILL');
    expect(rx.received).toHaveLength(0);
    const b = await spawnServer(databaseUrl(db), { WORKER_IN_PROCESS: 'true' });
    servers.push(b);
    const [got] = await rx.waitFor(1);
    expect(JSON.parse(got!.body).data.id).toBe(site.id);
  });

  it('runs a delivery again when its worker dies mid-request', async () => {
    rx!.received.length = 0;
    rx!.delay(3000);
    const db = await createDatabase();
    dbs.push(db);
    const env = { WORKER_IN_PROCESS: 'true', JOB_LEASE_SECONDS: '2' };
    const a = await spawnServer(databaseUrl(db), env);
    servers.push(a);
    await setup(a.url, `${rx!.url}/two`);
    await call(a.url, 'POST', '/api/dcim/sites/', { name: 'inflight', slug: 'inflight' });
    await rx!.waitFor(1);
    await a.kill('SIGKILL');
    rx!.delay(0);
    const b = await spawnServer(databaseUrl(db), env);
    servers.push(b);
    const got = await rx!.waitFor(2, 30_000);
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['x-hook-delivery']).toBe(got[1]!.headers['x-hook-delivery']);
    let task: any;
    for (let i = 0; i < 100; i++) {
      task = (await call(b.url, 'GET', '/api/core/background-tasks/?limit=1')).results[0];
      if (task.status === 'finished') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // the one task, run again after its worker died: finished, its earlier run noted
    expect(task).toMatchObject({ id: got[0]!.headers['x-hook-delivery'], status: 'finished' });
    expect((await call(b.url, 'GET', '/api/core/background-tasks/')).count).toBe(1);
  }, 90_000);
});
