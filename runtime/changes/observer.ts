/**
 * Change control as an observer of the write path, in the writing transaction: it admits or refuses
 * writes (admission.ts), and reacts to what was written: a change in a branch makes its request's reviews
 * stale (settle.ts), a merge completes it, a review or a rule change settles the requests it concerns, and
 * every status a request moves into sends its lifecycle event (events.ts).
 */
import type { Change, ChangeObserver, Snapshot, WriteContext } from '../write/index.ts';
import { query, tables } from '../db/index.ts';
import { admit } from './admission.ts';
import { lifecycleEvents, sendLifecycle, statusEvents } from './events.ts';
import { branchChanged, branchMerged, invalidate, settle, settleAll } from './settle.ts';

const REQUEST = 'netbox_changes.changerequest';
const REVIEW = 'netbox_changes.review';

const branched = (c: Change) => c.model.features.branching && c.model.key !== 'core.objectchange';
const field = (s: Snapshot | null, name: string) => s?.[name];
const differs = (c: Change, name: string) =>
  JSON.stringify(field(c.before, name)) !== JSON.stringify(field(c.after, name));

/** Whether a sync brought main's state to objects the branch itself changed (the plugin records those). */
async function touchesOwnChanges(ctx: WriteContext, branchId: number, changes: readonly Change[]): Promise<boolean> {
  const rows = await query(
    ctx.db,
    `SELECT 1 FROM public.${tables.changeDiff} WHERE branch_id = $1
      AND (object_type, object_id) IN (SELECT * FROM unnest($2::text[], $3::bigint[])) LIMIT 1`,
    [branchId, changes.map((c) => c.model.key), changes.map((c) => c.id)],
  );
  return rows.length > 0;
}

async function onBranchWrites(ctx: WriteContext, changes: readonly Change[]): Promise<void> {
  const objects = changes.filter(branched);
  if (!objects.length) return;
  if (ctx.branch) {
    const sync = ctx.operation?.kind === 'sync';
    if (!sync || (await touchesOwnChanges(ctx, ctx.branch.id, objects))) await branchChanged(ctx, ctx.branch.id);
  } else if (ctx.operation?.kind === 'merge') await branchMerged(ctx, ctx.operation.branchId);
}

async function onReviews(ctx: WriteContext, changes: readonly Change[]): Promise<void> {
  const reviews = changes.filter((c) => c.model.key === REVIEW);
  if (!reviews.length) return;
  const requests = new Set<number>();
  const requestedBy = new Map<number, Set<number>>();
  for (const c of reviews) {
    const request = Number(field(c.after ?? c.before, 'change_request'));
    requests.add(request);
    if (!c.after || (c.action === 'update' && !differs(c, 'status'))) continue;
    await sendLifecycle(ctx, { key: REVIEW, id: c.id, type: lifecycleEvents.reviewed, requestId: request });
    if (c.after.status === 'changes-requested') {
      const users = requestedBy.get(request) ?? new Set<number>();
      requestedBy.set(request, users.add(Number(c.after.user)));
    }
  }
  await settle(ctx, requests, { reviewed: true, requestedBy });
}

async function onRequests(ctx: WriteContext, changes: readonly Change[]): Promise<void> {
  const requests = changes.filter((c) => c.model.key === REQUEST && c.after);
  for (const c of requests) {
    if (c.action === 'update' && differs(c, 'branch'))
      await invalidate(ctx, { id: c.id, status: String(field(c.after, 'status')) });
    if (c.action === 'update' && !differs(c, 'status')) continue;
    const type = statusEvents[String(field(c.after, 'status'))];
    if (type) await sendLifecycle(ctx, { key: REQUEST, id: c.id, type, requestId: c.id });
  }
  // the system's writes are settled already; a user's may have made the policy met (or changed it)
  if (!ctx.system)
    await settle(
      ctx,
      requests.map((c) => c.id),
    );
}

/** Rules, policies, or who may review (a user's groups, or being active) changed; a new user has no reviews yet. */
function movesStandings(changes: readonly Change[]): boolean {
  return changes.some(
    (c) =>
      c.model.key === 'netbox_changes.policy' ||
      c.model.key === 'netbox_changes.policyrule' ||
      (c.model.key === 'users.user' && c.action === 'update' && (differs(c, 'groups') || differs(c, 'is_active'))),
  );
}

export function createChangeControlObserver(): ChangeObserver {
  return {
    admit,
    async changed(ctx, changes) {
      await onBranchWrites(ctx, changes);
      await onReviews(ctx, changes);
      await onRequests(ctx, changes);
      if (movesStandings(changes)) await settleAll(ctx);
    },
  };
}
