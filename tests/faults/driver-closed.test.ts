/**
 * The database driver when a connection's backend goes away under it (a PostgreSQL restart, a terminated
 * backend): a query on it fails with CONNECTION_CLOSED instead of throwing where nothing can catch it and
 * ending the process, the pool connects again, and ending the pool does not wait for the dead connection.
 * postgres.js 3.4.9 did each of these wrong; scripts/patch-postgres.ts mends it at install. A reserved
 * connection is the case that met it every time: the change stream's sequencer holds one for its lock.
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

let db: string | undefined;
afterAll(async () => {
  if (db) await dropDatabase(db);
});

/** The error code a query ends with, or 'ok'. */
async function outcome(q: Promise<unknown>): Promise<string> {
  try {
    await q;
    return 'ok';
  } catch (e) {
    return String((e as { code?: string }).code ?? (e as Error).message);
  }
}

describe('a connection whose backend went away', () => {
  it('fails its queries with CONNECTION_CLOSED, then the pool connects again and ends', async () => {
    db = await createDatabase();
    const sql = postgres(databaseUrl(db), { max: 1, onnotice: () => {} });
    const admin = postgres(databaseUrl(db), { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await admin`SELECT pg_terminate_backend(${row?.pid ?? 0})`;
      await new Promise((r) => setTimeout(r, 300));
      expect(await outcome(reserved`SELECT 1`)).toBe('CONNECTION_CLOSED');
      expect(await outcome(reserved`SELECT 1`)).toBe('CONNECTION_CLOSED');
      reserved.release();
      // the released connection has no socket: at most its next query fails, then it is connected again
      const first = await outcome(sql`SELECT 1`);
      expect(['ok', 'CONNECTION_CLOSED']).toContain(first);
      expect(await outcome(sql`SELECT 1`)).toBe('ok');
      const again = await sql.reserve();
      expect(await outcome(again`SELECT 1`)).toBe('ok');
      again.release();
    } finally {
      const ended = await Promise.race([
        sql.end({ timeout: 5 }).then(() => 'ended'),
        new Promise((r) => setTimeout(() => r('still waiting'), 15_000)),
      ]);
      await admin.end({ timeout: 5 });
      expect(ended).toBe('ended');
    }
  }, 60_000);
});
