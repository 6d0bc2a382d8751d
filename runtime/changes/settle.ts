/**
 * The automatic transitions of change requests, written through the write path as the system's own
 * writes (so they are logged and fire `object_updated` like any save, and the manual-transition rules do
 * not apply to them):
 * - a review that counts asking for changes: any active status → changes-requested;
 * - the policy met: needs-review → approved, and changes-requested → approved when a review was saved;
 * - the policy no longer met (a rule or a reviewer changed): approved → needs-review;
 * - a change recorded in the branch (or the request moved to another branch): its reviews go stale, its
 *   checks back to pending, and approved or changes-requested → needs-review;
 * - the branch merged: the active request → completed.
 */
import { inSchema, query, tables } from '../db/index.ts';
import { updateObjects, type WriteContext } from '../write/index.ts';
import { ACTIVE, activeRequest, evaluate, requestRow, type Evaluation, type RequestRow } from './evaluate.ts';

const REQUEST = 'netbox_changes.changerequest';

/** What triggered a settling: a review saved, and the eligible reviewers (by request) who asked for changes. */
export interface Trigger {
  readonly reviewed?: boolean;
  readonly requestedBy?: ReadonlyMap<number, ReadonlySet<number>>;
}

export function settledStatus(status: string, ev: Evaluation, reviewed: boolean, requested: boolean): string {
  if (!(ACTIVE as readonly string[]).includes(status)) return status;
  if (requested) return 'changes-requested';
  if (status === 'approved' && !ev.policyMet) return 'needs-review';
  if (status === 'needs-review' && ev.policyMet) return 'approved';
  if (status === 'changes-requested' && reviewed && ev.policyMet) return 'approved';
  return status;
}

/** Runs `fn` on main: the request's writes land in main even when a branch write triggered them. */
function inMain<T>(ctx: WriteContext, fn: () => Promise<T>): Promise<T> {
  return ctx.branch ? inSchema(ctx.db, null, fn) : fn();
}

/** The request's new status, written as the system (the actor stays the one whose write caused it). */
export async function writeStatus(ctx: WriteContext, id: number, status: string): Promise<void> {
  const system: WriteContext = { ...ctx, system: true, branch: undefined, operation: undefined, guard: undefined };
  await inMain(ctx, () =>
    updateObjects(system, ctx.registry.model(REQUEST), [{ id, data: { status } }], { bulk: false, partial: true }),
  );
}

/** Evaluates each request and moves it where its standing takes it. */
export async function settle(ctx: WriteContext, ids: Iterable<number>, trigger: Trigger = {}): Promise<void> {
  for (const id of new Set(ids)) {
    const row = await requestRow(ctx.db, id);
    if (!row || !(ACTIVE as readonly string[]).includes(row.status)) continue;
    const ev = await evaluate(ctx.db, row);
    const requested = [...(trigger.requestedBy?.get(id) ?? [])].some((u) => ev.reviewers.has(u));
    const status = settledStatus(row.status, ev, trigger.reviewed ?? false, requested);
    if (status !== row.status) await writeStatus(ctx, id, status);
  }
}

/** Every request whose standing a change of rules or reviewers may have moved. */
export async function settleAll(ctx: WriteContext): Promise<void> {
  const rows = await query<{ id: number }>(
    ctx.db,
    `SELECT id FROM public.${tables.changeRequest} WHERE status IN ('needs-review', 'approved') ORDER BY id`,
  );
  await settle(
    ctx,
    rows.map((r) => r.id),
  );
}

/** What was reviewed and checked is no longer what would merge: reviews stale, checks pending, approval gone. */
export async function invalidate(ctx: WriteContext, request: Pick<RequestRow, 'id' | 'status'>): Promise<void> {
  await query(
    ctx.db,
    `UPDATE public.${tables.review} SET is_stale = true, last_updated = now()
      WHERE change_request_id = $1 AND NOT is_stale`,
    [request.id],
  );
  await query(
    ctx.db,
    `UPDATE public.${tables.statusCheck} SET status = 'pending', last_updated = now()
      WHERE change_request_id = $1 AND status <> 'pending'`,
    [request.id],
  );
  if (request.status === 'approved' || request.status === 'changes-requested')
    await writeStatus(ctx, request.id, 'needs-review');
}

/** A change recorded in the branch invalidates its active request. */
export async function branchChanged(ctx: WriteContext, branchId: number): Promise<void> {
  const request = await activeRequest(ctx.db, branchId);
  if (request) await invalidate(ctx, request);
}

/** The branch merged: its active request is done. */
export async function branchMerged(ctx: WriteContext, branchId: number): Promise<void> {
  const request = await activeRequest(ctx.db, branchId);
  if (request) await writeStatus(ctx, request.id, 'completed');
}
