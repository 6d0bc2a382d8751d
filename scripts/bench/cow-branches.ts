/** The copy-on-write prototypes' branches: installing both candidates, opening and closing their branches. */
import { query, type Runner, type Sql } from '../../runtime/db/index.ts';
import * as c from './cow-sql.ts';
import * as cb from './cow-sql-b.ts';

export interface CowOptions {
  readonly rows: number;
  readonly changed: number;
  /** tables a branch covers (the catalogue's branchable tables: 139) */
  readonly tables: number;
  readonly ready: readonly number[];
}

/** Runs statements (several, with `;`); a failure names the statement. */
export async function run(sql: Runner, text: string): Promise<unknown> {
  try {
    return await query(sql, text, [], { simple: true });
  } catch (e) {
    throw new Error(`${String(e)} in: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
}
export const r2 = (n: number) => +n.toFixed(2);

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The tables of main a branch covers: `dev` and the fillers (site, the one more, is made apart). */
export const mainNames = (o: CowOptions) => [
  'dev',
  ...Array.from({ length: Math.max(0, o.tables - 2) }, (_, i) => `filler${i}`),
];

export async function install(sql: Sql, o: CowOptions): Promise<void> {
  await run(sql, c.mainTables(Math.max(0, o.tables - 2)));
  await run(
    sql,
    `CREATE TABLE cow_a_branch (id int PRIMARY KEY, base pg_snapshot NOT NULL,
      opened timestamptz DEFAULT clock_timestamp())`,
  );
  for (const t of mainNames(o)) await run(sql, c.aHistory(t));
  await run(sql, c.sharedTables());
  await run(sql, cb.bTables());
}

/** (a): a schema with a table of changed rows and a view per main table, the base written into the views. */
export async function aOpen(sql: Sql, n: number, o: CowOptions): Promise<number> {
  return timed(() =>
    sql.begin(async (tx) => {
      const [row] = await query<{ base: string }>(tx, 'SELECT pg_current_snapshot()::text AS base');
      const base = row?.base ?? '';
      await run(tx, `CREATE SCHEMA cow_a_${n}`);
      for (const t of mainNames(o)) await run(tx, c.aBranchTable(`cow_a_${n}`, t, base));
      await run(tx, c.aSiteView(`cow_a_${n}`));
      await query(tx, 'INSERT INTO cow_a_branch (id, base) VALUES ($1, $2::pg_snapshot)', [n, base]);
    }),
  );
}

export async function aClose(sql: Sql, n: number): Promise<void> {
  await run(sql, `DROP SCHEMA cow_a_${n} CASCADE; DELETE FROM cow_a_branch WHERE id = ${n}`);
}

/** (b): a row. */
export const bOpen = (sql: Sql, n: number) =>
  timed(() => query(sql, 'INSERT INTO cow_b_branch (id, base) VALUES ($1, pg_current_snapshot())', [n]));
export const bClose = (sql: Sql, n: number) =>
  run(sql, `DELETE FROM devv WHERE _branch = ${n}; DELETE FROM cow_b_branch WHERE id = ${n}`);

/** (a) with shared overlays: a row too (its views, made at install, read it through the setting cow.abranch). */
export const sharedOpen = (sql: Sql, n: number) =>
  timed(() => query(sql, 'INSERT INTO cow_a_branch (id, base) VALUES ($1, pg_current_snapshot())', [n]));
export const sharedClose = (sql: Sql, n: number) =>
  run(
    sql,
    `DELETE FROM dev__rows_all WHERE branch_id = ${n}; DELETE FROM site__rows_all WHERE branch_id = ${n};
     DELETE FROM cow_a_branch WHERE id = ${n}`,
  );
