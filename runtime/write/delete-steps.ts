/**
 * The steps of deleteObjects (./index.ts) after its plan (./delete.ts): reading each item's id and
 * message, finding the objects, refusing a delete that protecting references block, the hooks and
 * observers told beforehand, clearing nullable references (logged as updates of the referring objects),
 * removing the rows with their links and tags, and the changes to log.
 */
import type { ModelDef, ReverseRelation } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { writeError } from '../errors/index.ts';
import { blockerMessage, type DeletePlan } from './delete.ts';
import { removeFilesOfDeleted } from './files.ts';
import { newPending } from './item.ts';
import { deleteRows, refreshTree } from './persist.ts';
import { refreshKeys } from './keys.ts';
import { loadSnapshots } from './snapshot.ts';
import { admit, fail, inOrder, known, lockRows, notFoundIn, ok, parseId } from './stages.ts';
import type { Change, Pending, WriteContext } from './types.ts';
import { tables } from '../db/index.ts';

export interface DeleteInput {
  readonly id: unknown;
  readonly message?: unknown;
}

type Snapshots = Awaited<ReturnType<typeof loadSnapshots>>;
interface BulkOptions {
  readonly bulk: boolean;
  readonly netboxBulk?: boolean;
}

/** One pending item per input, with the id and change log message it gives or their errors. */
export function readDeleteInputs(inputs: DeleteInput[]): Pending[] {
  return inputs.map((input, index) => {
    const p = newPending(index, {});
    const id = parseId(input.id);
    if (input.id === undefined || input.id === null) p.errors.add('id', 'This field is required.');
    else if (id === undefined) p.errors.add('id', 'A valid integer is required.');
    else p.id = id;
    if (input.message !== undefined && input.message !== null) {
      if (typeof input.message !== 'string') p.errors.add('changelog_message', 'Not a valid string.');
      else if (input.message.length > 200)
        p.errors.add('changelog_message', 'Ensure this field has no more than 200 characters.');
      else p.message = input.message;
    }
    return p;
  });
}

/** Locks the objects the items name and returns the items to delete (NetBox's bulk delete passes over missing ones). */
export async function findDeleted(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  opts: BulkOptions,
): Promise<Pending[]> {
  const found = await lockRows(
    ctx,
    model,
    items.filter(ok).map((p) => p.id),
    'delete',
  );
  if (!items.every(ok)) fail(items, opts.bulk);
  const kept = opts.netboxBulk ? items.filter((p) => found.has(p.id)) : items;
  if (!opts.netboxBulk) notFoundIn(model, kept, found, opts.bulk);
  if (!kept.every(ok)) fail(kept, opts.bulk);
  return kept;
}

/**
 * Throws a conflict naming what protects each item, if anything does; NetBox's bulk delete deletes one
 * by one in its ordering and answers the first it cannot delete.
 */
export async function refuseBlocked(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  plan: DeletePlan,
  opts: BulkOptions,
): Promise<void> {
  if (!plan.blockers.size) return;
  for (const p of items) {
    const blockers = plan.blockers.get(p.id);
    if (blockers) p.errors.set('detail', await blockerMessage(ctx, blockers), 'protected');
  }
  if (!opts.netboxBulk) fail(items, opts.bulk, 'conflict');
  const order = await inOrder(ctx, model, [...new Set(items.map((p) => p.id))]);
  const first = order.find((id) => plan.blockers.has(id));
  throw writeError(
    'conflict',
    items.map((i) => i.errors),
    false,
    items.findIndex((p) => p.id === first),
  );
}

/** Every model deleted from is admitted, its hooks and files told, then every observer told. */
export async function beforeDeletes(ctx: WriteContext, model: ModelDef, plan: DeletePlan): Promise<void> {
  for (const [key, set] of plan.deletes) {
    const m = ctx.registry.model(key);
    await admit(ctx, m, 'delete');
    const hooks = m.hooks ? ctx.hooks.get(m.hooks) : undefined;
    if (hooks?.beforeDelete) await hooks.beforeDelete(ctx, m, [...set], key === model.key);
    await removeFilesOfDeleted(ctx, m, [...set]);
  }
  for (const observer of ctx.observers) {
    if (!observer.beforeDelete) continue;
    for (const [key, set] of plan.deletes) await observer.beforeDelete(ctx, ctx.registry.model(key), [...set]);
  }
}

