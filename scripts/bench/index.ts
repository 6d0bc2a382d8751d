/**
 * `npm run bench`: starts PostgreSQL and the server in production mode, runs the scenarios, prints
 * a table and writes it under bench/results/. `--only=bulk,branching` picks scenarios; `--scale=N`
 * sets the data set size (objects), `--branch-scales=10000,100000` the provisioning sizes.
 */
import { parseArgs } from 'node:util';
import { connect } from '../../runtime/db/index.ts';
import { startDatabase, startServerProcess, type Result } from './harness.ts';
import { machine, writeResults } from './report.ts';
import { benchBulk } from './scenarios/bulk.ts';
import { benchWebhooks } from './scenarios/webhooks.ts';
import { benchBranching } from './scenarios/branching.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, scale: { type: 'string', default: '100000' }, bulk: { type: 'string', default: '10000' },
  'branch-scales': { type: 'string', default: '10000,100000,1000000' }, merge: { type: 'string', default: '10000' } } });
const only = values.only ? new Set(values.only.split(',')) : undefined;
const want = (name: string) => !only || only.has(name);

async function main(): Promise<void> {
  const db = await startDatabase();
  const results: Result[] = [];
  let pgVersion = 'unknown';
  try {
    const sql = connect(db.url, { max: 1 });
    pgVersion = String((await sql.unsafe('SHOW server_version'))[0]!.server_version);
    await sql.end();
    const server = await startServerProcess(db.url);
    try {
      if (want('bulk')) results.push(...await benchBulk(server.url, Number(values.bulk)));
      if (want('webhooks')) results.push(...await benchWebhooks(server.url, 2000));
      if (want('branching')) results.push(...await benchBranching(server.url, db.url, values['branch-scales'].split(',').map(Number), Number(values.merge)));
    } finally {
      await server.stop();
    }
  } finally {
    await db.stop();
  }
  console.log(writeResults(results, machine(pgVersion)));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
