/**
 * The stages the three write functions (./index.ts) share: reading an item's shape and id, the two
 * validation stages, locking the rows, ordering ids as NetBox does, the parents' totals, and handing
 * the changes to the observers. Each failure is thrown with every item's errors.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, Params, query } from '../db/index.ts';
import { notFound, writeError, type ErrorKind } from '../errors/index.ts';
import { applyCustomFields, checkCustomFieldNames } from './custom-fields.ts';
import { customFieldDefinitions } from '../custom-fields/index.ts';
import { typeName } from './item.ts';
import { resolveRelations } from './resolve.ts';
import { checkFieldUniques, validateItems } from './validate.ts';
import type { Action, Change, Pending, WriteContext } from './types.ts';
import { orderPlan } from '../sql/index.ts';
import { present } from '../collections.ts';

export function fail(items: Pending[], bulk: boolean, kind: ErrorKind = 'invalid'): never {
  throw writeError(
    kind,
    items.map((i) => i.errors),
    bulk,
  );
}

export const ok = (i: Pending) => i.errors.empty;

/** What a map was filled with for every key asked here (rows read back, the delete plan's models). */
export function known<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  return present(map.get(key), `entry ${String(key)}`);
}

/**
 * Resolves, prepares and validates the items in NetBox's two stages, each reporting every fault of an
 * item at once: its fields (values as read, related objects, unique fields, custom field names: DRF's
 * field validation), then, for each item whose fields are all valid, the model's own checks (custom field
 * values, hooks, rules, constraints over several fields: Django's full_clean). Whether every one is valid.
 */
export async function prepareAndValidate(
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
export async function admit(ctx: WriteContext, model: ModelDef, action: Action): Promise<void> {
  for (const observer of ctx.observers) await observer.admit?.(ctx, model, action);
}

export async function notify(ctx: WriteContext, changes: Change[]): Promise<void> {
  if (!changes.length) return;
  for (const observer of ctx.observers) await observer.changed(ctx, changes);
}

export function shapeError(p: Pending, raw: unknown): void {
  p.errors.add('non_field_errors', `Invalid data. Expected a dictionary, but got ${typeName(raw)}.`);
}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

/**
 * Locks the rows (in id order, so concurrent bulk writes cannot deadlock) and returns those found;
 * with an action, rows outside the caller's constraints for it count as not found.
 */
export async function lockRows(
  ctx: WriteContext,
  model: ModelDef,
  ids: number[],
  action?: Action,
): Promise<Set<number>> {
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

/** Items asking for an object that was not found: a 404 for one object, an error of the item in bulk. */
export function notFoundIn(model: ModelDef, items: Pending[], found: Set<number>, bulk: boolean): void {
  const missing = items.filter((p) => ok(p) && !found.has(p.id));
  if (!missing.length) return;
  if (!bulk) throw notFound(`No ${model.className} matches the given query.`);
  for (const p of missing)
    p.errors.add('id', `No ${model.className} matches the given query (id ${p.id}).`, 'not_found');
}

/**
 * Parents whose totals follow their children (a VM's disk is the sum of its virtual disks' sizes):
 * set again for the parents the written children belong (or belonged) to. NetBox does it with a
 * queryset update, which writes no change record; neither does this.
 */
export async function refreshTotals(
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
export async function inOrder(ctx: WriteContext, model: ModelDef, ids: number[]): Promise<number[]> {
  if (ids.length < 2) return ids;
  const plan = orderPlan(ctx.registry, model, model.ordering);
  const rows = await query(
    ctx.db,
    `SELECT t.id FROM ${ident(model.table)} t${plan.joins} WHERE t.id = ANY($1::bigint[]) ORDER BY ${plan.order}`,
    [ids],
  );
  return rows.map((r) => r.id as number);
}
