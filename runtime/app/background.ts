/**
 * NetBox's RQ views on our graphile-worker queue (superusers only, as in NetBox):
 * `/api/core/background-tasks/` (every task, newest first; `?status=` narrows it) with its detail
 * and actions (`requeue`, `enqueue`, `stop`, `delete`), `/api/core/background-queues/` (the one
 * queue, `default`) and `/api/core/background-workers/`. Webhook deliveries are seen here (spec
 * §6.5: queued, finished and failed, with their errors, and a failed one can be requeued).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { conflict, forbidden, invalidInput, notFound } from '../errors/index.ts';
import { noContent, respond } from '../http/render.ts';
import { requireUser } from '../auth/index.ts';
import { pageUrl, parsePage } from '../rest/index.ts';
import { QUEUE, stopPendingJob, cancelQueuedTask, deleteTask, requeueTask } from '../jobs/index.ts';
import { tables, query, queryRow } from '../db/index.ts';
import { allTasks, pageOrder, queueStats, taskColumns } from './background-sql.ts';
import { requeueCoreJob } from './jobs.ts';
import { taskJson, workerJson, type TaskRow } from './background-json.ts';

const STATUSES = ['queued', 'started', 'finished', 'failed', 'scheduled', 'canceled', 'stopped', 'deferred'];
const LIST_ALLOW = { Allow: 'GET, HEAD, OPTIONS' };

function superuser(c: Context<AppEnv>, write = false): void {
  if (!requireUser(c).isSuperuser) throw forbidden();
  if (write && c.var.token && !c.var.token.writeEnabled) throw forbidden();
  if (write && c.var.services.settings.maintenanceMode)
    throw forbidden('The service is in maintenance mode; writes are disabled.');
}

/** A list of rows already in hand, paginated as every list is. */
function listPage(c: Context<AppEnv>, items: unknown[]): Response {
  const url = new URL(c.req.url);
  const { limit, offset } = parsePage(url.searchParams, c.var.services.settings);
  const results = limit === null ? items.slice(offset) : items.slice(offset, offset + limit);
  const next = limit !== null && offset + limit < items.length ? pageUrl(url, limit, offset + limit) : null;
  const previous = limit !== null && offset > 0 ? pageUrl(url, limit, offset - limit) : null;
  return respond(c, 200, { count: items.length, next, previous, results }, LIST_ALLOW);
}

async function findTask(c: Context<AppEnv>, id: string): Promise<TaskRow> {
  const rows = await query(
    c.var.tx,
    `SELECT p.src, p.seq, ${taskColumns} FROM (SELECT * FROM ${allTasks} WHERE u.uid = $1) p
       LEFT JOIN public.${tables.worker} w ON w.id = p.worker_name`,
    [id],
  );
  if (!rows.length) throw notFound();
  return rows[0] as unknown as TaskRow;
}

async function respondTask(c: Context<AppEnv>, id: string): Promise<Response> {
  return respond(c, 200, taskJson(new URL(c.req.url).origin, await findTask(c, id)));
}

function taskRoutes(app: Hono<AppEnv>): void {
  const base = '/api/core/background-tasks';
  app.get(`${base}/`, async (c) => {
    superuser(c);
    const url = new URL(c.req.url);
    const status = url.searchParams.get('status');
    if (status !== null && !STATUSES.includes(status))
      throw invalidInput({
        status: [`Select a valid choice. ${status.slice(0, 50)} is not one of the available choices.`],
      });
    const { limit, offset } = parsePage(url.searchParams, c.var.services.settings);
    const where = status ? 'WHERE u.status = $1' : '';
    const params = status ? [status] : [];
    const count = await queryRow(c.var.tx, `SELECT count(*) AS n FROM ${allTasks} ${where}`, params);
    const rows = await query(
      c.var.tx,
      `SELECT p.src, p.seq, ${taskColumns}
         FROM (SELECT * FROM ${allTasks} ${where} ORDER BY ${pageOrder}
               ${limit === null ? '' : `LIMIT ${limit}`} OFFSET ${offset}) p
         LEFT JOIN public.${tables.worker} w ON w.id = p.worker_name
        ORDER BY ${pageOrder}`,
      params,
    );
    const n = Number(count.n);
    const next = limit !== null && offset + limit < n ? pageUrl(url, limit, offset + limit) : null;
    const previous = limit !== null && offset > 0 ? pageUrl(url, limit, offset - limit) : null;
    const results = rows.map((r) => taskJson(url.origin, r as unknown as TaskRow));
    return respond(c, 200, { count: n, next, previous, results }, LIST_ALLOW);
  });
  app.get(`${base}/:id/`, async (c) => {
    superuser(c);
    return respondTask(c, c.req.param('id'));
  });
  app.post(`${base}/:id/requeue/`, async (c) => {
    superuser(c, true);
    const task = await findTask(c, c.req.param('id'));
    if (task.src === 1) await requeueCoreJob(c, task.seq);
    else if (!(await requeueTask(c.var.tx, task.uid, ['failed', 'canceled', 'stopped'])))
      throw conflict(`Only a failed or stopped task can be requeued; this task is ${task.status}.`);
    return respondTask(c, task.uid);
  });
  app.post(`${base}/:id/enqueue/`, async (c) => {
    superuser(c, true);
    const task = await findTask(c, c.req.param('id'));
    if (task.src === 1) await requeueCoreJob(c, task.seq);
    else if (!(await requeueTask(c.var.tx, task.uid, ['finished', 'failed', 'canceled', 'stopped', 'scheduled'])))
      throw conflict(`This task is ${task.status}: it is already to run.`);
    return respondTask(c, task.uid);
  });
  app.post(`${base}/:id/stop/`, async (c) => {
    superuser(c, true);
    const task = await findTask(c, c.req.param('id'));
    // a task that has not started is canceled; a running one cannot be stopped (204: nothing stopped)
    const stopped =
      task.src === 1 ? await stopPendingJob(c.var.tx, task.seq) : await cancelQueuedTask(c.var.tx, task.uid);
    return stopped ? respondTask(c, task.uid) : noContent();
  });
  app.post(`${base}/:id/delete/`, async (c) => {
    superuser(c, true);
    const task = await findTask(c, c.req.param('id'));
    if (task.src === 1)
      throw conflict(`This task runs core job ${task.seq} (/api/core/jobs/${task.seq}/); it is not deleted here.`);
    await deleteTask(c.var.tx, task.uid);
    return new Response(null, { status: 200 });
  });
}

