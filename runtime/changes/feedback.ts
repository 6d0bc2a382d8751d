/**
 * Reviews, comments and replies: each belongs to the user who wrote it (set from the request, never from
 * the body), and only that user may change or delete it, one or in bulk, superusers included (plugin
 * v1.0.2) — except that anyone allowed to change comments may resolve or unresolve one. A review is a
 * verdict, never `pending`; it goes to an active change request, and submitting its status again makes
 * it fresh. A comment may name one change of the request's branch.
 */
import type { Db } from '../db/index.ts';
import { ident, query, tables } from '../db/index.ts';
import { forbidden } from '../errors/index.ts';
import type { ModelDef } from '../catalogue/index.ts';
import type { ModelHooks, Pending, WriteContext } from '../write/index.ts';
import { ACTIVE } from './evaluate.ts';

export const OWN_OBJECTS = 'You can only modify your own objects.';

/** Refuses (403) unless every row is the caller's; the system's own writes may touch any. */
async function ownedOnly(ctx: WriteContext, model: ModelDef, owner: string, ids: readonly number[]): Promise<void> {
  if (ctx.system || !ids.length) return;
  const rows = await query(
    ctx.db,
    `SELECT 1 FROM ${ident(model.table)} WHERE id = ANY($1::bigint[]) AND ${ident(`${owner}_id`)} IS DISTINCT FROM $2
      LIMIT 1`,
    [ids, ctx.actor?.id ?? null],
  );
  if (rows.length) throw forbidden(OWN_OBJECTS);
}

/** The fields an update changes besides `except`. */
function changedFields(p: Pending, except: readonly string[]): string[] {
  const before = p.before ?? {};
  const fields = Object.keys(p.values).filter(
    (k) => !except.includes(k) && JSON.stringify(p.values[k]) !== JSON.stringify(before[k]),
  );
  if (p.tags !== undefined || p.tagChanges !== undefined) fields.push('tags');
  if (p.customFields !== undefined) fields.push('custom_fields');
  return fields;
}

function ownerHooks(owner: string, prepare: NonNullable<ModelHooks['prepare']>, free: string[] = []): ModelHooks {
  return {
    async prepare(ctx, model, items, action) {
      if (action === 'create') for (const p of items) p.values[owner] = ctx.actor?.id ?? null;
      else {
        const mine = (p: Pending) => p.before?.[owner] === (ctx.actor?.id ?? null);
        const others = items.filter((p) => !mine(p) && changedFields(p, free).length > 0);
        if (others.length && !ctx.system) throw forbidden(OWN_OBJECTS);
        for (const p of items) if (p.values[owner] !== p.before?.[owner]) p.values[owner] = p.before?.[owner];
      }
      await prepare(ctx, model, items, action);
    },
    async beforeDelete(ctx, model, ids, root) {
      if (root) await ownedOnly(ctx, model, owner, ids);
    },
  };
}

/** Change request id → its status, for the requests the items name. */
async function requestStatuses(
  db: Db,
  items: readonly Pending[],
): Promise<Map<number, { status: string; name: string }>> {
  const ids = [...new Set(items.map((p) => Number(p.values.change_request)))];
  const rows = await query<{ id: number; status: string; name: string }>(
    db,
    `SELECT id, status, name FROM public.${tables.changeRequest} WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export const reviewHooks = ownerHooks('user', async (ctx, _model, items, action) => {
  const requests = await requestStatuses(ctx.db, items);
  for (const p of items) {
    if (p.values.status === 'pending') p.errors.add('status', 'pending is not a valid status for a submitted review.');
    const request = requests.get(Number(p.values.change_request));
    if (request && !(ACTIVE as readonly string[]).includes(request.status))
      p.errors.add(
        'change_request',
        `Change request "${request.name}" is ${request.status}: it takes no more reviews.`,
      );
    // a verdict given (again) is a fresh one
    if (action === 'create' || p.input.status !== undefined) p.values.is_stale = false;
  }
});

export const commentHooks = ownerHooks(
  'author',
  async (ctx, _model, items) => {
    for (const p of items) {
      const diff = p.values.change_diff;
      if (diff === null || diff === undefined || diff === p.before?.change_diff) continue;
      const rows = await query(
        ctx.db,
        `SELECT 1 FROM public.${tables.changeDiff} d JOIN public.${tables.changeRequest} r ON r.branch_id = d.branch_id
          WHERE d.id = $1 AND r.id = $2`,
        [diff as number, Number(p.values.change_request)],
      );
      if (!rows.length) p.errors.add('change_diff', `Change ${String(diff)} is not a change of this request's branch.`);
    }
  },
  // resolving needs only the permission to change comments (plugin v1.0.2, #148)
  ['resolved'],
);

export const replyHooks = ownerHooks('author', () => undefined);
