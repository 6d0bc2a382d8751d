/**
 * `X-Service-Branch: <schema_id>` (or the plugin's own `X-NetBox-Branch`, which pynetbox sends)
 * routes the request's transaction to the branch schema with SET LOCAL search_path (never plain
 * SET: pooled connections must not keep it). The branch is named by its schema id or its name.
 * Unknown branch → 400, a branch that is not ready → 409 naming its status; no header → main.
 */
import type { MiddlewareHandler } from 'hono';
import { BRANCH_HEADER, NETBOX_BRANCH_HEADER, type AppEnv } from '../http/env.ts';
import { ServiceError, invalidInput } from '../errors/index.ts';
import { schemaName, findBranch } from '../branching/index.ts';
import { query } from '../db/index.ts';

export function createBranchSelection(): MiddlewareHandler<AppEnv> {
  return async function branchSelection(c, next) {
    c.set('branch', null);
    const given = (c.req.header(BRANCH_HEADER) ?? c.req.header(NETBOX_BRANCH_HEADER))?.trim();
    if (!given) return next();
    if (given.length > 100)
      throw invalidInput({ detail: 'Invalid branch: give its 8-character schema id or its name.' });
    const row = await findBranch(c.var.tx, given);
    if (!row) throw invalidInput({ detail: `Unknown branch: ${given.slice(0, 100)}` });
    const id = row.schema_id;
    if (row.status !== 'ready')
      throw new ServiceError('conflict', {
        detail: `Branch "${row.name}" is not ready (status: ${row.status}).`,
        status: row.status,
      });
    const schema = schemaName(id);
    await query(c.var.tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
    c.set('branch', { id: row.id, schemaId: id, schema, name: row.name });
    await next();
  };
}
