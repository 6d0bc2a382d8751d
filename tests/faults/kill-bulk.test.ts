/**
 * A server killed (SIGKILL) in the middle of a large bulk create leaves nothing of it behind:
 * after a restart, no object and no change record of that request exists.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { spawnServer, type ServerProcess } from '../helpers/process.ts';
import { AUTH, createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

let db: string | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  if (db) await dropDatabase(db);
});

describe('kill -9 during a bulk create', () => {
  it('leaves no partial data after restart', async () => {
    db = await createDatabase();
    const url = databaseUrl(db);
    server = await spawnServer(url, { MAX_BULK_ITEMS: '50000' });
    const sql = connect(url, { max: 1 });
    const items = Array.from({ length: 30_000 }, (_, i) => ({
      name: `bulk-${i}`,
      slug: `bulk-${i}`,
      description: 'x'.repeat(100),
    }));
    const pending = fetch(`${server.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify(items),
    }).then(
      (r) => r.status,
      () => 'connection lost',
    );
    // wait until the request's transaction has written rows, then kill the process outright
    let written = false;
    for (let i = 0; i < 600 && !written; i++) {
      const rows = await sql.unsafe(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()
        AND application_name = 'netbox-compatible' AND backend_xid IS NOT NULL`);
      written = (rows[0]!.n as number) > 0;
      if (!written) await new Promise((r) => setTimeout(r, 10));
    }
    expect(written).toBe(true);
    await server.kill('SIGKILL');
    expect(await pending).toBe('connection lost');
    server = await spawnServer(url);
    const sites = await fetch(`${server.url}/api/dcim/sites/?limit=1`, { headers: AUTH }).then((r) => r.json());
    const changes = await fetch(`${server.url}/api/core/object-changes/?changed_object_type=dcim.site&limit=1`, {
      headers: AUTH,
    }).then((r) => r.json());
    expect([sites.count, changes.count]).toEqual([0, 0]);
    // and the server works normally afterwards
    const ok = await fetch(`${server.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify(items.slice(0, 3)),
    });
    expect(ok.status).toBe(201);
    await sql.end();
  });
});
