/**
 * Related data carried in the page's own query, so a page is one round trip, not one per
 * relation: each wanted foreign key, many-to-many and tag list comes as JSON rows of its target
 * (`__e_<field>`), each direct count as a correlated count (`__k_<field>`). The renderers in
 * serialize.ts and computed.ts use these columns when present.
 */
import type { FieldDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, literal } from '../db/index.ts';
import { selectList } from './select.ts';
import { tables } from '../db/tables.ts';
import { countSql, ipCountSql } from './count-sql.ts';

const MAX_DEPTH = 2;
let counter = 0;
const next = () => `e${++counter}`;

/** The nested field names a relation renders with. */
export function nestedNames(registry: Registry, f: FieldDef): readonly string[] {
  if (f.kind === 'tags') return registry.model('extras.tag').nested;
  const target = registry.model(f.to!);
  return f.nested ?? target.nested;
}

function rowsOf(
  registry: Registry,
  target: ModelDef,
  names: readonly string[],
  a: string,
  from: string,
  where: string,
  order: string,
  depth: number,
): string {
  const columns = `${selectList(registry, target, a, names)}${embedColumns(registry, target, names, a, depth + 1)}`;
  const inner = `SELECT ${columns}, ${order} AS __ord FROM ${from} WHERE ${where}`;
  return `(SELECT coalesce(json_agg(row_to_json(x) ORDER BY x.__ord), '[]'::json) FROM (${inner}) x)`;
}

function embedExpr(registry: Registry, model: ModelDef, f: FieldDef, alias: string, depth: number): string | undefined {
  switch (f.kind) {
    case 'fk': {
      const target = registry.model(f.to!);
      const a = next();
      const names = nestedNames(registry, f);
      return `(SELECT row_to_json(x)
        FROM (SELECT ${selectList(registry, target, a, names)}${embedColumns(registry, target, names, a, depth + 1)}
        FROM ${ident(target.table)} ${a} WHERE ${a}.id = ${alias}.${ident(f.column!)}) x)`;
    }
    case 'm2m': {
      const target = registry.model(f.to!);
      const th = f.through!;
      const a = next();
      const l = next();
      return rowsOf(
        registry,
        target,
        nestedNames(registry, f),
        a,
        `${ident(th.table)} ${l} JOIN ${ident(target.table)} ${a} ON ${a}.id = ${l}.${ident(th.target)}`,
        `${l}.${ident(th.source)} = ${alias}.id`,
        `${l}.id`,
        depth,
      );
    }
    case 'tags': {
      const tag = registry.model('extras.tag');
      const a = next();
      const l = next();
      return rowsOf(
        registry,
        tag,
        tag.nested,
        a,
        `${tables.taggedItem} ${l} JOIN ${tables.tag} ${a} ON ${a}.id = ${l}.tag_id`,
        `${l}.object_type = ${literal(model.key)} AND ${l}.object_id = ${alias}.id`,
        `row(${a}.weight,
          ${a}.name, ${a}.id)`,
        depth,
      );
    }
    case 'computed': {
      const c = f.computed!;
      if (c.type === 'ip_depth' || c.type === 'ip_children') return ipCountSql(registry, model, c, alias, next);
      if (c.type === 'expr' && c.as === 'fk') {
        // the object an expression names (a field's old name for a relation), as a foreign key's
        const target = registry.model(c.to!);
        const a = next();
        const names = target.nested;
        return `(SELECT row_to_json(x)
          FROM (SELECT ${selectList(registry, target, a, names)}${embedColumns(registry, target, names, a, depth + 1)}
          FROM ${ident(target.table)} ${a} WHERE ${a}.id = (SELECT (${c.sql}) FROM (SELECT ${alias}.*) AS t)) x)`;
      }
      if (c.type !== 'count' || c.cumulative) return undefined;
      return countSql(registry, model, c, alias, next);
    }
    default:
      return undefined;
  }
}

export const embeddedKey = (f: FieldDef) => (f.kind === 'computed' ? `__k_${f.name}` : `__e_${f.name}`);

// per model definition and field set (not per key: two catalogues in one process never share SQL)
const cache = new WeakMap<ModelDef, Map<string, string>>();

/** `, <expr> AS "__e_x", …` for the wanted fields of `model` (read as `alias`); '' when nothing is embedded. */
export function embedColumns(
  registry: Registry,
  model: ModelDef,
  names: readonly string[],
  alias = 't',
  depth = 0,
): string {
  if (depth >= MAX_DEPTH) return '';
  const forModel = cache.get(model) ?? new Map<string, string>();
  cache.set(model, forModel);
  const key = `${alias}|${depth}|${names.join(',')}`;
  const hit = forModel.get(key);
  if (hit !== undefined) return hit;
  const wanted = new Set(names);
  const parts: string[] = [];
  for (const f of model.fields) {
    if (!wanted.has(f.name) || f.hidden || f.writeOnly) continue;
    const e = embedExpr(registry, model, f, alias, depth);
    if (e) parts.push(`${e} AS ${ident(embeddedKey(f))}`);
  }
  const sql = parts.map((p) => `, ${p}`).join('');
  forModel.set(key, sql);
  return sql;
}
