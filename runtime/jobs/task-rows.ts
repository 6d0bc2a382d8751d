/**
 * The background task row (`core_backgroundtask`, a webhook delivery as NetBox's RQ views show it):
 * every statement that moves one, one function per operation (graphile-worker's src/sql/ habit), so
 * no caller writes them. A run moves it queued → started → finished / scheduled for a retry / failed
 * (runs.ts); an ended one can be queued again, a queued one canceled or any deleted; a worker that
 * stops responding has its tasks queued again.
 *
 * Left where they are, each the one statement of a module of its own operation: the insert of
 * enqueue.ts (one statement with graphile-worker's `add_jobs`), the wait of an ordered stream
 * (ordered.ts), the pruning of ended tasks (tasks/prune-tasks.ts) and the RQ view's reading
 * (app/background-sql.ts).
 */
import type { Db } from '../db/index.ts';
import { tables, query } from '../db/index.ts';
import type { Attempt } from './job-rows.ts';
import { DEFAULT_ATTEMPTS, requeueJob } from './enqueue.ts';

/** A task's row as its run reads it, its payload still JSON text. */
export interface StartedTask {
  readonly id: number | string;
  readonly task_id: string;
  readonly description: string;
  readonly task: string;
  readonly payload: string;
  readonly ordering_key: string | null;
  readonly meta: Record<string, unknown> | null;
}

/** How a run ended. */
export interface TaskEnd {
  readonly status: 'finished' | 'scheduled' | 'failed';
  /** the exception's text; null when it finished */
  readonly error: string | null;
}

/**
 * The task is started, in the name of the worker taking it; undefined when it was deleted, stopped or
 * already ended (a second graphile job for it), and is not to run.
 */
export async function startTask(db: Db, taskId: string, attempt: Attempt): Promise<StartedTask | undefined> {
  const rows = await query<StartedTask>(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = 'started', started_at = now(), ended_at = NULL,
            attempts = $2, worker_name = $3
      WHERE task_id = $1 AND status IN ('queued', 'scheduled')
      RETURNING id, task_id, description, task, payload, ordering_key, meta`,
    [taskId, attempt.attempts, attempt.workerId],
  );
  return rows[0];
}

/** The run threw: `scheduled` (graphile-worker retries it) or, on its last attempt, `failed`. */
export async function failTask(db: Db, taskId: string, end: TaskEnd): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = $2::text, exc_info = $3,
              ended_at = CASE WHEN $2::text = 'failed' THEN now() END
        WHERE task_id = $1`,
    [taskId, end.status, end.error],
  );
}

/** The run returned: its outcome, its `result` text and its `meta` object. */
export async function finishTask(
  db: Db,
  taskId: string,
  end: TaskEnd & { readonly result: string | null; readonly meta: object },
): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = $2, result = $3, meta = $4::text::jsonb, exc_info = $5,
            ended_at = now()
      WHERE task_id = $1`,
    [taskId, end.status, end.result, JSON.stringify(end.meta), end.error],
  );
}

/** Runs the task again if its status is one of `from`: its row queued afresh and a new graphile job for it. */
export async function requeueTask(db: Db, taskId: string, from: readonly string[]): Promise<boolean> {
  const [row] = await query<{ task: string }>(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = 'queued', result = NULL, meta = '{}'::jsonb, exc_info = NULL,
            attempts = 0, worker_name = NULL, started_at = NULL, ended_at = NULL, enqueued_at = now()
      WHERE task_id = $1 AND status = ANY($2::text[]) RETURNING task`,
    [taskId, from],
  );
  if (!row) return false;
  await requeueJob(db, row.task, taskId, 'task_id');
  return true;
}

/**
 * The started task goes on as `task` (of another pool, or its own a moment later): queued again, with
 * its meta so far, and a graphile job for it in the same statement, so it is never queued without one.
 */
export async function continueTask(
  db: Db,
  taskId: string,
  next: { readonly task: string; readonly meta: object; readonly afterMs?: number },
): Promise<void> {
  await query(
    db,
    `WITH moved AS (
       UPDATE public.${tables.backgroundTask} SET status = 'queued', meta = $3::text::jsonb, worker_name = NULL
        WHERE task_id = $1 AND status = 'started' RETURNING task_id
     )
     SELECT graphile_worker.add_job($2, json_build_object('task_id', task_id), max_attempts => $4::int,
                                    run_at => now() + make_interval(secs => $5::float8 / 1000)) FROM moved`,
    [taskId, next.task, JSON.stringify(next.meta), DEFAULT_ATTEMPTS, next.afterMs ?? 0],
  );
}

/** A task that has not started is canceled; false when it was not queued or scheduled. */
export async function cancelQueuedTask(db: Db, taskId: string): Promise<boolean> {
  const rows = await query(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = 'canceled', ended_at = now()
              WHERE task_id = $1 AND status IN ('queued', 'scheduled') RETURNING id`,
    [taskId],
  );
  return rows.length > 0;
}

/** The task's row is deleted: a graphile job still pointing at it finds no row and does nothing. */
export async function deleteTask(db: Db, taskId: string): Promise<void> {
  await query(db, `DELETE FROM public.${tables.backgroundTask} WHERE task_id = $1`, [taskId]);
}

/** The started tasks of workers that stopped responding are queued again, and say why. */
export async function requeueTasksOfWorkers(db: Db, workerIds: readonly string[]): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.backgroundTask} SET status = 'queued',
            exc_info = 'Worker ' || worker_name || ' stopped responding; the task will run again.'
      WHERE status = 'started' AND worker_name = ANY($1::text[])`,
    [workerIds],
  );
}
