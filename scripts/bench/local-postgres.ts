/**
 * A PostgreSQL cluster of an installed release (Debian's packages put PostgreSQL 15 in
 * /usr/lib/postgresql/15/bin) made for one benchmark run in a temporary folder, with fsync on and
 * the settings README's "Running at scale" tells deployers to set — nothing else changed from the
 * defaults. stop() shuts it down and removes the folder. As root, the cluster runs as user
 * postgres (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

export interface LocalPostgres {
  readonly adminUrl: string;
  stop(): Promise<void>;
}

/** README, Running at scale: what a deployment sets beyond the defaults. */
export function deploymentSettings(memoryBytes = totalmem()): Record<string, string> {
  const mb = (share: number) => `${Math.round((memoryBytes * share) / 2 ** 20)}MB`;
  return {
    shared_buffers: mb(0.25),
    effective_cache_size: mb(0.7),
    random_page_cost: '1.1',
    work_mem: '16MB',
    maintenance_work_mem: '256MB',
    max_connections: '200',
    idle_in_transaction_session_timeout: '60s',
  };
}

export async function startLocalPostgres(binDir: string, port: number): Promise<LocalPostgres> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-pg-'));
  const data = join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const file = join(binDir, cmd);
    return execFileSync(root ? 'runuser' : file, root ? ['-u', 'postgres', '--', file, ...args] : args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  };
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (root) {
      chmodSync(dir, 0o777);
    }
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
    const settings = {
      ...deploymentSettings(),
      port: String(port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
      fsync: 'on',
    };
    appendFileSync(
      join(data, 'postgresql.conf'),
      `\n# nb bench\n${Object.entries(settings)
        .map(([k, v]) => `${k} = ${v}`)
        .join('\n')}\n`,
    );
    run('pg_ctl', ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
