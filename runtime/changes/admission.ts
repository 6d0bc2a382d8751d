/**
 * Which writes to branchable models may happen, decided before any of a write is done (the write path
 * asks every observer's `admit`):
 * - in main, with PROTECT_MAIN on for the model's type, only users with the `bypass` action on policies
 *   (superusers have it) may write: `Changes directly to main are not permitted.` (403);
 * - in a branch, with BRANCH_WRITE_SCOPE=assigned, only in branches the user owns or a permission with
 *   the `write` action on branches grants them (its constraints choose which), or as a superuser;
 * - with MERGE_REQUIRES_APPROVAL on, a branch write holds the branch row (FOR SHARE) and needs the branch
 *   still ready, so no write slips in between a merge's approval check and the merge (the merge route
 *   holds the row FOR UPDATE).
 * A sync, merge or revert, and the system's own writes, are never refused.
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { ChangeSettings } from '../config/index.ts';
import { Params, query, tables } from '../db/index.ts';
import { ServiceError, forbidden } from '../errors/index.ts';
import { hasPermission, permissionCondition } from '../auth/index.ts';
import type { AuthUser } from '../http/env.ts';
import type { Action, WriteContext } from '../write/index.ts';

export const PROTECTED_MAIN = 'Changes directly to main are not permitted.';

/** Whether PROTECT_MAIN covers the type (`true`: every branchable type; a list: `app.model` or `app.*`). */
export function protects(setting: ChangeSettings['protectMain'], key: string): boolean {
  if (typeof setting === 'boolean') return setting;
  const app = key.split('.')[0];
  return setting.some((t) => t === key || t === `${app}.*`);
}

async function actorUser(ctx: WriteContext): Promise<AuthUser | undefined> {
  const id = ctx.actor?.id;
  if (!id) return undefined;
  const [row] = await query<{ is_superuser: boolean; is_active: boolean }>(
    ctx.db,
    `SELECT is_superuser, is_active FROM public.${tables.user} WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  return { id, username: ctx.actor?.username ?? '', isSuperuser: row.is_superuser, isActive: row.is_active };
}

async function mayBypass(ctx: WriteContext): Promise<boolean> {
  const user = await actorUser(ctx);
  if (!user) return false;
  return hasPermission({ db: ctx.db, settings: ctx.settings }, user, 'netbox_changes.policy', 'bypass');
}

interface BranchState {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly owner_id: number | null;
}

async function mayWriteIn(ctx: WriteContext, branch: BranchState): Promise<boolean> {
  const user = await actorUser(ctx);
  if (!user) return false;
  if (user.isSuperuser || branch.owner_id === user.id) return true;
  const model = ctx.registry.model('netbox_branching.branch');
  const grant = await permissionCondition(
    { db: ctx.db, registry: ctx.registry, settings: ctx.settings },
    user,
    model,
    'write',
  );
  if (!grant?.condition) return !!grant;
  const params = new Params();
  const id = params.add(branch.id);
  const rows = await query(
    ctx.db,
    `SELECT 1 FROM public.${tables.branch} t WHERE t.id = ${id}::bigint AND ${grant.condition('t', params)}`,
    params.values,
  );
  return rows.length > 0;
}

async function admitInBranch(ctx: WriteContext, branchId: number): Promise<void> {
  const s = ctx.settings.changes;
  if (!s.mergeRequiresApproval && s.branchWriteScope === 'all') return;
  const [branch] = await query<BranchState>(
    ctx.db,
    `SELECT id, name, status, owner_id FROM public.${tables.branch} WHERE id = $1 FOR SHARE`,
    [branchId],
  );
  if (!branch) return;
  if (branch.status !== 'ready')
    throw new ServiceError('conflict', {
      detail: `Branch "${branch.name}" is not ready (status: ${branch.status}).`,
      status: branch.status,
    });
  if (s.branchWriteScope === 'assigned' && !(await mayWriteIn(ctx, branch)))
    throw forbidden(`You may not write in branch "${branch.name}": it is neither yours nor assigned to you.`);
}

/** What was decided for a write context (one request's or job's writes share it). */
const admitted = new WeakMap<WriteContext, Map<string, Promise<void>>>();

async function decide(ctx: WriteContext, model: ModelDef): Promise<void> {
  if (ctx.branch) return admitInBranch(ctx, ctx.branch.id);
  if (!protects(ctx.settings.changes.protectMain, model.key)) return;
  if (!(await mayBypass(ctx))) throw forbidden(PROTECTED_MAIN);
}

export async function admit(ctx: WriteContext, model: ModelDef, _action: Action): Promise<void> {
  if (!model.features.branching || model.key === 'core.objectchange') return;
  if (ctx.operation || ctx.system) return;
  const key = ctx.branch ? `branch:${ctx.branch.id}` : model.key;
  const known = admitted.get(ctx) ?? new Map<string, Promise<void>>();
  admitted.set(ctx, known);
  let decision = known.get(key);
  if (!decision) {
    decision = decide(ctx, model);
    known.set(key, decision);
  }
  await decision;
}
