/**
 * Whether an object has rows of another model pointing at it (NetBox's "has console ports", a cable's
 * "unterminated"). `arg` lists `app.model.field` relations, each optionally `:column=value` for a fixed
 * value of those rows (a cable's A end).
 */
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import type { FilterContext } from './conditions.ts';
import { parseBoolean } from './values.ts';

function exists(ctx: FilterContext, model: ModelDef, spec: string, alias: string): string {
  const [ref, fixed] = spec.split(':') as [string, string | undefined];
  const [app, name, fieldName] = ref.split('.') as [string, string, string];
  const owner = ctx.registry.model(`${app}.${name}`);
  const f = ctx.registry.field(owner, fieldName)!;
  const x = ctx.params.alias('h');
  const conds: string[] = [];
  if (fixed) {
    const [col, value] = fixed.split('=') as [string, string];
    conds.push(`${x}.${ident(ctx.registry.field(owner, col)!.column!)} = ${ctx.params.add(value)}`);
  }
  if (f.kind === 'm2m') {
    const th = f.through!;
    return `EXISTS (SELECT 1 FROM ${ident(th.table)} ${x} WHERE ${x}.${ident(th.target)} = ${alias}.id)`;
  }
  if (f.kind === 'generic')
    conds.push(
      `${x}.${ident(f.typeColumn!)} = ${ctx.params.add(model.key)}`,
      `${x}.${ident(f.idColumn!)} = ${alias}.id`,
    );
  else conds.push(`${x}.${ident(f.column!)} = ${alias}.id`);
  return `EXISTS (SELECT 1 FROM ${ident(owner.table)} ${x} WHERE ${conds.join(' AND ')})`;
}

/**
 * `has`: true when any of the relations has rows; false when one of them has none (Django's exclude()
 * of several conditions, as NetBox's pass-through ports: front or rear ports, or lacking either).
 * `has_any`: true when any of them has rows, false when none has. `missing`: true when one of them has
 * none, false when all have rows.
 */
export function presenceCondition(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  values: string[],
  alias: string,
): string {
  const yes = parseBoolean(values[values.length - 1]!);
  const each = f.arg!.split(',').map((spec) => exists(ctx, model, spec, alias));
  const anyHas = `(${each.join(' OR ')})`;
  const allHave = `(${each.join(' AND ')})`;
  if (f.op === 'has_any') return yes ? anyHas : `NOT ${anyHas}`;
  if (f.op === 'has') return yes ? anyHas : `NOT ${allHave}`;
  return yes ? `NOT ${allHave}` : allHave;
}
