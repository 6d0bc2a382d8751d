/**
 * The delivery log (`/api/extras/webhook-deliveries/`): one row per attempt of a webhook delivery,
 * written as the attempt ends — the event rule, webhook, object, change and request it was for, when
 * it began, how long it took, the status code, the error and the first KiB of the answer — and one for
 * a delivery that could send nothing (a template that does not render, a host not allowed). A
 * delivery's first row keeps its payload, from which a retry or a replay sends it again under the
 * same delivery id. Rows are kept CHANGELOG_RETENTION days, whatever their outcome.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';
import type { Attempt, DeliveryPayload } from './deliver.ts';

const T = tables.webhookDelivery;

/** An attempt's outcome: delivered, failed with another attempt to come, or failed for good. */
export type AttemptStatus = 'delivered' | 'retrying' | 'failed';

/** The payload as the log keeps it: what a retry or a replay sends again (its own marks left out). */
function kept(payload: DeliveryPayload): string {
  const { delivery_id: _id, kind: _kind, ...rest } = payload;
  return JSON.stringify(rest);
}

/** Writes the row of one attempt (`attempt.attempt` its number within this run of the delivery). */
export async function logAttempt(
  db: Db,
  payload: DeliveryPayload,
  deliveryId: string,
  attempt: Attempt,
  status: AttemptStatus,
): Promise<void> {
  const context = payload.context as { event?: string; object_type?: string; request_id?: string; data?: unknown };
  const objectId = (context.data as { id?: unknown } | undefined)?.id;
  const kind = payload.kind ?? 'event';
  // the first attempt of the event's own delivery keeps the payload; retries and replays find it there
  const first = kind === 'event' && attempt.attempt === 1;
  // the webhook, rule or branch may have been deleted since the event: the row then names none
  await query(
    db,
    `INSERT INTO public.${T} (delivery_id, webhook_id, event_rule_id, object_type, object_id, event, change_id,
        request_id, branch_id, kind, attempt, status, time, duration_ms, status_code, error, response, payload)
     SELECT $1, (SELECT id FROM public.${tables.webhook} WHERE id = $2),
            (SELECT id FROM public.${tables.eventRule} WHERE id = $3), $4, $5, $6, $7, $8,
            (SELECT id FROM public.${tables.branch} WHERE id = $9), $10, $11, $12, $13, $14, $15, $16, $17, $18`,
    [
      deliveryId,
      payload.webhook_id,
      payload.event_rule_id,
      context.object_type ?? null,
      typeof objectId === 'number' ? objectId : null,
      context.event ?? 'updated',
      payload.change_id ?? null,
      (context.request_id ?? '').slice(0, 36),
      payload.branch_id ?? null,
      kind,
      attempt.attempt,
      status,
      attempt.at,
      attempt.duration_ms,
      attempt.status_code,
      attempt.error ?? '',
      attempt.response ?? '',
      first ? kept(payload) : null,
    ],
  );
}

/** The payload of a delivery, from its first row; undefined when that row is gone (past retention). */
export async function loggedPayload(db: Db, deliveryId: string): Promise<DeliveryPayload | undefined> {
  const [row] = await query<{ payload: string }>(
    db,
    `SELECT payload FROM public.${T} WHERE delivery_id = $1 AND payload IS NOT NULL ORDER BY id LIMIT 1`,
    [deliveryId],
  );
  return row ? (JSON.parse(row.payload) as DeliveryPayload) : undefined;
}

/** Deletes the rows older than `days` (0 keeps them forever); how many. */
export async function pruneDeliveries(db: Db, days: number): Promise<number> {
  if (!days) return 0;
  const rows = await query(
    db,
    `WITH gone AS (DELETE FROM public.${T} WHERE time < now() - make_interval(days => $1::int) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return rows[0].n as number;
}
