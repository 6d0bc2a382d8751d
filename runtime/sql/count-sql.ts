/**
 * The SQL of a computed count for the row aliased `a`: a counter cache's column (db/counters.ts), or one
 * correlated subquery: children by a foreign key, a generic relation or a many-to-many table; a tree's whole
 * subtree (cumulative); and an IP prefix's depth and children within its VRF. Shared by the embedded reads
 * (read/embed.ts) and the JSON written by PostgreSQL (read/json-sql.ts); a page counts by one grouped query
 * instead (read/page-sql.ts), or reads the counter cache's column.
 */
import type { ComputedDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { countReach } from './reach.ts';

type Count = Extract<ComputedDef, { type: 'count' }>;
type IpCount = Extract<ComputedDef, { type: 'ip_depth' | 'ip_children' }>;

export function countSql(registry: Registry, model: ModelDef, c: Count, a: string, alias: () => string): string {
  if (c.column) return `${a}.${ident(c.column)}`;
  if (c.cumulative) {
    const d = alias();
    const { value, from } = subtreeCount(registry, model, c, d, alias());
    return `(SELECT ${value} FROM ${from} WHERE ${d}._path @> ARRAY[${a}.id])`;
  }
  const r = countReach(registry, model, c, alias());
  return `(SELECT count(*)::int FROM ${r.from} WHERE ${r.and}${r.key} = ${a}.id)`;
}

/**
 * A subtree's count: the rows of every node of the tree (aliased `d`, to be narrowed to the subtree) joined
 * to their counted rows (`x`); a many-to-many relation's rows each once however many of the nodes they are
 * linked to (NetBox counts a contact in two groups of the subtree once).
 */
export function subtreeCount(registry: Registry, model: ModelDef, c: Count, d: string, x: string) {
  const th = c.through;
  if (th)
    return {
      value: `count(DISTINCT ${x}.${ident(th.source)})::int`,
      from: `${ident(model.table)} ${d} JOIN ${ident(th.table)} ${x} ON ${x}.${ident(th.target)} = ${d}.id`,
    };
  const target = registry.model(c.model);
  const tf = registry.fieldOfKind(target, c.field, 'fk');
  return {
    value: `count(${x}.id)::int`,
    from: `${ident(model.table)} ${d} JOIN ${ident(target.table)} ${x} ON ${x}.${ident(tf.column)} = ${d}.id`,
  };
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
