/**
 * After main's schema changes (new models, new or removed columns, new indexes), every branch
 * schema is brought in line the same way, so no branch becomes unusable after an upgrade: missing
 * tables are created (with main's rows), columns added or dropped (a stored key's backfilled as main's
 * migration backfilled it), constraints and indexes added, counter caches' triggers added (counted anew).
 */
import type { ColumnRename, KeyBackfill } from '../catalogue/index.ts';
import type { CounterCache, Db, Sql } from '../db/index.ts';
import { ident, keepCounters, keepTotals } from '../db/index.ts';
import { createBranchTables } from './provision.ts';
import { query } from '../db/index.ts';

async function columns(
  tx: Db,
  schema: string,
  table: string,
): Promise<Map<string, { type: string; notNull: boolean; dflt: string | null }>> {
  const rows = await query(
    tx,
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
      pg_get_expr(d.adbin, d.adrelid) AS dflt
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [schema, table],
  );
  return new Map(
    rows.map((r) => [
      r.name as string,
      { type: r.type as string, notNull: r.not_null as boolean, dflt: r.dflt as string | null },
    ]),
  );
}

/** Columns main renamed that the branch still has under their old names: renamed alike, keeping their values. */
async function renameColumns(
  tx: Db,
  at: { schema: string; table: string },
  renames: readonly ColumnRename[],
  columnsOf: { main: ReadonlyMap<string, unknown>; branch: Map<string, unknown> },
): Promise<string[]> {
  const { schema, table } = at;
  const { main, branch } = columnsOf;
  const done: string[] = [];
  for (const r of renames) {
    if (r.table !== table || !branch.has(r.from) || branch.has(r.to) || !main.has(r.to) || main.has(r.from)) continue;
    await query(tx, `ALTER TABLE ${ident(schema)}.${ident(table)} RENAME COLUMN ${ident(r.from)} TO ${ident(r.to)}`);
    branch.set(r.to, branch.get(r.from));
    branch.delete(r.from);
    done.push(`~column ${table}.${r.from} -> ${r.to}`);
  }
  return done;
}

/** What a branch is brought in line with besides main's tables: renamed columns, stored keys' backfills. */
export interface Upgrades {
  readonly renames: readonly ColumnRename[];
  readonly backfills: readonly KeyBackfill[];
  readonly counters: readonly CounterCache[];
  readonly totals: readonly string[];
}

