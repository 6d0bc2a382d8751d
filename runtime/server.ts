/**
 * Starts one API server process on a database: migrate, provision, load the caches, start the jobs, then listen.
 * Everything it serves comes in as arguments, so tests can start it on any catalogue.
 */
import { serve } from '@hono/node-server';
import type { Catalogue, FilterSpecs } from './catalogue/index.ts';
import { Registry, upkeepOf, type ModelRoute, syncObjectTypes } from './catalogue/index.ts';
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

/** Object types and branch schemas (after the migrations), on a pool of its own. */
async function prepareDatabase(o: ServerOptions, registry: Registry): Promise<void> {
  // upgrades of branch schemas may build indexes on large tables: not bound by the request timeout
  const admin = connect(o.databaseUrl, { max: 2, applicationName: 'prepare' });
  try {
    await syncObjectTypes(admin, registry);
    if (o.migrate !== false) await reconcileBranches(admin, branchableTables(registry), branchUpgrades(registry));
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** The shared cache, started; it loads on a connection of its own, never one of the request pool (shared-cache.ts). */
async function startCache(o: ServerOptions, sql: Sql): Promise<SharedCache> {
  const cacheSql = connect(o.databaseUrl, {
    max: 2,
    applicationName: 'netbox-compatible cache',
    statementTimeoutMs: o.settings.requestTimeoutMs,
  });
  const cache = new SharedCache(sql, cacheSql);
  await cache.start();
  return cache;
}

function appOf(o: ServerOptions, services: Services, peppers: ReturnType<typeof resolvePeppers>, hub: StreamHub) {
  return createApp({
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
    publicRoutes: [
      createLoginRoutes(),
      createSwaggerRoutes(),
      createPageAssets(),
      createDisplayRoutes(services.registry),
    ],
    graphql: o.graphql,
  });
}

/** The job worker in this process, if it runs one, on a pool of its own not bound by the request timeout. */
async function startJobs(o: ServerOptions, services: Services) {
  const jobSql = (o.worker ?? o.settings.workerInProcess) ? connectJobs(o.databaseUrl, o.settings) : undefined;
  const { registry, hooks, observers } = services;
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
  return { jobSql, worker };
}

/** Opens the port; a port taken since it was checked runs `failed` (stopping what was started) and rejects. */
function listen(
  o: ServerOptions,
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  failed: () => Promise<void>,
): Promise<ReturnType<typeof serve>> {
  return new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: o.settings.host }, () => resolve(s));
    s.once('error', (e) => {
      void failed().finally(() => reject(e));
    });
    configureHttpServer(s as Server, o.settings);
  });
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const prepare = o.prepare !== false;
  const registry = new Registry(o.catalogue, o.filters);
  if (prepare && o.migrate !== false) await migrateDatabase(o.databaseUrl, o.migrationsFolder, upkeepOf(registry));
  const sql = connect(o.databaseUrl, { max: o.settings.poolSize, statementTimeoutMs: o.settings.requestTimeoutMs });
  if (prepare) await prepareDatabase(o, registry);
  const peppers = resolvePeppers(o.settings);
  const hooks = createHooks({ peppers });
  const cache = await startCache(o, sql);
  const observers = [
    recordObjectChanges,
    createEventObserver(),
    createDiffObserver(),
    createChangeControlObserver(),
    createCacheObserver(cache, [customFieldsCache, authCache, configContextCache]),
    createCommitObserver(),
  ];
  const { settings, version, openapi } = o;
  const services: Services = { sql, registry, settings, hooks, observers, version, openapi, cache };
  const bootstrapped = prepare ? await bootstrap(sql, registry, o.settings, hooks, observers) : {};
  // every process may sequence the change stream (one at a time does); those that serve HTTP stream it
  const sequencer = startSequencer(o.databaseUrl, o.settings);
  const hub = new StreamHub(services, () => sequencer.tick());
  if (o.listen !== false) await hub.start();
  const app = appOf(o, services, peppers, hub);
  const { jobSql, worker } = await startJobs(o, services);
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
      : await listen(o, app.fetch, port, () => Promise.resolve(worker?.stop()).then(release));
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
