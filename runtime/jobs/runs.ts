/**
 * How one graphile-worker job runs its task and leaves its record: a core job is mirrored in
 * `core_job` (pending → running → completed / errored / failed), a background task in
 * `core_backgroundtask` (queued → started → finished / scheduled for a retry / failed, with its
 * result, meta and exception). A task of an ordered stream first waits for the earlier ones.
 */
import type { Task } from 'graphile-worker';
import type { JobRow, JobTask, TaskContext, TaskOutcome } from './task.ts';
import { waitForEarlier, YIELD_AFTER_MS } from './ordered.ts';
import { completeJob, failJob, insertScheduledJob, startJob, type Attempt } from './job-rows.ts';
import { continueTask, failTask, finishTask, startTask } from './task-rows.ts';

const message = (e: unknown) => `${(e as Error).message ?? e}`.slice(0, 10_000);

/**
 * The task a run of a background task goes on as instead of running here (another pool's), checked
 * before it runs and while it waits for its stream; undefined to run here.
 */
export type Divert = (payload: unknown) => string | undefined;

export function wrap(ctx: TaskContext, name: string, task: JobTask, workerIds: () => string, divert?: Divert): Task {
  const runJob: Task = async (payload, helpers) => {
    const p = payload as { job_id?: string; task_id?: string } | null;
    const attempt: Attempt = { attempts: helpers.job.attempts, workerId: workerIds() };
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    if (p?.task_id) return runTask(ctx, task, p.task_id, { attempt, lastAttempt, name, divert });
    const jobId = p?.job_id;
    // scheduled (cron) runs carry no job row: give them one
    if (!jobId) return runJob({ job_id: await insertScheduledJob(ctx.sql, name) }, helpers);
    const row = await startJob(ctx.sql, jobId, attempt);
    if (!row) return; // the job row is gone (deleted): nothing to do
    const job: JobRow = { ...row, payload: row.payload ? JSON.parse(row.payload) : null, lastAttempt };
    let outcome;
    try {
      outcome = await task(ctx, job);
    } catch (e) {
      await failJob(ctx.sql, jobId, { status: job.lastAttempt ? 'failed' : 'errored', error: message(e) });
      throw e; // graphile-worker retries it
    }
    await completeJob(ctx.sql, jobId, {
      status: outcome.ok ? 'completed' : 'failed',
      data: outcome.data,
      error: outcome.error,
    });
  };
  return runJob;
}

/** The text a finished task shows as its `result`. */
function resultText(outcome: TaskOutcome): string | null {
  if (outcome.result !== undefined) return outcome.result;
  return outcome.ok ? JSON.stringify(outcome.data ?? null) : null;
}

async function runTask(
  ctx: TaskContext,
  task: JobTask,
  taskId: string,
  run: {
    readonly attempt: Attempt;
    readonly lastAttempt: boolean;
    readonly name: string;
    readonly divert: Divert | undefined;
  },
): Promise<void> {
  // a task deleted, stopped or already ended (a second graphile job for it) is not run
  const row = await startTask(ctx.sql, taskId, run.attempt);
  if (!row) return;
  const payload: unknown = JSON.parse(row.payload);
  const meta = row.meta ?? {};
  let elsewhere = run.divert?.(payload);
  const leave = () => (elsewhere ??= run.divert?.(payload)) !== undefined;
  const wait =
    elsewhere || !row.ordering_key ? 'ready' : await waitForEarlier(ctx.sql, Number(row.id), row.ordering_key, leave);
  if (elsewhere) return continueTask(ctx.sql, taskId, { task: elsewhere, meta });
  if (wait === 'later') return continueTask(ctx.sql, taskId, { task: run.name, meta, afterMs: YIELD_AFTER_MS });
  const job: JobRow = {
    id: Number(row.id),
    job_id: taskId,
    name: row.description,
    task: row.task,
    payload: payload as JobRow['payload'],
    object_type: null,
    object_id: null,
    user_id: null,
    lastAttempt: run.lastAttempt,
    meta,
  };
  let outcome: TaskOutcome;
  try {
    outcome = await task(ctx, job);
  } catch (e) {
    await failTask(ctx.sql, taskId, { status: job.lastAttempt ? 'failed' : 'scheduled', error: message(e) });
    throw e; // graphile-worker retries it
  }
  const data = outcome.data && typeof outcome.data === 'object' ? outcome.data : {};
  if (outcome.continueAs) return continueTask(ctx.sql, taskId, { task: outcome.continueAs, meta: data });
  await finishTask(ctx.sql, taskId, {
    status: outcome.ok ? 'finished' : 'failed',
    result: resultText(outcome),
    meta: data,
    error: outcome.ok ? null : outcome.error,
  });
}
