/**
 * The SQL of the value a filter compares: a column of the row, or a computed value (an expression, a
 * prefix's depth or children) evaluated for the row as the read path computes it, so computed values
 * filter like stored ones.
 */
import { CatalogueLookupError, type ColumnField, type ModelDef, type Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { ipCountSql, rowExpression } from '../sql/index.ts';
import type { FilterContext } from './conditions.ts';

export function columnOf(ctx: FilterContext, model: ModelDef, column: string, alias: string): string {
  const f = ctx.registry.field(model, column);
  const c = f?.kind === 'computed' ? f.computed : undefined;
  if (c?.type === 'expr') return rowExpression(c.sql, alias);
  if (c?.type === 'ip_depth' || c?.type === 'ip_children')
    return ipCountSql(ctx.registry, model, c, alias, () => ctx.params.alias('c'));
  return `${alias}.${ident(column)}`;
}

/** The field a relation's natural form compares with: `name`, or the model's natural key. */
export function naturalKeyOf(registry: Registry, model: ModelDef, name = model.naturalKey): ColumnField {
  if (name === undefined) throw new CatalogueLookupError(`${model.key} has no natural key`);
  const f = registry.fieldOf(model, name);
  if (f.column === undefined) throw new CatalogueLookupError(`${model.key}.${name} has no column`);
  return f;
}
