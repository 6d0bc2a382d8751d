/**
 * Filters that name other rows: a relation's targets by id or natural key (trees with their descendants),
 * many-to-many links and tags. A named row must exist, or the value is refused as NetBox's choice
 * fields refuse it.
 */
import type { M2mFilter, ModelDef, RelationFilter, TagFilter } from '../catalogue/index.ts';
import { ident, query, readOptions, tables } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { any } from './compare.ts';
import { naturalKeyOf } from './columns.ts';
import { FilterValueError, parseInteger, parseIp } from './values.ts';

/** That every value names an object of `target` (NetBox's "Select a valid choice"), now or deferred (ctx.defer). */
async function checkExisting(
  ctx: FilterContext,
  target: ModelDef,
  column: string,
  values: unknown[],
  type: string,
): Promise<void> {
  const check = missingOf(ctx, target, column, values, type);
  if (ctx.defer) ctx.defer(check);
  else await check;
}

async function missingOf(
  ctx: FilterContext,
  target: ModelDef,
  column: string,
  values: unknown[],
  type: string,
): Promise<void> {
  // one text per target, key and type: named, so PostgreSQL plans it once per connection
  const text = `SELECT DISTINCT ${ident(column)}::text AS v FROM ${ident(target.table)}
    WHERE ${ident(column)} = ANY($1::${type}[])`;
  const found = await query(ctx.db, text, [values], readOptions(text));
  const have = new Set(found.map((r) => r.v as string));
  const missing = values.map(String).filter((v) => !have.has(v));
  if (missing.length)
    throw new FilterValueError(`Select a valid choice. ${missing[0]} is not one of the available choices.`);
}

/** SQL types of natural keys that are not text (an IP address's `address`, an L2VPN's `identifier`). */
const naturalTypes: Record<string, string> = {
  integer: 'bigint',
  bigint: 'bigint',
  ipaddress: 'inet',
  ipnetwork: 'inet',
};

/** An address as PostgreSQL prints an inet (a host without a mask gets its full one). */
function parseInet(v: string): string {
  const ip = parseIp(v);
  return `${ip.host}/${ip.mask ?? (ip.family === 4 ? 32 : 128)}`;
}

/** Ids of target rows (and, for trees, all their descendants) named by the filter values. */
async function relationIds(
  ctx: FilterContext,
  f: RelationFilter | M2mFilter,
  values: string[],
): Promise<{ sql: string; nulls: boolean }> {
  const target = ctx.registry.model(f.target);
  const nulls = values.includes('null');
  const rest = values.filter((v) => v !== 'null');
  const natural = f.kind === 'fk_natural' || f.kind === 'tree_natural' || f.kind === 'm2m_natural';
  const tree = f.kind === 'tree' || f.kind === 'tree_natural' || ('tree' in f && !!f.tree);
  if (rest.length === 0) return { sql: '', nulls };
  let idsSql: string;
  if (natural) {
    const nk = naturalKeyOf(ctx.registry, target, f.natural);
    const type = naturalTypes[nk.kind] ?? 'text';
    const parsed = type === 'bigint' ? rest.map(parseInteger) : type === 'inet' ? rest.map(parseInet) : rest;
    await checkExisting(ctx, target, nk.column, parsed, type);
    idsSql = `SELECT id FROM ${ident(target.table)} WHERE ${ident(nk.column)} = ${any(ctx, parsed, type)}`;
  } else {
    const ids = rest.map(parseInteger);
    await checkExisting(ctx, target, 'id', ids, 'bigint');
    idsSql = `SELECT unnest(${ctx.params.add(ids)}::bigint[])`;
  }
  if (tree) idsSql = `SELECT d.id FROM ${ident(target.table)} d WHERE d._path && ARRAY(${idsSql})`;
  return { sql: idsSql, nulls };
}

/** The object's tags, by slug or id. */
export async function tagCondition(ctx: FilterContext, call: FilterCall<TagFilter>): Promise<string> {
  const { filter: f, values, alias } = call;
  const column = f.kind === 'tag' ? 'slug' : 'id';
  const parsed = f.kind === 'tag' ? values : values.map(parseInteger);
  const type = f.kind === 'tag' ? 'text' : 'bigint';
  await checkExisting(ctx, ctx.registry.model('extras.tag'), column, parsed, type);
  const ct = ctx.params.add(call.model.key);
  // every tag must be present (AND), as NetBox's tag filter does; tag__any: one of them
  return parsed
    .map(
      (v) => `EXISTS (SELECT 1 FROM ${tables.taggedItem} ti JOIN ${tables.tag} g ON g.id = ti.tag_id
      WHERE ti.object_type = ${ct} AND ti.object_id = ${alias}.id AND g.${column} = ${ctx.params.add(v)}::${type})`,
    )
    .join(call.lookup === 'any' ? ' OR ' : ' AND ');
}

/** The rows a relation filter names (`col`: the row's reference), by id or natural key. */
export async function relationCondition(
  ctx: FilterContext,
  call: FilterCall<RelationFilter | M2mFilter>,
  col: string,
): Promise<string> {
  const { filter: f, alias } = call;
  const { sql, nulls } = await relationIds(ctx, f, call.values);
  const parts: string[] = [];
  if (f.kind === 'm2m' || f.kind === 'm2m_natural') {
    const th = f.through;
    if (sql)
      parts.push(`${alias}.id IN (SELECT ${ident(th.source)} FROM ${ident(th.table)}
      WHERE ${ident(th.target)} IN (${sql}))`);
    if (nulls) parts.push(`NOT EXISTS (SELECT 1 FROM ${ident(th.table)} WHERE ${ident(th.source)} = ${alias}.id)`);
  } else {
    if (sql) parts.push(`${col} IN (${sql})`);
    if (nulls) parts.push(`${col} IS NULL`);
  }
  return parts.join(' OR ');
}
