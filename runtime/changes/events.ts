/**
 * The plugin's lifecycle events, sent to event rules and webhooks like changes are (the plugin only makes
 * notifications of them): a change request submitted (its status set to needs-review), approved, rejected
 * or completed, a review submitted, and a request's events retriggered. Each carries, besides the object,
 * `context.last_branch_change`: the latest change of the request's branch (`{id, time, action,
 * changed_object_type}`, the id a change diff's of …/plugins/branching/changes/), or null.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';
import { emitEvent } from '../events/index.ts';
import type { WriteContext } from '../write/index.ts';

/** The event types, as event rules name them. */
export const lifecycleEvents = {
  submitted: 'change_request_submitted',
  reviewed: 'review_submitted',
  approved: 'change_request_approved',
  rejected: 'change_request_rejected',
  completed: 'change_request_completed',
  retriggered: 'event_retriggered',
} as const;

/** The event of a change request's move into a status, if it has one. */
export const statusEvents: Readonly<Record<string, string>> = {
  'needs-review': lifecycleEvents.submitted,
  approved: lifecycleEvents.approved,
  rejected: lifecycleEvents.rejected,
  completed: lifecycleEvents.completed,
};

export async function lastBranchChange(db: Db, requestId: number): Promise<Record<string, unknown> | null> {
  const [row] = await query(
    db,
    `SELECT d.id, d.last_updated AS time, d.action, d.object_type AS changed_object_type
       FROM public.${tables.changeDiff} d JOIN public.${tables.changeRequest} r ON r.branch_id = d.branch_id
      WHERE r.id = $1 ORDER BY d.last_updated DESC, d.id DESC LIMIT 1`,
    [requestId],
  );
  if (!row) return null;
  const time = row.time instanceof Date ? row.time.toISOString() : String(row.time);
  return { id: row.id, time, action: row.action, changed_object_type: row.changed_object_type };
}

/** Sends one lifecycle event of a change request (or of a review, `requestId` its request's). */
export async function sendLifecycle(
  ctx: WriteContext,
  e: { key: string; id: number; type: string; requestId: number },
): Promise<void> {
  const last_branch_change = await lastBranchChange(ctx.db, e.requestId);
  await emitEvent(ctx, {
    model: ctx.registry.model(e.key),
    id: e.id,
    type: e.type,
    context: { last_branch_change },
  });
}
