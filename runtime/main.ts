/**
 * `npm start`: the one wiring point between runtime/ and generated/. Starts embedded PostgreSQL
 * unless DATABASE_URL is set, then the API server; Ctrl-C stops both cleanly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { routes } from '../generated/routes/index.ts';
import { loadSettings } from './config/index.ts';
import { connect, startEmbeddedPostgres, type EmbeddedServer } from './db/index.ts';
import { startServer } from './server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const openapi = JSON.parse(readFileSync(`${root}generated/openapi.json`, 'utf8')) as Record<string, unknown>;

async function databaseUrl(settings: ReturnType<typeof loadSettings>): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (settings.databaseUrl) return { url: settings.databaseUrl };
  const embedded = await startEmbeddedPostgres(settings.dataDir, settings.embeddedPgPort, process.env.PG_LOG ? (m) => process.stderr.write(`${m}\n`) : undefined);
  const admin = connect(embedded.url('postgres'), { max: 1 });
  const exists = await admin.unsafe("SELECT 1 FROM pg_database WHERE datname = 'netbox'");
  if (!exists.length) await admin.unsafe('CREATE DATABASE netbox');
  await admin.end();
  return { url: embedded.url('netbox'), embedded };
}

async function main(): Promise<void> {
  const settings = loadSettings();
  const { url, embedded } = await databaseUrl(settings);
  const server = await startServer({
    settings, databaseUrl: url, catalogue, filters, routes, openapi, version: pkg.version, migrationsFolder: `${root}migrations`,
  });
  console.log(`API listening on ${server.url}/api/ (database: ${embedded ? `embedded PostgreSQL in ${settings.dataDir}/pg` : 'DATABASE_URL'})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await server.stop().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
