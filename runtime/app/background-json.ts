/** A background task and a worker in the shapes of NetBox's BackgroundTask and BackgroundWorker serializers. */
import { RESULT_TTL } from '../jobs/index.ts';

export interface TaskRow {
  readonly src: number;
  readonly seq: number;
  readonly uid: string;
  readonly description: string;
  readonly origin: string;
  readonly task: string;
  readonly payload: string | null;
  readonly status: string;
  readonly result: string | null;
  readonly meta: Record<string, unknown> | null;
  readonly exc_info: string | null;
  readonly timeout: number | null;
  readonly worker_name: string | null;
  readonly created_at: string;
  readonly enqueued_at: string | null;
  readonly started_at: string | null;
  readonly ended_at: string | null;
  readonly position: string | number | null;
  readonly last_heartbeat: string | null;
}

/** RQ shows call arguments as text: strings as they are, anything else as JSON. */
function kwargs(payload: string | null): Record<string, string> {
  if (!payload) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

export function taskJson(origin: string, r: TaskRow): Record<string, unknown> {
  return {
    id: r.uid,
    url: `${origin}/api/core/background-tasks/${r.uid}/`,
    description: r.description,
    origin: r.origin,
    func_name: r.task,
    args: [],
    kwargs: kwargs(r.payload),
    result: r.result,
    timeout: r.timeout,
    result_ttl: RESULT_TTL,
    created_at: r.created_at,
    enqueued_at: r.enqueued_at,
    started_at: r.started_at,
    ended_at: r.ended_at,
    worker_name: r.worker_name,
    position: r.position === null ? null : Number(r.position),
    status: r.status,
    meta: r.meta ?? {},
    last_heartbeat: r.last_heartbeat,
    is_finished: r.status === 'finished',
    is_queued: r.status === 'queued',
    is_failed: r.status === 'failed',
    is_started: r.status === 'started',
    is_deferred: r.status === 'deferred',
    is_canceled: r.status === 'canceled',
    is_scheduled: r.status === 'scheduled',
    is_stopped: r.status === 'stopped',
    // RQ keeps a failed task's exception here; NetBox's serializer leaves it out, its task page shows it
    exc_info: r.exc_info,
  };
}

export function workerJson(origin: string, r: Record<string, unknown>): Record<string, unknown> {
  const name = String(r.id);
  return {
    name,
    url: `${origin}/api/core/background-workers/${encodeURIComponent(name)}/`,
    state: r.busy ? 'busy' : 'idle',
    birth_date: r.birth_date,
    queue_names: ['default'],
    pid: String(r.pid),
    successful_job_count: Number(r.ok),
    failed_job_count: Number(r.failed),
    total_working_time: Math.round(Number(r.seconds)),
  };
}
