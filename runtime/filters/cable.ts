/**
 * Filters on a cabled object's cable (runtime/cables names the models of cabling): its cable id, its
 * end with NetBox's string lookups, whether it is cabled or occupied, and whether its traced path is
 * complete and active (NetBox's `connected`, which reads stored paths; here they are traced).
 */
import type { SqlParam } from '../db/index.ts';
import type { CableFilter, ModelDef } from '../catalogue/index.ts';
import { TERMINATION, refKey, tracePaths } from '../cables/index.ts';
import { last } from '../collections.ts';
import { ident, query } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { emptyCondition, stringCondition } from './compare.ts';
import { FilterValueError, parseBoolean, parseInteger } from './values.ts';

function terminations(ctx: FilterContext): string {
  return ident(ctx.registry.model(TERMINATION.model).table);
}

/** `cable_end`: the end (A or B) of the object's cable, '' when it has none, with string lookups. */
function endCondition(ctx: FilterContext, call: FilterCall<CableFilter>): string {
  const { model, lookup, values, alias } = call;
  const end = `coalesce((SELECT x.${TERMINATION.end} FROM ${terminations(ctx)} x
    WHERE x.${TERMINATION.type} = ${ctx.params.add(model.key)} AND x.${TERMINATION.id} = ${alias}.id LIMIT 1), '')`;
  if (lookup === 'empty') return emptyCondition(end, values, true);
  if (lookup === 'exact')
    for (const v of values)
      if (v !== 'A' && v !== 'B')
        throw new FilterValueError(`Select a valid choice. ${v} is not one of the available choices.`);
  return stringCondition(ctx, end, call);
}

/** Ids of this model's cabled objects whose traced path is complete and every cable on it connected. */
async function connectedIds(ctx: FilterContext, model: ModelDef): Promise<number[]> {
  const rows = await query(
    ctx.db,
    `SELECT DISTINCT ${TERMINATION.id} AS id FROM ${terminations(ctx)} WHERE ${TERMINATION.type} = $1`,
    [model.key],
  );
  const origins = rows.map((r) => ({ type: model.key, id: Number(r.id) }));
  const paths = await tracePaths(ctx.db, ctx.registry, origins);
  return origins.filter((o) => paths.get(refKey(o))?.complete && paths.get(refKey(o))?.active).map((o) => o.id);
}

export async function cableCondition(ctx: FilterContext, call: FilterCall<CableFilter>): Promise<string> {
  const { model, filter: f, values, alias } = call;
  if (f.op === 'cable_end') return endCondition(ctx, call);
  const p = (v: SqlParam) => ctx.params.add(v);
  const mine = (cond: string) => `EXISTS (SELECT 1 FROM ${terminations(ctx)} x
    WHERE x.${TERMINATION.type} = ${p(model.key)} AND x.${TERMINATION.id} = ${alias}.id${cond})`;
  if (f.op === 'cable_id') return mine(` AND x.${TERMINATION.cable} = ANY(${p(values.map(parseInteger))}::bigint[])`);
  const yes = parseBoolean(last(values));
  let has: string;
  if (f.op === 'connected') has = `${alias}.id = ANY(${p(await connectedIds(ctx, model))}::bigint[])`;
  else has = f.op === 'occupied' ? `(${mine('')} OR ${alias}.mark_connected)` : mine('');
  return yes ? has : `NOT ${has}`;
}
