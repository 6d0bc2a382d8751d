/**
 * The SQL of a computed count for the row aliased `a`, one correlated subquery: children by a
 * foreign key, a generic relation or a many-to-many table; a tree's whole subtree (cumulative); and
 * an IP prefix's depth and children within its VRF. Shared by the embedded reads (embed.ts) and the
 * JSON written by PostgreSQL (json-sql.ts); a page counts by one grouped query instead (page-sql.ts).
 */
import type { ComputedDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { countReach } from './reach.ts';

type Count = Extract<ComputedDef, { type: 'count' }>;
type IpCount = Extract<ComputedDef, { type: 'ip_depth' | 'ip_children' }>;

export function countSql(registry: Registry, model: ModelDef, c: Count, a: string, alias: () => string): string {
  if (c.cumulative) {
    const target = registry.model(c.model);
    const tf = registry.fieldOfKind(target, c.field, 'fk');
    const d = alias();
    const x = alias();
    return `(SELECT count(${x}.id)::int FROM ${ident(model.table)} ${d}
      JOIN ${ident(target.table)} ${x} ON ${x}.${ident(tf.column)} = ${d}.id WHERE ${d}._path @> ARRAY[${a}.id])`;
  }
  const r = countReach(registry, model, c, alias());
  return `(SELECT count(*)::int FROM ${r.from} WHERE ${r.and}${r.key} = ${a}.id)`;
}

export function ipCountSql(registry: Registry, model: ModelDef, c: IpCount, a: string, alias: () => string): string {
  const col = ident(registry.columnOf(model, c.field));
  const vrf = ident(registry.columnOf(model, c.vrf));
  const x = alias();
  return c.type === 'ip_depth'
    ? `(SELECT count(DISTINCT ${x}.${col})::int FROM ${ident(model.table)} ${x}
      WHERE ${x}.${col} >> ${a}.${col} AND ${x}.${vrf} IS NOT DISTINCT FROM ${a}.${vrf})`
    : `(SELECT count(*)::int FROM ${ident(model.table)} ${x} WHERE ${x}.${col} << ${a}.${col}
      AND ${x}.${vrf} IS NOT DISTINCT FROM ${a}.${vrf})`;
}
