/**
 * Enqueues work in the caller's transaction, with `graphile_worker.add_jobs` on the same connection,
 * so it exists if and only if the transaction that asked for it commits. A job (a branch operation,
 * housekeeping) also gets a `core_job` row, the job as /api/core/jobs/ shows it; a background task
 * (a webhook delivery) gets a `core_backgroundtask` row only, as NetBox's deliveries are RQ tasks
 * and never core jobs.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { JobKind } from './task.ts';
import { tables, query } from '../db/index.ts';

export interface JobSpec<P = unknown> {
  readonly kind: JobKind<P>;
  readonly name: string;
  readonly payload: P;
  readonly objectType?: string | null;
  readonly objectId?: number | null;
  readonly userId?: number | null;
  readonly runAt?: string | null;
  readonly maxAttempts?: number;
}

export interface TaskSpec<P = unknown> {
  readonly kind: JobKind<P>;
  /** what it does, for people reading the task list */
  readonly description: string;
  readonly payload: P;
  /**
   * tasks with one key run one at a time, in the order they were enqueued (each waits for the
   * earlier ones still queued or running: ordered.ts)
   */
  readonly orderingKey?: string | null;
  /** seconds one run may take (shown as the task's `timeout`) */
  readonly timeout?: number | null;
  readonly maxAttempts?: number;
}

/** The queue every job and task is shown in (NetBox's default RQ queue). */
export const QUEUE = 'default';

/** How long an ended background task stays listed, at least (runtime/tasks/prune-tasks.ts), in seconds. */
export const RESULT_TTL = 86_400;

/** Attempts of a job that does not say (webhook deliveries retry with backoff within them). */
export const DEFAULT_ATTEMPTS = 5;

// no graphile-worker queue: the order within a stream is kept by the worker (ordered.ts), since
// graphile's named queues cost two thirds of the throughput
const addJobs = (key: string) => `graphile_worker.add_jobs(ARRAY(
       SELECT ROW(task, json_build_object('${key}', uid), NULL, run_at, max_attempts::smallint, NULL, NULL, NULL)
              ::graphile_worker.job_spec
         FROM specs))`;

export async function enqueueJobs(db: Db, specs: readonly JobSpec[]): Promise<string[]> {
  if (!specs.length) return [];
  const rows = specs.map((s) => ({
    uid: randomUUID(),
    task: s.kind.task,
    name: s.name,
    payload: s.payload,
    object_type: s.objectType ?? null,
    object_id: s.objectId ?? null,
    user_id: s.userId ?? null,
    run_at: s.runAt ?? null,
    max_attempts: s.maxAttempts ?? DEFAULT_ATTEMPTS,
  }));
  await query(
    db,
    `WITH specs AS (
       -- json (not jsonb) keeps each payload's key order
       SELECT * FROM json_to_recordset($1::text::json)
         AS r(uid text, task text, name text, payload text, object_type text, object_id bigint,
              user_id bigint, run_at timestamptz, max_attempts int)
     ), mirrored AS (
       INSERT INTO public.${tables.job} (job_id, name, status, object_type, object_id, user_id, task, payload,
                                         queue_name, scheduled, error, log_entries, created)
       SELECT uid, name, 'pending', object_type, object_id, user_id, task, payload,
              '${QUEUE}', run_at, '', '[]'::jsonb, now()
         FROM specs
       RETURNING 1
     )
     SELECT count(*) FROM ${addJobs('job_id')} AS added, (SELECT count(*) FROM mirrored) AS mirrored_rows`,
    [JSON.stringify(rows)],
  );
  return rows.map((r) => r.uid);
}

export async function enqueueJob<P>(db: Db, spec: JobSpec<P>): Promise<string> {
  const [uid] = await enqueueJobs(db, [spec]); // one spec, one id
  return uid;
}

/** Background tasks (no core job): returns their task ids. */
export async function enqueueTasks(db: Db, specs: readonly TaskSpec[]): Promise<string[]> {
  if (!specs.length) return [];
  const rows = specs.map((s) => ({
    uid: randomUUID(),
    task: s.kind.task,
    description: s.description,
    payload: s.payload,
    ordering_key: s.orderingKey ?? null,
    timeout: s.timeout ?? null,
    run_at: null,
    max_attempts: s.maxAttempts ?? DEFAULT_ATTEMPTS,
  }));
  await query(
    db,
    `WITH specs AS (
       -- json (not jsonb) keeps each payload's key order, which is the webhook body's key order
       SELECT * FROM json_to_recordset($1::text::json)
         AS r(uid text, task text, description text, payload text, ordering_key text, timeout int,
              run_at timestamptz, max_attempts int)
     ), recorded AS (
       INSERT INTO public.${tables.backgroundTask} (task_id, task, description, origin, ordering_key, payload, timeout)
       SELECT uid, task, description, '${QUEUE}', ordering_key, payload, timeout FROM specs
       RETURNING 1
     )
     SELECT count(*) FROM ${addJobs('task_id')} AS added, (SELECT count(*) FROM recorded) AS recorded_rows`,
    [JSON.stringify(rows)],
  );
  return rows.map((r) => r.uid);
}

/**
 * Runs an existing job or task (its row already pending or queued again) once more: a
 * graphile-worker job pointing at it, as enqueueJobs and enqueueTasks add them.
 */
export async function requeueJob(db: Db, task: string, id: string, as: 'job_id' | 'task_id' = 'job_id'): Promise<void> {
  await query(
    db,
    `SELECT graphile_worker.add_job($1, json_build_object($2::text, $3::text), max_attempts => $4::int)`,
    [task, as, id, DEFAULT_ATTEMPTS],
  );
}
