/**
 * Provisioning: a branch schema gets a copy of every branchable table, set-based, under the
 * caller's snapshot (run it in a REPEATABLE READ transaction), then the same primary keys,
 * unique constraints, indexes and foreign keys as main (foreign keys NOT VALID: the copied rows
 * already hold), so a bad write fails inside the branch. Ids keep coming from main's sequences.
 */
import type { Db, Sql } from '../db/index.ts';
import { forgetDropped, ident, tables, query } from '../db/index.ts';

export interface CopyStats {
  readonly tables: number;
  readonly rows: number;
  readonly ms: number;
  /** the tables that received rows */
  readonly filled: readonly string[];
}

const CHANGELOG = tables.objectChange;

/** Constraint and index definitions of main's tables, printed relative to search_path public. */
async function definitions(tx: Db, tables: string[]) {
  await query(tx, "SELECT set_config('search_path', 'public', true)");
  const constraints = await query(
    tx,
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, c.contype, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
      WHERE r.relnamespace = 'public'::regnamespace AND r.relname = ANY($1::text[]) AND c.contype IN ('p', 'u', 'f')
      ORDER BY c.contype = 'f', c.conname`,
    [tables],
  );
  const indexes = await query(
    tx,
    `SELECT i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname
      AND c.connamespace = 'public'::regnamespace)
      ORDER BY i.indexname`,
    [tables],
  );
  return { constraints, indexes };
}

export async function createBranchTables(
  tx: Db,
  schema: string,
  tables: string[],
  copy = true,
  onTable?: (done: number, total: number) => void,
): Promise<CopyStats> {
  const started = Date.now();
  const defs = await definitions(tx, tables);
  await query(tx, `SET LOCAL maintenance_work_mem = '256MB'`);
  await query(tx, `CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
  let rows = 0;
  const filled: string[] = [];
  for (const t of tables) {
    await query(
      tx,
      `CREATE TABLE ${ident(schema)}.${ident(t)} (LIKE public.${ident(t)} INCLUDING DEFAULTS INCLUDING GENERATED ` +
        `INCLUDING CONSTRAINTS)`,
    );
    if (copy && t !== CHANGELOG) {
      const r = await query(tx, `INSERT INTO ${ident(schema)}.${ident(t)} SELECT * FROM public.${ident(t)}`);
      rows += r.count;
      if (r.count > 0) filled.push(t);
    }
    onTable?.(tables.indexOf(t) + 1, tables.length);
  }
  // references resolve to the branch's tables first, then to shared tables in public
  await query(tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
  for (const c of defs.constraints) {
    const table = `${ident(schema)}.${ident(String(c.tbl).replace(/^public\./, ''))}`;
    await query(
      tx,
      `ALTER TABLE ${table} ADD CONSTRAINT ${ident(c.conname as string)} ` +
        `${c.def as string}${c.contype === 'f' ? ' NOT VALID' : ''}`,
    );
  }
  for (const i of defs.indexes) {
    await query(tx, String(i.indexdef).replace(/ ON public\./, ` ON ${ident(schema)}.`));
  }
  for (const t of tables) await query(tx, `ANALYZE ${ident(schema)}.${ident(t)}`);
  return { tables: tables.length, rows, ms: Date.now() - started, filled };
}

/**
 * VACUUM of the copied tables, after the copy commits (it cannot run in a transaction). Until a
 * table's visibility map is set, index-only scans cost the planner as much as heap scans, and a
 * count per row of a page (device_count of 5,000 sites) became a sequential scan per row: minutes.
 */
export async function vacuumBranchTables(sql: Sql, schema: string, tables: readonly string[]): Promise<number> {
  const started = Date.now();
  if (tables.length) await query(sql, `VACUUM ${tables.map((t) => `${ident(schema)}.${ident(t)}`).join(', ')}`);
  return Date.now() - started;
}

export async function dropBranchSchema(tx: Db, schema: string): Promise<void> {
  await query(tx, `DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
  // then the row totals of its tables (db/totals.ts): the drop's locks let no write of them commit after this
  await forgetDropped(tx);
}
