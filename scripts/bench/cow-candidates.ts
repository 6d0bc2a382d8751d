/**
 * `npm run bench -- --only=cow`: the two copy-on-write designs of issue 35 as SQL prototypes on one
 * PostgreSQL (cow-sql.ts has their SQL): a branch's creation with main at each size, the cost its upkeep
 * adds to main's writes (10,000 single-row inserts, 1,000 single-row updates, each in a DO block, so the
 * figures are the database's own, per row) with 0, 1 and 10 branches open, ordered paged lists, a filter,
 * a join, a count and details in a branch that changed `changed` of `rows` rows beside the same read on
 * main (and, for each formulation, whether the plan is an ordered Merge Append), and the set-based work
 * of a merge of 10,000 changes and of a sync over 10,000 main changes.
 */
import { connect, query, type Sql } from '../../runtime/db/index.ts';
import type { Result } from './harness.ts';
import * as c from './cow-sql.ts';
import * as cb from './cow-sql-b.ts';
import {
  aClose,
  aOpen,
  bClose,
  bOpen,
  install,
  mainNames,
  r2,
  run,
  sharedClose,
  sharedOpen,
  timed,
  type CowOptions,
} from './cow-branches.ts';
import { reads } from './cow-reads.ts';

export type { CowOptions };

async function growTo(sql: Sql, have: number, rows: number): Promise<number> {
  if (rows <= have) return have;
  // the rows main had before any branch: no history
  await run(sql, 'ALTER TABLE dev DISABLE TRIGGER USER; ALTER TABLE devv DISABLE TRIGGER USER');
  await run(sql, c.grow('dev', have, rows));
  // ids from each table's sequence: a merge's creates took some of them already
  await run(sql, c.grow('devv', have, rows));
  await run(sql, 'ALTER TABLE dev ENABLE TRIGGER USER; ALTER TABLE devv ENABLE TRIGGER USER');
  await run(sql, 'VACUUM ANALYZE dev');
  await run(sql, 'VACUUM ANALYZE devv');
  return rows;
}

async function creation(sql: Sql, o: CowOptions, rows: number): Promise<Result[]> {
  const a = await aOpen(sql, 900, o);
  await aClose(sql, 900);
  const b = await bOpen(sql, 900);
  await bClose(sql, 900);
  const shared = await sharedOpen(sql, 901);
  await sharedClose(sql, 901);
  const at = `main at ${rows.toLocaleString('en')} rows, ${o.tables} tables`;
  return [
    { scenario: `cow (a) branch creation, ${at}`, metrics: { ms: r2(a) }, target: '< 1 s', met: a < 1000 },
    { scenario: `cow (b) branch creation, ${at}`, metrics: { ms: r2(b) }, target: '< 1 s', met: b < 1000 },
    {
      scenario: `cow (a) with shared overlays, branch creation, ${at}`,
      metrics: { ms: r2(shared) },
      target: '< 1 s',
      met: shared < 1000,
    },
  ];
}

/** Main's single-row writes in DO blocks: `n` inserts and `m` updates spread over the table. */
async function mainWrites(sql: Sql, table: 'dev' | 'devv', o: CowOptions, round: number) {
  const n = 10_000;
  const m = 1_000;
  const step = Math.max(1, Math.floor(o.rows / m));
  const where = table === 'devv' ? '_branch = 0 AND _to IS NULL AND ' : '';
  const from = table === 'devv' ? ', _from = pg_current_xact_id()' : '';
  const ins = await timed(() =>
    run(
      sql,
      `DO $$ BEGIN FOR i IN 1..${n} LOOP INSERT INTO ${table} (name, site_id, status)
        VALUES ('w${round}-' || i, (i % 1000) + 1, 'active'); END LOOP; END $$`,
    ),
  );
  const upd = await timed(() =>
    run(
      sql,
      `DO $$ BEGIN FOR i IN 1..${m} LOOP UPDATE ${table} SET description = 'w${round}', last_updated = now()${from}
        WHERE ${where}id = i * ${step}; END LOOP; END $$`,
    ),
  );
  await run(
    sql,
    `ALTER TABLE ${table} DISABLE TRIGGER USER; DELETE FROM ${table} WHERE name LIKE 'w%';
     ALTER TABLE ${table} ENABLE TRIGGER USER`,
  );
  await run(sql, `VACUUM ${table}`);
  return { ins: (ins * 1000) / n, upd: (upd * 1000) / m };
}

