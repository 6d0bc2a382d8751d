/**
 * Related data carried in the page's own query, so a page is one round trip, not one per
 * relation: each wanted foreign key, many-to-many and tag list comes as JSON rows of its target
 * (`__e_<field>`), each direct count as a correlated count (`__k_<field>`). The renderers in
 * relations.ts and computed.ts use these columns when present.
 */
import {
  formModel,
  type FieldDef,
  type FkField,
  type M2mField,
  type ModelDef,
  type Registry,
  type TagsField,
} from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { selectList } from './select.ts';
import { rowExpression, countSql, ipCountSql, relationReach } from '../sql/index.ts';

const MAX_DEPTH = 2;
let counter = 0;
const next = () => `e${++counter}`;

/** The nested field names a relation renders with. */
export function nestedNames(registry: Registry, f: FkField | M2mField | TagsField): readonly string[] {
  if (f.kind === 'tags') return registry.model('extras.tag').nested;
  return f.nested ?? registry.model(f.to).nested;
}

/** The columns of `target`'s nested form for its row aliased `a`, with their own embedded relations. */
function nestedColumns(
  registry: Registry,
  target: ModelDef,
  names: readonly string[],
  a: string,
  depth: number,
): string {
  return `${selectList(registry, target, a, names)}${embedColumns(registry, target, names, a, depth + 1)}`;
}

/** One row of `target`, the one whose id is `id`. */
function oneRow(registry: Registry, target: ModelDef, names: readonly string[], id: string, depth: number): string {
  const a = next();
  return `(SELECT row_to_json(x)
    FROM (SELECT ${nestedColumns(registry, target, names, a, depth)}
    FROM ${ident(target.table)} ${a} WHERE ${a}.id = ${id}) x)`;
}

/** The rows a many-to-many field or tags reach from the row aliased `alias`, in order. */
function rowsOf(registry: Registry, model: ModelDef, f: M2mField | TagsField, alias: string, depth: number): string {
  const a = next();
  const r = relationReach(registry, model, f, a, next());
  const inner = `SELECT ${nestedColumns(registry, r.target, r.names, a, depth)},
    row_number() OVER (ORDER BY ${r.order}) AS __ord
    FROM ${r.from} WHERE ${r.and}${r.key} = ${alias}.id`;
  return `(SELECT coalesce(json_agg(row_to_json(x) ORDER BY x.__ord), '[]'::json) FROM (${inner}) x)`;
}

function embedExpr(registry: Registry, model: ModelDef, f: FieldDef, alias: string, depth: number): string | undefined {
  switch (f.kind) {
    case 'fk': {
      if (f.plain) return undefined; // its id is the row's column
      const target = formModel(registry.model(f.to), f);
      return oneRow(registry, target, nestedNames(registry, f), `${alias}.${ident(f.column)}`, depth);
    }
    case 'm2m':
    case 'tags':
      return rowsOf(registry, model, f, alias, depth);
    case 'computed': {
      const c = f.computed;
      if (c.type === 'ip_depth' || c.type === 'ip_children') return ipCountSql(registry, model, c, alias, next);
      if (c.type === 'expr' && c.as === 'fk') {
        // the object an expression names (a field's old name for a relation), as a foreign key's
        const target = formModel(registry.targetOf(model, f.name), f);
        return oneRow(registry, target, f.nested ?? target.nested, rowExpression(c.sql, alias, true), depth);
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
  let forModel = cache.get(model);
  if (!forModel) cache.set(model, (forModel = new Map<string, string>()));
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
