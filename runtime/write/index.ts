/**
 * The one write path. Every create, update and delete — single or bulk, from REST or from a branch
 * sync, merge or revert — passes through these three functions inside the caller's transaction:
 * resolve relations, validate every item (all errors of all items), write set-based, then hand the
 * changes to the observers (change log, events) in the same transaction.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, Params, query, tables } from '../db/index.ts';
import { ErrorBag, notFound, writeError, type ErrorKind } from '../errors/index.ts';
import { applyCustomFields, checkCustomFieldNames } from './custom-fields.ts';
import { customFieldDefinitions } from '../custom-fields/index.ts';
import { blockerMessage, deletionOrder, planDelete } from './delete.ts';
import { removeFilesOfDeleted, removeReplacedFiles } from './files.ts';
import { checkRequired, defaults, newPending, readItem, typeName } from './item.ts';
import { allocateIds, deleteRows, insertRows, refreshTree, updateRows, writeM2m, writeTags } from './persist.ts';
import { resolveRelations } from './resolve.ts';
import { refreshCopies, refreshKeys } from './keys.ts';
import { instantiateComponents } from './instantiate.ts';
import { writeChildren } from './children.ts';
import { loadSnapshots } from './snapshot.ts';
import { loadValues } from './values.ts';
import { checkFieldUniques, validateItems } from './validate.ts';
import type { Action, Change, Pending, WriteContext } from './types.ts';
import { orderPlan } from '../sql/index.ts';
import { present } from '../collections.ts';

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

function fail(items: Pending[], bulk: boolean, kind: ErrorKind = 'invalid'): never {
  throw writeError(
    kind,
    items.map((i) => i.errors),
    bulk,
  );
}

const ok = (i: Pending) => i.errors.empty;

/** What a map was filled with for every key asked here (rows read back, the delete plan's models). */
function known<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  return present(map.get(key), `entry ${String(key)}`);
}

/**
 * Resolves, prepares and validates the items in NetBox's two stages, each reporting every fault of an
 * item at once: its fields (values as read, related objects, unique fields, custom field names: DRF's
 * field validation), then, for each item whose fields are all valid, the model's own checks (custom field
 * values, hooks, rules, constraints over several fields: Django's full_clean). Whether every one is valid.
 */
async function prepareAndValidate(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  creating: boolean,
): Promise<boolean> {
  await resolveRelations(ctx, model, items);
  const defs = model.features.customFields ? await customFieldDefinitions(ctx.db, model.key) : [];
  checkCustomFieldNames(defs, items);
  await checkFieldUniques(ctx, model, items);
  const valid = items.filter(ok);
  if (model.features.customFields) await applyCustomFields(ctx, model, defs, valid, creating);
  const hooks = model.hooks ? ctx.hooks.get(model.hooks) : undefined;
  if (hooks?.prepare) await hooks.prepare(ctx, model, valid, creating ? 'create' : 'update');
  await validateItems(ctx, model, valid);
  return items.every(ok);
}

/** Every observer may refuse a write before any of it is done (protected main, branch write scopes). */
async function admit(ctx: WriteContext, model: ModelDef, action: Action): Promise<void> {
  for (const observer of ctx.observers) await observer.admit?.(ctx, model, action);
}

async function notify(ctx: WriteContext, changes: Change[]): Promise<void> {
  if (!changes.length) return;
  for (const observer of ctx.observers) await observer.changed(ctx, changes);
}