/** Main's write cost per row for each candidate: today's table (no trigger), then 0, 1, 10 branches open. */
async function writes(sql: Sql, o: CowOptions): Promise<Result[]> {
  const best = async (table: 'dev' | 'devv', round: number) => {
    const x = await mainWrites(sql, table, o, round);
    const y = await mainWrites(sql, table, o, round + 100);
    return { ins: Math.min(x.ins, y.ins), upd: Math.min(x.upd, y.upd) };
  };
  await run(sql, 'ALTER TABLE dev DISABLE TRIGGER USER');
  const today = await best('dev', 0);
  await run(sql, 'ALTER TABLE dev ENABLE TRIGGER USER');
  const out: Result[] = [];
  const row = (what: string, us: { ins: number; upd: number }): Result => ({
    scenario: `cow ${what}: main's single-row writes`,
    metrics: {
      'insert µs': r2(us.ins),
      'insert vs today': r2(us.ins / today.ins),
      'update µs': r2(us.upd),
      'update vs today': r2(us.upd / today.upd),
    },
  });
  out.push(row('today (no trigger)', today));
  let open = 0;
  for (const n of [0, 1, 10]) {
    for (; open < n; open++) {
      await aOpen(sql, 100 + open, o);
      await bOpen(sql, 100 + open);
    }
    out.push(row(`(a), ${n} branches open`, await best('dev', n + 1)));
    out.push(row(`(b), ${n} branches open`, await best('devv', n + 1)));
  }
  for (let i = 0; i < open; i++) {
    await aClose(sql, 100 + i);
    await bClose(sql, 100 + i);
  }
  await run(sql, 'TRUNCATE dev__hist; DELETE FROM devv WHERE _to IS NOT NULL');
  await run(sql, 'VACUUM ANALYZE devv');
  return out;
}

/** Merge of 10,000 changes (half updates, half creates) from a fresh branch, another branch open. */
async function merge(sql: Sql, changes: number): Promise<Result[]> {
  const half = Math.floor(changes / 2);
  await aOpen(sql, 2, { rows: 0, changed: 0, tables: 2, ready: [] });
  await bOpen(sql, 2);
  const overlay = (into: string, extra: string, src: string, where: string) =>
    `INSERT INTO ${into} (${extra}${c.COLUMNS.join(', ')})
       SELECT ${extra ? '2, ' : ''}id, name, site_id, status, serial,
       'merged', comments, custom_field_data, created, now()
       FROM ${src} WHERE ${where} id % 3 = 0 LIMIT ${half};
     INSERT INTO ${into} (${extra}${c.COLUMNS.join(', ')})
       SELECT ${extra ? '2, ' : ''}nextval('${src === 'dev' ? 'dev_id_seq' : 'devv_id'}'), 'merge-' || i, 
       (i % 1000) + 1,
              'active', '', '', '', '{}', now(), now() FROM generate_series(1, ${changes - half}) i`;
  await run(sql, overlay('cow_a_2.dev__rows', '', 'dev', ''));
  await run(sql, overlay('devv', '_branch, ', 'devv', '_branch = 0 AND _to IS NULL AND'));
  const a = await timed(() => sql.begin((tx) => run(tx, c.aMerge('cow_a_2'))));
  const b = await timed(() => sql.begin((tx) => run(tx, cb.bMerge(2))));
  await aClose(sql, 2);
  await bClose(sql, 2);
  const rowOf = (k: string, ms: number): Result => ({
    scenario: `cow (${k}) merge of ${changes.toLocaleString('en')} changes, set-based SQL (a branch open besides)`,
    metrics: { ms: r2(ms), 'changes/s': Math.round(changes / (ms / 1000)) },
  });
  return [rowOf('a', a), rowOf('b', b)];
}

