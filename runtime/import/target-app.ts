/**
 * This service's REST API on the target database, in-process (no port, no token): the app the server
 * assembles, with every request made as a superuser, so the verification reads the copied objects
 * exactly as clients will. v1 token plaintexts are shown (as the source shows those it let us copy).
 */
import type { MiddlewareHandler } from 'hono';
import { createApp } from '../app/app.ts';
import type { Registry } from '../catalogue/index.ts';
import type { Sql } from '../db/index.ts';
import { createHooks } from '../hooks/index.ts';
import type { AppEnv, Services } from '../http/env.ts';
import type { ImportOptions } from './options.ts';

export interface TargetApi {
  /** the origin its URLs carry */
  readonly base: string;
  get(path: string): Promise<{ status: number; body: any }>;
}

const BASE = 'http://import-target.invalid';

const asSuperuser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', { id: 0, username: 'import-netbox', isSuperuser: true, isActive: true });
  await next();
};

export function targetApi(o: ImportOptions, sql: Sql, registry: Registry): TargetApi {
  const settings = { ...o.settings, allowTokenRetrieval: true, logLevel: 'silent' as const, strictFiltering: true };
  // reads only: no token is minted or checked, so no peppers are needed (none is generated either)
  const peppers = new Map<number, string>();
  const services: Services = {
    sql,
    registry,
    settings,
    hooks: createHooks({ peppers }),
    observers: [],
    version: o.version,
    openapi: {},
  };
  const app = createApp({ services, routes: o.routes, peppers, afterAuth: [asSuperuser] });
  return {
    base: BASE,
    async get(path) {
      const res = await app.request(`${BASE}${path}`);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}
