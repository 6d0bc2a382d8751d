/**
 * The SELECT list and ORDER BY of a model's rows. Values come out ready to render: addresses with
 * their mask, CIDR lists as text arrays, display and SQL-expression fields computed in the query.
 */
import type { ModelDef, OrderTerm, Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { displaySql } from './display.ts';

// per model definition (not per key): two catalogues in one process never share SQL
const selectCache = new WeakMap<ModelDef, Map<string, string>>();

export function selectList(registry: Registry, model: ModelDef, alias = 't'): string {
  const forModel = selectCache.get(model) ?? new Map<string, string>();
  selectCache.set(model, forModel);
  const hit = forModel.get(alias);
  if (hit) return hit;
  const cols: string[] = [];
  for (const f of model.fields) {
    if (f.column) {
      const c = `${alias}.${ident(f.column)}`;
      if (f.kind === 'ipaddress') cols.push(`ip_with_mask(${c}) AS ${ident(f.column)}`);
      else if (f.kind === 'list' && f.item === 'ipnetwork') cols.push(`${c}::text[] AS ${ident(f.column)}`);
      else cols.push(c);
    } else if (f.computed?.type === 'expr') {
      cols.push(`(${f.computed.sql}) AS ${ident(`__c_${f.name}`)}`);
    }
  }
  if (model.tree) cols.push(`${alias}._depth`);
  cols.push(`${displaySql(registry, model, alias)} AS __display`);
  const sql = cols.join(', ');
  forModel.set(alias, sql);
  return sql;
}

/** ORDER BY for a list of terms; names sort naturally, ties always break on id. */
export function orderSql(registry: Registry, model: ModelDef, terms: readonly OrderTerm[], alias = 't'): string {
  const parts: string[] = [];
  for (const t of terms) {
    const dir = t.desc ? ' DESC' : '';
    if (t.field === '_tree') {
      parts.push(`${alias}._sort${dir}`);
      continue;
    }
    if (t.field === 'id') {
      parts.push(`${alias}.id${dir}`);
      continue;
    }
    const f = registry.field(model, t.field);
    if (!f) continue;
    const nulls = t.nullsFirst ? ' NULLS FIRST' : '';
    if (f.column) {
      const c = `${alias}.${ident(f.column)}`;
      const natural = (f.kind === 'string' || f.kind === 'slug') && f.name === 'name';
      parts.push(`${natural ? `${c} COLLATE natural_sort` : c}${dir}${nulls}`);
    } else if (f.computed?.type === 'expr') {
      parts.push(`(${f.computed.sql})${dir}${nulls}`);
    } else if (f.computed?.type === 'tree_depth') {
      parts.push(`${alias}._depth${dir}`);
    }
  }
  if (!terms.some((t) => t.field === 'id')) parts.push(`${alias}.id`);
  return parts.join(', ');
}
