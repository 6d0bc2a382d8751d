/**
 * A GraphQL request only reads, whatever its method: on main it runs on the pool (no transaction, as a
 * REST GET), inside a branch in a transaction of its own so the branch's SET LOCAL search_path holds.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, TxEffects } from '../http/env.ts';
import type { Tx } from '../db/index.ts';
import { BRANCH_HEADER, NETBOX_BRANCH_HEADER } from '../http/env.ts';

class ReadOnly extends Error {}

export function createReadTransaction(): MiddlewareHandler<AppEnv> {
  return async function readTransaction(c, next) {
    const { sql } = c.var.services;
    const effects: TxEffects = { commit: [], rollback: [] };
    c.set('effects', effects);
    if (!c.req.header(BRANCH_HEADER) && !c.req.header(NETBOX_BRANCH_HEADER)) {
      c.set('tx', sql as unknown as Tx);
      return next();
    }
    try {
      await sql.begin(async (tx) => {
        c.set('tx', tx);
        await next();
        throw new ReadOnly(); // nothing a read did is kept
      });
    } catch (e) {
      if (!(e instanceof ReadOnly)) throw e;
    }
  };
}
