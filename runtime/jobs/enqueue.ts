/**
 * Enqueues jobs in the caller's transaction: a `core_job` row (the job as the API shows it) and a
 * graphile-worker job pointing at it, added with `graphile_worker.add_jobs` on the same connection,
 * so a job exists if and only if the transaction that asked for it commits.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { JobKind } from './task.ts';
import { tables } from '../db/tables.ts';

export interface JobSpec<P = unknown> {
  readonly kind: JobKind<P>;
  readonly name: string;
  readonly payload: P;
  readonly objectType?: string | null;
  readonly objectId?: number | null;
  readonly userId?: number | null;
  /**
   * jobs of one queue run one at a time, in the order they were enqueued (each waits for the earlier
   * ones still pending or running: ordered.ts); kept as the job's `queue_name`
   */
  readonly queue?: string | null;
  readonly runAt?: string | null;
  readonly maxAttempts?: number;
}

/** Attempts of a job that does not say (webhook deliveries retry with backoff within them). */
const DEFAULT_ATTEMPTS = 5;

export async function enqueueJobs(db: Db, specs: readonly JobSpec[]): Promise<string[]> {
  if (!specs.length) return [];
  const rows = specs.map((s) => ({
    job_id: randomUUID(),
    task: s.kind.task,
    name: s.name,
    payload: s.payload,
    object_type: s.objectType ?? null,
    object_id: s.objectId ?? null,
    user_id: s.userId ?? null,
    queue: s.queue ?? null,
    run_at: s.runAt ?? null,
    max_attempts: s.maxAttempts ?? DEFAULT_ATTEMPTS,
  }));
  await db.unsafe(
    `WITH specs AS (
       -- json (not jsonb) keeps each payload's key order, which is the webhook body's key order
       SELECT * FROM json_to_recordset($1::text::json)
         AS r(job_id text, task text, name text, payload text, object_type text, object_id bigint,
              user_id bigint, queue text, run_at timestamptz, max_attempts int)
     ), mirrored AS (
       INSERT INTO public.${tables.job} (job_id, name, status, object_type, object_id, user_id, task, payload,
                                         queue_name, scheduled, error, log_entries, created, last_updated)
       SELECT job_id, name, 'pending', object_type, object_id, user_id, task, payload,
              coalesce(queue, ''), run_at, '', '[]'::jsonb, now(), now()
         FROM specs
       RETURNING 1
     )
     -- no graphile-worker queue: the order within a queue is kept by the worker (ordered.ts), since
     -- graphile's named queues cost two thirds of the throughput
     SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
       SELECT ROW(task, json_build_object('job_id', job_id), NULL, run_at, max_attempts::smallint, NULL, NULL, NULL)
              ::graphile_worker.job_spec
         FROM specs
     )) AS added, (SELECT count(*) FROM mirrored) AS mirrored_rows`,
    [JSON.stringify(rows)],
  );
  return rows.map((r) => r.job_id);
}

export async function enqueueJob<P>(db: Db, spec: JobSpec<P>): Promise<string> {
  return (await enqueueJobs(db, [spec]))[0]!;
}

/**
 * Runs an existing job (its `core_job` row already pending again) once more: a graphile-worker job
 * pointing at it, as enqueueJobs adds them (no named queue: its order is kept by ordered.ts).
 */
export async function requeueJob(db: Db, task: string, jobId: string): Promise<void> {
  await db.unsafe(
    `SELECT graphile_worker.add_job($1, json_build_object('job_id', $2::text), max_attempts => $3::int)`,
    [task, jobId, DEFAULT_ATTEMPTS],
  );
}
