/**
 * NetBox's RQ views on our queue: webhook deliveries are background tasks (never core jobs, whose ids
 * they would take), shown with NetBox's BackgroundTask fields, with the one queue and its workers;
 * superusers only; tasks can be stopped before they run, enqueued again and deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhookJob } from '../../runtime/events/index.ts';
import { enqueueTasks } from '../../runtime/jobs/index.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let rx: Receiver;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true', WEBHOOK_MAX_ATTEMPTS: '1' } });
  rx = await startReceiver();
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

const TASK_KEYS = [
  'id',
  'url',
  'description',
  'origin',
  'func_name',
  'args',
  'kwargs',
  'result',
  'timeout',
  'result_ttl',
  'created_at',
  'enqueued_at',
  'started_at',
  'ended_at',
  'worker_name',
  'position',
  'status',
  'meta',
  'last_heartbeat',
  'is_finished',
  'is_queued',
  'is_failed',
  'is_started',
  'is_deferred',
  'is_canceled',
  'is_scheduled',
  'is_stopped',
  'exc_info',
];

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tasks(query = ''): Promise<any[]> {
  return (await s.request('GET', `/api/core/background-tasks/?limit=0${query}`)).body.results;
}

describe('background tasks', () => {
  it('starts empty, and describes itself as NetBox does', async () => {
    expect((await s.request('GET', '/api/core/background-tasks/?limit=1000')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const o = await s.request('OPTIONS', '/api/core/background-tasks/');
    expect(o.body).toEqual({
      name: 'Background Tasks',
      description: 'Retrieve a list of RQ Tasks.',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'multipart/form-data'],
    });
  });

  it('shows a delivery as a task, and never as a core job', async () => {
    const hook = await created(s, '/api/extras/webhooks/', { name: 'bt', payload_url: `${rx.url}/bt` });
    await created(s, '/api/extras/event-rules/', {
      name: 'bt',
      object_types: ['dcim.site'],
      event_types: ['object_created'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: hook.id,
    });
    const site = await created(s, '/api/dcim/sites/', { name: 'bt', slug: 'bt' });
    const [got] = await rx.waitFor(1);
    const id = got!.headers['x-hook-delivery'];
    const task = await until(async () => (await tasks()).find((t) => t.id === id && t.is_finished));
    expect(Object.keys(task)).toEqual(TASK_KEYS);
    expect(task).toMatchObject({
      url: `${s.url}/api/core/background-tasks/${id}/`,
      description: `Webhook ${hook.id}: created dcim.site ${site.id}`,
      origin: 'default',
      func_name: 'deliver_webhook',
      args: [],
      status: 'finished',
      position: null,
      is_queued: false,
      exc_info: null,
      meta: { status_code: 200 },
    });
    expect(task.kwargs.webhook_id).toBe(String(hook.id));
    expect(JSON.parse(task.kwargs.context).data.id).toBe(site.id);
    expect(task.result).toMatch(/^Status 200/);
    expect(Date.parse(task.ended_at)).toBeGreaterThanOrEqual(Date.parse(task.started_at));
    expect((await s.request('GET', `/api/core/background-tasks/${id}/`)).body).toEqual(task);
    expect((await s.request('GET', '/api/core/jobs/')).body.count).toBe(0);
    expect((await tasks('&status=finished')).map((t) => t.id)).toContain(id);
    expect(await tasks('&status=failed')).toEqual([]);
    expect((await s.request('GET', '/api/core/background-tasks/?status=exploded')).status).toBe(400);
    expect((await s.request('GET', '/api/core/background-tasks/not-a-task/')).status).toBe(404);
    // enqueue runs a finished task again, under the same id
    const again = await s.request('POST', `/api/core/background-tasks/${id}/enqueue/`);
    expect(again.status, again.text).toBe(200);
    await rx.waitFor(2);
    expect(rx.received[1]!.headers['x-hook-delivery']).toBe(id);
    await until(async () => (await tasks()).find((t) => t.id === id && t.is_finished));
    // delete removes it from the list
    expect((await s.request('POST', `/api/core/background-tasks/${id}/delete/`)).status).toBe(200);
    expect((await s.request('GET', `/api/core/background-tasks/${id}/`)).status).toBe(404);
  });

  it('cancels a task that has not run (stop), which then sends nothing', async () => {
    const hook = await created(s, '/api/extras/webhooks/', { name: 'later', payload_url: `${rx.url}/later` });
    const [row] = await s.sql.begin(async (tx) => {
      // run a minute from now: still queued while we stop it
      const [id] = await enqueueTasks(tx, [
        {
          kind: deliverWebhookJob,
          description: 'stop me',
          payload: { webhook_id: hook.id, event_rule_id: 0, context: {} },
        },
      ]);
      await tx.unsafe(
        `UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 minute'
        WHERE payload->>'task_id' = $1`,
        [id!],
      );
      return [id];
    });
    const queued = (await s.request('GET', `/api/core/background-tasks/${row}/`)).body;
    expect(queued).toMatchObject({ status: 'queued', is_queued: true, position: 0, started_at: null });
    const stop = await s.request('POST', `/api/core/background-tasks/${row}/stop/`);
    expect(stop.status, stop.text).toBe(200);
    expect(stop.body).toMatchObject({ status: 'canceled', is_canceled: true });
    // a task that is not running any more cannot be stopped again
    expect((await s.request('POST', `/api/core/background-tasks/${row}/stop/`)).status).toBe(204);
  });

  it('shows the one queue and the running workers', async () => {
    const queues = (await s.request('GET', '/api/core/background-queues/')).body;
    expect(queues.count).toBe(1);
    expect(Object.keys(queues.results[0])).toEqual([
      'name',
      'url',
      'jobs',
      'oldest_job_timestamp',
      'index',
      'scheduler_pid',
      'workers',
      'finished_jobs',
      'started_jobs',
      'deferred_jobs',
      'failed_jobs',
      'scheduled_jobs',
    ]);
    expect(queues.results[0]).toMatchObject({ name: 'default', url: `${s.url}/api/core/background-queues/default/` });
    expect(queues.results[0].workers).toBeGreaterThan(0);
    expect((await s.request('GET', '/api/core/background-queues/default/')).body).toEqual(queues.results[0]);
    expect((await s.request('GET', '/api/core/background-queues/high/')).status).toBe(404);
    const workers = (await s.request('GET', '/api/core/background-workers/')).body;
    expect(workers.count).toBeGreaterThan(0);
    const w = workers.results[0];
    expect(Object.keys(w)).toEqual([
      'name',
      'url',
      'state',
      'birth_date',
      'queue_names',
      'pid',
      'successful_job_count',
      'failed_job_count',
      'total_working_time',
    ]);
    expect(w).toMatchObject({ queue_names: ['default'], pid: String(process.pid) });
    expect((await s.request('GET', `/api/core/background-workers/${w.name}/`)).body).toEqual(w);
  });

  it('is for superusers only', async () => {
    const u = await created(s, '/api/users/users/', { username: 'plain', password: 'plain-password-x' });
    await created(s, '/api/users/permissions/', {
      name: 'all-views',
      object_types: ['core.job', 'dcim.site'],
      actions: ['view'],
      users: [u.id],
    });
    const t = await created(s, '/api/users/tokens/', { user: u.id });
    const plain = { Authorization: `Bearer ${t.token}` };
    for (const path of ['background-tasks', 'background-queues', 'background-workers']) {
      const r = await s.request('GET', `/api/core/${path}/`, undefined, plain);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      const anon = await fetch(`${s.url}/api/core/${path}/`);
      expect(anon.status).toBe(403);
    }
  });
});
