/**
 * GraphQL at /graphql/: NetBox's schema generated from the catalogue, each query compiled into SQL on
 * the read path, behind the API's authentication, permissions and branch selection.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Settings } from '../config/index.ts';
import type { GraphqlDefinition } from './map.ts';
import { createGraphqlEngine, createGraphqlRoutes, createSizeLimit } from './routes.ts';
import { createGraphiqlAssets } from './graphiql.ts';
import { createReadTransaction } from './transaction.ts';

export type { GraphqlDefinition, GraphqlMap } from './map.ts';

/**
 * Mounts /graphql/ on the app: GraphiQL's files (public), then the size limit (before the body is read),
 * `before` (authentication, body reading), the request's read transaction, `after` (branch selection), and
 * the endpoint.
 */
export function mountGraphql(
  app: Hono<AppEnv>,
  def: GraphqlDefinition,
  settings: Settings,
  before: readonly MiddlewareHandler<AppEnv>[],
  after: readonly MiddlewareHandler<AppEnv>[],
): void {
  app.route('/', createGraphiqlAssets());
  for (const path of ['/graphql', '/graphql/*']) {
    app.use(path, createSizeLimit());
    for (const mw of before) app.use(path, mw);
    app.use(path, createReadTransaction());
    for (const mw of after) app.use(path, mw);
  }
  app.route('/', createGraphqlRoutes(createGraphqlEngine(def, settings)));
}
