/**
 * A short soak in CI (the long one is `npm run soak`): mixed reads and writes from several
 * clients against a server process, with bursts of 32 concurrent writes on fresh connections; no 5xx,
 * every burst write answered, and the counts afterwards match what was done. Then the abuse phase
 * (scripts/soak/phase.ts), 5 s calm and 5 s beside abusive requests: the clients' p99 within its
 * bound (in one of up to three tries), and every abusive request answered.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { abuseLine } from '../../scripts/soak/phase.ts';
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
  it('serves mixed load with no 5xx and consistent counts, and keeps its p99 beside abusive requests', async () => {
    db = await createDatabase();
    server = await spawnServer(databaseUrl(db), { NODE_ENV: 'production' });
    const r = await runSoak({
      url: server.url,
      token: TOKEN,
      seconds: Number(process.env.SOAK_SECONDS ?? 20),
      clients: 4,
      pid: server.child.pid,
      abuseSeconds: 5,
      // a busy machine stretches a 5 s window's p99 now and then: up to 3 tries (only the bound is retried)
      abuseTries: 3,
    });
    console.log(`soak: ${r.requests} requests (${r.perSecond}/s), RSS ${r.rssStartMiB} → ${r.rssEndMiB} MiB`);
    console.log(abuseLine(r.abuse!));
    const { calm, abused, boundMs, unanswered, serverErrors, cleanup } = r.abuse!;
    expect(calm.requests).toBeGreaterThan(20);
    expect(abused.p99Ms, `p99 ${calm.p99Ms} ms calm`).toBeLessThanOrEqual(boundMs);
    expect({ unanswered, serverErrors, cleanup }).toEqual({ unanswered: 0, serverErrors: 0, cleanup: undefined });
    expect(r.requests).toBeGreaterThan(200);
    expect(r.serverErrors).toBe(0);
    expect(r.bursts).toBeGreaterThan(0);
    expect(r.burstUnanswered).toBe(0);
    expect(r.unexpected).toEqual([]);
    expect(r.sitesReported).toBe(r.sitesExpected);
    expect(r.changesReported).toBe(r.changesExpected);
  }, 300_000);
});
