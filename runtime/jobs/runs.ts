/**
 * How one graphile-worker job runs its task and leaves its record: a core job is mirrored in
 * `core_job` (pending → running → completed / errored / failed), a background task in
 * `core_backgroundtask` (queued → started → finished / scheduled for a retry / failed, with its
 * result, meta and exception). A task of an ordered stream first waits for the earlier ones.
 */
import type { Task } from 'graphile-worker';
import type { JobRow, JobTask, TaskContext, TaskOutcome } from './task.ts';
import { waitForEarlier } from './ordered.ts';
import { QUEUE } from './enqueue.ts';
import { tables } from '../db/tables.ts';
import { query, queryRow } from '../db/index.ts';

const message = (e: unknown) => `${(e as Error).message ?? e}`.slice(0, 10_000);

export function wrap(ctx: TaskContext, name: string, task: JobTask, workerIds: () => string): Task {
  const runJob: Task = async (payload, helpers) => {
    const p = payload as { job_id?: string; task_id?: string } | null;
    if (p?.task_id) return runTask(ctx, task, p.task_id, helpers.job, workerIds());
    const jobId = p?.job_id;
    if (!jobId) {
      // scheduled (cron) runs carry no job row: give them one
      const row = await queryRow(
        ctx.sql,
        `INSERT INTO public.${tables.job} (job_id, name, status, task, payload, queue_name, error, log_entries,
          created)
         VALUES (gen_random_uuid()::text, $1, 'pending', $1, '{}', '${QUEUE}', '', '[]'::jsonb, now())
         RETURNING job_id`,
        [name],
      );
      return runJob({ job_id: row.job_id }, helpers);
    }
    const rows = await query(
      ctx.sql,
      `UPDATE public.${tables.job} SET status = 'running', started = coalesce(started, now()), attempts = $2,
        locked_by = $3
        WHERE job_id = $1 RETURNING id, job_id, name, task, payload, object_type, object_id, user_id`,
      [jobId, helpers.job.attempts, workerIds()],
    );
    const row = rows[0];
    if (!row) return; // the job row is gone (deleted): nothing to do
    const job = {
      ...row,
      payload: row.payload ? JSON.parse(row.payload as string) : null,
      lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
    } as unknown as JobRow;
    let outcome;
    try {
      outcome = await task(ctx, job);
    } catch (e) {
      await query(
        ctx.sql,
        `UPDATE public.${tables.job} SET status = $2::text, error = $3, completed = CASE WHEN $2::text = 'failed'
          THEN now() END, locked_by = NULL WHERE job_id = $1`,
        [jobId, job.lastAttempt ? 'failed' : 'errored', message(e)],
      );
      throw e; // graphile-worker retries it
    }
    await query(
      ctx.sql,
      `UPDATE public.${tables.job} SET status = $2, data = $3::text::jsonb, error = $4, completed = now(),
        locked_by = NULL WHERE job_id = $1`,
      [jobId, outcome.ok ? 'completed' : 'failed', JSON.stringify(outcome.data ?? null), outcome.error],
    );
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
  attempt: { attempts: number; max_attempts: number },
  workerId: string,
): Promise<void> {
  // a task deleted, stopped or already ended (a second graphile job for it) is not run
  const rows = await query(
    ctx.sql,
    `UPDATE public.${tables.backgroundTask} SET status = 'started', started_at = now(), ended_at = NULL,
            attempts = $2, worker_name = $3
      WHERE task_id = $1 AND status IN ('queued', 'scheduled')
      RETURNING id, task_id, description, task, payload, ordering_key`,
    [taskId, attempt.attempts, workerId],
  );
  const row = rows[0];
  if (!row) return;
  if (row.ordering_key) await waitForEarlier(ctx.sql, Number(row.id), row.ordering_key as string);
  const job: JobRow = {
    id: Number(row.id),
    job_id: taskId,
    name: row.description as string,
    task: row.task as string,
    payload: JSON.parse(row.payload as string),
    object_type: null,
    object_id: null,
    user_id: null,
    lastAttempt: attempt.attempts >= attempt.max_attempts,
  };
  let outcome: TaskOutcome;
  try {
    outcome = await task(ctx, job);
  } catch (e) {
    await query(
      ctx.sql,
      `UPDATE public.${tables.backgroundTask} SET status = $2::text, exc_info = $3,
              ended_at = CASE WHEN $2::text = 'failed' THEN now() END
        WHERE task_id = $1`,
      [taskId, job.lastAttempt ? 'failed' : 'scheduled', message(e)],
    );
    throw e; // graphile-worker retries it
  }
  await query(
    ctx.sql,
    `UPDATE public.${tables.backgroundTask} SET status = $2, result = $3, meta = $4::text::jsonb, exc_info = $5,
            ended_at = now()
      WHERE task_id = $1`,
    [
      taskId,
      outcome.ok ? 'finished' : 'failed',
      resultText(outcome),
      JSON.stringify(outcome.data && typeof outcome.data === 'object' ? outcome.data : {}),
      outcome.ok ? null : outcome.error,
    ],
  );
}
