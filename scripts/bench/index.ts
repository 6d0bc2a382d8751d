/**
 * `npm run bench`: starts PostgreSQL (embedded, or DATABASE_URL) and the server in production mode,
 * creates the data set through the API, then runs the scenarios — reads against a ceiling, bulk
 * writes, webhook delivery, branching, 1 → 2 processes, import-netbox from this server into an empty
 * database, and GraphQL beside REST for the same rows — and prints a table, also written (JSON and
 * Markdown) under bench/results/.
 *
 *   --scale=100000        objects in the data set     --seconds=5        load per read scenario
 *   --only=reads,bulk,stream,interfaces,components,webhooks,branching,branches,cow,scaling,import,graphql
 *   --stream-rounds=3     rounds of the change stream's bulk writes without and with 10 clients
 *   --branch-scales=10000,100000,1000000
 *   --bulk=10000  --webhooks=2000  --merge=10000
 *   --branch-ready=1000,1000000   `branches` (issue 35's figures): main's sizes at which a branch's ready
 *                         time is measured; --branch-rows=100000 the size for its writes, reads, merge
 *                         (--merge) and sync (--sync=10000); --branch-changed=1000 devices the reading
 *                         branch changes; --branch-writes=10000,1000 interfaces created and devices
 *                         patched on main with --branch-open=0,1,10 branches open
 *   --cow-rows=100000  --cow-changed=1000  --cow-ready=1000,1000000  --cow-tables=139
 *                         `cow`: the copy-on-write candidates as SQL prototypes (cow-candidates.ts)
 *   --interfaces=50000    interfaces already in the table before bulk-creating more
 *   --compare=e180258,main   other commits whose read scenarios run beside this tree's, in the same
 *                         run (builds.ts: a scratch worktree each, a database each, the same data set)
 *   --postgres=embedded,15   the databases to run on, one after the other, side by side in the
 *                         results: `embedded` (PostgreSQL 18), `url` (DATABASE_URL as given; the
 *                         default when it is set), `15` (a cluster of Debian's PostgreSQL 15 made
 *                         for the run, README's settings, fsync on), or a folder of binaries
 */
import { parseArgs } from 'node:util';
import { connect, query } from '../../runtime/db/index.ts';
import {
  settle,
  startCeilingProcess,
  startDatabase,
  startServerProcess,
  type Database,
  type DatabaseKind,
  type Result,
} from './harness.ts';
import { checkout, thisTree, type Build } from './builds.ts';
import { startBuildTarget, targetOf, type RunningTarget } from './targets.ts';
import { machine, writeResults } from './report.ts';
import { createDataset, type Dataset } from './dataset.ts';
import { benchReads } from './scenarios/reads.ts';
import { benchScaling } from './scenarios/scaling.ts';
import { benchBulk, benchBulkInterfaces } from './scenarios/bulk.ts';
import { benchWebhooks } from './scenarios/webhooks.ts';
import { benchStream } from './scenarios/stream.ts';
import { benchBranching } from './scenarios/branching.ts';
import { benchBranches } from './scenarios/branches.ts';
import { benchCow } from './cow-candidates.ts';
import { benchComponents } from './scenarios/components.ts';
import { benchImport } from './scenarios/import.ts';
import { benchGraphql } from './scenarios/graphql.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    scale: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    bulk: { type: 'string', default: '10000' },
    webhooks: { type: 'string', default: '2000' },
    interfaces: { type: 'string', default: '50000' },
    postgres: { type: 'string' },
    'branch-scales': { type: 'string', default: '10000,100000,1000000' },
    merge: { type: 'string', default: '10000' },
    sync: { type: 'string', default: '10000' },
    'branch-ready': { type: 'string', default: '1000,1000000' },
    'branch-rows': { type: 'string', default: '100000' },
    'branch-changed': { type: 'string', default: '1000' },
    'branch-writes': { type: 'string', default: '10000,1000' },
    'branch-open': { type: 'string', default: '0,1,10' },
    'cow-rows': { type: 'string', default: '100000' },
    'cow-changed': { type: 'string', default: '1000' },
    'cow-ready': { type: 'string', default: '1000,1000000' },
    'cow-tables': { type: 'string', default: '139' },
    compare: { type: 'string' },
    'stream-rounds': { type: 'string', default: '3' },
  },
});
const only = values.only ? new Set(values.only.split(',')) : undefined;
const want = (name: string) => !only || only.has(name);
const seconds = Number(values.seconds);
/** A comma-separated option's numbers. */
const list = (name: 'branch-ready' | 'branch-writes' | 'branch-open' | 'cow-ready') =>
  values[name].split(',').map(Number);

