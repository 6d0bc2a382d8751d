/**
 * The SQL of the value a filter compares: a column of the row, or a computed value (an expression, a
 * prefix's depth or children) evaluated for the row as the read path computes it, so computed values
 * filter like stored ones.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { ipCountSql } from '../read/count-sql.ts';
import { rowExpression } from '../read/select.ts';
import type { FilterContext } from './conditions.ts';

export function columnOf(ctx: FilterContext, model: ModelDef, column: string, alias: string): string {
  const c = ctx.registry.field(model, column)?.computed;
  if (c?.type === 'expr') return rowExpression(c.sql, alias);
  if (c?.type === 'ip_depth' || c?.type === 'ip_children')
    return ipCountSql(ctx.registry, model, c, alias, () => ctx.params.alias('c'));
  return `${alias}.${ident(column)}`;
}
