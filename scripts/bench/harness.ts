/**
 * The benchmark's fixtures: a PostgreSQL (embedded in a temporary folder, or DATABASE_URL), a
 * database per run, server processes started as `npm start` starts them, and an API client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, startEmbeddedPostgres, type EmbeddedServer } from '../../runtime/db/index.ts';

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

export async function startDatabase(): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let adminUrl = process.env.DATABASE_URL;
  // the embedded cluster lives in a temporary folder, removed by stop (a run leaves no gigabytes behind)
  const dir = adminUrl ? undefined : mkdtempSync(join(tmpdir(), 'nb-bench-'));
  if (dir) {
    embedded = await startEmbeddedPostgres(dir, await freePort());
    adminUrl = embedded.url('postgres');
  }
  if (!adminUrl) throw new Error('no database');
  const name = `nb_bench_${Date.now()}`;
  const admin = connect(adminUrl, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name}`);
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
      await a.unsafe(`CREATE DATABASE ${db}`);
      await a.end();
      names.push(db);
      return urlOf(db);
    },
    async stop() {
      const a = connect(adminUrl!, { max: 1 });
      for (const db of names) await a.unsafe(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
      await a.end();
      await embedded?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

async function spawnUntil(script: string, env: Record<string, string>, ready: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += String(d); });
  child.stderr!.on('data', (d) => { out += String(d); });
  while (!out.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** The server as `npm start` runs it, in production mode, on the benchmark's database. */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-bench-data-'));
  const server = await spawnUntil('runtime/main.ts', {
    DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
    SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'admin-password', SUPERUSER_API_TOKEN: TOKEN, MAX_BULK_ITEMS: '100000', ...env,
  }, 'API listening');
  return { ...server, stop: () => server.stop().finally(() => rmSync(dataDir, { recursive: true, force: true })) };
}

/** The ceiling (scripts/bench/ceiling.ts) on the same database, in its own process. */
export function startCeilingProcess(databaseUrl: string): Promise<ServerProcess> {
  return spawnUntil('scripts/bench/ceiling.ts', { DATABASE_URL: databaseUrl }, 'ceiling listening');
}

export async function api(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, { method, headers: AUTH, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

export interface Result {
  readonly scenario: string;
  readonly metrics: Record<string, number | string>;
  readonly target?: string;
  readonly met?: boolean;
}
