/**
 * The queue as NetBox's RQ views show it, read from PostgreSQL: every background task (webhook
 * deliveries, core_backgroundtask) and every core job (core_job, whose run is a task too) in one
 * list with RQ's statuses, and the statistics of the one queue. A job copied from NetBox (import-netbox)
 * has no task here: it is NetBox's record, its run was NetBox's queue's (kept in NetBox's Redis), so it
 * is no task of this queue.
 */
import { tables } from '../db/index.ts';

const ts = (col: string) =>
  `replace(to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), '.000000Z', 'Z')`;

/** A core job's status as an RQ task's. */
const jobStatus = `CASE j.status WHEN 'pending' THEN CASE WHEN j.scheduled > now() THEN 'scheduled' ELSE 'queued' END
  WHEN 'running' THEN 'started' WHEN 'completed' THEN 'finished' WHEN 'errored' THEN 'scheduled' ELSE j.status END`;

/** Both kinds in one shape; `src` and `seq` only order ties. */
export const allTasks = `(
  SELECT 0 AS src, t.id AS seq, t.task_id AS uid, t.description, t.origin, t.task, t.payload, t.status, t.result,
         t.meta, t.exc_info, t.timeout, t.worker_name, t.created_at, t.enqueued_at, t.started_at, t.ended_at
    FROM public.${tables.backgroundTask} t
  UNION ALL
  SELECT 1, j.id, j.job_id, j.name, 'default', j.task, j.payload, ${jobStatus}, NULL,
         jsonb_build_object('job', j.id), NULLIF(j.error, ''), NULL, j.locked_by, j.created, j.created,
         j.started, j.completed
    FROM public.${tables.job} j WHERE j.task <> ''
) u`;

const queuedBefore = (at: string) => `(
    (SELECT count(*) FROM public.${tables.backgroundTask} q WHERE q.status = 'queued' AND q.created_at < ${at})
  + (SELECT count(*) FROM public.${tables.job} q WHERE q.task <> '' AND q.status = 'pending' AND (q.scheduled IS NULL
       OR q.scheduled <= now()) AND q.created < ${at}))`;

/** The columns of a page of `allTasks` rows named `p`, as the API prints them. */
export const taskColumns = `p.uid, p.description, p.origin, p.task, p.payload, p.status, p.result, p.meta,
  p.exc_info, p.timeout, p.worker_name, ${ts('p.created_at')} AS created_at, ${ts('p.enqueued_at')} AS enqueued_at,
  ${ts('p.started_at')} AS started_at, ${ts('p.ended_at')} AS ended_at,
  CASE WHEN p.status = 'queued' THEN ${queuedBefore('p.created_at')} END AS position,
  CASE WHEN p.status = 'started' THEN ${ts('w.heartbeat')} END AS last_heartbeat`;

export const pageOrder = 'created_at DESC, src, seq DESC';

/** Counts of the one queue, by RQ status. */
export const queueStats = `SELECT
  (SELECT count(*) FROM ${allTasks} WHERE u.status = 'queued') AS jobs,
  (SELECT ${ts('min(u.created_at)')} FROM ${allTasks} WHERE u.status = 'queued') AS oldest,
  (SELECT count(*) FROM ${allTasks} WHERE u.status = 'finished') AS finished,
  (SELECT count(*) FROM ${allTasks} WHERE u.status = 'started') AS started,
  (SELECT count(*) FROM ${allTasks} WHERE u.status = 'failed') AS failed,
  (SELECT count(*) FROM ${allTasks} WHERE u.status = 'scheduled') AS scheduled,
  (SELECT count(*) FROM public.${tables.worker} WHERE heartbeat > now() - make_interval(secs => $1)) AS workers`;
