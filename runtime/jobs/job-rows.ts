/**
 * The core job row (`core_job`, the job as /api/core/jobs/ shows it): every statement on it, one
 * function per operation (graphile-worker's src/sql/ habit), so no caller writes them. A run moves
 * it pending → running → completed / errored / failed (runs.ts); a branch job writes its progress
 * on it while it runs; a failed one can be requeued, a pending one stopped; a worker that stops
 * responding has its jobs made pending again.
 *
 * Left where they are: the insert of enqueue.ts (one statement with graphile-worker's `add_jobs`,
 * so the row exists if and only if its run does), the RQ view's reading of jobs and tasks as one list
 * (app/background-sql.ts), and the statements of other rows that only test a job's status or task
 * (branch-rows.ts's recovery, job-log.ts's change records).
 */
import type { Db } from '../db/index.ts';
import { tables, query, queryRow } from '../db/index.ts';
import type { JobRow } from './task.ts';
import { QUEUE, requeueJob } from './enqueue.ts';

/** One attempt at a job or task: graphile-worker's count of it, and the worker pool taking it. */
export interface Attempt {
  readonly attempts: number;
  readonly workerId: string;
}

/** A job's row as its run reads it, its payload still JSON text. */
export type StartedJob = Omit<JobRow, 'payload' | 'lastAttempt'> & { readonly payload: string | null };

/** How a run ended. */
export interface JobEnd {
  readonly status: 'completed' | 'errored' | 'failed';
  readonly error: string;
}

/** Scheduled (cron) runs carry no job row: they get one, pending, named after their task; its job id. */
export async function insertScheduledJob(db: Db, name: string): Promise<string> {
  const row = await queryRow<{ job_id: string }>(
    db,
    `INSERT INTO public.${tables.job} (job_id, name, status, task, payload, queue_name, error, log_entries,
          created)
         VALUES (gen_random_uuid()::text, $1, 'pending', $1, '{}', '${QUEUE}', '', '[]'::jsonb, now())
         RETURNING job_id`,
    [name],
  );
  return row.job_id;
}

/** The job is running, in the name of the worker taking it; undefined when its row is gone (deleted). */
export async function startJob(db: Db, jobId: string, attempt: Attempt): Promise<StartedJob | undefined> {
  const rows = await query<StartedJob>(
    db,
    `UPDATE public.${tables.job} SET status = 'running', started = coalesce(started, now()), attempts = $2,
        locked_by = $3
        WHERE job_id = $1 RETURNING id, job_id, name, task, payload, object_type, object_id, user_id`,
    [jobId, attempt.attempts, attempt.workerId],
  );
  return rows[0];
}

/** The run threw: `errored` (graphile-worker retries it) or, on its last attempt, `failed`. */
export async function failJob(db: Db, jobId: string, end: JobEnd): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.job} SET status = $2::text, error = $3, completed = CASE WHEN $2::text = 'failed'
          THEN now() END, locked_by = NULL WHERE job_id = $1`,
    [jobId, end.status, end.error],
  );
}

/** The run returned: its outcome and its data. */
export async function completeJob(db: Db, jobId: string, end: JobEnd & { readonly data: unknown }): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.job} SET status = $2, data = $3::text::jsonb, error = $4, completed = now(),
        locked_by = NULL WHERE job_id = $1`,
    [jobId, end.status, JSON.stringify(end.data ?? null), end.error],
  );
}

/** The job's data while it runs (a branch job's log and progress so far), as JSON text taken when it was due. */
export async function writeJobData(db: Db, jobId: string, json: string): Promise<void> {
  await query(db, `UPDATE public.${tables.job} SET data = $2::text::jsonb WHERE job_id = $1`, [jobId, json]);
}

/** The row id of the job of that job id (the one the API shows), enqueued in this transaction. */
export async function jobRowId(db: Db, jobId: string): Promise<number> {
  const job = await queryRow<{ id: number }>(db, `SELECT id FROM public.${tables.job} WHERE job_id = $1`, [jobId]);
  return job.id;
}

/**
 * Makes a failed or errored job pending again and queues its run: true; otherwise false and the
 * status that kept it (undefined: no such job).
 */
export async function requeueFailedJob(
  db: Db,
  id: number,
): Promise<{ readonly requeued: true } | { readonly requeued: false; readonly status: string | undefined }> {
  const [row] = await query<{ job_id: string; task: string }>(
    db,
    `UPDATE public.${tables.job} SET status = 'pending', error = '', data = NULL, started = NULL, completed = NULL,
      attempts = 0, locked_by = NULL
      WHERE id = $1 AND status IN ('failed', 'errored') RETURNING job_id, task`,
    [id],
  );
  if (!row) {
    const [job] = await query<{ status: string }>(db, `SELECT status FROM public.${tables.job} WHERE id = $1`, [id]);
    return { requeued: false, status: job?.status };
  }
  await requeueJob(db, row.task, row.job_id);
  return { requeued: true };
}

/** A job that has not started is stopped (failed, saying so); false when it was not pending. */
export async function stopPendingJob(db: Db, id: number): Promise<boolean> {
  const rows = await query(
    db,
    `UPDATE public.${tables.job} SET status = 'failed', error = 'Stopped before it ran.', completed = now()
              WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** The running jobs of workers that stopped responding are pending again, and say why. */
export async function releaseJobsOfWorkers(db: Db, workerIds: readonly string[]): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.job} SET status = 'pending', locked_by = NULL,
            error = 'Worker ' || locked_by || ' stopped responding; the job will run again.'
      WHERE status = 'running' AND locked_by = ANY($1::text[])`,
    [workerIds],
  );
}
