/**
 * Row totals (runtime/db/totals.ts): an unfiltered list's count is the table's kept total. It follows the
 * API's creates and deletes, a cascade, writes and a truncate made outside the API, and enough statements
 * to fold the totals' rows; writers of one table do not wait on each other; a branch keeps its own totals
 * through its merge and loses them when deleted; a restart that finds a table's triggers gone counts it anew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, inBranch, operate, readyBranch } from '../helpers/branch.ts';
import { resolve } from 'node:path';
import { connect, migrateDatabase } from '../../runtime/db/index.ts';
import { created, databaseUrl, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const servers: TestServer[] = [];
let device: any;

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  servers.push(s);
  const site = await created(s, '/api/dcim/sites/', { name: 'rt', slug: 'rt' });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'rt', slug: 'rt' });
  const type = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'rt', slug: 'rt' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'rt', slug: 'rt', color: '00ff00' });
  device = await created(s, '/api/dcim/devices/', { name: 'rt', site: site.id, device_type: type.id, role: role.id });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((x) => x.stop()));
});

/** What an unfiltered list says it holds, beside what a filtered one (counted row by row) says. */
async function listed(server: TestServer, path: string) {
  const all = await server.request('GET', `${path}?limit=1`);
  expect(all.status, all.text).toBe(200);
  const counted = await server.request('GET', `${path}?limit=1&id__gte=0`);
  return { total: all.body.count, counted: counted.body.count };
}

const interfaces = (names: string[]) => names.map((name) => ({ device: device.id, name, type: '1000base-t' }));

