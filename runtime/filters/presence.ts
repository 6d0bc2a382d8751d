/**
 * Whether an object has rows of another model pointing at it (NetBox's "has console ports", a cable's
 * "unterminated"). The filter lists the relations (a field of another model), each optionally with a
 * fixed value of one of that model's fields for the rows (a cable's A end).
 */
import type { ModelDef, SpecialFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { parseBoolean } from './values.ts';

type PresenceFilter = Extract<SpecialFilter, { readonly op: 'has' | 'has_any' | 'missing' }>;
type Relation = PresenceFilter['relations'][number];

function exists(ctx: FilterContext, model: ModelDef, relation: Relation, alias: string): string {
  const owner = ctx.registry.model(relation.model);
  const f = ctx.registry.fieldOf(owner, relation.field);
  const x = ctx.params.alias('h');
  const conds: string[] = [];
  if (relation.where)
    conds.push(
      `${x}.${ident(ctx.registry.columnOf(owner, relation.where.field))} = ${ctx.params.add(relation.where.value)}`,
    );
  if (f.kind === 'm2m') {
    const th = f.through;
    return `EXISTS (SELECT 1 FROM ${ident(th.table)} ${x} WHERE ${x}.${ident(th.target)} = ${alias}.id)`;
  }
  if (f.kind === 'generic')
    conds.push(`${x}.${ident(f.typeColumn)} = ${ctx.params.add(model.key)}`, `${x}.${ident(f.idColumn)} = ${alias}.id`);
  else conds.push(`${x}.${ident(ctx.registry.columnOf(owner, relation.field))} = ${alias}.id`);
  return `EXISTS (SELECT 1 FROM ${ident(owner.table)} ${x} WHERE ${conds.join(' AND ')})`;
}

/**
 * `has`: true when any of the relations has rows; false when one of them has none (Django's exclude()
 * of several conditions, as NetBox's pass-through ports: front or rear ports, or lacking either).
 * `has_any`: true when any of them has rows, false when none has. `missing`: true when one of them has
 * none, false when all have rows.
 */
export function presenceCondition(ctx: FilterContext, call: FilterCall<PresenceFilter>): string {
  const { model, filter: f, alias } = call;
  const yes = parseBoolean(last(call.values));
  const each = f.relations.map((relation) => exists(ctx, model, relation, alias));
  const anyHas = `(${each.join(' OR ')})`;
  const allHave = `(${each.join(' AND ')})`;
  if (f.op === 'has_any') return yes ? anyHas : `NOT ${anyHas}`;
  if (f.op === 'has') return yes ? anyHas : `NOT ${allHave}`;
  return yes ? `NOT ${allHave}` : allHave;
}
