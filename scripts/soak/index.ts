/**
 * `npm run soak`: the server in production mode on its own database, driven for a bounded time by
 * several clients sending mixed reads and writes. Prints throughput, statuses, RSS at start and
 * end, and whether the counts after match what the clients did; exits 1 on any 5xx or mismatch.
 *
 *   --seconds=300  --clients=8  --burst=32 (writes at once in each burst; 0: none)
 */
import { parseArgs } from 'node:util';
import { startDatabase, startServerProcess, TOKEN } from '../bench/harness.ts';
import { runSoak } from './run.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    clients: { type: 'string', default: '8' },
    burst: { type: 'string', default: '32' },
  },
});
const db = await startDatabase();
let failed = true;
try {
  const server = await startServerProcess(db.url);
  try {
    console.log(`soak: ${values.clients} clients for ${values.seconds} s against ${server.url}`);
    const r = await runSoak({
      url: server.url,
      token: TOKEN,
      seconds: Number(values.seconds),
      clients: Number(values.clients),
      pid: server.child.pid,
      burst: Number(values.burst),
    });
    console.log(JSON.stringify(r, null, 2));
    console.log(
      `${r.requests} requests in ${r.seconds} s (${r.perSecond}/s), ${r.serverErrors} server errors, RSS ` +
        `${r.rssStartMiB} → ${r.rssEndMiB} MiB`,
    );
    console.log(`RSS over the run (MiB): ${r.rssSamplesMiB.join(' → ')}`);
    console.log(
      `sites ${r.sitesReported} (expected ${r.sitesExpected}), change records ${r.changesReported} (expected ` +
        `${r.changesExpected})`,
    );
    console.log(`${r.bursts} bursts of ${values.burst} concurrent writes, ${r.burstUnanswered} unanswered`);
    failed =
      r.serverErrors > 0 ||
      r.burstUnanswered > 0 ||
      r.unexpected.length > 0 ||
      r.sitesReported !== r.sitesExpected ||
      r.changesReported !== r.changesExpected;
  } finally {
    await server.stop();
  }
} finally {
  await db.stop();
}
process.exit(failed ? 1 : 0);
