/**
 * Change requests as the plugin keeps them: the owner is the requesting user, a request starts as draft or
 * needs-review, names its branch (one active request per branch; a merged or archived branch takes none,
 * and moving a request to another branch is checked alike)
 * and a policy (the default policy when it names none), and moves only where a user may move it: draft,
 * needs-review, changes-requested and rejected by hand; approved only when its policy is met and completed
 * only by the merge (runtime/changes/settle.ts sets both); a rejected request reopens as draft or
 * needs-review; a completed one keeps its status.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';
import type { ModelHooks, Pending, WriteContext } from '../write/index.ts';
import { ACTIVE } from './evaluate.ts';
import { lastBranchChange } from './events.ts';

const BY_HAND = ['draft', 'needs-review', 'changes-requested', 'rejected'];
const REOPEN = ['draft', 'needs-review'];

interface BranchRow {
  readonly id: number;
  readonly name: string;
  readonly status: string;
}

/** The branch, locked until the transaction ends: two requests for one branch are made one after the other. */
async function lockedBranch(db: Db, id: number): Promise<BranchRow | undefined> {
  const [row] = await query<BranchRow>(
    db,
    `SELECT id, name, status FROM public.${tables.branch} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** Another active change request of the branch than `except`. */
async function otherActive(db: Db, branchId: number, except: number): Promise<boolean> {
  const rows = await query(
    db,
    `SELECT 1 FROM public.${tables.changeRequest} WHERE branch_id = $1 AND id <> $2 AND status = ANY($3::text[])`,
    [branchId, except, [...ACTIVE]],
  );
  return rows.length > 0;
}

async function defaultPolicy(db: Db): Promise<number | undefined> {
  const [row] = await query<{ id: number }>(
    db,
    `SELECT id FROM public.${tables.policy} WHERE is_default ORDER BY id LIMIT 1`,
  );
  return row?.id;
}

const ONE_ACTIVE = 'This branch already has an active change request.';

/** The branch a request (`self`, 0 when new) names: not merged or archived, and with no other active request. */
async function checkBranch(ctx: WriteContext, p: Pending, self: number, claimed: Set<number>): Promise<void> {
  const branch = await lockedBranch(ctx.db, Number(p.values.branch));
  if (!branch) return; // the relation was resolved: it exists
  if (branch.status === 'merged' || branch.status === 'archived')
    p.errors.add('branch', `Branch "${branch.name}" is ${branch.status}: it takes no change request.`);
  else if (claimed.has(branch.id) || (await otherActive(ctx.db, branch.id, self))) p.errors.add('branch', ONE_ACTIVE);
  claimed.add(branch.id);
  if (!String(p.values.name ?? '').trim()) p.values.name = branch.name.slice(0, 100);
}

async function prepareNew(ctx: WriteContext, p: Pending, claimed: Set<number>): Promise<void> {
  p.values.owner = ctx.actor?.id ?? null;
  if (!ctx.system && !REOPEN.includes(String(p.values.status)))
    p.errors.add('status', 'A change request starts as draft or needs-review.');
  await checkBranch(ctx, p, 0, claimed);
  if (p.values.policy === null || p.values.policy === undefined) {
    const policy = await defaultPolicy(ctx.db);
    if (policy === undefined) p.errors.add('policy', 'This field is required (there is no default policy).');
    else p.values.policy = policy;
  }
}

/** A status change a user asks for: the message refusing it, if it is refused. */
function refusedMove(from: string, to: string): string | undefined {
  if (from === 'completed') return 'A completed change request keeps its status.';
  if (to === 'approved') return 'Approved is set when the policy is met; it cannot be set by hand.';
  if (to === 'completed') return 'Completed is set when the branch is merged; it cannot be set by hand.';
  if (from === 'rejected' && !REOPEN.includes(to)) return 'A rejected change request reopens as draft or needs-review.';
  if (!BY_HAND.includes(to)) return `"${to}" is not a valid choice.`;
  return undefined;
}

async function prepareChange(ctx: WriteContext, p: Pending, claimed: Set<number>): Promise<void> {
  const before = p.before ?? {};
  const [from, to] = [String(before.status), String(p.values.status)];
  // moved to another branch: the same as naming it on creation (an active request)
  if (p.values.branch !== before.branch && (ACTIVE as readonly string[]).includes(to))
    await checkBranch(ctx, p, p.id, claimed);
  if (from === to || ctx.system) return;
  const refused = refusedMove(from, to);
  if (refused) {
    p.errors.add('status', refused);
    return;
  }
  if (from === 'rejected' && p.values.branch === before.branch) {
    await lockedBranch(ctx.db, Number(before.branch));
    if (await otherActive(ctx.db, Number(before.branch), p.id)) p.errors.add('status', ONE_ACTIVE);
  }
}

export const changeRequestHooks: ModelHooks = {
  // the plugin's webhooks of a change request carry its branch's latest change (v1.0.0)
  async eventContext(ctx, _model, ids) {
    const out = new Map<number, Record<string, unknown>>();
    for (const id of ids) out.set(id, { last_branch_change: await lastBranchChange(ctx.db, id) });
    return out;
  },
  async prepare(ctx, _model, items, action) {
    const claimed = new Set<number>();
    for (const p of items) {
      if (action === 'create') await prepareNew(ctx, p, claimed);
      else await prepareChange(ctx, p, claimed);
    }
  },
};
