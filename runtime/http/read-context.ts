/** What reading objects for a request is given: its transaction, the catalogue, its origin for URLs, the cache. */
import type { Context } from 'hono';
import type { ReadContext } from '../read/index.ts';
import type { AppEnv } from './env.ts';

export function readContext(c: Context<AppEnv>): ReadContext {
  return {
    db: c.var.tx,
    registry: c.var.services.registry,
    baseUrl: new URL(c.req.url).origin,
    cache: c.var.services.cache,
  };
}
