/**
 * Assembles the HTTP application from its parts: middleware in the agreed order, the API root,
 * every model's generated routes, extra route sets (auth, branching, …) and the error handler.
 * Takes everything as arguments; only runtime/main.ts passes in the generated catalogue.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from '../http/env.ts';
import {
  createAccessLog,
  createApiVersion,
  createRequestId,
  createServices,
  createTrailingSlash,
  createTransaction,
} from '../http/middleware.ts';
import { errorResponse } from '../http/on-error.ts';
import { createBodyReader } from '../http/body.ts';
import { respond } from '../http/render.ts';
import { createRootRoutes } from './root.ts';
import { createSchemaRoutes } from '../http/schema.ts';
import { createAuth } from '../auth/index.ts';
import { createMediaRoutes } from './media.ts';
import { createModelRoutes } from '../rest/index.ts';
import type { ModelRoute } from '../catalogue/index.ts';
import { mountGraphql, type GraphqlDefinition } from '../graphql/index.ts';

export interface AppOptions {
  readonly services: Services;
  readonly routes: readonly ModelRoute[];
  readonly peppers: ReadonlyMap<number, string>;
  /** route sets mounted before the model routes, after authentication and inside the transaction */
  readonly extraRoutes?: readonly Hono<AppEnv>[];
  /** routes mounted outside the transaction (static assets, pages) */
  readonly publicRoutes?: readonly Hono<AppEnv>[];
  /** middleware run after authentication (branch selection) */
  readonly afterAuth?: readonly MiddlewareHandler<AppEnv>[];
  /** the GraphQL schema and map: /graphql/ is served when given */
  readonly graphql?: GraphqlDefinition;
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.use('*', createServices(options.services));
  app.use('*', createRequestId());
  app.use('*', createAccessLog());
  app.use('/api/*', createApiVersion(options.services.version));
  app.use('*', createTrailingSlash());
  for (const r of options.publicRoutes ?? []) app.route('/', r);
  // who is calling and what they send are settled before a transaction takes a pool connection:
  // neither a slow client nor a token load (shared cache) waits while holding one
  for (const path of ['/api/*', '/media/*']) {
    app.use(path, createAuth({ peppers: options.peppers }));
    app.use(path, createBodyReader());
    app.use(path, createTransaction());
  }
  app.route('/', createMediaRoutes());
  if (options.graphql) {
    const before = [createAuth({ peppers: options.peppers }), createBodyReader()];
    mountGraphql(app, options.graphql, options.services.settings, before, options.afterAuth ?? []);
  }
  for (const mw of options.afterAuth ?? []) app.use('/api/*', mw);
  app.route('/', createSchemaRoutes());
  app.route('/', createRootRoutes());
  for (const r of options.extraRoutes ?? []) app.route('/', r);
  // one sub-app per model, mounted at its URL and at the older URLs it also answers
  const models = new Map<string, Hono<AppEnv>>();
  for (const r of options.routes) {
    const routes = models.get(r.model) ?? createModelRoutes(options.services.registry.model(r.model));
    models.set(r.model, routes);
    app.route(`${r.path}/`, routes);
  }
  app.notFound((c) => respond(c, 404, { detail: 'Not found.' }));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
