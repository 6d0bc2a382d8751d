/**
 * The steps of updateObjects (./index.ts) that are its own: reading each item's id, finding the objects
 * (NetBox's bulk update passes over those it does not find), reading the input over the stored values,
 * writing the rows and what hangs off them, NetBox's answer to a failed bulk update, and the changes
 * to log (an update that changes nothing is not logged).
 */
import type { ModelDef } from '../catalogue/index.ts';
import { query } from '../db/index.ts';
import { writeError } from '../errors/index.ts';
import { removeReplacedFiles } from './files.ts';
import { checkRequired, newPending, readItem } from './item.ts';
import { refreshTree, updateRows, writeM2m, writeTags } from './persist.ts';
import { refreshCopies } from './keys.ts';
import { loadSnapshots } from './snapshot.ts';
import { loadValues } from './values.ts';
import { fail, inOrder, isObject, known, lockRows, notFoundIn, ok, parseId, shapeError } from './stages.ts';
import type { Change, Pending, WriteContext } from './types.ts';

export interface UpdateInput {
  readonly id: unknown;
  readonly data: unknown;
}

type Snapshots = Awaited<ReturnType<typeof loadSnapshots>>;

/** One pending item per input, with the id it names or the error of its shape or id. */
export function readUpdateInputs(inputs: UpdateInput[]): Pending[] {
  return inputs.map((input, index) => {
    const p = newPending(index, isObject(input.data) ? input.data : {});
    if (!isObject(input.data)) shapeError(p, input.data);
    else if (input.id === undefined || input.id === null) p.errors.add('id', 'This field is required.');
    else {
      const id = parseId(input.id);
      if (id === undefined) p.errors.add('id', 'A valid integer is required.');
      else p.id = id;
    }
    return p;
  });
}

/**
 * Locks the objects the items name and returns the items to update: all of them (those whose object is
 * missing carry the error), or as NetBox's bulk update has it, those found, in its ordering, a later
 * item for the same id winning.
 */
export async function findUpdated(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  opts: { readonly bulk: boolean; readonly netboxBulk?: boolean },
): Promise<Pending[]> {
  const found = await lockRows(
    ctx,
    model,
    items.filter(ok).map((p) => p.id),
    'update',
  );
  if (!opts.netboxBulk) {
    notFoundIn(model, items, found, opts.bulk);
    return items;
  }
  if (!items.every(ok)) fail(items, opts.bulk);
  const last = new Map(items.filter((p) => found.has(p.id)).map((p) => [p.id, p]));
  const order = await inOrder(ctx, model, [...last.keys()]);
  return order.map((id) => last.get(id)).filter((p) => p !== undefined);
}

/** Reads each valid item's input over its object's stored values; returns the objects' snapshots before. */
export async function readOverStored(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  partial: boolean,
): Promise<Snapshots> {
  const ids = items.filter(ok).map((p) => p.id);
  const stored = await loadValues(ctx.db, ctx.registry, model, ids);
  const before = await loadSnapshots(ctx.db, ctx.registry, model, ids);
  for (const p of items.filter(ok)) {
    p.before = known(stored, p.id);
    p.values = structuredClone(p.before);
    readItem(ctx, model, p);
    if (!partial) checkRequired(model, p);
  }
  return before;
}

/** Writes the rows, the keys copied from them, files, the tree, links, tags and nested children. */
export async function writeUpdated(
  ctx: WriteContext,
  model: ModelDef,
  writes: Pending[],
  writeChildren: (writes: Pending[]) => Promise<void>,
): Promise<void> {
  await updateRows(ctx.db, model, writes);
  await refreshCopies(ctx.db, ctx.registry, model, writes);
  removeReplacedFiles(ctx, model, writes);
  if (model.tree && writes.some((p) => p.values.parent !== p.before?.parent || p.values.name !== p.before?.name))
    await refreshTree(ctx.db, model);
  await writeM2m(ctx.db, model, writes);
  await writeTags(ctx.db, model, writes);
  await writeChildren(writes);
}

/** Whether an item would change its object (a save NetBox logs). */
function changes(p: Pending): boolean {
  return (
    JSON.stringify(p.values) !== JSON.stringify(p.before) ||
    p.tags !== undefined ||
    p.tagChanges !== undefined ||
    p.m2m.size > 0 ||
    p.customFields !== undefined
  );
}

/**
 * A failed bulk update as NetBox answers it: it saves the objects one by one in its ordering and
 * stops at the first invalid one, whose errors alone are the answer; the change records of those
 * saved before it are rolled back, but their ids stay used.
 */
export async function failAsNetBox(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<never> {
  const first = items.findIndex((p) => !ok(p));
  const saved = items.slice(0, first).filter((p) => changes(p)).length;
  if (saved && model.features.changelog) {
    const log = ctx.registry.model('core.objectchange');
    await query(ctx.db, 'SELECT nextval($1::regclass) FROM generate_series(1, $2::int)', [log.sequence, saved]);
  }
  throw writeError(
    'invalid',
    items.map((i) => i.errors),
    false,
    first,
  );
}

/** The updates to log: those whose snapshot changed (CHANGELOG_SKIP_EMPTY_CHANGES). */
export function updateChanges(
  model: ModelDef,
  writes: Pending[],
  snapshots: { readonly before: Snapshots; readonly after: Snapshots },
  unsnapshotted: boolean | undefined,
): Change[] {
  const changed: Change[] = [];
  for (const p of writes) {
    const a = known(snapshots.after, p.id);
    const b = known(snapshots.before, p.id);
    if (JSON.stringify(a.snapshot) === JSON.stringify(b.snapshot)) continue;
    changed.push({
      model,
      action: 'update',
      id: p.id,
      before: b.snapshot,
      after: a.snapshot,
      repr: a.repr,
      message: p.message,
      ...(unsnapshotted ? { unsnapshotted: true } : {}),
    });
  }
  return changed;
}
