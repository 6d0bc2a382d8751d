/**
 * The SQL of the value a filter compares: a column of the row, or a computed value (an expression, a
 * prefix's depth or children) evaluated for the row, so computed values filter like stored ones.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';

let counter = 0;

export function columnOf(registry: Registry, model: ModelDef, column: string, alias: string): string {
  const c = registry.field(model, column)?.computed;
  // an expression names the row's columns bare or as `t.`: it is evaluated over a copy of the row named t
  if (c?.type === 'expr') return `(SELECT (${c.sql}) FROM (SELECT ${alias}.*) AS t)`;
  if (c?.type === 'ip_depth' || c?.type === 'ip_children') {
    // as the read path counts them: containing (or contained) networks of the same VRF
    const col = ident(registry.field(model, c.field)!.column!);
    const vrf = ident(registry.field(model, c.vrf)!.column!);
    const a = `c${++counter}`;
    const [agg, rel] = c.type === 'ip_depth' ? [`count(DISTINCT ${a}.${col})`, '>>'] : ['count(*)', '<<'];
    return `(SELECT ${agg} FROM ${ident(model.table)} ${a} WHERE ${a}.${col} ${rel} ${alias}.${col}
      AND ${a}.${vrf} IS NOT DISTINCT FROM ${alias}.${vrf})`;
  }
  return `${alias}.${ident(column)}`;
}
