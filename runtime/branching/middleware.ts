/**
 * `X-Service-Branch: <schema_id>` routes the request's transaction to the branch schema with
 * SET LOCAL search_path (never plain SET: pooled connections must not keep it). Unknown id → 400,
 * a branch that is not ready → 409 naming its status; no header → main.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { schemaName } from './schema.ts';

export const BRANCH_HEADER = 'x-service-branch';

export function createBranchSelection(): MiddlewareHandler<AppEnv> {
  return async function branchSelection(c, next) {
    c.set('branch', null);
    const id = c.req.header(BRANCH_HEADER)?.trim();
    if (!id) return next();
    if (!/^[a-z0-9]{8}$/.test(id)) throw badRequest({ detail: `Invalid branch id "${id.slice(0, 40)}": expected the branch's 8-character schema id.` });
    const rows = await c.var.tx.unsafe('SELECT id, name, status, schema_id FROM public.netbox_branching_branch WHERE schema_id = $1', [id]);
    const row = rows[0];
    if (!row) throw badRequest({ detail: `Unknown branch: ${id}` });
    if (row.status !== 'ready') throw new ApiError(409, { detail: `Branch "${row.name as string}" is not ready (status: ${row.status as string}).`, status: row.status });
    const schema = schemaName(id);
    await c.var.tx.unsafe("SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
    c.set('branch', { id: row.id as number, schemaId: id, schema, name: row.name as string });
    await next();
  };
}