/** `--postgres` names: `15` is Debian's PostgreSQL 15; a path is a folder of binaries. */
function kindOf(name: string): DatabaseKind {
  if (name === 'embedded' || name === 'url') return name;
  if (/^\d+$/.test(name)) return { bin: `/usr/lib/postgresql/${name}/bin` };
  return { bin: name };
}

const started = Date.now();
const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);

/** The builds `--compare` names, checked out once for the whole run. */
const builds: Build[] = [];

/** The read scenarios on this tree's server and every build compared, beside one ceiling. */
async function reads(db: Database, server: string, data: Dataset): Promise<Result[]> {
  const targets: RunningTarget[] = [];
  const ceiling = await startCeilingProcess(db.url);
  try {
    targets.push(await targetOf(builds.length ? thisTree().label : '', db.url, server, data));
    for (const b of builds) targets.push(await startBuildTarget(db, b, Number(values.scale), step));
    step('reads, against the bare and the same-SQL ceilings');
    return await benchReads(targets, ceiling.url, seconds);
  } finally {
    for (const t of targets) await t.stop();
    await ceiling.stop();
  }
}

/** A scenario on an empty database of its own (`name`), with a server process of its own. */
async function onOwnServer(
  db: Database,
  name: string,
  run: (server: string, url: string) => Promise<Result[]>,
): Promise<Result[]> {
  const url = await db.sibling(name);
  const server = await startServerProcess(url);
  try {
    return await run(server.url, url);
  } finally {
    await server.stop();
  }
}

/** The scenarios on one server over the database itself: the data set and what reads it, then the writes. */
async function onServer(db: Database): Promise<Result[]> {
  const results: Result[] = [];
  let server = await startServerProcess(db.url);
  try {
    let data: Dataset | undefined;
    if (want('reads') || want('scaling') || want('import')) {
      step('creating the data set through the API');
      data = await createDataset(server.url, Number(values.scale));
      await settle(db.url);
      results.push({
        scenario: `data set: ${data.objects.toLocaleString('en')} objects created through the API`,
        metrics: { seconds: +data.seconds.toFixed(1), 'objects/s': Math.round(data.objects / data.seconds) },
      });
      step(`data set ready: ${data.objects} objects in ${data.seconds.toFixed(1)} s`);
    }
    if (want('reads') && data) {
      results.push(...(await reads(db, server.url, data)));
    }
    if (want('scaling') && data) {
      step('1 → 2 processes');
      await server.stop();
      results.push(...(await benchScaling(db.url, data, seconds)));
      server = await startServerProcess(db.url);
    }
    if (want('import') && data) {
      step('import-netbox from this server into an empty database');
      results.push(...(await benchImport(server.url, await db.sibling('import'))));
    }
    if (want('bulk')) step('bulk writes');
    if (want('bulk')) results.push(...(await benchBulk(server.url, Number(values.bulk))));
    if (want('stream')) step('the change stream under bulk writes, without and with 10 clients');
    if (want('stream'))
      results.push(...(await benchStream(server, Number(values.bulk), Number(values['stream-rounds']))));
    if (want('components')) step('component instantiation');
    if (want('components')) results.push(...(await benchComponents(server.url)));
    if (want('webhooks')) step('webhook delivery');
    if (want('webhooks')) results.push(...(await benchWebhooks(server.url, Number(values.webhooks))));
  } finally {
    await server.stop();
  }
  return results;
}

