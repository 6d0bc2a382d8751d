/**
 * The one write path. Every create, update and delete — single or bulk, from REST or from a branch
 * sync, merge or revert — passes through these three functions inside the caller's transaction:
 * resolve relations, validate every item (all errors of all items), write set-based, then hand the
 * changes to the observers (change log, events) in the same transaction. Each function reads as its
 * steps; the stages they share are in ./stages.ts, those of an update and a delete beside them.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ErrorBag } from '../errors/index.ts';
import { deletionOrder, planDelete } from './delete.ts';
import { checkRequired, defaults, newPending, readItem } from './item.ts';
import { allocateIds, insertRows, refreshTree, writeM2m, writeTags } from './persist.ts';
import { instantiateComponents } from './instantiate.ts';
import { writeChildren } from './children.ts';
import { loadSnapshots } from './snapshot.ts';
import { admit, fail, isObject, known, notify, ok, prepareAndValidate, refreshTotals, shapeError } from './stages.ts';
import {
  failAsNetBox,
  findUpdated,
  readOverStored,
  readUpdateInputs,
  updateChanges,
  writeUpdated,
  type UpdateInput,
} from './update-steps.ts';
import {
  beforeDeletes,
  clearReferences,
  deleteChanges,
  deleteInOrder,
  findDeleted,
  readDeleteInputs,
  refuseBlocked,
  snapshotDeleted,
  totalledParents,
  type DeleteInput,
} from './delete-steps.ts';
import type { Change, Pending, WriteContext } from './types.ts';

export type {
  Action,
  Actor,
  Change,
  ChangeObserver,
  HookRegistry,
  ModelHooks,
  Pending,
  Snapshot,
  WriteContext,
  WriteGuard,
} from './types.ts';
export type { UpdateInput } from './update-steps.ts';
export type { DeleteInput } from './delete-steps.ts';
export { loadSnapshots, netboxForm } from './snapshot.ts';

export interface WriteOptions {
  /** the request carried an array: errors come back as an array aligned with it */
  readonly bulk: boolean;
  /** create with these ids (branch operations keep objects' ids across schemas) */
  readonly ids?: readonly number[];
  /** an update NetBox makes without a snapshot first: logged with no data before it (Change.unsnapshotted) */
  readonly unsnapshotted?: boolean;
  /**
   * A REST bulk update or delete, answered as NetBox's views answer it: objects not found (or outside
   * the caller's constraints, which NetBox's restricted queryset leaves out alike) are passed over,
   * and a failed update reports the first failing object in the model's ordering, using up the
   * change-record ids of the objects NetBox saves before it (its sequence is not rolled back).
   */
  readonly netboxBulk?: boolean;
}

/** One pending item per input, read over the model's defaults, or the error of its shape. */
function readCreateInputs(ctx: WriteContext, model: ModelDef, inputs: unknown[]): Pending[] {
  return inputs.map((raw, index) => {
    const p = newPending(index, isObject(raw) ? raw : {});
    if (!isObject(raw)) shapeError(p, raw);
    else {
      p.values = defaults(model);
      readItem(ctx, model, p);
      checkRequired(model, p);
    }
    return p;
  });
}

/** The creates to log, from the created objects' snapshots. */
async function createChanges(ctx: WriteContext, model: ModelDef, items: Pending[], ids: number[]): Promise<Change[]> {
  const after = await loadSnapshots(ctx.db, ctx.registry, model, ids);
  return items.map((p) => ({
    model,
    action: 'create',
    id: p.id,
    before: null,
    after: known(after, p.id).snapshot,
    repr: known(after, p.id).repr,
    message: p.message,
  }));
}