function shapeError(p: Pending, raw: unknown): void {
  p.errors.add('non_field_errors', `Invalid data. Expected a dictionary, but got ${typeName(raw)}.`);
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export async function createObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: unknown[],
  opts: WriteOptions,
): Promise<Pending[]> {
  await admit(ctx, model, 'create');
  const items = inputs.map((raw, index) => {
    const p = newPending(index, isObject(raw) ? raw : {});
    if (!isObject(raw)) shapeError(p, raw);
    else {
      p.values = defaults(model);
      readItem(ctx, model, p);
      checkRequired(model, p);
    }
    return p;
  });
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
  const after = await loadSnapshots(ctx.db, ctx.registry, model, ids);
  await notify(
    ctx,
    items.map((p) => ({
      model,
      action: 'create',
      id: p.id,
      before: null,
      after: known(after, p.id).snapshot,
      repr: known(after, p.id).repr,
      message: p.message,
    })),
  );
  // after the creation is logged: what a hook changes in turn is logged after it, as in NetBox
  const hooks = model.hooks ? ctx.hooks.get(model.hooks) : undefined;
  if (hooks?.afterCreate) await hooks.afterCreate(ctx, model, items);
  if (model.instantiates && !opts.ids) await instantiateComponents(ctx, model, items, createObjects, updateObjects);
  return items;
}

/**
 * Locks the rows (in id order, so concurrent bulk writes cannot deadlock) and returns those found;
 * with an action, rows outside the caller's constraints for it count as not found.
 */
async function lockRows(ctx: WriteContext, model: ModelDef, ids: number[], action?: Action): Promise<Set<number>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Set();
  const params = new Params();
  const list = params.add(unique);
  const cond = action ? ctx.guard?.rowCondition?.(model, action) : undefined;
  const where = cond ? ` AND ${cond('t', params)}` : '';
  const rows = await query(
    ctx.db,
    `SELECT t.id FROM ${ident(model.table)} t
    WHERE t.id = ANY(${list}::bigint[])${where} ORDER BY t.id FOR UPDATE OF t`,
    params.values,
  );
  return new Set(rows.map((r) => r.id as number));
}

/**
 * Parents whose totals follow their children (a VM's disk is the sum of its virtual disks' sizes):
 * set again for the parents the written children belong (or belonged) to. NetBox does it with a
 * queryset update, which writes no change record; neither does this.
 */
async function refreshTotals(
  ctx: WriteContext,
  model: ModelDef,
  rows: Iterable<Record<string, unknown>>,
): Promise<void> {
  for (const t of model.totals ?? []) {
    const via = ctx.registry.fieldOfKind(model, t.via, 'fk');
    const parent = ctx.registry.model(via.to);
    const ids = [...new Set([...rows].map((r) => r[t.via]).filter((v) => v !== null && v !== undefined))];
    if (!ids.length) continue;
    const col = ident(ctx.registry.columnOf(parent, t.field));
    await query(
      ctx.db,
      `UPDATE ${ident(parent.table)} p SET ${col} = (SELECT sum(c.${ident(ctx.registry.columnOf(model, t.sum))})
      FROM ${ident(model.table)} c WHERE c.${ident(via.column)} = p.id) WHERE p.id = ANY($1::bigint[])`,
      [ids],
    );
  }
}

/** The ids in the model's default ordering. */
async function inOrder(ctx: WriteContext, model: ModelDef, ids: number[]): Promise<number[]> {
  if (ids.length < 2) return ids;
  const plan = orderPlan(ctx.registry, model, model.ordering);
  const rows = await query(
    ctx.db,
    `SELECT t.id FROM ${ident(model.table)} t${plan.joins} WHERE t.id = ANY($1::bigint[]) ORDER BY ${plan.order}`,
    [ids],
  );
  return rows.map((r) => r.id as number);
}

/**
 * A failed bulk update as NetBox answers it: it saves the objects one by one in its ordering and
 * stops at the first invalid one, whose errors alone are the answer; the change records of those
 * saved before it are rolled back, but their ids stay used.
 */
