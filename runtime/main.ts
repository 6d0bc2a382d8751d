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
import { routes } from '../generated/routes/index.ts';
import { loadSettings, type Settings } from './config/index.ts';
import { connect, startEmbeddedPostgres, type EmbeddedServer } from './db/index.ts';
import { startServer, type RunningServer } from './server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const openapi = JSON.parse(readFileSync(`${root}generated/openapi.json`, 'utf8')) as Record<string, unknown>;

async function databaseUrl(settings: Settings): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (settings.databaseUrl) return { url: settings.databaseUrl };
  const embedded = await startEmbeddedPostgres(settings.dataDir, settings.embeddedPgPort, process.env.PG_LOG ? (m) => process.stderr.write(`${m}\n`) : undefined);
  const admin = connect(embedded.url('postgres'), { max: 1 });
  const exists = await admin.unsafe("SELECT 1 FROM pg_database WHERE datname = 'netbox'");
  if (!exists.length) await admin.unsafe('CREATE DATABASE netbox');
  await admin.end();
  return { url: embedded.url('netbox'), embedded };
}

function start(settings: Settings, url: string, extra: { prepare?: boolean; listen?: boolean; worker?: boolean } = {}): Promise<RunningServer> {
  return startServer({ settings, databaseUrl: url, catalogue, filters, routes, openapi, version: pkg.version, migrationsFolder: `${root}migrations`, ...extra });
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
  const { url, embedded } = await databaseUrl(settings);
  const server = await start(settings, url);
  console.log(`API listening on ${server.url}/api/ (database: ${embedded ? `embedded PostgreSQL in ${settings.dataDir}/pg` : 'DATABASE_URL'})`);
  onStop(async () => {
    await server.stop().catch(() => {});
    await embedded?.stop().catch(() => {});
  });
}

/** The cluster's first process: prepares the database, runs the jobs, keeps N HTTP processes up. */
async function primary(settings: Settings): Promise<void> {
  const { url, embedded } = await databaseUrl(settings);
  const jobs = await start(settings, url, { listen: false });
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: url, WORKER_IN_PROCESS: 'false', CLUSTER_PROCESS: '1' });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === settings.webConcurrency) {
      console.log(`API listening on http://${settings.host}:${settings.port}/api/ (${settings.webConcurrency} processes; database: ${embedded ? `embedded PostgreSQL in ${settings.dataDir}/pg` : 'DATABASE_URL'})`);
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
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => new Promise<void>((resolve) => {
      if (!w || w.isDead()) return resolve();
      w.once('exit', () => resolve());
      w.kill('SIGTERM');
    })));
    await jobs.stop().catch(() => {});
    await embedded?.stop().catch(() => {});
  });
}

/** A forked HTTP process: serves on the shared port; the first process prepared everything else. */
async function httpProcess(settings: Settings): Promise<void> {
  const server = await start(settings, settings.databaseUrl!, { prepare: false, worker: false });
  onStop(() => server.stop().catch(() => {}));
}

async function main(): Promise<void> {
  const settings = loadSettings();
  if (cluster.isWorker) return httpProcess(settings);
  if (settings.webConcurrency > 1) return primary(settings);
  return single(settings);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
