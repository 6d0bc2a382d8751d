/**
 * WEB_CONCURRENCY=2: two HTTP processes on one port behind a first process that prepared the
 * database and runs the jobs. Killing an HTTP process loses no service: the other answers and a
 * replacement is started.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/process.ts';
import { AUTH, createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

let server: ServerProcess | undefined;
let db = '';
afterAll(async () => {
  await server?.kill('SIGTERM');
  if (db) await dropDatabase(db);
});

/** The HTTP processes: children running the server (not, say, a transpiler service tsx starts). */
function children(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'runtime/main.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A GET on a new connection (a killed process takes its open keep-alive connections with it). */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${server!.url}${path}`, { headers: AUTH, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end();
  });
}

describe('several HTTP processes', () => {
  it('serve one port, and a killed one is replaced without losing service', async () => {
    db = await createDatabase();
    server = await spawnServer(databaseUrl(db), { WEB_CONCURRENCY: '2', WORKER_IN_PROCESS: 'true' });
    expect(server.output()).toContain('2 processes');
    const before = children(server.child.pid!);
    expect(before).toHaveLength(2);
    const created = await fetch(`${server.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'c', slug: 'c' }),
    });
    expect(created.status).toBe(201);
    const statuses = await Promise.all(Array.from({ length: 40 }, () => get('/api/dcim/sites/')));
    expect(statuses.every((s) => s === 200)).toBe(true);

    process.kill(before[0]!, 'SIGKILL');
    for (let i = 0; i < 100 && !server.output().includes('starting another'); i++)
      await new Promise((r) => setTimeout(r, 50));
    const during = await Promise.all(Array.from({ length: 20 }, () => get('/api/dcim/sites/')));
    expect(during.every((s) => s === 200)).toBe(true);
    let after: number[] = [];
    for (let i = 0; i < 100 && !(after.length === 2 && !after.includes(before[0]!)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = children(server.child.pid!);
    }
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect(server.output()).toContain('starting another');
  }, 90_000);
});
