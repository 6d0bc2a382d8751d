/**
 * `npm run worker`: the job worker as its own process (several may run, on one or many hosts,
 * against one PostgreSQL). Needs DATABASE_URL, or the embedded database of a running `npm start`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { Registry } from './catalogue/index.ts';
import { loadSettings } from './config/index.ts';
import { resolvePeppers } from './auth/index.ts';
import { createHooks } from './hooks/index.ts';
import { recordObjectChanges } from './changelog/index.ts';
import { createEventObserver } from './events/index.ts';
import { createChangeControlObserver } from './changes/index.ts';
import { connectJobs, startWorker } from './jobs/index.ts';
import { crontab, tasks, workerPools } from './tasks/index.ts';
import { createDiffObserver, recoverBranches } from './branching/index.ts';
import { customFieldsCache } from './custom-fields/index.ts';
import { createCacheObserver } from './write/index.ts';
import { createCommitObserver, startSequencer } from './stream/index.ts';

const settings = loadSettings();
const url = settings.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${settings.embeddedPgPort}/netbox`;
const sql = connectJobs(url, settings);
const registry = new Registry(catalogue, filters);
const hooks = createHooks({ peppers: resolvePeppers(settings) });
const worker = await startWorker({
  databaseUrl: url,
  tasks,
  pools: workerPools(settings),
  crontab,
  context: {
    sql,
    settings,
    registry,
    hooks,
    observers: [
      recordObjectChanges,
      createEventObserver(),
      createDiffObserver(),
      createChangeControlObserver(),
      createCacheObserver(undefined, [customFieldsCache]),
      // its writes (a merge's, a sync's) wake the sequencer as the server's do, not at its next tick
      createCommitObserver(),
    ],
  },
  maintenance: [(ctx) => recoverBranches(ctx.sql)],
});
// the change stream's sequencer: any process may hold it (one at a time does)
const sequencer = startSequencer(url, settings);
const version = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;
console.log(`worker ${version} running (pid ${process.pid})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void worker
      .stop()
      .then(() => sequencer.stop())
      .then(() => sql.end())
      .then(() => process.exit(0));
  });
}
