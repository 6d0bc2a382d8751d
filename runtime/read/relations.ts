/**
 * Related objects on the read path, each kind one batched query per page (or none, where the page's query
 * embedded them: embed.ts): a row's foreign keys, many-to-many fields, generic relations, tags and
 * children; and the shapes they and the computed values share: the nested object a row references,
 * lists of nested objects by the row they belong to, and objects of any catalogued type by `type:id`.
 * They nest with the read's own functions (NestingContext), which serialize.ts hands them.
 */
import {
  formModel,
  type ChildrenField,
  type FkField,
  type GenericField,
  type M2mField,
  type ModelDef,
  type TagsField,
} from '../catalogue/index.ts';
import { ident, type Row, type SqlParam, query, tables } from '../db/index.ts';
import { refKey, type Ref } from '../cables/index.ts';
import { pushTo } from '../collections.ts';
import { orderPlan } from '../sql/index.ts';
import { embeddedKey, nestedNames } from './embed.ts';
import type { NestingContext } from './serialize.ts';

type Json = Record<string, unknown>;
type Render = (row: Row) => unknown;
export type Relation = FkField | M2mField | GenericField | TagsField;

/** Nested representations of objects of any catalogued type, by `type:id`, each in the form `names` gives. */
export async function nestedRefs(
  ctx: NestingContext,
  refs: readonly Ref[],
  names: (m: ModelDef) => readonly string[] = (m) => m.nested,
): Promise<Map<string, Json>> {
  const byType = new Map<string, number[]>();
  for (const r of refs) if (ctx.registry.has(r.type)) pushTo(byType, r.type, r.id);
  const out = new Map<string, Json>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const m = ctx.registry.model(type);
      for (const [id, o] of await ctx.fetchNested(ctx, m, names(m), ids)) out.set(refKey({ type, id }), o);
    }),
  );
  return out;
}

/**
 * The nested object of `target` each row references in `column`: rendered from the row the page's query
 * embedded (`embedded`) where it did, else fetched in one batched query.
 */
export async function nestedReference(
  ctx: NestingContext,
  target: ModelDef,
  names: readonly string[],
  rows: Row[],
  ref: { readonly column: string; readonly embedded: string },
): Promise<Render> {
  const map =
    rows.length && ref.embedded in rows[0]
      ? await ctx.renderEmbedded(
          ctx,
          target,
          names,
          rows.map((r) => r[ref.embedded]),
        )
      : await ctx.fetchNested(
          ctx,
          target,
          names,
          rows.map((r) => r[ref.column]),
        );
  return (r) => map.get(r[ref.column] as number) ?? null;
}

/** One batched query of the page's rows, `ids` (none when the page is empty). */
export async function pageQuery(ctx: NestingContext, ids: unknown[], sql: string, params: SqlParam[]): Promise<Row[]> {
  return ids.length ? query(ctx.db, sql, params) : [];
}

/**
 * The nested objects of `target` that links (`{owner, id}` rows) name, listed under the row each belongs
 * to (`owner`), in the links' order.
 */
export async function nestedLists(
  ctx: NestingContext,
  target: ModelDef,
  names: readonly string[],
  links: Row[],
): Promise<Render> {
  const map = await ctx.fetchNested(
    ctx,
    target,
    names,
    links.map((l) => l.id),
  );
  const by = new Map<number, Json[]>();
  for (const l of links) {
    const o = map.get(Number(l.id));
    if (o) pushTo(by, Number(l.owner), o);
  }
  return (r) => by.get(Number(r.id)) ?? [];
}

/**
 * The rows of `target` a link table pairs with each of the page's rows (`ids`, in its column `own`;
 * the target's in `other`), in the target's own ordering, as NetBox lists related objects.
 */
export async function throughLists(
  ctx: NestingContext,
  target: ModelDef,
  names: readonly string[],
  ids: unknown[],
  link: { readonly table: string; readonly own: string; readonly other: string },
): Promise<Render> {
  const o = orderPlan(ctx.registry, target, target.ordering, 'e');
  const [own, other] = [ident(link.own), ident(link.other)];
  const links = await pageQuery(
    ctx,
    ids,
    `SELECT l.${own} AS owner, l.${other} AS id FROM ${ident(link.table)} l
          JOIN ${ident(target.table)} e ON e.id = l.${other}${o.joins}
          WHERE l.${own} = ANY($1::bigint[]) ORDER BY ${o.order}`,
    [ids],
  );
  return nestedLists(ctx, target, names, links);
}

