/**
 * The SELECT list of a model's rows. Values come out ready to render: addresses with
 * their mask, CIDR lists as text arrays, display and SQL-expression fields computed in the query.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { displaySql, rowExpression } from '../sql/index.ts';

// per model definition (not per key): two catalogues in one process never share SQL
const selectCache = new WeakMap<ModelDef, Map<string, string>>();

/**
 * Every stored column, computed expression and the display, or — with `names` — only what those
 * fields render from (a nested object needs a handful of columns, not the whole row).
 */
export function selectList(registry: Registry, model: ModelDef, alias = 't', names?: readonly string[]): string {
  const forModel = selectCache.get(model) ?? new Map<string, string>();
  selectCache.set(model, forModel);
  const key = names ? `${alias}|${names.join(',')}` : alias;
  const hit = forModel.get(key);
  if (hit) return hit;
  const wanted = names ? needed(model, names) : undefined;
  const cols: string[] = [];
  for (const f of model.fields) {
    if (wanted && !wanted.has(f.name)) continue;
    if (f.column) {
      const c = `${alias}.${ident(f.column)}`;
      if (f.kind === 'ipaddress') cols.push(`ip_with_mask(${c}) AS ${ident(f.column)}`);
      else if (f.kind === 'list' && f.item === 'ipnetwork') cols.push(`${c}::text[] AS ${ident(f.column)}`);
      else cols.push(c);
    } else if (f.kind === 'computed' && f.computed.type === 'expr') {
      cols.push(`${rowExpression(f.computed.sql, alias)} AS ${ident(`__c_${f.name}`)}`);
    }
  }
  if (model.tree && (!wanted || wanted.has('_depth'))) cols.push(`${alias}._depth`);
  cols.push(`${displaySql(registry, model, alias)} AS __display`);
  const sql = cols.join(', ');
  forModel.set(key, sql);
  return sql;
}

/** The fields whose columns the named fields render from. */
function needed(model: ModelDef, names: readonly string[]): Set<string> {
  const out = new Set<string>(['id', 'last_updated', ...names]);
  for (const f of model.fields) {
    if (!out.has(f.name)) continue;
    if (f.kind === 'generic') {
      out.add(f.typeColumn);
      out.add(f.idColumn);
    }
    if (f.kind === 'custom_fields') out.add('custom_fields');
    if (f.kind === 'computed') {
      const c = f.computed;
      if (c.type === 'copy') out.add(c.field);
      if (c.type === 'config_context' && c.local) out.add(c.local);
      if (c.type === 'cable' && c.part === 'occupied') out.add('mark_connected');
    }
    if (f.kind === 'image')
      for (const k of [f.upload.widthField, f.upload.heightField, f.upload.sizeField]) if (k) out.add(k);
  }
  return out;
}
