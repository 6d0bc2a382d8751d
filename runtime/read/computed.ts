/** Computed read-only values: one grouped query per field per page, a renderer per kind (`loaders`). */
import type { SqlParam } from '../db/index.ts';
import { formModel, type ComputedDef, type ComputedField, type ModelDef } from '../catalogue/index.ts';
import { ident, type Row, query } from '../db/index.ts';
import type { NestingContext, ReadContext } from './serialize.ts';
import { embeddedKey } from './embed.ts';
import { cableRenderer } from './cabling.ts';
import { configContextRenderer } from './config-context.ts';
import { nestedLists, nestedReference, pageQuery, throughLists } from './relations.ts';
import { orderPlan, countReach, ownerColumn, reverseRelation, subtreeCount } from '../sql/index.ts';

type Render = (row: Row) => unknown;
type Of<T extends ComputedDef['type']> = Extract<ComputedDef, { type: T }>;
type Count = Of<'count'>;

async function countsBy(
  ctx: ReadContext,
  sql: string,
  ids: unknown[],
  extra: SqlParam[] = [],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await query(ctx.db, sql, [ids, ...extra]);
  return new Map(rows.map((r) => [r.k as number, r.n as number]));
}

/** The direct or cumulative count `c` of each of the objects with these ids that has any. */
async function counts(ctx: ReadContext, model: ModelDef, c: Count, ids: unknown[]): Promise<Map<number, number>> {
  if (c.cumulative) {
    const { value, from } = subtreeCount(ctx.registry, model, c, 'd', 'x');
    return countsBy(
      ctx,
      `SELECT n.id AS k, ${value} AS n FROM ${from} JOIN ${ident(model.table)} n ON d._path @> ARRAY[n.id]
          WHERE n.id = ANY($1::bigint[]) GROUP BY n.id`,
      ids,
    );
  }
  if (c.column) {
    const sql = `SELECT id AS k, ${ident(c.column)} AS n FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`;
    return countsBy(ctx, sql, ids);
  }
  const r = countReach(ctx.registry, model, c, 'x');
  return countsBy(
    ctx,
    `SELECT ${r.key} AS k, count(*)::int AS n FROM ${r.from} WHERE ${r.and}${r.key} = ANY($1::bigint[]) GROUP BY 1`,
    ids,
  );
}

/** The renderer of one computed kind, given the field's value narrowed to it (`c`, the field's `computed`). */
type Loader<C extends ComputedDef> = (
  ctx: NestingContext,
  model: ModelDef,
  f: ComputedField,
  c: C,
  rows: Row[],
) => Render | Promise<Render>;

/** An expression the page's query computed (`__c_<name>`), read as its `as` says. */
const exprRenderer: Loader<Of<'expr'>> = async (ctx, model, f, c, rows) => {
  const key = `__c_${f.name}`;
  // a plain choice (a nested form's): the bare value, below
  if (c.as === 'choice' && !f.plain) {
    const set = c.choices;
    return (r) =>
      r[key] === null || r[key] === undefined
        ? null
        : { value: r[key], label: ctx.registry.choice(set, r[key] as string)?.label ?? '' };
  }
  if (c.as === 'decimal') return (r) => (r[key] === null || r[key] === undefined ? null : Number(r[key]));
  if (c.as === 'fk') {
    const target = formModel(ctx.registry.targetOf(model, f.name), f);
    return nestedReference(ctx, target, f.nested ?? target.nested, rows, { column: key, embedded: embeddedKey(f) });
  }
  return (r) => r[key] ?? null;
};

/** A computed count: embedded in the page's query, or one grouped query. */
const countRenderer: Loader<Count> = async (ctx, model, f, c, rows) => {
  // a subtree count reads 0 in a nested object, as NetBox's (its annotation is the list's alone)
  if (ctx.nested && c.cumulative) return () => 0;
  const key = embeddedKey(f);
  if (rows.length && key in rows[0]) return (r) => r[key] ?? 0;
  const map = await counts(
    ctx,
    model,
    c,
    rows.map((r) => r.id),
  );
  return (r) => map.get(r.id as number) ?? 0;
};

/** A prefix's depth (the prefixes containing it) or its children (those it contains), in its VRF. */
const ipCountRenderer: Loader<Of<'ip_depth' | 'ip_children'>> = async (ctx, model, f, c, rows) => {
  const key = embeddedKey(f);
  if (rows.length && key in rows[0]) return (r) => r[key] ?? 0;
  const t = ident(model.table);
  const col = ident(ctx.registry.columnOf(model, c.field));
  const vrf = ident(ctx.registry.columnOf(model, c.vrf));
  const rel = c.type === 'ip_depth' ? '>>' : '<<';
  const agg = c.type === 'ip_depth' ? `count(DISTINCT a.${col})::int` : 'count(*)::int';
  const map = await countsBy(
    ctx,
    `SELECT p.id AS k, ${agg} AS n FROM ${t} p
        JOIN ${t} a ON a.${col} ${rel} p.${col} AND a.${vrf} IS NOT DISTINCT FROM p.${vrf}
        WHERE p.id = ANY($1::bigint[]) GROUP BY p.id`,
    rows.map((r) => r.id),
  );
  return (r) => map.get(r.id as number) ?? 0;
};

/** The rows of another model that reference each row, in that model's own ordering, nested. */
const reverseListRenderer: Loader<Of<'reverse_list'>> = async (ctx, model, f, c, rows) => {
  const { target, tf } = reverseRelation(ctx.registry, c);
  const form = formModel(target, f);
  const names = f.nested ?? target.nested;
  const ids = rows.map((r) => r.id);
  // the rows of the target that list this object in their many-to-many field
  if (tf.kind === 'm2m') {
    const link = { table: tf.through.table, own: tf.through.target, other: tf.through.source };
    return throughLists(ctx, form, names, ids, link);
  }
  // over a foreign key, or a generic relation naming this model
  const order = orderPlan(ctx.registry, target, target.ordering, 'e');
  const col = ident(ownerColumn(tf));
  const typeCond = tf.kind === 'generic' ? ` AND e.${ident(tf.typeColumn)} = $2` : '';
  const links = await pageQuery(
    ctx,
    ids,
    `SELECT e.id, e.${col} AS owner FROM ${ident(target.table)} e${order.joins}
        WHERE e.${col} = ANY($1::bigint[])${typeCond} ORDER BY ${order.order}`,
    tf.kind === 'generic' ? [ids, model.key] : [ids],
  );
  return nestedLists(ctx, form, names, links);
};

/** Each computed kind's renderer. */
const loaders: { readonly [T in ComputedDef['type']]: Loader<Of<T>> } = {
  tree_depth: () => (r) => r._depth ?? 0,
  copy: () => (r) => r.__display,
  expr: exprRenderer,
  count: countRenderer,
  ip_depth: ipCountRenderer,
  ip_children: ipCountRenderer,
  cable: (ctx, model, f, c, rows) => cableRenderer(ctx, model, c.part, rows, f.plain === true),
  config_context: (ctx, model, _f, c, rows) => configContextRenderer(ctx, model, c, rows),
  reverse_list: reverseListRenderer,
};

export async function loadComputed(
  ctx: NestingContext,
  model: ModelDef,
  f: ComputedField,
  rows: Row[],
): Promise<Render> {
  // each loader takes the kind it is listed under (the table's type says so)
  const load = loaders[f.computed.type] as Loader<ComputedDef>;
  return load(ctx, model, f, f.computed, rows);
}