async function failAsNetBox(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<never> {
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

function notFoundIn(model: ModelDef, items: Pending[], found: Set<number>, bulk: boolean): void {
  const missing = items.filter((p) => ok(p) && !found.has(p.id));
  if (!missing.length) return;
  if (!bulk) throw notFound(`No ${model.className} matches the given query.`);
  for (const p of missing)
    p.errors.add('id', `No ${model.className} matches the given query (id ${p.id}).`, 'not_found');
}

export interface UpdateInput {
  readonly id: unknown;
  readonly data: unknown;
}

function parseId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

export async function updateObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: UpdateInput[],
  opts: WriteOptions & { partial: boolean },
): Promise<Pending[]> {
  await admit(ctx, model, 'update');
  let items = inputs.map((input, index) => {
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
  const wanted = items.filter(ok).map((p) => p.id);
  const found = await lockRows(ctx, model, wanted, 'update');
  if (opts.netboxBulk) {
    if (!items.every(ok)) fail(items, opts.bulk);
    // NetBox updates the objects it finds, in its ordering; a later item for the same id wins
    const last = new Map(items.filter((p) => found.has(p.id)).map((p) => [p.id, p]));
    const order = await inOrder(ctx, model, [...last.keys()]);
    items = order.map((id) => last.get(id)).filter((p) => p !== undefined);
  } else notFoundIn(model, items, found, opts.bulk);
  const ids = items.filter(ok).map((p) => p.id);
  const stored = await loadValues(ctx.db, ctx.registry, model, ids);
  const before = await loadSnapshots(ctx.db, ctx.registry, model, ids);
  for (const p of items.filter(ok)) {
    p.before = known(stored, p.id);
    p.values = structuredClone(p.before);
    readItem(ctx, model, p);
    if (!opts.partial) checkRequired(model, p);
  }
  if (!(await prepareAndValidate(ctx, model, items, false))) {
    if (opts.netboxBulk) await failAsNetBox(ctx, model, items);
    fail(items, opts.bulk);
  }
  // a later item for the same id wins, as NetBox's bulk update does
  const last = new Map(items.map((p) => [p.id, p]));
  const writes = [...last.values()];
  await updateRows(ctx.db, model, writes);
  await refreshCopies(ctx.db, ctx.registry, model, writes);
  removeReplacedFiles(ctx, model, writes);
  if (model.tree && writes.some((p) => p.values.parent !== p.before?.parent || p.values.name !== p.before?.name))
    await refreshTree(ctx.db, model);
  await writeM2m(ctx.db, model, writes);
  await writeTags(ctx.db, model, writes);
  await writeChildren(ctx, model, writes, createObjects, deleteObjects);
  if (!items.every(ok)) fail(items, opts.bulk);
  await ctx.guard?.checkWritten?.(
    ctx,
    model,
    'update',
    writes.map((p) => p.id),
  );
  if (model.totals)
    await refreshTotals(ctx, model, [
      ...writes.map((p) => p.values),
      ...writes.flatMap((p) => (p.before ? [p.before] : [])),
    ]);
  const after = await loadSnapshots(
    ctx.db,
    ctx.registry,
    model,
    writes.map((p) => p.id),
  );
  const changes: Change[] = [];
  for (const p of writes) {
    const a = known(after, p.id);
    const b = known(before, p.id);
    // an update that changes nothing is not logged (CHANGELOG_SKIP_EMPTY_CHANGES)
    if (JSON.stringify(a.snapshot) !== JSON.stringify(b.snapshot)) {
      changes.push({
        model,
        action: 'update',
        id: p.id,
        before: b.snapshot,
        after: a.snapshot,
        repr: a.repr,
        message: p.message,
        ...(opts.unsnapshotted ? { unsnapshotted: true } : {}),
      });
    }
  }
  await notify(ctx, changes);
  return items;
}

export interface DeleteInput {
  readonly id: unknown;
  readonly message?: unknown;
}

export async function deleteObjects(
  ctx: WriteContext,
  model: ModelDef,
  inputs: DeleteInput[],
  opts: WriteOptions,
): Promise<void> {
  let items = inputs.map((input, index) => {
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
  const wanted = items.filter(ok).map((p) => p.id);
  const found = await lockRows(ctx, model, wanted, 'delete');
  if (!items.every(ok)) fail(items, opts.bulk);
  if (opts.netboxBulk) items = items.filter((p) => found.has(p.id));
  else notFoundIn(model, items, found, opts.bulk);
  if (!items.every(ok)) fail(items, opts.bulk);
  const ids = [...new Set(items.map((p) => p.id))];
  const plan = await planDelete(ctx, model, ids);
  if (plan.blockers.size) {
    for (const p of items) {
      const blockers = plan.blockers.get(p.id);
      if (blockers) p.errors.set('detail', await blockerMessage(ctx, blockers), 'protected');
    }
    if (opts.netboxBulk) {
      // NetBox deletes one by one in its ordering and answers the first it cannot delete
      const order = await inOrder(ctx, model, ids);
      const first = order.find((id) => plan.blockers.has(id));
      throw writeError(
        'conflict',
        items.map((i) => i.errors),
        false,
        items.findIndex((p) => p.id === first),
      );
    }
    fail(items, opts.bulk, 'conflict');
  }
  const message = new Map(items.map((p) => [p.id, p.message]));
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
  const changes: Change[] = [];
  // clear nullable references first, logged as updates of the referring objects
  for (const [key, byRel] of plan.clears) {
    const owner = ctx.registry.model(key);
    const all = [...new Set([...byRel.values()].flatMap((s) => [...s]))];
    await lockRows(ctx, owner, all);
    const b = await loadSnapshots(ctx.db, ctx.registry, owner, all);
    for (const [rel, set] of byRel) {
      const f = ctx.registry.fieldOf(owner, rel.field);
      const cols = f.kind === 'generic' ? [f.typeColumn, f.idColumn] : [ctx.registry.columnOf(owner, f.name)];
      const cleared = cols.map((c) => `${ident(c)} = NULL`);
      if (owner.fields.some((x) => x.name === 'last_updated')) cleared.push('last_updated = now()');
      await query(ctx.db, `UPDATE ${ident(owner.table)} SET ${cleared.join(', ')} WHERE id = ANY($1::bigint[])`, [
        [...set],
      ]);
      if (owner.tree && f.name === 'parent') await refreshTree(ctx.db, owner);
      await refreshKeys(ctx.db, owner, [...set]);
    }
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
  const order = deletionOrder(plan, (k) => ctx.registry.model(k));
  // the parents whose totals the deleted children were part of
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
  const snapshots = new Map<string, Awaited<ReturnType<typeof loadSnapshots>>>();
  for (const [key, ids] of plan.deletes) {
    const m = ctx.registry.model(key);
    const set = [...ids];
    if (key !== model.key) await lockRows(ctx, m, set);
    snapshots.set(key, await loadSnapshots(ctx.db, ctx.registry, m, set));
  }
  for (const key of order) {
    const m = ctx.registry.model(key);
    const set = [...known(plan.deletes, key)];
    if (m.features.tags)
      await query(
        ctx.db,
        `DELETE FROM ${tables.taggedItem} WHERE object_type = $1
      AND object_id = ANY($2::bigint[])`,
        [m.key, set],
      );
    for (const f of m.fields) {
      if (f.kind === 'm2m')
        await query(
          ctx.db,
          `DELETE FROM ${ident(f.through.table)}
        WHERE ${ident(f.through.source)} = ANY($1::bigint[])`,
          [set],
        );
    }
    for (const rel of m.reverse) {
      if (rel.kind === 'm2m' && rel.through)
        await query(
          ctx.db,
          `DELETE FROM ${ident(rel.through.table)}
        WHERE ${ident(rel.through.target)} = ANY($1::bigint[])`,
          [set],
        );
    }
    await deleteRows(ctx.db, m, set);
  }
  for (const [m, rows] of totalled) await refreshTotals(ctx, m, rows);
  for (const [key, stored] of snapshots) {
    const m = ctx.registry.model(key);
    for (const [id, s] of stored) {
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
  }
  await notify(ctx, changes);
}

export { ErrorBag };
export { createCacheObserver } from './cache-observer.ts';
export { typeName } from './item.ts';
export { bigIntToIp, ipToBigInt } from './ip.ts';
export { refreshTree } from './persist.ts';
export { refreshKeys } from './keys.ts';
