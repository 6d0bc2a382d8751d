/**
 * The job worker: graphile-worker running the tasks, each run recorded as a core job or a background
 * task (runs.ts). Every worker keeps a heartbeat; a worker that stops beating for JOB_LEASE_SECONDS
 * has its jobs unlocked (graphile retries them) and marked, so no job stays "running" forever. Runs
 * in the server process or alone (`npm run worker`).
 *
 * Tasks may be set apart in pools of their own (each a graphile-worker runner with its own
 * connections, fetching only its tasks), so that slow jobs of one kind — webhook deliveries to a
 * dead receiver, waiting out their timeouts and backoff — never hold the slots another kind
 * (branch operations) needs.
 */
import { hostname } from 'node:os';
import { EventEmitter } from 'node:events';
import {
  Logger,
  makeWorkerUtils,
  run,
  type Runner,
  type TaskList,
  type WorkerEvents,
  type WorkerUtils,
} from 'graphile-worker';
import pg from 'pg';
import type { Settings } from '../config/index.ts';
import { connect, isUnavailable, type Sql, query, tables } from '../db/index.ts';
import type { JobTask, TaskContext } from './task.ts';
import { wrap, type Divert } from './runs.ts';
import { releaseJobsOfWorkers } from './job-rows.ts';
import { requeueTasksOfWorkers } from './task-rows.ts';

/** The application name of the job worker's connections (it polls its queue: no request's cost). */
export const WORKER_APPLICATION = 'netbox-compatible-worker';

/** The pool tasks run their queries on: no request timeout (a branch copy may take minutes). */
export function connectJobs(databaseUrl: string, settings: Settings): Sql {
  return connect(databaseUrl, { max: Math.max(4, settings.poolSize), applicationName: WORKER_APPLICATION });
}

/** Tasks that run in a pool of their own, at most `concurrency` at once. */
export interface WorkerPool {
  readonly name: string;
  readonly tasks: readonly string[];
  readonly concurrency: number;
  /** a background task this pool takes that is to run in another pool instead (runs.ts) */
  readonly divert?: Divert;
}

export interface WorkerOptions {
  readonly databaseUrl: string;
  readonly context: TaskContext;
  readonly tasks: Readonly<Record<string, JobTask>>;
  /** of the main pool: every task no other pool names */
  readonly concurrency?: number;
  readonly pools?: readonly WorkerPool[];
  readonly crontab?: string;
  /** run on every sweep (for example: return branches of dead jobs to a stable state) */
  readonly maintenance?: readonly ((ctx: TaskContext) => Promise<unknown>)[];
}

export interface RunningWorker {
  stop(): Promise<void>;
}

const quiet = () => () => {};

/** Unlocks the jobs of workers whose heartbeat is older than the lease, and notes it on the jobs. */
export async function recoverStaleWorkers(ctx: TaskContext, utils: WorkerUtils): Promise<string[]> {
  const stale = await query(
    ctx.sql,
    `DELETE FROM public.${tables.worker} WHERE heartbeat < now() - make_interval(secs => $1) RETURNING id`,
    [ctx.settings.jobLeaseSeconds],
  );
  const ids = stale.map((r) => r.id as string);
  if (!ids.length) return [];
  // tasks first: once unlocked, a task runs again only if its row says it is queued
  await requeueTasksOfWorkers(ctx.sql, ids);
  await utils.forceUnlockWorkers(ids);
  await releaseJobsOfWorkers(ctx.sql, ids);
  return ids;
}

/** What one runner takes: its tasks, how many at once, and the schedule (the main runner's only). */
interface RunnerGroup {
  readonly tasks: readonly string[];
  readonly concurrency: number;
  readonly crontab: string | undefined;
  readonly divert?: Divert;
}

/** One graphile-worker runner for the group's tasks, on connections of its own; `onPool` hears of its worker pool. */
async function startRunner(
  o: WorkerOptions,
  { tasks, concurrency, crontab, divert }: RunnerGroup,
  onPool: (id: string) => void,
): Promise<{ runner: Runner; pgPool: pg.Pool }> {
  const ctx = o.context;
  let workerId = '';
  const taskList: TaskList = {};
  for (const name of tasks) {
    const task = o.tasks[name];
    if (task) taskList[name] = wrap(ctx, name, task, () => workerId, divert);
  }
  // jobs are locked in the name of the worker pool: that id is what the heartbeat vouches for
  const events: WorkerEvents = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => {
    workerId = workerPool.id;
    onPool(workerPool.id);
  });
  // our own pool, so that connections PostgreSQL closes (a Ctrl-C reaches its process too) are
  // errors we handle, not unhandled 'error' events that end the process with a trace
  // a job holds a connection only while it is taken and completed, not while its task runs
  const pgPool = new pg.Pool({ connectionString: o.databaseUrl, max: Math.min(concurrency, 8) + 2 });
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const runner = await run({
    events,
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    ...(crontab ? { crontab } : {}),
    logger: new Logger(quiet),
  });
  return { runner, pgPool };
}

/**
 * graphile-worker `console.trace`s a worker whose job fetch fails once it is stopping. When the
 * database went first (a Ctrl-C reaches PostgreSQL's process too) that failure is expected: it
 * is kept off the console while the runners stop; any other trace still prints.
 */
function muteUnavailableTraces(): () => void {
  const trace = console.trace;
  console.trace = (...args: unknown[]) => {
    if (!isUnavailable(args[0])) trace(...args);
  };
  return () => {
    console.trace = trace;
  };
}

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  const ctx = o.context;
  const host = hostname();
  const ids = new Set<string>();
  const pooled = new Set((o.pools ?? []).flatMap((p) => p.tasks));
  const main = Object.keys(o.tasks).filter((name) => !pooled.has(name));
  const all: RunnerGroup[] = [
    { tasks: main, concurrency: o.concurrency ?? ctx.settings.workerConcurrency, crontab: o.crontab },
    ...(o.pools ?? []).map((p) => ({
      tasks: p.tasks.filter((t) => o.tasks[t]),
      concurrency: p.concurrency,
      crontab: undefined,
      divert: p.divert,
    })),
  ];
  const groups = all.filter((g) => g.tasks.length);
  const runners: { runner: Runner; pgPool: pg.Pool }[] = [];
  const onPool = (id: string) => {
    ids.add(id);
    void beat();
  };
  for (const g of groups) runners.push(await startRunner(o, g, onPool));
  const [first] = runners;
  if (!first) throw new Error('A worker needs at least one task to run.');
  const pgPool = first.pgPool;
  const utils = await makeWorkerUtils({ pgPool });
  async function beat(): Promise<void> {
    if (!ids.size) return;
    await query(
      ctx.sql,
      `INSERT INTO public.${tables.worker} (id, hostname, pid) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (id) DO UPDATE SET heartbeat = now()`,
      [[...ids], host, process.pid],
    ).catch(() => {});
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
      const restore = muteUnavailableTraces();
      try {
        await Promise.all(runners.map((r) => r.runner.stop()));
      } finally {
        restore();
      }
      await query(ctx.sql, `DELETE FROM public.${tables.worker} WHERE id = ANY($1::text[])`, [[...ids]]).catch(
        () => {},
      );
      await utils.release();
      for (const r of runners) await r.pgPool.end().catch(() => {});
    },
  };
}
