/** GET on list and detail URLs: filters, permission constraints, paging and shaping in SQL. */
import type { Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, Params, readOptions, type Row, query, totalSql, type Tx } from '../db/index.ts';
import type { AppEnv, Services } from '../http/env.ts';
import { readContext } from '../http/read-context.ts';
import { notFound } from '../errors/index.ts';
import { respondText } from '../http/render.ts';
import { buildWhereChecked } from '../filters/index.ts';
import {
  selectList,
  embedColumns,
  serialize,
  type ReadContext,
  renderText,
  textPlan,
  textScope,
} from '../read/index.ts';
import { orderPlan } from '../sql/index.ts';
import { authorize } from '../auth/index.ts';
import { cursorUrl, pageUrl, parseCursor, parseOrdering, parsePage, shapeFields } from './shape.ts';
import { last } from '../collections.ts';

export function allowHeader(model: ModelDef, list: boolean): string {
  if (model.readOnly) return 'GET, HEAD, OPTIONS';
  return list ? 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS' : 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
}

/** Serializes rows and lets the model's read hook adjust them (token plaintext retrieval). */
export function render(
  c: Context<AppEnv>,
  model: ModelDef,
  rows: Row[],
  names: readonly string[],
): Promise<Record<string, unknown>[]> {
  return renderWith(c.var.services, readContext(c), model, rows, names);
}

async function renderWith(
  services: Services,
  ctx: ReadContext,
  model: ModelDef,
  rows: Row[],
  names: readonly string[],
): Promise<Record<string, unknown>[]> {
  const objects = await serialize(ctx, model, rows, names);
  const hook = model.hooks ? services.hooks.get(model.hooks)?.read : undefined;
  // serialize gives one object per row, in order
  if (hook) objects.forEach((o, i) => hook(services.settings, rows[i], o));
  return objects;
}

/** The columns a page needs: only those of the wanted fields, unless a read hook looks at the whole row. */
function selectFor(services: Services, model: ModelDef, names: readonly string[]): string {
  const { registry, hooks } = services;
  const whole = model.hooks && hooks.get(model.hooks)?.read;
  return selectList(registry, model, 't', whole ? undefined : names);
}

/** The objects with these ids, rendered with `names`, in the order of `ids`. */
export async function fetchObjects(
  c: Context<AppEnv>,
  model: ModelDef,
  ids: number[],
  names?: readonly string[],
): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const { registry } = c.var.services;
  const wanted = names ?? shapeFields(model, new URLSearchParams());
  const rows = await query(
    c.var.tx,
    `SELECT ${selectList(registry, model)}${embedColumns(registry, model, wanted)}
    FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[])`,
    [ids],
  );
  const objects = await render(c, model, rows as unknown as Row[], wanted);
  const byId = new Map(objects.map((o) => [o.id as number, o]));
  return ids.map((id) => byId.get(id)).filter((o) => o !== undefined);
}

/** Parses a detail URL's id; anything but a positive integer is "Not found." */
export function pathId(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw notFound();
  return Number(raw);
}

export function noMatch(model: ModelDef): never {
  throw notFound(`No ${model.className} matches the given query.`);
}

/**
 * How a response's objects are written: by PostgreSQL as JSON text where it can (read/text.ts), or
 * as objects in the server (JSON_IN_DATABASE=false, or a model whose read hook changes its objects).
 */
export interface Output {
  /** the SELECT list of the row aliased `t` */
  readonly select: string;
  /** the rows of `source` (ids `k.__id` in order `k.__pos`), each with `select` */
  page(source: string): string;
  /** each row's object as JSON text */
  render(rows: Row[]): Promise<string[]>;
}

function outputFor(c: Context<AppEnv>, model: ModelDef, names: readonly string[], page = false): Promise<Output> {
  return outputWith(c.var.services, readContext(c), model, names, page);
}

/** The output of `names` of `model`'s rows, read on `ctx.db` (outside a request: the change stream). */
export async function outputWith(
  services: Services,
  ctx: ReadContext,
  model: ModelDef,
  names: readonly string[],
  page = false,
): Promise<Output> {
  const { registry, hooks, settings } = services;
  const table = ident(model.table);
  if (settings.jsonInDatabase && !(model.hooks && hooks.get(model.hooks)?.read)) {
    const plan = textPlan(await textScope(ctx, model, names), model, names, page);
    return {
      select: plan.select,
      page: (source) =>
        `WITH p AS MATERIALIZED (SELECT k.__pos, t.* FROM ${source} JOIN ${table} t ON t.id = k.__id)` +
        `${plan.with.map((w) => `, ${w}`).join('')}
        SELECT ${plan.select} FROM p t${plan.joins} ORDER BY t.__pos`,
      render: (rows) => renderText(ctx, model, plan, rows),
    };
  }
  const select = `${selectFor(services, model, names)}${embedColumns(registry, model, names)}`;
  return {
    select,
    page: (source) => `SELECT ${select} FROM ${source} JOIN ${table} t ON t.id = k.__id ORDER BY k.__pos`,
    render: async (rows) => (await renderWith(services, ctx, model, rows, names)).map((o) => JSON.stringify(o)),
  };
}

