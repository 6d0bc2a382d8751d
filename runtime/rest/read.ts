/** GET on list and detail URLs: filters, permission constraints, paging and shaping in SQL. */
import type { Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, Params, type Row } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { respond } from '../http/render.ts';
import { buildWhere } from '../filters/index.ts';
import { orderSql, selectList } from '../read/select.ts';
import { serialize, type ReadContext } from '../read/serialize.ts';
import { authorize } from './access.ts';
import { pageUrl, parseOrdering, parsePage, shapeFields } from './shape.ts';

export function allowHeader(model: ModelDef, list: boolean): string {
  if (model.readOnly) return 'GET, HEAD, OPTIONS';
  return list ? 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS' : 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
}

export function readContext(c: Context<AppEnv>): ReadContext {
  return { db: c.var.tx, registry: c.var.services.registry, baseUrl: new URL(c.req.url).origin };
}

/** Serializes rows and lets the model's read hook adjust them (token plaintext retrieval). */
export async function render(c: Context<AppEnv>, model: ModelDef, rows: Row[], names: readonly string[]): Promise<Record<string, unknown>[]> {
  const objects = await serialize(readContext(c), model, rows, names);
  const hook = model.hooks ? c.var.services.hooks.get(model.hooks)?.read : undefined;
  if (hook) objects.forEach((o, i) => hook(c.var.services.settings, rows[i]!, o));
  return objects;
}

/** The objects with these ids, rendered with `names`, in the order of `ids`. */
export async function fetchObjects(c: Context<AppEnv>, model: ModelDef, ids: number[], names?: readonly string[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const { registry } = c.var.services;
  const rows = await c.var.tx.unsafe(`SELECT ${selectList(registry, model)} FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[])`, [ids as never]);
  const objects = await render(c, model, rows as unknown as Row[], names ?? shapeFields(model, new URLSearchParams()));
  const byId = new Map(objects.map((o) => [o.id as number, o]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
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

export async function listObjects(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const access = await authorize(c, model, 'view');
  const { registry, settings } = c.var.services;
  const tx = c.var.tx;
  const url = new URL(c.req.url);
  const q = url.searchParams;
  const page = parsePage(q, settings);
  const names = shapeFields(model, q);
  const ordering = parseOrdering(registry, model, q.get('ordering'), settings.strictFiltering);
  const params = new Params();
  let where = await buildWhere({ db: tx, registry, params }, model, q, { strict: settings.strictFiltering });
  if (access.condition) where = `(${where}) AND ${access.condition('t', params)}`;
  const from = `FROM ${ident(model.table)} t WHERE ${where}`;
  const limit = page.limit === null ? '' : ` LIMIT ${page.limit}`;
  const [counted, rows] = await Promise.all([
    tx.unsafe(`SELECT count(*) AS n ${from}`, params.values as never[]),
    tx.unsafe(`SELECT ${selectList(registry, model)} ${from} ORDER BY ${orderSql(registry, model, ordering)}${limit} OFFSET ${page.offset}`, params.values as never[]),
  ]);
  const count = counted[0]!.n as number;
  const results = await render(c, model, rows as unknown as Row[], names);
  let next: string | null = null;
  let previous: string | null = null;
  if (page.limit !== null) {
    if (page.offset + page.limit < count) next = pageUrl(url, page.limit, page.offset + page.limit);
    if (page.offset > 0) previous = pageUrl(url, page.limit, page.offset - page.limit);
  }
  return respond(c, 200, { count, next, previous, results }, { Allow: allowHeader(model, true), Vary: 'Accept' });
}

export async function getObject(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const id = pathId(c);
  const access = await authorize(c, model, 'view');
  const { registry } = c.var.services;
  const params = new Params();
  const idParam = params.add(id);
  const cond = access.condition ? ` AND ${access.condition('t', params)}` : '';
  const rows = await c.var.tx.unsafe(`SELECT ${selectList(registry, model)} FROM ${ident(model.table)} t WHERE t.id = ${idParam}::bigint${cond}`, params.values as never[]);
  if (!rows.length) noMatch(model);
  const q = new URL(c.req.url).searchParams;
  const [object] = await render(c, model, rows as unknown as Row[], shapeFields(model, q));
  const headers: Record<string, string> = { Allow: allowHeader(model, false), Vary: 'Accept' };
  if (rows[0]!.last_updated) headers.ETag = `W/"${String(rows[0]!.last_updated)}"`;
  return respond(c, 200, object, headers);
}