/** Sets one reference of the owner's rows to NULL, and what follows from it (tree, copied keys). */
async function clearReference(ctx: WriteContext, owner: ModelDef, rel: ReverseRelation, ids: number[]): Promise<void> {
  const f = ctx.registry.fieldOf(owner, rel.field);
  const cols = f.kind === 'generic' ? [f.typeColumn, f.idColumn] : [ctx.registry.columnOf(owner, f.name)];
  const cleared = cols.map((c) => `${ident(c)} = NULL`);
  if (owner.fields.some((x) => x.name === 'last_updated')) cleared.push('last_updated = now()');
  await query(ctx.db, `UPDATE ${ident(owner.table)} SET ${cleared.join(', ')} WHERE id = ANY($1::bigint[])`, [ids]);
  if (owner.tree && f.name === 'parent') await refreshTree(ctx.db, owner);
  await refreshKeys(ctx.db, owner, ids);
}

/** Clears the nullable references to deleted objects; returns them as updates of the referring objects. */
export async function clearReferences(ctx: WriteContext, plan: DeletePlan): Promise<Change[]> {
  const changes: Change[] = [];
  for (const [key, byRel] of plan.clears) {
    const owner = ctx.registry.model(key);
    const all = [...new Set([...byRel.values()].flatMap((s) => [...s]))];
    await lockRows(ctx, owner, all);
    const b = await loadSnapshots(ctx.db, ctx.registry, owner, all);
    for (const [rel, set] of byRel) await clearReference(ctx, owner, rel, [...set]);
    const a = await loadSnapshots(ctx.db, ctx.registry, owner, all);
    for (const id of all)
      changes.push({
        model: owner,
        action: 'update',
        id,
        before: known(b, id).snapshot,
        after: known(a, id).snapshot,
        repr: known(a, id).repr,
        message: '',
      });
  }
  return changes;
}

/** The deleted children's references to the parents whose totals they were part of. */
export async function totalledParents(
  ctx: WriteContext,
  plan: DeletePlan,
): Promise<[ModelDef, Record<string, unknown>[]][]> {
  const totalled: [ModelDef, Record<string, unknown>[]][] = [];
  for (const [key, set] of plan.deletes) {
    const m = ctx.registry.model(key);
    if (!m.totals) continue;
    const vias = [...new Set(m.totals.map((t) => t.via))];
    const rows = await query(
      ctx.db,
      `SELECT ${vias.map((v) => `${ident(ctx.registry.columnOf(m, v))} AS ${ident(v)}`).join(', ')}
      FROM ${ident(m.table)} WHERE id = ANY($1::bigint[])`,
      [[...set]],
    );
    totalled.push([m, rows as unknown as Record<string, unknown>[]]);
  }
  return totalled;
}

/** Locks the cascaded rows (the requested ones are locked already) and snapshots every deleted object. */
export async function snapshotDeleted(
  ctx: WriteContext,
  model: ModelDef,
  plan: DeletePlan,
): Promise<Map<string, Snapshots>> {
  const snapshots = new Map<string, Snapshots>();
  for (const [key, ids] of plan.deletes) {
    const m = ctx.registry.model(key);
    const set = [...ids];
    if (key !== model.key) await lockRows(ctx, m, set);
    snapshots.set(key, await loadSnapshots(ctx.db, ctx.registry, m, set));
  }
  return snapshots;
}

/** Deletes the rows of each model in the order given, with their tags and many-to-many links first. */
export async function deleteInOrder(ctx: WriteContext, plan: DeletePlan, order: readonly string[]): Promise<void> {
  for (const key of order) {
    const m = ctx.registry.model(key);
    const set = [...known(plan.deletes, key)];
    if (m.features.tags)
      await query(ctx.db, `DELETE FROM ${tables.taggedItem} WHERE object_type = $1 AND object_id = ANY($2::bigint[])`, [
        m.key,
        set,
      ]);
    for (const f of m.fields)
      if (f.kind === 'm2m')
        await query(
          ctx.db,
          `DELETE FROM ${ident(f.through.table)} WHERE ${ident(f.through.source)} = ANY($1::bigint[])`,
          [set],
        );
    for (const rel of m.reverse)
      if (rel.kind === 'm2m' && rel.through)
        await query(
          ctx.db,
          `DELETE FROM ${ident(rel.through.table)} WHERE ${ident(rel.through.target)} = ANY($1::bigint[])`,
          [set],
        );
    await deleteRows(ctx.db, m, set);
  }
}

/** The deletes to log; only the requested objects carry their item's message. */
export function deleteChanges(
  ctx: WriteContext,
  model: ModelDef,
  snapshots: Map<string, Snapshots>,
  items: Pending[],
): Change[] {
  const message = new Map(items.map((p) => [p.id, p.message]));
  const changes: Change[] = [];
  for (const [key, stored] of snapshots) {
    const m = ctx.registry.model(key);
    for (const [id, s] of stored)
      changes.push({
        model: m,
        action: 'delete',
        id,
        before: s.snapshot,
        after: null,
        repr: s.repr,
        message: key === model.key ? (message.get(id) ?? '') : '',
      });
  }
  return changes;
}