/** Every wanted scenario on one database: those on its own server, then those on databases of their own. */
async function runOn(db: Database): Promise<Result[]> {
  const results = await onServer(db);
  if (want('interfaces')) {
    step(`bulk interfaces with ${Number(values.interfaces).toLocaleString('en')} already in the table`);
    // a database of its own: the table holds exactly the interfaces the scenario puts there
    const n = Number(values.interfaces);
    results.push(...(await onOwnServer(db, 'interfaces', (server) => benchBulkInterfaces(server, n, step))));
  }
  if (want('graphql')) {
    step('GraphQL beside REST');
    // a database of its own: the devices, interfaces and addresses of its queries and nothing else
    results.push(...(await benchGraphql(await db.sibling('graphql'), seconds, step)));
  }
  if (want('branching')) {
    step('branching');
    // an empty database of its own, so that each scale is the size of main being copied
    const scales = values['branch-scales'].split(',').map(Number);
    const run = (server: string, url: string) => benchBranching(server, url, scales, Number(values.merge));
    results.push(...(await onOwnServer(db, 'branching', run)));
  }
  if (want('branches')) results.push(...(await branches(db)));
  if (want('cow')) {
    step('copy-on-write candidates (SQL prototypes)');
    const options = {
      rows: Number(values['cow-rows']),
      changed: Number(values['cow-changed']),
      tables: Number(values['cow-tables']),
      ready: list('cow-ready'),
    };
    results.push(...(await benchCow(await db.sibling('cow'), options, step)));
  }
  return results;
}

/** Issue 35's figures of the branches as they are built, on an empty database of their own. */
async function branches(db: Database): Promise<Result[]> {
  step('branches: ready time, main writes with branches open, reads, merge and sync');
  const [interfaces, devices] = list('branch-writes');
  const options = {
    ready: list('branch-ready'),
    rows: Number(values['branch-rows']),
    changed: Number(values['branch-changed']),
    interfaces: interfaces ?? 10000,
    devices: devices ?? 1000,
    open: list('branch-open'),
    merge: Number(values.merge),
    sync: Number(values.sync),
    seconds,
  };
  return onOwnServer(db, 'branches', (server, url) => benchBranches(server, url, options, step));
}

async function main(): Promise<void> {
  const kinds = (values.postgres ?? (process.env.DATABASE_URL ? 'url' : 'embedded'))
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const results: Result[] = [];
  const versions: string[] = [];
  let current: Database | undefined;
  // Ctrl-C still removes the database (and the cluster made for the run, with its folder)
  const interrupted = () => void (current?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  process.once('exit', () => builds.forEach((b) => b.remove()));
  for (const commit of values.compare?.split(',').filter(Boolean) ?? []) builds.push(checkout(commit.trim(), step));
  for (const name of kinds) {
    step(`PostgreSQL: ${name}`);
    current = await startDatabase(kindOf(name));
    try {
      const sql = connect(current.url, { max: 1 });
      const version = String((await query(sql, 'SHOW server_version'))[0]!.server_version).split(' ')[0]!;
      const fsync = String((await query(sql, 'SHOW fsync'))[0]!.fsync);
      await sql.end();
      const label = `${name === 'embedded' ? 'embedded ' : ''}${version}`;
      versions.push(`${label} (fsync ${fsync})`);
      step(`PostgreSQL ${label} ready`);
      for (const r of await runOn(current)) results.push({ ...r, database: label });
    } finally {
      await current.stop();
      current = undefined;
    }
  }
  console.log(
    writeResults(results, {
      ...machine(versions.join(', ')),
      scale: values.scale!,
      'total minutes': ((Date.now() - started) / 60000).toFixed(1),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