/** A many-to-many field or the tags the page's query embedded: each row's list, rendered. */
async function embeddedLists(ctx: NestingContext, f: M2mField | TagsField, rows: Row[], key: string): Promise<Render> {
  const { registry } = ctx;
  const target = f.kind === 'tags' ? registry.model('extras.tag') : formModel(registry.model(f.to), f);
  const lists = rows.map((r) => (r[key] ?? []) as Row[]);
  const map = await ctx.renderEmbedded(ctx, target, nestedNames(registry, f), lists.flat());
  const by = new Map(
    rows.map((r, i) => [r.id as number, lists[i].map((x) => map.get(x.id as number)).filter((o) => o !== undefined)]),
  );
  return (r) => by.get(r.id as number) ?? [];
}

/** The object's tags, in their weight and name order. */
async function tagLists(ctx: NestingContext, model: ModelDef, rows: Row[]): Promise<Render> {
  const tag = ctx.registry.model('extras.tag');
  const ids = rows.map((r) => r.id);
  const links = await pageQuery(
    ctx,
    ids,
    `SELECT ti.object_id AS owner, ti.tag_id AS id FROM ${tables.taggedItem} ti
            JOIN ${tables.tag} g ON g.id = ti.tag_id
           WHERE ti.object_type = $1 AND ti.object_id = ANY($2::bigint[]) ORDER BY g.weight, g.name, g.id`,
    [model.key, ids],
  );
  return nestedLists(ctx, tag, tag.nested, links);
}

/** A relation field's nested objects (a foreign key's object, a list's objects; the object a generic names). */
export async function relationRenderer(
  ctx: NestingContext,
  model: ModelDef,
  f: Relation,
  rows: Row[],
): Promise<Render> {
  const { registry } = ctx;
  switch (f.kind) {
    case 'fk': {
      // a relation NetBox leaves to DRF: its id
      const column = f.column;
      if (f.plain) return (r) => r[column] ?? null;
      const target = formModel(registry.model(f.to), f);
      return nestedReference(ctx, target, f.nested ?? target.nested, rows, { column, embedded: embeddedKey(f) });
    }
    case 'm2m':
    case 'tags': {
      const key = embeddedKey(f);
      if (rows.length && key in rows[0]) return embeddedLists(ctx, f, rows, key);
      if (f.kind === 'tags') return tagLists(ctx, model, rows);
      const target = formModel(registry.model(f.to), f);
      const link = { table: f.through.table, own: f.through.source, other: f.through.target };
      return throughLists(
        ctx,
        target,
        f.nested ?? target.nested,
        rows.map((r) => r.id),
        link,
      );
    }
    case 'generic': {
      const refs = rows.map((r) => ({ type: r[f.typeColumn] as string, id: r[f.idColumn] as number }));
      const map = await nestedRefs(ctx, refs, (m) => m.genericNested ?? m.nested);
      return (r) => map.get(refKey({ type: r[f.typeColumn] as string, id: r[f.idColumn] as number })) ?? null;
    }
  }
}

/** A children field: `{object_type, object_id, object}` for each child row, in creation order. */
export async function childrenRenderer(ctx: NestingContext, f: ChildrenField, rows: Row[]): Promise<Render> {
  const { registry } = ctx;
  const child = registry.model(f.to);
  const { via, where, item } = f.children;
  const g = registry.fieldOfKind(child, item, 'generic');
  const parent = ident(registry.columnOf(child, via));
  const whereSql = Object.keys(where)
    .map((k, n) => ` AND ${ident(registry.columnOf(child, k))} = $${n + 2}`)
    .join('');
  const ids = rows.map((r) => r.id);
  const links = await pageQuery(
    ctx,
    ids,
    `SELECT ${parent} AS p, ${ident(g.typeColumn)} AS t,
        ${ident(g.idColumn)} AS o FROM ${ident(child.table)}
        WHERE ${parent} = ANY($1::bigint[])${whereSql} ORDER BY id`,
    [ids, ...Object.values(where)],
  );
  const refs = links.map((l) => ({ type: l.t as string, id: Number(l.o) }));
  const map = await nestedRefs(ctx, refs);
  const by = new Map<number, Json[]>();
  links.forEach((l, i) => {
    const ref = refs[i];
    pushTo(by, Number(l.p), { object_type: l.t, object_id: ref.id, object: map.get(refKey(ref)) ?? null });
  });
  return (r) => by.get(Number(r.id)) ?? [];
}