export async function listObjects(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const access = await authorize(c, model, 'view');
  const { registry, settings } = c.var.services;
  const tx = c.var.tx;
  const url = new URL(c.req.url);
  const q = url.searchParams;
  const page = parsePage(q, settings);
  const cursor = parseCursor(q);
  const names = shapeFields(model, q);
  const ordering = parseOrdering(registry, model, q.get('ordering'), settings.strictFiltering);
  const params = new Params();
  const userId = c.var.user?.id ?? null;
  // a filter by related object checks that it exists beside the count and the page, not before them
  const filtered = await buildWhereChecked({ db: tx, registry, params, userId }, model, q, {
    strict: settings.strictFiltering,
  });
  let where = filtered.where;
  if (access.condition) where = `(${where}) AND ${access.condition('t', params)}`;
  // a page builds related objects, lists and counts once per page (read/page-sql.ts), however many rows
  // name the same related object; a named statement's plan is kept, so this costs less than row by row
  // for any page size (50 devices: 4.6 ms of PostgreSQL's time against 5.8 row by row, issue 37)
  const out = await outputFor(c, model, names, true);
  if (cursor !== undefined) {
    await filtered.checks();
    return cursorPage(c, { model, where, params }, { url, start: cursor, limit: page.limit }, out);
  }
  const countQuery = countOf(tx, model, where, filtered.where === 'TRUE' && !access.condition, params);
  const limit = page.limit === null ? '' : ` LIMIT ${params.add(page.limit)}`;
  const order = orderPlan(registry, model, ordering);
  // the page's ids first (an index-only walk, however deep the offset), then their rows and
  // related data: nothing is read for the rows an offset skips
  const ordered = `FROM ${ident(model.table)} t${order.joins} WHERE ${where}`;
  const ids =
    `unnest(ARRAY(SELECT t.id ${ordered} ORDER BY ${order.order}${limit} OFFSET ${params.add(page.offset)})) ` +
    `WITH ORDINALITY AS k(__id, __pos)`;
  const pageSql = out.page(ids);
  const pageQuery = query(tx, pageSql, params.values, readOptions(pageSql));
  const [, countRows, rows] = await Promise.all([filtered.checks(), countQuery, pageQuery]);
  // count(*) gives one row
  const count = Number(countRows[0].n);
  const results = await out.render(rows as unknown as Row[]);
  let next: string | null = null;
  let previous: string | null = null;
  if (page.limit !== null) {
    if (page.offset + page.limit < count) next = pageUrl(url, page.limit, page.offset + page.limit);
    if (page.offset > 0) previous = pageUrl(url, page.limit, page.offset - page.limit);
  }
  return respondText(c, 200, pageText(count, next, previous, results), {
    Allow: allowHeader(model, true),
    Vary: 'Accept',
  });
}

/**
 * The count of a list: the table's kept total when nothing filters it (db/totals.ts), else counted. Values
 * are parameters, so a count's text is one of few: PostgreSQL keeps its plan (readOptions).
 */
function countOf(tx: Tx, model: ModelDef, where: string, unfiltered: boolean, params: Params) {
  if (unfiltered) return query(tx, totalSql, [model.table], readOptions(totalSql));
  const text = `SELECT count(*) AS n FROM ${ident(model.table)} t WHERE ${where}`;
  return query(tx, text, [...params.values], readOptions(text));
}

function pageText(count: number | null, next: string | null, previous: string | null, results: string[]): string {
  const links = `"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)}`;
  return `{"count":${count},${links},"results":[${results.join(',')}]}`;
}

/** The rows a list selects: its model's that meet `where`, whose values are in `params` so far. */
interface Selected {
  readonly model: ModelDef;
  readonly where: string;
  readonly params: Params;
}

/** Where a cursor page is: the URL it was asked at, the first id it may hold, and its size (null: no limit). */
interface CursorPosition {
  readonly url: URL;
  readonly start: number;
  readonly limit: number | null;
}

/** A page in cursor mode: ids from `start` up, `count` null, `next` after the last row when the page is full. */
async function cursorPage(
  c: Context<AppEnv>,
  { model, where, params }: Selected,
  { url, start, limit }: CursorPosition,
  out: Output,
): Promise<Response> {
  const from = `FROM ${ident(model.table)} t WHERE (${where}) AND t.id >= ${params.add(start)}::bigint`;
  const lim = limit === null ? '' : ` LIMIT ${params.add(limit)}`;
  const text = out.page(`unnest(ARRAY(SELECT t.id ${from} ORDER BY t.id${lim})) WITH ORDINALITY AS k(__id, __pos)`);
  const rows = await query(c.var.tx, text, params.values, readOptions(text));
  const results = await out.render(rows as unknown as Row[]);
  const lastId = rows.length ? Number(last(rows).id) : undefined;
  const next =
    limit !== null && lastId !== undefined && rows.length === limit ? cursorUrl(url, limit, lastId + 1) : null;
  return respondText(c, 200, pageText(null, next, null, results), { Allow: allowHeader(model, true), Vary: 'Accept' });
}

export async function getObject(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const id = pathId(c);
  const access = await authorize(c, model, 'view');
  const params = new Params();
  const idParam = params.add(id);
  const cond = access.condition ? ` AND ${access.condition('t', params)}` : '';
  const names = shapeFields(model, new URL(c.req.url).searchParams);
  const out = await outputFor(c, model, names);
  const text = `SELECT ${out.select} FROM ${ident(model.table)} t WHERE t.id = ${idParam}::bigint${cond}`;
  const rows = await query(c.var.tx, text, params.values, readOptions(text));
  const [row] = rows;
  if (!row) noMatch(model);
  // one object per row
  const [object] = await out.render(rows as unknown as Row[]);
  const headers: Record<string, string> = { Allow: allowHeader(model, false), Vary: 'Accept' };
  if (row.last_updated) headers.ETag = `W/"${String(row.last_updated)}"`;
  return respondText(c, 200, object, headers);
}
