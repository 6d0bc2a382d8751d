/**
 * Events of branches (issue 39 items 1 and 3), with a real worker, receiver and stream: a change inside a
 * branch fires only the rules that say so (default: none), naming the branch as the active branch; a
 * merge fires a rule once per change the branch made, in order; the branch's changes appear only in a
 * stream with ?branch=, carrying the branch, and the merge's changes in main's stream as it applies them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { AUTH, created, startTestServer, type TestServer } from '../helpers/server.ts';
import { inBranch, operate, readyBranch } from '../helpers/branch.ts';
import { openStream, type SseClient } from '../helpers/sse.ts';

const STREAM = '/api/core/object-changes/stream/';
let s: TestServer;
let rx: Receiver;
const open: SseClient[] = [];

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true', WEBHOOK_BACKOFF_MS: '50' } });
  rx = await startReceiver();
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.stop();
  await rx?.close();
});

async function stream(path: string): Promise<SseClient> {
  const c = await openStream(s.url, path, AUTH);
  open.push(c);
  return c;
}

async function rule(name: string, extra: Record<string, unknown> = {}) {
  const h = await created(s, '/api/extras/webhooks/', { name, payload_url: `${rx.url}/${name}` });
  return created(s, '/api/extras/event-rules/', {
    name,
    object_types: ['dcim.site'],
    event_types: ['object_created', 'object_updated', 'object_deleted'],
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: h.id,
    ...extra,
  });
}

const at = (path: string) => rx.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
async function heard(path: string, count: number, settle = 0): Promise<any[]> {
  const until = Date.now() + 30_000;
  while (at(path).length < count && Date.now() < until) await new Promise((x) => setTimeout(x, 50));
  await new Promise((x) => setTimeout(x, settle));
  return at(path);
}

describe('events of branches', () => {
  it('fires in a branch only the rules that fire there, naming it; a merge once per change, in order', async () => {
    const main = await rule('main-only');
    expect(main.fire_in_branches).toBe(false);
    const everywhere = await rule('in-branches', { fire_in_branches: true });
    const branch = await readyBranch(s, 'events-branch');
    const b = inBranch(s, branch.schema_id);
    const branchStream = await stream(`${STREAM}?branch=${branch.schema_id}`);
    const mainStream = await stream(STREAM);
    const x = await created(b, '/api/dcim/sites/', { name: 'bx', slug: 'bx' });
    await b.request('PATCH', `/api/dcim/sites/${x.id}/`, { description: 'first' });
    await b.request('PATCH', `/api/dcim/sites/${x.id}/`, { description: 'second' });
    const y = await created(b, '/api/dcim/sites/', { name: 'by', slug: 'by' });
    const inside = await heard('/in-branches', 4);
    expect(inside.map((e) => [e.event, e.data.id])).toEqual([
      ['created', x.id],
      ['updated', x.id],
      ['updated', x.id],
      ['created', y.id],
    ]);
    expect(inside[0].context.active_branch).toEqual({
      id: branch.id,
      name: 'events-branch',
      schema_id: branch.schema_id,
    });
    const logged = (await s.request('GET', `/api/extras/webhook-deliveries/?branch_id=${branch.id}&limit=0`)).body;
    expect(logged.count).toBe(4);
    // the branch's changes are in its own stream, carrying the branch, and not in main's
    await branchStream.waitFor((c) => c.events.length >= 4);
    expect(branchStream.json().map((r) => [r.action.value, r.changed_object_id, r.branch])).toEqual([
      ['create', x.id, { id: branch.id, name: 'events-branch', schema_id: branch.schema_id }],
      ['update', x.id, { id: branch.id, name: 'events-branch', schema_id: branch.schema_id }],
      ['update', x.id, { id: branch.id, name: 'events-branch', schema_id: branch.schema_id }],
      ['create', y.id, { id: branch.id, name: 'events-branch', schema_id: branch.schema_id }],
    ]);
    expect(mainStream.events).toEqual([]);
    // the rule that fires in main only heard nothing until the merge, then once per merged change, in order
    expect(at('/main-only')).toEqual([]);
    const job = await operate(s, branch.id, 'merge');
    expect(job.status.value).toBe('completed');
    const merged = await heard('/main-only', 4, 1000);
    // once per change the branch made: each object's in the order made (different objects' go side by side)
    const of = (id: number) => merged.filter((e) => e.data.id === id).map((e) => [e.event, e.request_id]);
    expect(merged).toHaveLength(4);
    expect(of(x.id)).toEqual([
      ['created', job.job_id],
      ['updated', job.job_id],
      ['updated', job.job_id],
    ]);
    expect(of(y.id)).toEqual([['created', job.job_id]]);
    // and queued in the order the branch made them
    const queued = await s.sql.unsafe(
      `SELECT payload::jsonb -> 'context' ->> 'event' AS event,
              (payload::jsonb -> 'context' -> 'data' ->> 'id')::int AS object
         FROM core_backgroundtask t WHERE description LIKE $1 ORDER BY t.id`,
      [`Webhook ${main.action_object_id}:%`],
    );
    expect(queued.map((q) => [q.event, q.object])).toEqual([
      ['created', x.id],
      ['updated', x.id],
      ['updated', x.id],
      ['created', y.id],
    ]);
    const xs = merged.filter((e) => e.data.id === x.id);
    expect(xs[1].snapshots.postchange.description).toBe('first');
    expect(xs[2].snapshots.postchange.description).toBe('second');
    expect(merged.every((e) => e.context.active_branch === null)).toBe(true);
    expect(await heard('/in-branches', 8, 500)).toHaveLength(8);
    // main's stream shows the merge as it applied it: its own change records, in main
    await mainStream.waitFor((c) => c.events.length >= 2);
    const applied = (await s.request('GET', `/api/core/object-changes/?request_id=${job.job_id}&limit=0`)).body.results;
    expect(
      mainStream
        .json()
        .map((r) => r.id)
        .sort(),
    ).toEqual(applied.map((r: any) => r.id).sort());
    expect(mainStream.json().every((r) => r.branch === undefined && r.request_id === job.job_id)).toBe(true);
    expect(everywhere.id).toBeGreaterThan(0);
  });

  it('refuses a stream of a branch that does not exist, naming the parameter', async () => {
    const c = await stream(`${STREAM}?branch=no-such-branch`);
    expect(c.status).toBe(400);
    expect(JSON.parse(c.text)).toHaveProperty('branch');
  });
});
