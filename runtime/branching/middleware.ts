/**
 * `X-Service-Branch: <schema_id>` (or the plugin's own `X-NetBox-Branch`, which pynetbox sends)
 * routes the request's transaction to the branch schema with SET LOCAL search_path (never plain
 * SET: pooled connections must not keep it). The branch is named by its schema id or its name.
 * Unknown branch → 400, a branch that is not ready → 409 naming its status; no header → main.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ServiceError, invalidInput } from '../errors/index.ts';
import { schemaName } from './schema.ts';
import { tables } from '../db/tables.ts';
import { query } from '../db/index.ts';

export const BRANCH_HEADER = 'x-service-branch';
export const NETBOX_BRANCH_HEADER = 'x-netbox-branch';

export function createBranchSelection(): MiddlewareHandler<AppEnv> {
  return async function branchSelection(c, next) {
    c.set('branch', null);
    const given = (c.req.header(BRANCH_HEADER) ?? c.req.header(NETBOX_BRANCH_HEADER))?.trim();
    if (!given) return next();
    if (given.length > 100)
      throw invalidInput({ detail: 'Invalid branch: give its 8-character schema id or its name.' });
    // a schema id first; otherwise a name
    const rows = await query(
      c.var.tx,
      `SELECT id, name, status, schema_id FROM public.${tables.branch} WHERE schema_id = $1 OR name = $1
        ORDER BY (schema_id = $1) DESC LIMIT 1`,
      [given],
    );
    const row = rows[0];
    if (!row) throw invalidInput({ detail: `Unknown branch: ${given.slice(0, 100)}` });
    const id = row.schema_id as string;
    if (row.status !== 'ready')
      throw new ServiceError('conflict', {
        detail: `Branch "${row.name as string}" is not ready (status: ${row.status as string}).`,
        status: row.status,
      });
    const schema = schemaName(id);
    await query(c.var.tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
    c.set('branch', { id: row.id as number, schemaId: id, schema, name: row.name as string });
    await next();
  };
}