/** A sync over `changes` main changes (half updates, half inserts): conflicts, the new base, the purge. */
async function sync(sql: Sql, o: CowOptions, changes: number): Promise<Result[]> {
  const half = Math.floor(changes / 2);
  await aOpen(sql, 3, o);
  await bOpen(sql, 3);
  await sharedOpen(sql, 4);
  await run(sql, `UPDATE dev SET description = 'moved' WHERE id % 7 = 0 AND id <= ${half * 7}`);
  await run(sql, c.grow('dev', 10_000_000, 10_000_000 + changes - half));
  await run(
    sql,
    `UPDATE devv SET description = 'moved', _from = pg_current_xact_id() WHERE _branch = 0 AND _to IS NULL
       AND id % 7 = 0 AND id <= ${half * 7}`,
  );
  await run(sql, c.grow('devv', 10_000_000, 10_000_000 + changes - half));
  const a = await timed(() =>
    sql.begin(async (tx) => {
      const [{ old }] = await query<{ old: string }>(tx, 'SELECT base::text AS old FROM cow_a_branch WHERE id = 3');
      await query(tx, c.aConflicts('cow_a_3', old));
      const [{ base }] = await query<{ base: string }>(tx, 'SELECT pg_current_snapshot()::text AS base');
      for (const t of mainNames(o)) await run(tx, c.aView(t, c.schemaOverlay('cow_a_3', t, t, base), 'in', 'above'));
      await query(tx, 'UPDATE cow_a_branch SET base = $1::pg_snapshot, opened = now() WHERE id = 3', [base]);
      await run(tx, c.aPurge);
    }),
  );
  const b = await timed(() =>
    sql.begin(async (tx) => {
      await query(tx, cb.bConflicts(3));
      await query(tx, 'UPDATE cow_b_branch SET base = pg_current_snapshot(), opened = now() WHERE id = 3');
      await run(tx, cb.bPurge);
    }),
  );
  // after (a)'s sync, branch 4 is the oldest: its sync's purge is the one that deletes main's 10,000 old rows
  const shared = await timed(() =>
    sql.begin(async (tx) => {
      await run(tx, "SET LOCAL cow.abranch = '4'");
      await query(tx, c.sharedConflicts);
      await query(tx, 'UPDATE cow_a_branch SET base = pg_current_snapshot(), opened = now() WHERE id = 4');
      await run(tx, c.aPurge);
    }),
  );
  await aClose(sql, 3);
  await bClose(sql, 3);
  await sharedClose(sql, 4);
  const rowOf = (k: string, ms: number, how: string): Result => ({
    scenario: `cow ${k} sync over ${changes.toLocaleString('en')} main changes: conflicts, new base${how}`,
    metrics: { ms: r2(ms), 'changes/s': Math.round(changes / (ms / 1000)) },
  });
  return [
    rowOf('(a)', a, ` (views of ${o.tables} tables remade)`),
    rowOf('(b)', b, ', purge'),
    rowOf('(a) with shared overlays', shared, ', purge'),
  ];
}

export async function benchCow(url: string, o: CowOptions, step: (s: string) => void): Promise<Result[]> {
  const sql = connect(url, { max: 1 });
  const out: Result[] = [];
  try {
    await install(sql, o);
    let have = 0;
    for (const rows of o.ready.filter((r) => r < o.rows)) {
      have = await growTo(sql, have, rows);
      step(`  cow: creation with main at ${rows.toLocaleString('en')} rows`);
      out.push(...(await creation(sql, o, rows)));
    }
    have = await growTo(sql, have, o.rows);
    step(`  cow: main's writes with 0, 1, 10 branches open`);
    out.push(...(await writes(sql, o)));
    step(`  cow: reads in a branch that changed ${o.changed.toLocaleString('en')} rows, beside main`);
    out.push(...(await reads(sql, o)));
    step('  cow: merge and sync');
    out.push(...(await merge(sql, 10_000)));
    out.push(...(await sync(sql, o, 10_000)));
    for (const rows of o.ready.filter((r) => r >= o.rows)) {
      have = await growTo(sql, have, rows);
      step(`  cow: creation with main at ${rows.toLocaleString('en')} rows`);
      out.push(...(await creation(sql, o, rows)));
    }
    return out;
  } finally {
    await sql.end();
  }
}
