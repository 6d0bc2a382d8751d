/**
 * Starts one API server process on a database: migrate, provision, load the caches, start the jobs, then listen.
 * Everything it serves comes in as arguments, so tests can start it on any catalogue.
 */
import { serve } from '@hono/node-server';
import type { Catalogue, FilterSpecs } from './catalogue/index.ts';
import { Registry, type ModelRoute, syncObjectTypes } from './catalogue/index.ts';
import type { Settings } from './config/index.ts';
import type { Server } from 'node:http';
import { configureHttpServer } from './http/client-errors.ts';
import { connect, migrateDatabase, SharedCache, type Sql } from './db/index.ts';
import { customFieldsCache } from './custom-fields/index.ts';
import { authCache, resolvePeppers } from './auth/index.ts';
import { configContextCache } from './read/index.ts';
import { createCacheObserver } from './write/index.ts';
import { createApp } from './app/app.ts';
import type { Services } from './http/env.ts';
import type { GraphqlDefinition } from './graphql/index.ts';
import { recordObjectChanges } from './changelog/index.ts';
import { createHooks } from './hooks/index.ts';
import { bootstrap, type Bootstrapped } from './bootstrap.ts';
import { createProvisionRoutes } from './app/provision.ts';
import { createLoginRoutes } from './app/pages/login.ts';
import { createSwaggerRoutes } from './app/pages/swagger.ts';
import { createPageAssets } from './app/pages/assets.ts';
import { createDisplayRoutes } from './app/pages/display.ts';
import { createEventObserver } from './events/index.ts';
import { createChangeControlObserver } from './changes/index.ts';
import { connectJobs, startWorker } from './jobs/index.ts';
import { crontab, tasks, workerPools } from './tasks/index.ts';
import { createJobRoutes } from './app/jobs.ts';
import { createBackgroundRoutes } from './app/background.ts';
import { createConnectedDeviceRoutes } from './rest/index.ts';
import { StreamHub, createCommitObserver, createStreamRoutes, startSequencer } from './stream/index.ts';
import { createDeliveryRoutes } from './app/deliveries.ts';
import {
  createDiffObserver,
  reconcileBranches,
  branchableTables,
  branchUpgrades,
  recoverBranches,
} from './branching/index.ts';
import { createBranchRoutes } from './app/branches.ts';
import { createBranchSelection } from './app/branch-selection.ts';

export interface ServerOptions {
  readonly settings: Settings;
  readonly databaseUrl: string;
  readonly catalogue: Catalogue;
  readonly filters: FilterSpecs;
  readonly routes: readonly ModelRoute[];
  readonly openapi: Record<string, unknown>;
  /** the generated GraphQL schema and map (/graphql/ is served when given) */
  readonly graphql?: GraphqlDefinition;
  readonly migrationsFolder: string;
  readonly version: string;
  /** listen on this port (0 = any free port); defaults to settings.port */
  readonly port?: number;
  readonly migrate?: boolean;
  /** run the job worker in this process (default: settings.workerInProcess) */
  readonly worker?: boolean;
  /**
   * prepare the database: migrations, object types, branch schemas, the first user (default true; one process of a
   * cluster does it)
   */
  readonly prepare?: boolean;
  /** serve HTTP (default true; a cluster's primary only prepares and runs jobs) */
  readonly listen?: boolean;
}

export interface RunningServer {
  readonly url: string;
  /** what the first start provisioned (for the console) */
  readonly bootstrapped: Bootstrapped;
  readonly port: number;
  readonly sql: Sql;
  readonly services: Services;
  stop(): Promise<void>;
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const prepare = o.prepare !== false;
  if (prepare && o.migrate !== false) await migrateDatabase(o.databaseUrl, o.migrationsFolder);
  const sql = connect(o.databaseUrl, { max: o.settings.poolSize, statementTimeoutMs: o.settings.requestTimeoutMs });
  const registry = new Registry(o.catalogue, o.filters);
  if (prepare) {
    // upgrades of branch schemas may build indexes on large tables: not bound by the request timeout
    const admin = connect(o.databaseUrl, { max: 2, applicationName: 'prepare' });
    try {
      await syncObjectTypes(admin, registry);
      if (o.migrate !== false) await reconcileBranches(admin, branchableTables(registry), branchUpgrades(registry));
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
  const peppers = resolvePeppers(o.settings);
  const hooks = createHooks({ peppers });
  // loads of its own: never a second connection of the request pool (see shared-cache.ts)
  const cacheSql = connect(o.databaseUrl, {
    max: 2,
    applicationName: 'netbox-compatible cache',
    statementTimeoutMs: o.settings.requestTimeoutMs,
  });
  const cache = new SharedCache(sql, cacheSql);
  await cache.start();
  const observers = [
    recordObjectChanges,
    createEventObserver(),
    createDiffObserver(),
    createChangeControlObserver(),
    createCacheObserver(cache, [customFieldsCache, authCache, configContextCache]),
    createCommitObserver(),
  ];
  const services: Services = {
    sql,
    registry,
    settings: o.settings,
    hooks,
    observers,
    version: o.version,
    openapi: o.openapi,
    cache,
  };
  const bootstrapped = prepare ? await bootstrap(sql, registry, o.settings, hooks, observers) : {};
  // every process may sequence the change stream (one at a time does); those that serve HTTP stream it
  const sequencer = startSequencer(o.databaseUrl, o.settings);
  const hub = new StreamHub(services, () => sequencer.tick());
  if (o.listen !== false) await hub.start();
  const app = createApp({
    services,
    routes: o.routes,
    peppers,
    extraRoutes: [
      createProvisionRoutes(),
      createJobRoutes(),
      createBackgroundRoutes(),
      createBranchRoutes(),
      createConnectedDeviceRoutes(),
      createStreamRoutes(hub),
      createDeliveryRoutes(),
    ],
    afterAuth: [createBranchSelection()],
    publicRoutes: [createLoginRoutes(), createSwaggerRoutes(), createPageAssets(), createDisplayRoutes(registry)],
    graphql: o.graphql,
  });
  // jobs get their own pool: they are not bound by the request timeout
  const jobSql = (o.worker ?? o.settings.workerInProcess) ? connectJobs(o.databaseUrl, o.settings) : undefined;
  const worker = jobSql
    ? await startWorker({
        databaseUrl: o.databaseUrl,
        context: { sql: jobSql, settings: o.settings, registry, hooks, observers },
        tasks,
        pools: workerPools(o.settings),
        crontab,
        maintenance: [(ctx) => recoverBranches(ctx.sql)],
      })
    : undefined;
  const release = async () => {
    await hub.stop();
    await sequencer.stop();
    await jobSql?.end({ timeout: 5 });
    await cache.stop();
    await sql.end({ timeout: 5 });
  };
  // the port opens last: the first request it answers finds the database, first user, caches and jobs ready
  const port = o.port ?? o.settings.port;
  const server =
    o.listen === false
      ? undefined
      : await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
          const s = serve({ fetch: app.fetch, port, hostname: o.settings.host }, () => resolve(s));
          // a port taken since it was checked: the caller stops what it started and says which port
          s.once('error', (e) => {
            void Promise.resolve(worker?.stop())
              .then(release)
              .finally(() => reject(e));
          });
          configureHttpServer(s as Server, o.settings);
        });
  const address = server?.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${o.settings.host}:${actual}`,
    bootstrapped,
    port: actual,
    sql,
    services,
    async stop() {
      await worker?.stop();
      // open streams end first: the server closes once its connections have
      await hub.stop();
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await release();
    },
  };
}