/** Stored keys' columns just added to a branch's table: given their values, as main's migration gave them. */
async function backfill(tx: Db, schema: string, b: KeyBackfill): Promise<void> {
  await query(tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
  await query(tx, b.sql);
  await query(tx, "SELECT set_config('search_path', 'public', true)");
}

type Columns = Awaited<ReturnType<typeof columns>>;

/** Makes one existing table of the branch match main's: renamed, added (backfilled), dropped and retyped columns. */
async function reconcileTable(tx: Db, schema: string, t: string, upgrades: Upgrades): Promise<string[]> {
  const main = await columns(tx, 'public', t);
  const branch = await columns(tx, schema, t);
  const done = await renameColumns(tx, { schema, table: t }, upgrades.renames, { main, branch });
  done.push(...(await addColumns(tx, schema, t, { main, branch })));
  const keys = upgrades.backfills.find((b) => b.table === t && b.columns.some((c) => !branch.has(c)));
  if (keys) await backfill(tx, schema, keys);
  for (const name of branch.keys()) {
    if (main.has(name)) continue;
    await query(tx, `ALTER TABLE ${ident(schema)}.${ident(t)} DROP COLUMN ${ident(name)}`);
    done.push(`-column ${t}.${name}`);
  }
  for (const [name, c] of main) {
    const b = branch.get(name);
    if (b && b.type !== c.type) {
      await query(
        tx,
        `ALTER TABLE ${ident(schema)}.${ident(t)} ALTER COLUMN ${ident(name)} TYPE ${c.type} USING ` +
          `${ident(name)}::${c.type}`,
      );
      done.push(`~column ${t}.${name}`);
    }
  }
  return done;
}

/** Main's columns the branch's table lacks, added with main's type and default. */
async function addColumns(
  tx: Db,
  schema: string,
  t: string,
  { main, branch }: { main: Columns; branch: Columns },
): Promise<string[]> {
  const done: string[] = [];
  for (const [name, c] of main) {
    if (branch.has(name)) continue;
    await query(
      tx,
      `ALTER TABLE ${ident(schema)}.${ident(t)} ADD COLUMN ${ident(name)} ` +
        `${c.type}${c.dflt ? ` DEFAULT ${c.dflt}` : ''}${c.notNull && c.dflt ? ' NOT NULL' : ''}`,
    );
    done.push(`+column ${t}.${name}`);
  }
  return done;
}

/** Constraints and indexes main's tables have and the branch lacks (by name), added to the branch. */
async function reconcileConstraints(tx: Db, schema: string, tables: string[]): Promise<string[]> {
  const done: string[] = [];
  const have = new Set(
    (await query(tx, `SELECT conname FROM pg_constraint WHERE connamespace = $1::regnamespace`, [schema])).map(
      (r) => r.conname as string,
    ),
  );
  const haveIdx = new Set(
    (await query(tx, `SELECT indexname FROM pg_indexes WHERE schemaname = $1`, [schema])).map(
      (r) => r.indexname as string,
    ),
  );
  await query(tx, "SELECT set_config('search_path', 'public', true)");
  const constraints = await query(
    tx,
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, c.contype, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
      WHERE r.relnamespace = 'public'::regnamespace AND r.relname = ANY($1::text[]) AND c.contype IN ('p', 'u', 'f')
      ORDER BY c.contype = 'f'`,
    [tables],
  );
  const indexes = await query(
    tx,
    `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = 'public' AND tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname
      AND c.connamespace = 'public'::regnamespace)`,
    [tables],
  );
  await query(tx, "SELECT set_config('search_path', $1, true)", [`${schema}, public`]);
  for (const c of constraints) {
    if (have.has(c.conname as string)) continue;
    await query(
      tx,
      `ALTER TABLE ${ident(schema)}.${ident(String(c.tbl).replace(/^public\./, ''))} ADD CONSTRAINT ` +
        `${ident(c.conname as string)} ${c.def as string}${c.contype === 'f' ? ' NOT VALID' : ''}`,
    );
    done.push(`+constraint ${c.conname as string}`);
  }
  for (const i of indexes) {
    if (haveIdx.has(i.indexname as string)) continue;
    await query(tx, String(i.indexdef).replace(/ ON public\./, ` ON ${ident(schema)}.`));
    done.push(`+index ${i.indexname as string}`);
  }
  await query(tx, "SELECT set_config('search_path', 'public', true)");
  return done;
}

async function reconcileSchema(tx: Db, schema: string, tables: string[], upgrades: Upgrades): Promise<string[]> {
  const done: string[] = [];
  const present = new Set(
    (await query(tx, `SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema])).map(
      (r) => r.tablename as string,
    ),
  );
  const missing = tables.filter((t) => !present.has(t));
  if (missing.length) {
    await createBranchTables(tx, schema, missing);
    done.push(...missing.map((t) => `+table ${t}`));
  }
  for (const t of tables.filter((x) => present.has(x))) done.push(...(await reconcileTable(tx, schema, t, upgrades)));
  done.push(...(await reconcileConstraints(tx, schema, tables)));
  done.push(...(await keepCounters(tx, schema, upgrades.counters)));
  done.push(...(await keepTotals(tx, schema, upgrades.totals)));
  return done;
}

/** Reconciles every branch schema that exists; returns what changed per schema. */
export async function reconcileBranches(
  sql: Sql,
  tables: string[],
  upgrades: Upgrades,
): Promise<Record<string, string[]>> {
  const schemas = (await query(sql, `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'branch\\_%'`)).map(
    (r) => r.nspname as string,
  );
  const out: Record<string, string[]> = {};
  for (const schema of schemas) {
    const done = await sql.begin((tx) => reconcileSchema(tx, schema, tables, upgrades));
    if (done.length) out[schema] = done;
  }
  return out;
}
