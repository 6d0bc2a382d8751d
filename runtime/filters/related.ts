/**
 * Filters that reach other rows (kind `related`): the object matches when at least one row it reaches
 * (rows pointing at it, rows it links to, the object its generic relation names) matches the inner
 * filter, as Django's filters across relations do; and alternatives of which one must match (`any`).
 */
import type { SqlParam } from '../db/index.ts';
import type { AnyFilter, RelatedFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { parseBoolean } from './values.ts';

/** The positive condition of a filter at the call's row (its relation path applied). */
export type Reach = (ctx: FilterContext, call: FilterCall) => Promise<string>;

/** At least one reached row meets the inner filter, which `reach` applies at that row. */
export async function relatedCondition(
  ctx: FilterContext,
  call: FilterCall<RelatedFilter>,
  reach: Reach,
): Promise<string> {
  const { model, filter: f, lookup, values, alias } = call;
  // `x__empty=true` across a relation: no reached row has a value (Django's isnull over a join)
  if (lookup === 'empty' && parseBoolean(last(values)))
    return `NOT coalesce(${await relatedCondition(ctx, { ...call, values: ['false'] }, reach)}, false)`;
  const target = ctx.registry.model(f.target);
  const x = ctx.params.alias('r');
  const p = (v: SqlParam) => ctx.params.add(v);
  const inner = await reach(ctx, { model: target, filter: f.inner, lookup, values, alias: x });
  const where = Object.entries(f.where ?? {})
    .map(([c, v]) => ` AND ${x}.${ident(c)} = ${p(v)}`)
    .join('');
  const rows = `${ident(target.table)} ${x}`;
  switch (f.op) {
    case 'reverse':
      return `EXISTS (SELECT 1 FROM ${rows} WHERE ${x}.${ident(f.column)} = ${alias}.id${where} AND ${inner})`;
    case 'reverse_generic':
      return `EXISTS (SELECT 1 FROM ${rows} WHERE ${x}.${ident(f.typeColumn)} = ${p(model.key)}
        AND ${x}.${ident(f.idColumn)} = ${alias}.id${where} AND ${inner})`;
    case 'm2m': {
      const th = f.through;
      const j = ctx.params.alias('rl');
      return `EXISTS (SELECT 1 FROM ${ident(th.table)} ${j} JOIN ${rows} ON ${x}.id = ${j}.${ident(th.target)}
        WHERE ${j}.${ident(th.source)} = ${alias}.id${where} AND ${inner})`;
    }
    case 'generic':
      return `(${alias}.${ident(f.typeColumn)} = ${p(f.target)} AND EXISTS (SELECT 1 FROM ${rows}
        WHERE ${x}.id = ${alias}.${ident(f.column)}${where} AND ${inner}))`;
  }
}

/** One of the alternatives matches (an `__empty=true` needs every one of them empty); `reach` applies each. */
export async function anyCondition(ctx: FilterContext, call: FilterCall<AnyFilter>, reach: Reach): Promise<string> {
  const parts: string[] = [];
  for (const b of call.filter.branches) parts.push(await reach(ctx, { ...call, filter: b }));
  const all = call.lookup === 'empty' && parseBoolean(last(call.values));
  return `(${parts.map((c) => `coalesce(${c}, false)`).join(all ? ' AND ' : ' OR ')})`;
}
