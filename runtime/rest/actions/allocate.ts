/**
 * What every available-* action shares: the parent row (locked, so concurrent allocations from one
 * parent queue up and never hand out the same value), the tables whose rows count as taken (on a
 * branch also main's and every other open branch's, so a merge cannot clash), the request items,
 * and creating the allocated objects through the one write path.
 */
import type { Context } from 'hono';
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, Params, type Row, query } from '../../db/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidInput, conflict } from '../../errors/index.ts';
import { readJson } from '../../http/body.ts';
import { respond } from '../../http/render.ts';
import { createObjects } from '../../write/index.ts';
import { displaySql } from '../../sql/index.ts';
import { authorize } from '../../auth/index.ts';
import { fetchObjects, noMatch, pathId } from '../read.ts';
import { writeContext } from '../write.ts';

/** Branch states whose schemas hold allocations a merge would bring to main. */
const OPEN = ['ready', 'syncing', 'merging', 'reverting'];

/** The parent object's stored row, readable by the caller; with `lock`, held until the transaction ends. */
export async function loadParent(c: Context<AppEnv>, model: ModelDef, lock: boolean): Promise<Row> {
  const id = pathId(c);
  const access = await authorize(c, model, 'view');
  const tx = c.var.tx;
  // one allocation per parent at a time, in main and in every branch (ids are shared across schemas)
  if (lock) await query(tx, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`available:${model.key}:${id}`]);
  const params = new Params();
  const idParam = params.add(id);
  const cond = access.condition ? ` AND ${access.condition('t', params)}` : '';
  const rows = await query(
    tx,
    `SELECT t.*, ${displaySql(c.var.services.registry, model, 't')} AS __display
    FROM ${ident(model.table)} t WHERE t.id = ${idParam}::bigint${cond}${lock ? ' FOR UPDATE OF t' : ''}`,
    params.values,
  );
  if (!rows.length) noMatch(model);
  return rows[0] as Row;
}

/** FROM items for the rows of `model` that count as taken, as `(SELECT … UNION ALL …)`-ready table names. */
export async function takenTables(c: Context<AppEnv>, model: ModelDef): Promise<string[]> {
  const branch = c.var.branch;
  if (!branch) return [ident(model.table)];
  const branches = c.var.services.registry.model('netbox_branching.branch');
  const others = await query(
    c.var.tx,
    `SELECT 'branch_' || schema_id AS s FROM public.${ident(branches.table)} WHERE status = ANY($1::text[])
      AND id <> $2 AND schema_id IS NOT NULL`,
    [OPEN, branch.id],
  );
  const schemas = [branch.schema, 'public', ...others.map((r) => r.s as string)];
  // a branch still being built may not have the table yet
  const present = await query(
    c.var.tx,
    `SELECT s FROM unnest($1::text[]) AS s
    WHERE to_regclass(quote_ident(s) || $2) IS NOT NULL`,
    [schemas, `.${model.table}`],
  );
  return present.map((r) => `${ident(r.s as string)}.${ident(model.table)}`);
}

/** `SELECT <cols> FROM each table WHERE <where>` joined with UNION ALL. */
export function unionOf(tables: readonly string[], cols: string, where: string): string {
  return tables.map((t) => `SELECT ${cols} FROM ${t} t WHERE ${where}`).join(' UNION ALL ');
}

/** The POST body as a list of objects, and whether it was sent as a list. */
export async function requestedItems(c: Context<AppEnv>): Promise<{ items: Record<string, unknown>[]; many: boolean }> {
  const body = await readJson(c);
  if (body === undefined) throw invalidInput({ non_field_errors: ['No data provided.'] });
  const many = Array.isArray(body);
  const items = many ? body : [body];
  const bad = items.findIndex((i) => !i || typeof i !== 'object' || Array.isArray(i));
  if (bad >= 0)
    throw invalidInput(
      many
        ? items.map((i) =>
            i && typeof i === 'object' && !Array.isArray(i)
              ? {}
              : { non_field_errors: ['Invalid data. Expected a dictionary.'] },
          )
        : { non_field_errors: ['Invalid data. Expected a dictionary.'] },
    );
  const limit = c.var.services.settings.bulkLimit;
  if (items.length > limit)
    throw invalidInput({ non_field_errors: [`Too many items: ${items.length} exceeds the bulk limit of ${limit}.`] });
  return { items: items as Record<string, unknown>[], many };
}

export const insufficient = (message: string) => conflict(message);

/** Creates the allocated objects through the write path and answers 201 with them (a list if a list was sent). */
export async function createAllocated(
  c: Context<AppEnv>,
  target: ModelDef,
  inputs: Record<string, unknown>[],
  many: boolean,
): Promise<Response> {
  const access = await authorize(c, target, 'add');
  const items = await createObjects(writeContext(c, access, target), target, inputs, { bulk: many });
  const objects = await fetchObjects(
    c,
    target,
    items.map((i) => i.id),
  );
  return respond(c, 201, many ? objects : objects[0]);
}

/** How many results a GET returns: `limit`, else the page size, capped by MAX_PAGE_SIZE. */
export function resultLimit(c: Context<AppEnv>): number {
  const { paginateCount, maxPageSize } = c.var.services.settings;
  const raw = new URL(c.req.url).searchParams.get('limit');
  const asked = raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : paginateCount;
  return maxPageSize ? Math.min(asked, maxPageSize) : asked;
}

/** The nested representation of a related object (or null), as the parent's fields render it. */
export async function nestedOf(
  c: Context<AppEnv>,
  model: ModelDef,
  id: unknown,
): Promise<Record<string, unknown> | null> {
  if (id === null || id === undefined) return null;
  const [o] = await fetchObjects(c, model, [Number(id)], model.nested);
  return o ?? null;
}