async function queues(c: Context<AppEnv>): Promise<Record<string, unknown>[]> {
  const s = await queryRow(c.var.tx, queueStats, [c.var.services.settings.jobLeaseSeconds]);
  return [
    {
      name: QUEUE,
      url: `${new URL(c.req.url).origin}/api/core/background-queues/${QUEUE}/`,
      jobs: Number(s.jobs),
      oldest_job_timestamp: s.oldest ?? null,
      index: 0,
      scheduler_pid: null,
      workers: Number(s.workers),
      finished_jobs: Number(s.finished),
      started_jobs: Number(s.started),
      deferred_jobs: 0,
      failed_jobs: Number(s.failed),
      scheduled_jobs: Number(s.scheduled),
    },
  ];
}

async function workers(c: Context<AppEnv>): Promise<Record<string, unknown>[]> {
  const rows = await query(
    c.var.tx,
    `SELECT w.id, w.pid, to_char(w.started AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS birth_date,
            EXISTS (SELECT 1 FROM public.${tables.backgroundTask} t WHERE t.worker_name = w.id AND t.status = 'started')
              OR EXISTS (SELECT 1 FROM public.${tables.job} j WHERE j.locked_by = w.id) AS busy,
            (SELECT count(*) FROM public.${tables.backgroundTask} t WHERE t.worker_name = w.id
               AND t.status = 'finished') AS ok,
            (SELECT count(*) FROM public.${tables.backgroundTask} t WHERE t.worker_name = w.id
               AND t.status = 'failed') AS failed,
            (SELECT coalesce(sum(extract(epoch FROM t.ended_at - t.started_at)), 0)
               FROM public.${tables.backgroundTask} t WHERE t.worker_name = w.id) AS seconds
       FROM public.${tables.worker} w
      WHERE w.heartbeat > now() - make_interval(secs => $1)
      ORDER BY w.started, w.id`,
    [c.var.services.settings.jobLeaseSeconds],
  );
  return rows.map((r) => workerJson(new URL(c.req.url).origin, r));
}

const described = (name: string, description: string) => (c: Context<AppEnv>) => {
  requireUser(c);
  return respond(
    c,
    200,
    {
      name,
      description,
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'multipart/form-data'],
    },
    LIST_ALLOW,
  );
};

export function createBackgroundRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  taskRoutes(app);
  app.get('/api/core/background-queues/', async (c) => {
    superuser(c);
    return listPage(c, await queues(c));
  });
  app.get('/api/core/background-queues/:name/', async (c) => {
    superuser(c);
    const q = (await queues(c)).find((x) => x.name === c.req.param('name'));
    if (!q) throw notFound();
    return respond(c, 200, q);
  });
  app.get('/api/core/background-workers/', async (c) => {
    superuser(c);
    return listPage(c, await workers(c));
  });
  app.get('/api/core/background-workers/:name/', async (c) => {
    superuser(c);
    const w = (await workers(c)).find((x) => x.name === c.req.param('name'));
    if (!w) throw notFound();
    return respond(c, 200, w);
  });
  app.options('/api/core/background-tasks/', described('Background Tasks', 'Retrieve a list of RQ Tasks.'));
  app.options('/api/core/background-queues/', described('Background Queues', 'The job queue and its counts.'));
  app.options('/api/core/background-workers/', described('Background Workers', 'The workers running jobs.'));
  return app;
}
