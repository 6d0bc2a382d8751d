/**
 * The SQL of a computed count for the row aliased `a`, one correlated subquery: children by a
 * foreign key, a generic relation or a many-to-many table; a tree's whole subtree (cumulative); and
 * an IP prefix's depth and children within its VRF. Shared by the embedded reads (embed.ts) and the
 * JSON written by PostgreSQL (json-sql.ts); a page counts by one grouped query instead (page-sql.ts).
 */
import type { ComputedDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, literal } from '../db/index.ts';

type Count = Extract<ComputedDef, { type: 'count' }>;
type IpCount = Extract<ComputedDef, { type: 'ip_depth' | 'ip_children' }>;

export function countSql(registry: Registry, model: ModelDef, c: Count, a: string, alias: () => string): string {
  const target = registry.model(c.model);
  const tf = registry.field(target, c.field)!;
  if (c.through)
    return `(SELECT count(*)::int FROM ${ident(c.through.table)} WHERE ${ident(c.through.target)} = ${a}.id)`;
  if (tf.kind === 'generic')
    return `(SELECT count(*)::int FROM ${ident(target.table)} WHERE ${ident(tf.typeColumn!)} = ${literal(model.key)}
      AND ${ident(tf.idColumn!)} = ${a}.id)`;
  if (c.cumulative) {
    const d = alias();
    const x = alias();
    return `(SELECT count(${x}.id)::int FROM ${ident(model.table)} ${d}
      JOIN ${ident(target.table)} ${x} ON ${x}.${ident(tf.column!)} = ${d}.id WHERE ${d}._path @> ARRAY[${a}.id])`;
  }
  return `(SELECT count(*)::int FROM ${ident(target.table)} WHERE ${ident(tf.column!)} = ${a}.id)`;
}

export function ipCountSql(registry: Registry, model: ModelDef, c: IpCount, a: string, alias: () => string): string {
  const col = ident(registry.field(model, c.field)!.column!);
  const vrf = ident(registry.field(model, c.vrf)!.column!);
  const x = alias();
  return c.type === 'ip_depth'
    ? `(SELECT count(DISTINCT ${x}.${col})::int FROM ${ident(model.table)} ${x}
      WHERE ${x}.${col} >> ${a}.${col} AND ${x}.${vrf} IS NOT DISTINCT FROM ${a}.${vrf})`
    : `(SELECT count(*)::int FROM ${ident(model.table)} ${x} WHERE ${x}.${col} << ${a}.${col}
      AND ${x}.${vrf} IS NOT DISTINCT FROM ${a}.${vrf})`;
}
