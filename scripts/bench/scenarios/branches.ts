/**
 * Issue 35's figures for branches, whatever the storage design: how soon a branch is ready (POST until
 * status ready) with main at each size; what main's writes cost with 0, 1 and 10 branches open (bulk
 * create of interfaces, bulk PATCH of devices); list and detail reads in a branch that changed some of
 * main's rows beside the same reads on main; a merge's and a sync's rate. Main's rows are made by
 * branching.ts's seed (set-based SQL into main's tables, the API having made none of them): sites,
 * racks, devices, interfaces and IP addresses.
 */
import { connect, query } from '../../../runtime/db/index.ts';
import { api, AUTH, type Result } from '../harness.ts';
import { load, warm } from '../load.ts';
import { benchMerge, BRANCHES, inBranch, provision, seed, waitJob } from './branching.ts';

export interface BranchesOptions {
  /** main's sizes (rows) at which a branch's ready time is measured */
  readonly ready: readonly number[];
  /** main's size for the writes, the reads, the merge and the sync */
  readonly rows: number;
  /** devices the reading branch changes */
  readonly changed: number;
  /** interfaces bulk-created and devices patched on main, per count of open branches */
  readonly interfaces: number;
  readonly devices: number;
  readonly open: readonly number[];
  readonly merge: number;
  readonly sync: number;
  readonly seconds: number;
}

const s2 = (ms: number) => +(ms / 1000).toFixed(2);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The branch's ready time with main at `rows` rows (the branch is deleted afterwards). */
async function ready(base: string, url: string, rows: number): Promise<Result> {
  const have = await seed(url, rows);
  const p = await provision(base, `bench-ready-${rows}`);
  await api(base, 'DELETE', `${BRANCHES}${p.id}/`);
  return {
    scenario: `branch ready (POST until status ready), main at ${have.toLocaleString('en')} rows`,
    metrics: { seconds: s2(p.ms), 'job seconds': s2(p.copyMs) },
    target: '< 1 s',
    met: p.ms < 1000,
  };
}

/** Ids of main's first `n` devices (seeded ones), by id. */
async function deviceIds(url: string, n: number): Promise<number[]> {
  const sql = connect(url, { max: 1 });
  try {
    return (await query(sql, 'SELECT id FROM dcim_device ORDER BY id LIMIT $1', [n])).map((r) => Number(r.id));
  } finally {
    await sql.end();
  }
}

/** Main's bulk writes: `o.interfaces` interfaces in batches of 1,000 (10 a device), then one PATCH of devices. */
async function mainWrites(base: string, url: string, o: BranchesOptions, round: number) {
  const devices = await deviceIds(url, Math.max(o.devices, Math.ceil(o.interfaces / 10)));
  let created = 0;
  const create = await timed(async () => {
    for (; created < o.interfaces; created += 1000) {
      const batch = Array.from({ length: Math.min(1000, o.interfaces - created) }, (_, k) => {
        const i = created + k;
        return { device: devices[Math.floor(i / 10)], name: `w${round}-${i % 10}`, type: '1000base-t' };
      });
      await api(base, 'POST', '/api/dcim/interfaces/', batch);
    }
  });
  const patch = await timed(() =>
    api(
      base,
      'PATCH',
      '/api/dcim/devices/',
      devices.slice(0, o.devices).map((id) => ({ id, description: `main write ${round}` })),
    ),
  );
  return { create, patch };
}

/** Main's write cost with each count of open branches (of main at `o.rows`), beside the first count (0). */
async function writes(base: string, url: string, o: BranchesOptions): Promise<{ rows: Result[]; open: number[] }> {
  const open: number[] = [];
  const rows: Result[] = [];
  let none: { create: number; patch: number } | undefined;
  for (const [round, n] of o.open.entries()) {
    while (open.length < n) open.push((await provision(base, `bench-open-${open.length}`)).id);
    const w = await mainWrites(base, url, o, round);
    none ??= w;
    for (const [what, ms, base0, count] of [
      [`bulk create ${o.interfaces.toLocaleString('en')} interfaces on main`, w.create, none.create, o.interfaces],
      [`PATCH ${o.devices.toLocaleString('en')} devices on main`, w.patch, none.patch, o.devices],
    ] as const)
      rows.push({
        scenario: `${what}, ${n} branch${n === 1 ? '' : 'es'} open`,
        metrics: {
          seconds: s2(ms),
          'objects/s': Math.round(count / (ms / 1000)),
          'vs first': +(ms / base0).toFixed(2),
        },
        ...(n >= 10 ? { target: '≤ 1.25 × none', met: ms / base0 <= 1.25 } : {}),
      });
  }
  return { rows, open };
}

