/**
 * Request-wide middleware, in the order the app mounts them: request id, API version header,
 * trailing-slash redirect, and the per-request transaction.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Services, TxEffects } from './env.ts';
import type { Tx } from '../db/index.ts';
import { logLine } from './log-buffer.ts';

export function createServices(services: Services): MiddlewareHandler<AppEnv> {
  return async function servicesMiddleware(c, next) {
    c.set('services', services);
    await next();
  };
}

/** A fresh UUID per request, on every response and in every change record it makes. */
export function createRequestId(): MiddlewareHandler<AppEnv> {
  return async function requestId(c, next) {
    const id = randomUUID();
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-ID', id);
  };
}

/**
 * One line per request at LOG_LEVEL info or debug: method, path, status, milliseconds, request id;
 * written in batches (log-buffer.ts).
 */
export function createAccessLog(): MiddlewareHandler<AppEnv> {
  return async function accessLog(c, next) {
    const { logLevel } = c.var.services.settings;
    if (logLevel !== 'info' && logLevel !== 'debug') return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const path = new URL(c.req.url).pathname;
      logLine(
        `${c.req.method} ${path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms ${c.var.requestId}`,
      );
    }
  };
}

export function createApiVersion(version: string): MiddlewareHandler<AppEnv> {
  const apiVersion = version.split('.').slice(0, 2).join('.');
  return async function apiVersionHeader(c, next) {
    await next();
    c.res.headers.set('API-Version', apiVersion);
  };
}

/** Every route ends in `/`; anything else under /api is redirected there (302). */
export function createTrailingSlash(): MiddlewareHandler<AppEnv> {
  return async function trailingSlash(c, next) {
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/api') && !url.pathname.endsWith('/') && !/\.[a-z0-9]+$/i.test(url.pathname)) {
      url.pathname += '/';
      return c.redirect(`${url.pathname}${url.search}`, 302);
    }
    await next();
  };
}

class Rollback extends Error {}

/** Methods that change nothing (no transaction on main, no CSRF token with a session). */
/** Lone surrogate halves (which no encoding can carry) replaced by U+FFFD. */
const wellFormed = (k: string) =>
  k.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs the rest of the request in one transaction. Any error, or any response of 400 or more,
 * rolls it back; a failing COMMIT becomes the request's error.
 */
export function createTransaction(): MiddlewareHandler<AppEnv> {
  return async function transaction(c, next) {
    const { sql } = c.var.services;
    const effects: TxEffects = { commit: [], rollback: [] };
    c.set('effects', effects);
    const run = async (list: (() => Promise<void>)[]) => {
      for (const fn of list)
        await fn().catch((e: unknown) => console.error(`after the transaction: ${(e as Error).message}`));
    };
    // a read on main needs no transaction: its queries go to the pool (and may run side by side);
    // a read inside a branch does, for SET LOCAL search_path
    if (SAFE_METHODS.has(c.req.method) && !c.req.header('x-service-branch') && !c.req.header('x-netbox-branch')) {
      c.set('tx', sql as unknown as Tx);
      await next();
      await run(c.error || c.res.status >= 400 ? effects.rollback : effects.commit);
      return;
    }
    // body keys a lenient write ignored (NetBox ignores them silently): named in the response
    const ignored = new Set<string>();
    c.set('ignored', ignored);
    try {
      await sql.begin(async (tx) => {
        c.set('tx', tx);
        await next();
        if (c.error || c.res.status >= 400) throw new Rollback();
      });
      if (ignored.size) {
        c.res = new Response(c.res.body, c.res);
        // keys are any text: percent-encoded, a header value stays one line of ASCII
        c.res.headers.set(
          'X-Ignored-Fields',
          [...ignored]
            .sort()
            .map((k) => encodeURIComponent(wellFormed(k)))
            .join(', '),
        );
      }
    } catch (e) {
      await run(effects.rollback);
      if (!(e instanceof Rollback)) throw e;
      return;
    }
    await run(effects.commit);
  };
}
