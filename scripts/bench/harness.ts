/**
 * The benchmark's fixtures: a PostgreSQL (embedded in a temporary folder, or DATABASE_URL), a
 * database per run, server processes started as `npm start` starts them, and an API client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, startEmbeddedPostgres, type EmbeddedServer, query } from '../../runtime/db/index.ts';
import { startLocalPostgres, type LocalPostgres } from './local-postgres.ts';

export const TOKEN = 'beefbeefbeefbeefbeefbeefbeefbeefbeefbeef';
export const AUTH = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface Database {
  readonly url: string;
  readonly adminUrl: string;
  /** another empty database on the same server (dropped by stop) */
  sibling(suffix: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Where a run's database lives: `embedded` (PostgreSQL 18, in a temporary folder), `url` (the
 * server in DATABASE_URL, as given), or the folder of an installed release's binaries (a cluster
 * made for the run by local-postgres.ts, e.g. /usr/lib/postgresql/15/bin).
 */
export type DatabaseKind = 'embedded' | 'url' | { readonly bin: string };

export async function startDatabase(
  kind: DatabaseKind = process.env.DATABASE_URL ? 'url' : 'embedded',
): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let local: LocalPostgres | undefined;
  let adminUrl = kind === 'url' ? process.env.DATABASE_URL : undefined;
  if (kind === 'url' && !adminUrl) throw new Error('--postgres=url needs DATABASE_URL');
  // the embedded cluster lives in a temporary folder, removed by stop (a run leaves no gigabytes behind)
  const dir = kind === 'embedded' ? mkdtempSync(join(tmpdir(), 'nb-bench-')) : undefined;
  if (dir) {
    try {
      embedded = await startEmbeddedPostgres(dir, await freePort());
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    adminUrl = embedded.url('postgres');
  }
  if (typeof kind === 'object') {
    local = await startLocalPostgres(kind.bin, await freePort());
    adminUrl = local.adminUrl;
  }
  if (!adminUrl) throw new Error('no database');
  const name = `nb_bench_${Date.now()}`;
  const admin = connect(adminUrl, { max: 1 });
  await query(admin, `CREATE DATABASE ${name}`);
  await admin.end();
  const urlOf = (db: string) => {
    const u = new URL(adminUrl!);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const names = [name];
  return {
    url: urlOf(name),
    adminUrl: adminUrl,
    async sibling(suffix: string) {
      const db = `${name}_${suffix}`;
      const a = connect(adminUrl!, { max: 1 });
      await query(a, `CREATE DATABASE ${db}`);
      await a.end();
      names.push(db);
      return urlOf(db);
    },
    async stop() {
      try {
        const a = connect(adminUrl!, { max: 1 });
        for (const db of names) await query(a, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
        await a.end();
      } finally {
        // the clusters made for the run go with their folders, whatever happened to the databases
        await embedded?.stop().catch(() => {});
        if (dir) rmSync(dir, { recursive: true, force: true });
        await local?.stop();
      }
    },
  };
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** How a process is started: its environment, the line it prints when ready, and where (a build's folder). */
interface Spawn {
  readonly env: Record<string, string>;
  readonly ready: string;
  readonly nodeArgs?: readonly string[];
  readonly cwd?: string;
}

async function spawnUntil(script: string, { env, ready, nodeArgs = [], cwd }: Spawn): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    out += String(d);
  });
  while (!out.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // from here on, what the server says on stderr (its errors: a 500 logs its cause) is shown
  child.stderr!.on('data', (d) => process.stderr.write(`  [server] ${String(d)}`));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The server as `npm start` runs it, in production mode, on the benchmark's database; `cwd`: the folder
 * of the build to run (builds.ts; this tree's by default). With BENCH_CPU_PROF=<folder> each server
 * process writes a V8 CPU profile there when it stops.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-bench-data-'));
  let server: ServerProcess;
  try {
    server = await spawnUntil('runtime/main.ts', {
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SUPERUSER_NAME: 'admin',
        SUPERUSER_PASSWORD: 'admin-password',
        SUPERUSER_API_TOKEN: TOKEN,
        MAX_BULK_ITEMS: '100000',
        ...env,
      },
      ready: 'API listening',
      nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
      cwd,
    });
  } catch (e) {
    // a server that did not start leaves no data folder either
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return { ...server, stop: () => server.stop().finally(() => rmSync(dataDir, { recursive: true, force: true })) };
}

/** The ceiling (scripts/bench/ceiling.ts) on the same database, in its own process. */
export function startCeilingProcess(databaseUrl: string): Promise<ServerProcess> {
  return spawnUntil('scripts/bench/ceiling.ts', { env: { DATABASE_URL: databaseUrl }, ready: 'ceiling listening' });
}

export async function api(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: AUTH,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

export interface Result {
  /** the PostgreSQL the scenario ran on, when a run covers several */
  readonly database?: string;
  /** the build measured, when a run compares several (builds.ts) */
  readonly build?: string;
  readonly scenario: string;
  readonly metrics: Record<string, number | string>;
  readonly target?: string;
  readonly met?: boolean;
}

/** What autovacuum does within a minute of a bulk load: the visibility map and the statistics. */
export async function settle(databaseUrl: string): Promise<void> {
  const admin = connect(databaseUrl, { max: 1 });
  try {
    await query(admin, 'VACUUM ANALYZE');
  } finally {
    await admin.end();
  }
}
