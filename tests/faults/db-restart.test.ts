/**
 * PostgreSQL restarted under a running server: while it is down every request is a 503 JSON error
 * (with Retry-After), and once it is back the same server process answers normally again.
 * Runs its own PostgreSQL so that the shared test database is not disturbed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, startEmbeddedPostgres, type EmbeddedServer } from '../../runtime/db/index.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/process.ts';
import { AUTH } from '../helpers/server.ts';

let pg: EmbeddedServer | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  await pg?.stop();
});

const json = { ...AUTH, 'Content-Type': 'application/json' };

describe('PostgreSQL restarted under the server', () => {
  it('answers 503 while the database is down and recovers without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-pg-restart-'));
    const port = await freePort();
    pg = await startEmbeddedPostgres(dir, port);
    const admin = connect(pg.url('postgres'), { max: 1 });
    await admin.unsafe('CREATE DATABASE netbox');
    await admin.end();
    server = await spawnServer(pg.url('netbox'));
    const created = await fetch(`${server.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'before', slug: 'before' }),
    });
    expect(created.status).toBe(201);

    await pg.stop();
    pg = undefined;
    for (const [method, path, body] of [
      ['GET', '/api/dcim/sites/', undefined],
      ['GET', '/api/dcim/sites/1/', undefined],
      ['POST', '/api/dcim/sites/', { name: 'down', slug: 'down' }],
    ] as const) {
      const running = server;
      const r = await fetch(`${running.url}${path}`, {
        method,
        headers: json,
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      }).catch((e: unknown) => {
        // a server that went away with the database: say what it printed
        throw new Error(`${method} ${path}: ${(e as Error).message}; the server printed:\n${running.output()}`);
      });
      expect(r.status, `${method} ${path}`).toBe(503);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(r.headers.get('retry-after')).toBe('1');
      expect((await r.json()).detail).toMatch(/database is unavailable/i);
    }

    pg = await startEmbeddedPostgres(dir, port);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await fetch(`${server.url}/api/dcim/sites/`, { headers: AUTH })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    const after = await fetch(`${server.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'after', slug: 'after' }),
    });
    expect(after.status).toBe(201);
    const list = await (await fetch(`${server.url}/api/dcim/sites/?ordering=name`, { headers: AUTH })).json();
    // the write refused while the database was down left nothing behind
    expect(list.results.map((s: { name: string }) => s.name)).toEqual(['after', 'before']);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
