/**
 * Deliveries sent again from the delivery log (log.ts): a failed one retried (`…/webhook-deliveries/<id>/
 * retry/`), or a webhook's deliveries of a range of change ids replayed (`…/webhooks/<id>/replay/`). Each
 * is a new delivery task carrying the payload the log kept and the original delivery id, so the body and
 * its signature are the event's and a receiver can tell it has seen it; it goes in the object's stream
 * (after any delivery of that object still under way) and is logged as a `retry` or a `replay`.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';
import { enqueueTasks, type TaskSpec } from '../jobs/index.ts';
import type { Settings } from '../config/index.ts';
import { deliverSlowWebhookJob, deliverWebhookJob, type DeliveryPayload } from './deliver.ts';
import { loggedPayload } from './log.ts';

const T = tables.webhookDelivery;

function resendTask(
  settings: Settings,
  payload: DeliveryPayload,
  deliveryId: string,
  kind: 'retry' | 'replay',
): TaskSpec {
  const context = payload.context as { object_type?: string; data?: { id?: unknown } };
  const object = `${context.object_type ?? ''}:${String(context.data?.id ?? '')}`;
  return {
    kind: deliverWebhookJob,
    description: `Webhook ${payload.webhook_id}: ${kind} of delivery ${deliveryId}`,
    payload: { ...payload, delivery_id: deliveryId, kind },
    orderingKey: `webhook:${payload.webhook_id}:${object}`,
    timeout: Math.ceil(settings.webhookTimeoutMs / 1000),
    maxAttempts: 5,
  };
}

/** A delivery id's sending under way (queued, running or waiting for a retry), if any. */
async function underWay(db: Db, deliveryId: string): Promise<boolean> {
  const rows = await query(
    db,
    `SELECT 1 FROM public.${tables.backgroundTask} WHERE status IN ('queued', 'started', 'scheduled')
        AND (task_id = $1 OR (task IN ($2, $3) AND payload::jsonb ->> 'delivery_id' = $1)) LIMIT 1`,
    [deliveryId, deliverWebhookJob.task, deliverSlowWebhookJob.task],
  );
  return rows.length > 0;
}

/** Retries the failed delivery: its new task's id, or why not. */
export async function retryDelivery(
  db: Db,
  settings: Settings,
  deliveryId: string,
): Promise<{ readonly taskId: string } | { readonly refused: string }> {
  const [latest] = await query<{ status: string }>(
    db,
    `SELECT status FROM public.${T} WHERE delivery_id = $1 ORDER BY id DESC LIMIT 1`,
    [deliveryId],
  );
  if (await underWay(db, deliveryId)) return { refused: `Delivery ${deliveryId} is being sent; wait for it to end.` };
  if (latest?.status !== 'failed')
    return {
      refused: `Only a failed delivery can be retried; delivery ${deliveryId} is ${latest?.status ?? 'unknown'}.`,
    };
  const payload = await loggedPayload(db, deliveryId);
  if (!payload) return { refused: `Delivery ${deliveryId}'s payload is no longer kept (CHANGELOG_RETENTION).` };
  const [taskId] = await enqueueTasks(db, [resendTask(settings, payload, deliveryId, 'retry')]);
  return { taskId: taskId ?? '' };
}

export interface Replayed {
  readonly delivery_id: string;
  readonly change_id: number;
  readonly task_id: string;
}

/** The webhook's deliveries of changes `start` to `end` (inclusive), in change order. */
function deliveriesOf(db: Db, webhookId: number, start: number, end: number, limit: number) {
  return query<{ delivery_id: string; change_id: number; payload: string }>(
    db,
    `SELECT delivery_id, change_id, payload FROM public.${T}
      WHERE webhook_id = $1 AND change_id BETWEEN $2 AND $3 AND payload IS NOT NULL
      ORDER BY change_id, id LIMIT $4`,
    [webhookId, start, end, limit],
  );
}

/** Replays the deliveries of a change range to one webhook; too many (more than `limit`) are refused first. */
export async function replayRange(
  db: Db,
  settings: Settings,
  range: { readonly webhookId: number; readonly start: number; readonly end: number },
  limit: number,
): Promise<{ readonly replayed: Replayed[] } | { readonly tooMany: number }> {
  const [count] = await query<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM public.${T}
      WHERE webhook_id = $1 AND change_id BETWEEN $2 AND $3 AND payload IS NOT NULL`,
    [range.webhookId, range.start, range.end],
  );
  if ((count?.n ?? 0) > limit) return { tooMany: count?.n ?? 0 };
  const rows = await deliveriesOf(db, range.webhookId, range.start, range.end, limit);
  const specs = rows.map((r) =>
    resendTask(settings, JSON.parse(r.payload) as DeliveryPayload, r.delivery_id, 'replay'),
  );
  const taskIds = await enqueueTasks(db, specs);
  return {
    replayed: rows.map((r, i) => ({ delivery_id: r.delivery_id, change_id: r.change_id, task_id: taskIds[i] ?? '' })),
  };
}