/** List and detail reads in a branch that changed `o.changed` devices, beside the same reads on main. */
async function reads(base: string, url: string, schemaId: string, o: BranchesOptions): Promise<Result[]> {
  const ids = await deviceIds(url, o.changed + 1);
  const changed = ids.slice(0, o.changed);
  for (let i = 0; i < changed.length; i += 1000)
    await inBranch(
      base,
      schemaId,
      'PATCH',
      '/api/dcim/devices/',
      changed.slice(i, i + 1000).map((id) => ({ id, description: 'changed in branch', status: 'planned' })),
    );
  const device = await api(base, 'GET', `/api/dcim/devices/${ids[0]}/`);
  const paths: [string, string][] = [
    ['list 50 devices', '/api/dcim/devices/?limit=50'],
    ['list 50 devices, offset 5,000', '/api/dcim/devices/?limit=50&offset=5000'],
    ['filtered device list (site_id, status)', `/api/dcim/devices/?site_id=${device.site.id}&status=active&limit=50`],
    ['detail GET of a device the branch changed', `/api/dcim/devices/${ids[0]}/`],
    ['detail GET of a device it did not change', `/api/dcim/devices/${ids[o.changed]}/`],
  ];
  const out: Result[] = [];
  const branch = { ...AUTH, 'X-Service-Branch': schemaId };
  for (const [name, path] of paths) {
    await warm(`${base}${path}`, AUTH);
    await warm(`${base}${path}`, branch);
    const main = await load(`${base}${path}`, AUTH, o.seconds);
    const inside = await load(`${base}${path}`, branch, o.seconds);
    const ratio = +(main.rps / Math.max(1, inside.rps)).toFixed(2);
    out.push({
      scenario: `${name}: in a branch that changed ${o.changed.toLocaleString('en')} devices, beside main`,
      metrics: { 'req/s main': main.rps, 'req/s branch': inside.rps, 'branch/main': ratio },
      target: '≤ 1.5',
      met: ratio <= 1.5 && main.errors + inside.errors === 0,
    });
  }
  return out;
}

/** A sync over `n` main changes (half sites created, half devices patched) into a branch opened before them. */
async function sync(base: string, url: string, n: number): Promise<Result> {
  const b = await provision(base, 'bench-sync');
  const creates = Math.floor(n / 2);
  for (let i = 0; i < creates; i += 1000)
    await api(
      base,
      'POST',
      '/api/dcim/sites/',
      Array.from({ length: Math.min(1000, creates - i) }, (_, k) => ({
        name: `sync-site-${i + k}`,
        slug: `sync-site-${i + k}`,
      })),
    );
  const devices = (await deviceIds(url, n - creates)).map((id) => ({ id, description: 'synced from main' }));
  for (let i = 0; i < devices.length; i += 1000)
    await api(base, 'PATCH', '/api/dcim/devices/', devices.slice(i, i + 1000));
  const changes = creates + devices.length;
  const started = performance.now();
  const job = await waitJob(base, (await api(base, 'POST', `${BRANCHES}${b.id}/sync/`, { commit: true })).url);
  const ms = performance.now() - started;
  if (job.status.value !== 'completed') throw new Error(`sync failed: ${JSON.stringify(job.data).slice(0, 500)}`);
  await api(base, 'DELETE', `${BRANCHES}${b.id}/`);
  return {
    scenario: `sync ${changes.toLocaleString('en')} main changes (creates and updates) into a branch`,
    metrics: {
      seconds: s2(ms),
      'job seconds': s2(Date.parse(job.completed) - Date.parse(job.started)),
      'changes/s': Math.round(changes / (ms / 1000)),
    },
    target: '< 10 s',
    met: ms < 10_000,
  };
}

/** The whole set on one empty database: sizes below `o.rows` first, then the rest at `o.rows`, then larger sizes. */
export async function benchBranches(
  base: string,
  url: string,
  o: BranchesOptions,
  step: (what: string) => void,
): Promise<Result[]> {
  const out: Result[] = [];
  for (const rows of o.ready.filter((r) => r < o.rows)) {
    step(`  branch ready with main at ${rows.toLocaleString('en')} rows`);
    out.push(await ready(base, url, rows));
  }
  await seed(url, o.rows);
  step(`  main's writes with ${o.open.join(', ')} branches open`);
  const w = await writes(base, url, o);
  out.push(...w.rows);
  step('  reads in a branch beside main');
  const reader = w.open[0] ?? (await provision(base, 'bench-reader')).id;
  const row = await api(base, 'GET', `${BRANCHES}${reader}/`);
  out.push(...(await reads(base, url, row.schema_id, o)));
  for (const id of w.open) await api(base, 'DELETE', `${BRANCHES}${id}/`);
  step(`  merge of ${o.merge.toLocaleString('en')} changes`);
  out.push(await benchMerge(base, o.merge));
  step(`  sync of ${o.sync.toLocaleString('en')} main changes`);
  out.push(await sync(base, url, o.sync));
  for (const rows of o.ready.filter((r) => r >= o.rows)) {
    step(`  branch ready with main at ${rows.toLocaleString('en')} rows`);
    out.push(await ready(base, url, rows));
  }
  return out;
}
