/**
 * The job worker: graphile-worker running the tasks, each run mirrored in `core_job` (pending →
 * running → completed / errored / failed). Every worker keeps a heartbeat; a worker that stops
 * beating for JOB_LEASE_SECONDS has its jobs unlocked (graphile retries them) and marked, so no
 * job stays "running" forever. Runs in the server process or alone (`npm run worker`).
 */
import { hostname } from 'node:os';
import { EventEmitter } from 'node:events';
import { Logger, makeWorkerUtils, run, type Runner, type Task, type TaskList, type WorkerEvents, type WorkerUtils } from 'graphile-worker';
import pg from 'pg';
import type { Settings } from '../config/index.ts';
import { connect, type Sql } from '../db/index.ts';
import type { JobRow, JobTask, TaskContext } from './task.ts';

/** The pool tasks run their queries on: no request timeout (a branch copy may take minutes). */
export function connectJobs(databaseUrl: string, settings: Settings): Sql {
  return connect(databaseUrl, { max: Math.max(4, settings.poolSize), applicationName: 'netbox-compatible-worker' });
}

export interface WorkerOptions {
  readonly databaseUrl: string;
  readonly context: TaskContext;
  readonly tasks: Readonly<Record<string, JobTask>>;
  readonly concurrency?: number;
  readonly crontab?: string;
  /** run on every sweep (for example: return branches of dead jobs to a stable state) */
  readonly maintenance?: readonly ((ctx: TaskContext) => Promise<unknown>)[];
}

export interface RunningWorker {
  stop(): Promise<void>;
}

const quiet = () => () => {};

function wrap(ctx: TaskContext, name: string, task: JobTask, workerIds: () => string): Task {
  return async (payload, helpers) => {
    const jobId = (payload as { job_id?: string } | null)?.job_id;
    if (!jobId) {
      // scheduled (cron) runs carry no job row: give them one
      const [row] = await ctx.sql.unsafe(
        `INSERT INTO public.core_job (job_id, name, status, task, payload, queue_name, error, log_entries, created, last_updated)
         VALUES (gen_random_uuid()::text, $1, 'pending', $1, '{}', '', '', '[]'::jsonb, now(), now()) RETURNING job_id`, [name]);
      return wrap(ctx, name, task, workerIds)({ job_id: row!.job_id }, helpers);
    }
    const rows = await ctx.sql.unsafe(
      `UPDATE public.core_job SET status = 'running', started = coalesce(started, now()), attempts = $2, locked_by = $3, last_updated = now()
        WHERE job_id = $1 RETURNING id, job_id, name, task, payload, object_type, object_id, user_id`,
      [jobId, helpers.job.attempts, workerIds()]);
    const row = rows[0];
    if (!row) return; // the job row is gone (deleted): nothing to do
    const job = { ...row, payload: row.payload ? JSON.parse(row.payload as string) : null, lastAttempt: helpers.job.attempts >= helpers.job.max_attempts } as unknown as JobRow;
    let outcome;
    try {
      outcome = await task(ctx, job);
    } catch (e) {
      const last = job.lastAttempt;
      await ctx.sql.unsafe(
        `UPDATE public.core_job SET status = $2::text, error = $3, completed = CASE WHEN $2::text = 'failed' THEN now() END, locked_by = NULL, last_updated = now() WHERE job_id = $1`,
        [jobId, last ? 'failed' : 'errored', `${(e as Error).message ?? e}`.slice(0, 10_000)]);
      throw e; // graphile-worker retries it
    }
    await ctx.sql.unsafe(
      `UPDATE public.core_job SET status = $2, data = $3::text::jsonb, error = $4, completed = now(), locked_by = NULL, last_updated = now() WHERE job_id = $1`,
      [jobId, outcome.ok ? 'completed' : 'failed', JSON.stringify(outcome.data ?? null), outcome.error]);
  };
}

/** Unlocks the jobs of workers whose heartbeat is older than the lease, and notes it on the jobs. */
export async function recoverStaleWorkers(ctx: TaskContext, utils: WorkerUtils): Promise<string[]> {
  const stale = await ctx.sql.unsafe(
    "DELETE FROM public.core_worker WHERE heartbeat < now() - make_interval(secs => $1) RETURNING id", [ctx.settings.jobLeaseSeconds]);
  const ids = stale.map((r) => r.id as string);
  if (!ids.length) return [];
  await utils.forceUnlockWorkers(ids);
  await ctx.sql.unsafe(
    `UPDATE public.core_job SET status = 'pending', locked_by = NULL, last_updated = now(),
            error = 'Worker ' || locked_by || ' stopped responding; the job will run again.'
      WHERE status = 'running' AND locked_by = ANY($1::text[])`, [ids]);
  return ids;
}

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  const ctx = o.context;
  const host = hostname();
  let workerId = '';
  const taskList: TaskList = {};
  for (const [name, task] of Object.entries(o.tasks)) taskList[name] = wrap(ctx, name, task, () => workerId);
  // jobs are locked in the name of the worker pool: that id is what the heartbeat vouches for
  const ids = new Set<string>();
  const events: WorkerEvents = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => {
    ids.add(workerPool.id);
    workerId = workerPool.id;
    void beat();
  });
  // our own pool, so that connections PostgreSQL closes (a Ctrl-C reaches its process too) are
  // errors we handle, not unhandled 'error' events that end the process with a trace
  const pgPool = new pg.Pool({ connectionString: o.databaseUrl, max: (o.concurrency ?? o.context.settings.workerConcurrency) + 2 });
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => { client.on('error', () => {}); });
  const runner: Runner = await run({
    events,
    pgPool,
    concurrency: o.concurrency ?? o.context.settings.workerConcurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    ...(o.crontab ? { crontab: o.crontab } : {}),
    logger: new Logger(quiet),
  });
  const utils = await makeWorkerUtils({ pgPool });
  async function beat(): Promise<void> {
    if (!ids.size) return;
    await ctx.sql.unsafe(
      `INSERT INTO public.core_worker (id, hostname, pid) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (id) DO UPDATE SET heartbeat = now()`, [[...ids], host, process.pid]).catch(() => {});
  }
  const every = Math.max(1000, (ctx.settings.jobLeaseSeconds * 1000) / 4);
  const heartbeat = setInterval(() => void beat(), every);
  const sweeper = setInterval(() => {
    void recoverStaleWorkers(ctx, utils).catch(() => {});
    void utils.cleanup({ tasks: ['GC_JOB_QUEUES'] }).catch(() => {});
    for (const m of o.maintenance ?? []) void m(ctx).catch(() => {});
  }, every * 2);
  heartbeat.unref();
  sweeper.unref();
  await beat();
  void recoverStaleWorkers(ctx, utils).catch(() => {});
  return {
    async stop() {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      await runner.stop();
      await ctx.sql.unsafe('DELETE FROM public.core_worker WHERE id = ANY($1::text[])', [[...ids]]).catch(() => {});
      await utils.release();
      await pgPool.end().catch(() => {});
    },
  };
}
