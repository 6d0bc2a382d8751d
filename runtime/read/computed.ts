/** Computed read-only values: one grouped query per field per page. */
import type { SqlParam } from '../db/index.ts';
import { formModel, type ComputedDef, type ComputedField, type ModelDef } from '../catalogue/index.ts';
import { ident, type Row, query } from '../db/index.ts';
import type { NestingContext, ReadContext } from './serialize.ts';
import { embeddedKey } from './embed.ts';
import { cableRenderer } from './cabling.ts';
import { configContextRenderer } from './config-context.ts';
import { pushTo } from '../collections.ts';
import { orderPlan, countReach, ownerColumn, reverseRelation, subtreeCount } from '../sql/index.ts';

type Render = (row: Row) => unknown;
type Count = Extract<ComputedDef, { type: 'count' }>;

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
  const r = countReach(ctx.registry, model, c, 'x');
  return countsBy(
    ctx,
    `SELECT ${r.key} AS k, count(*)::int AS n FROM ${r.from} WHERE ${r.and}${r.key} = ANY($1::bigint[]) GROUP BY 1`,
    ids,
  );
}

export async function loadComputed(
  ctx: NestingContext,
  model: ModelDef,
  f: ComputedField,
  rows: Row[],
): Promise<Render> {
  const { fetchNested, renderEmbedded } = ctx;
  const c = f.computed;
  const ids = rows.map((r) => r.id);
  const t = ident(model.table);
  switch (c.type) {
    case 'tree_depth':
      return (r) => r._depth ?? 0;
    case 'copy':
      return (r) => r.__display;
    case 'expr': {
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
        const embedded = embeddedKey(f);
        const map =
          rows.length && embedded in rows[0]
            ? await renderEmbedded(
                ctx,
                target,
                f.nested ?? target.nested,
                rows.map((r) => r[embedded]),
              )
            : await fetchNested(
                ctx,
                target,
                f.nested ?? target.nested,
                rows.map((r) => r[key]),
              );
        return (r) => map.get(r[key] as number) ?? null;
      }
      return (r) => r[key] ?? null;
    }
    case 'count': {
      // a subtree count reads 0 in a nested object, as NetBox's (its annotation is the list's alone)
      if (ctx.nested && c.cumulative) return () => 0;
      const key = embeddedKey(f);
      if (rows.length && key in rows[0]) return (r) => r[key] ?? 0;
      const map = await counts(ctx, model, c, ids);
      return (r) => map.get(r.id as number) ?? 0;
    }
    case 'ip_depth':
    case 'ip_children': {
      const key = embeddedKey(f);
      if (rows.length && key in rows[0]) return (r) => r[key] ?? 0;
      const col = ident(ctx.registry.columnOf(model, c.field));
      const vrf = ident(ctx.registry.columnOf(model, c.vrf));
      const rel = c.type === 'ip_depth' ? '>>' : '<<';
      const agg = c.type === 'ip_depth' ? `count(DISTINCT a.${col})::int` : 'count(*)::int';
      const map = await countsBy(
        ctx,
        `SELECT p.id AS k, ${agg} AS n FROM ${t} p
        JOIN ${t} a ON a.${col} ${rel} p.${col} AND a.${vrf} IS NOT DISTINCT FROM p.${vrf}
        WHERE p.id = ANY($1::bigint[]) GROUP BY p.id`,
        ids,
      );
      return (r) => map.get(r.id as number) ?? 0;
    }
    case 'cable':
      return cableRenderer(ctx, model, c.part, rows, f.plain === true);
    case 'config_context':
      return configContextRenderer(ctx, model, c, rows);
    case 'reverse_list': {
      const { target, tf } = reverseRelation(ctx.registry, c);
      // in the target's own ordering, as NetBox lists related objects
      const order = orderPlan(ctx.registry, target, target.ordering, 'e');
      if (tf.kind === 'm2m') {
        // the rows of the target that list this object in their many-to-many field
        const th = tf.through;
        const links = ids.length
          ? await query(
              ctx.db,
              `SELECT l.${ident(th.source)} AS id, l.${ident(th.target)} AS o FROM ${ident(th.table)} l
          JOIN ${ident(target.table)} e ON e.id = l.${ident(th.source)}${order.joins}
          WHERE l.${ident(th.target)} = ANY($1::bigint[]) ORDER BY ${order.order}`,
              [ids],
            )
          : [];
        const map = await fetchNested(
          ctx,
          formModel(target, f),
          f.nested ?? target.nested,
          links.map((l) => l.id),
        );
        const by = new Map<number, unknown[]>();
        for (const l of links) pushTo(by, Number(l.o), map.get(Number(l.id)));
        return (r) => by.get(Number(r.id)) ?? [];
      }
      // over a foreign key, or a generic relation naming this model
      const col = ident(ownerColumn(tf));
      const typeCond = tf.kind === 'generic' ? ` AND e.${ident(tf.typeColumn)} = $2` : '';
      const links = ids.length
        ? await query(
            ctx.db,
            `SELECT e.id, e.${col} AS o FROM ${ident(target.table)} e${order.joins}
        WHERE e.${col} = ANY($1::bigint[])${typeCond} ORDER BY ${order.order}`,
            tf.kind === 'generic' ? [ids, model.key] : [ids],
          )
        : [];
      const map = await fetchNested(
        ctx,
        formModel(target, f),
        f.nested ?? target.nested,
        links.map((l) => l.id),
      );
      const by = new Map<number, unknown[]>();
      for (const l of links) pushTo(by, l.o as number, map.get(l.id as number));
      return (r) => by.get(r.id as number) ?? [];
    }
  }
}
