/**
 * A short soak in CI (the long one is `npm run soak`): mixed reads and writes from several
 * clients against a server process, with bursts of 32 concurrent writes on fresh connections; no 5xx,
 * every burst write answered, and the counts afterwards match what was done.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../scripts/soak/run.ts';
import { spawnServer, type ServerProcess } from '../helpers/process.ts';
import { TOKEN, createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

let db: string | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
  if (db) await dropDatabase(db);
});

describe('short soak', () => {
  it('serves mixed load with no 5xx and consistent counts', async () => {
    db = await createDatabase();
    server = await spawnServer(databaseUrl(db), { NODE_ENV: 'production' });
    const r = await runSoak({
      url: server.url,
      token: TOKEN,
      seconds: Number(process.env.SOAK_SECONDS ?? 20),
      clients: 4,
      pid: server.child.pid,
    });
    console.log(`soak: ${r.requests} requests (${r.perSecond}/s), RSS ${r.rssStartMiB} → ${r.rssEndMiB} MiB`);
    expect(r.requests).toBeGreaterThan(200);
    expect(r.serverErrors).toBe(0);
    expect(r.bursts).toBeGreaterThan(0);
    expect(r.burstUnanswered).toBe(0);
    expect(r.unexpected).toEqual([]);
    expect(r.sitesReported).toBe(r.sitesExpected);
    expect(r.changesReported).toBe(r.changesExpected);
  }, 120_000);
});