export async function createObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: unknown[],
  opts: WriteOptions,
): Promise<Pending[]> {
  await admit(ctx, model, 'create');
  const items = readCreateInputs(ctx, model, inputs);
  // items that failed to read stay out of the later stages; every item's errors are reported
  if (!(await prepareAndValidate(ctx, model, items, true))) fail(items, opts.bulk);
  const ids = opts.ids ? [...opts.ids] : await allocateIds(ctx.db, model, items.length);
  items.forEach((p, i) => {
    p.id = ids[i];
  });
  if (!items.length) return items;
  await insertRows(ctx.db, model, items);
  if (model.tree) await refreshTree(ctx.db, model, ids);
  await writeM2m(ctx.db, model, items);
  await writeTags(ctx.db, model, items);
  await writeChildren(ctx, model, items, createObjects, deleteObjects);
  if (!items.every(ok)) fail(items, opts.bulk);
  await ctx.guard?.checkWritten?.(ctx, model, 'create', ids);
  if (model.totals)
    await refreshTotals(
      ctx,
      model,
      items.map((p) => p.values),
    );
  await notify(ctx, await createChanges(ctx, model, items, ids));
  // after the creation is logged: what a hook changes in turn is logged after it, as in NetBox
  const hooks = model.hooks ? ctx.hooks.get(model.hooks) : undefined;
  if (hooks?.afterCreate) await hooks.afterCreate(ctx, model, items);
  if (model.instantiates && !opts.ids) await instantiateComponents(ctx, model, items, createObjects, updateObjects);
  return items;
}

export async function updateObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: UpdateInput[],
  opts: WriteOptions & { partial: boolean },
): Promise<Pending[]> {
  await admit(ctx, model, 'update');
  const items = await findUpdated(ctx, model, readUpdateInputs(inputs), opts);
  const before = await readOverStored(ctx, model, items, opts.partial);
  if (!(await prepareAndValidate(ctx, model, items, false))) {
    if (opts.netboxBulk) await failAsNetBox(ctx, model, items);
    fail(items, opts.bulk);
  }
  // a later item for the same id wins, as NetBox's bulk update does
  const writes = [...new Map(items.map((p) => [p.id, p])).values()];
  const ids = writes.map((p) => p.id);
  await writeUpdated(ctx, model, writes, (w) => writeChildren(ctx, model, w, createObjects, deleteObjects));
  if (!items.every(ok)) fail(items, opts.bulk);
  await ctx.guard?.checkWritten?.(ctx, model, 'update', ids);
  if (model.totals)
    await refreshTotals(ctx, model, [
      ...writes.map((p) => p.values),
      ...writes.flatMap((p) => (p.before ? [p.before] : [])),
    ]);
  const after = await loadSnapshots(ctx.db, ctx.registry, model, ids);
  await notify(ctx, updateChanges(model, writes, { before, after }, opts.unsnapshotted));
  return items;
}

export async function deleteObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: DeleteInput[],
  opts: WriteOptions,
): Promise<void> {
  const items = await findDeleted(ctx, model, readDeleteInputs(inputs), opts);
  const plan = await planDelete(ctx, model, [...new Set(items.map((p) => p.id))]);
  await refuseBlocked(ctx, model, items, plan, opts);
  await beforeDeletes(ctx, model, plan);
  // nullable references are cleared first, logged as updates of the referring objects
  const cleared = await clearReferences(ctx, plan);
  const order = deletionOrder(plan, (k) => ctx.registry.model(k));
  const totalled = await totalledParents(ctx, plan);
  const snapshots = await snapshotDeleted(ctx, model, plan);
  await deleteInOrder(ctx, plan, order);
  for (const [m, rows] of totalled) await refreshTotals(ctx, m, rows);
  await notify(ctx, [...cleared, ...deleteChanges(ctx, model, snapshots, items)]);
}

export { ErrorBag };
export { createCacheObserver } from './cache-observer.ts';
export { typeName } from './item.ts';
export { bigIntToIp, ipToBigInt } from './ip.ts';
export { refreshTree } from './persist.ts';
export { refreshKeys } from './keys.ts';