describe('row totals', () => {
  it('are what an unfiltered list counts, and only an unfiltered one', async () => {
    // a total put there by hand: the unfiltered list says it, the filtered one counts the rows
    await s.sql.unsafe(`INSERT INTO row_total (tbl, n) VALUES ('dcim_site'::regclass, 1000)`);
    expect(await listed(s, '/api/dcim/sites/')).toEqual({ total: 1001, counted: 1 });
    await s.sql.unsafe(`DELETE FROM row_total WHERE tbl = 'dcim_site'::regclass AND n = 1000`);
    expect(await listed(s, '/api/dcim/sites/')).toEqual({ total: 1, counted: 1 });
  });

  it('follow creates, deletes, a cascade, writes outside the API, folding and a truncate', async () => {
    const made = await created(s, '/api/dcim/interfaces/', interfaces(['e1', 'e2', 'e3']));
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 3, counted: 3 });
    expect((await s.request('DELETE', `/api/dcim/interfaces/${made[0].id}/`)).status).toBe(204);
    await s.sql.unsafe(`INSERT INTO dcim_interface (device_id, name, type) VALUES ($1, 'sql', '1000base-t')`, [
      device.id,
    ]);
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 3, counted: 3 });
    // 20 statements: the totals' rows for the table are folded, the sum stays
    for (let i = 0; i < 20; i++) await created(s, '/api/dcim/interfaces/', interfaces([`f${i}`]));
    const [rows] = await s.sql.unsafe(
      `SELECT count(*)::int AS n FROM row_total WHERE tbl = 'dcim_interface'::regclass`,
    );
    expect(rows!.n).toBeLessThan(16);
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 23, counted: 23 });
    // the device goes with its interfaces (a cascade the write path makes)
    const other = await s.request('POST', '/api/dcim/devices/', { ...deviceBody(), name: 'gone' });
    expect(other.status, other.text).toBe(201);
    await created(s, '/api/dcim/interfaces/', [{ device: other.body.id, name: 'g1', type: '1000base-t' }]);
    expect((await s.request('DELETE', `/api/dcim/devices/${other.body.id}/`)).status).toBe(204);
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 23, counted: 23 });
    expect(await listed(s, '/api/dcim/devices/')).toEqual({ total: 1, counted: 1 });
    await s.sql.unsafe('TRUNCATE dcim_interface CASCADE');
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 0, counted: 0 });
  });

  it("are the reader's snapshot: writers of a table do not wait on each other, a rollback counts nothing", async () => {
    const before = (await listed(s, '/api/dcim/manufacturers/')).total;
    const held = await s.sql.reserve();
    try {
      await held.unsafe('BEGIN');
      // enough statements to fold, so the held transaction keeps the folded rows locked
      for (let i = 0; i < 20; i++)
        await held.unsafe(`INSERT INTO dcim_manufacturer (name, slug) VALUES ($1, $1)`, [`held-${i}`]);
      // another writer of the table, while those rows are locked: it must not wait (the request would hang)
      const started = Date.now();
      for (let i = 0; i < 20; i++) await created(s, '/api/dcim/manufacturers/', { name: `api-${i}`, slug: `api-${i}` });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await listed(s, '/api/dcim/manufacturers/')).toEqual({ total: before + 20, counted: before + 20 });
      await held.unsafe('COMMIT');
      expect(await listed(s, '/api/dcim/manufacturers/')).toEqual({ total: before + 40, counted: before + 40 });
      await held.unsafe('BEGIN');
      await held.unsafe(`INSERT INTO dcim_manufacturer (name, slug) VALUES ('undone', 'undone')`);
      await held.unsafe('ROLLBACK');
      // a snapshot transaction (as a branch's merge runs) beside writers that fold: it must not fail to serialize
      await held.unsafe('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await held.unsafe(`INSERT INTO dcim_manufacturer (name, slug) VALUES ('rr-0', 'rr-0')`);
      for (let i = 0; i < 20; i++) await created(s, '/api/dcim/manufacturers/', { name: `rc-${i}`, slug: `rc-${i}` });
      for (let i = 1; i < 20; i++)
        await held.unsafe(`INSERT INTO dcim_manufacturer (name, slug) VALUES ($1, $1)`, [`rr-${i}`]);
      await held.unsafe('COMMIT');
    } finally {
      held.release();
    }
    expect(await listed(s, '/api/dcim/manufacturers/')).toEqual({ total: before + 80, counted: before + 80 });
  }, 60_000);

  it("are a branch's own, through its merge, and go with the branch", async () => {
    const branch = await readyBranch(s, 'totals');
    const br = inBranch(s, branch.schema_id);
    await created(br, '/api/dcim/interfaces/', interfaces(['b1', 'b2']));
    expect(await listed(br, '/api/dcim/interfaces/')).toEqual({ total: 2, counted: 2 });
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 0, counted: 0 });
    // a model no branch copies reads main's total inside a branch
    expect(await listed(br, '/api/users/users/')).toEqual(await listed(s, '/api/users/users/'));
    expect((await operate(s, branch.id, 'merge')).status.value).toBe('completed');
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 2, counted: 2 });
    const schemaTotals = `SELECT count(*)::int AS n FROM row_total t JOIN pg_class c ON c.oid = t.tbl
      WHERE c.relnamespace = to_regnamespace($1)`;
    const [mine] = await s.sql.unsafe(schemaTotals, [`branch_${branch.schema_id}`]);
    expect(mine!.n).toBeGreaterThan(0);
    expect((await s.request('DELETE', `${BRANCHES}${branch.id}/`)).status).toBe(204);
    const [stray] = await s.sql.unsafe(
      'SELECT count(*)::int AS n FROM row_total t WHERE NOT EXISTS (SELECT FROM pg_class c WHERE c.oid = t.tbl::oid)',
    );
    expect(stray!.n).toBe(0);
  }, 120_000);

  it('stay with their triggers when the migrations run without the catalogue (npm run manage)', async () => {
    await migrateDatabase(databaseUrl(s.database), resolve('migrations'));
    const [r] = await s.sql.unsafe(
      `SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE 'row\\_total\\__' OR tgname LIKE 'counter\\_%'`,
    );
    expect(r!.n).toBeGreaterThan(100);
    expect(await listed(s, '/api/dcim/interfaces/')).toEqual({ total: 2, counted: 2 });
  });

  it('are put back and counted anew by a restart that finds their triggers gone', async () => {
    await created(s, '/api/dcim/interfaces/', interfaces(['r1']));
    const { database } = s;
    await s.server.stop();
    servers.splice(servers.indexOf(s), 1);
    const sql = connect(databaseUrl(database), { max: 1 });
    try {
      for (const t of ['row_total_i', 'row_total_d', 'row_total_t'])
        await sql.unsafe(`DROP TRIGGER ${t} ON dcim_interface`);
      // written while nothing kept the total: the restart must count them
      await sql.unsafe(`INSERT INTO dcim_interface (device_id, name, type) VALUES ($1, 'unkept', '1000base-t')`, [
        device.id,
      ]);
      await sql.unsafe(`INSERT INTO row_total (tbl, n) VALUES ('dcim_interface'::regclass, 99)`);
    } finally {
      await sql.end();
    }
    const again = await startTestServer({ database });
    servers.push(again);
    expect(await listed(again, '/api/dcim/interfaces/')).toEqual({ total: 4, counted: 4 });
    const [r] = await again.sql.unsafe(
      `SELECT count(*)::int AS n FROM pg_trigger
        WHERE tgrelid = 'dcim_interface'::regclass AND tgname LIKE 'row\\_total\\__'`,
    );
    expect(r!.n).toBe(3);
  }, 180_000);
});

function deviceBody() {
  return { site: device.site.id, device_type: device.device_type.id, role: device.role.id };
}
