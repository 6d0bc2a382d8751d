/**
 * Authentication of each request: a token in Authorization, or a session cookie (browsable API).
 * It only establishes who is calling; what they may do is decided per endpoint (access.ts).
 * A token known to this process costs no query (the shared cache; see tokens.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../http/env.ts';
import { authenticateToken, parseAuthorization, recordTokenUse } from './tokens.ts';
import { sessionUser } from './sessions.ts';

export interface AuthOptions {
  readonly peppers: ReadonlyMap<number, string>;
}

export function clientIp(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function createAuth(options: AuthOptions): MiddlewareHandler<AppEnv> {
  return async function auth(c, next) {
    c.set('user', null);
    c.set('token', null);
    const cred = parseAuthorization(c.req.header('authorization'));
    if (cred) {
      const { sql, settings, cache } = c.var.services;
      // on the pool, before the request's transaction (tokens come from the shared cache's connections)
      const result = await authenticateToken(sql, cred, options.peppers, clientIp(c), cache);
      c.set('user', result.user);
      c.set('token', result.token);
      const stale = !result.lastUsed || Date.now() - Date.parse(result.lastUsed) > 60_000;
      if (stale && !settings.maintenanceMode) {
        // outside the request's transaction: a rolled-back request still counts as a use
        result.used(new Date());
        recordTokenUse(sql, result.token.id).catch(() => {});
      }
    } else {
      const user = await sessionUser(c);
      if (user) c.set('user', user);
    }
    await next();
  };
}
