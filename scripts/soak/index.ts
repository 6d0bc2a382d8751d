/**
 * `npm run soak`: the server in production mode on its own database, driven for a bounded time by
 * several clients sending mixed reads and writes, then the abuse phase (phase.ts): the clients go on
 * calm, then beside abusive requests. Prints throughput, statuses, RSS at start and end, whether the
 * counts after match what the clients did, and the p99 of the clients' requests calm and beside the
 * abuse; exits 1 on any 5xx or mismatch, an abusive request left unanswered, or a p99 past its bound.
 *
 *   --seconds=300  --clients=8  --burst=32 (writes at once in each burst; 0: none)
 *   --abuse-seconds=30 (each window of the abuse phase; 0: no abuse phase)
 */
import { parseArgs } from 'node:util';
import { startDatabase, startServerProcess, TOKEN } from '../bench/harness.ts';
import { runSoak } from './run.ts';
import { abuseHeld, abuseLine } from './phase.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    clients: { type: 'string', default: '8' },
    burst: { type: 'string', default: '32' },
    'abuse-seconds': { type: 'string', default: '30' },
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
      abuseSeconds: Number(values['abuse-seconds']),
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
    if (r.abuse) console.log(abuseLine(r.abuse));
    failed =
      (r.abuse !== undefined && !abuseHeld(r.abuse)) ||
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
