/**
 * Row totals: how many rows a table holds, kept beside it, so an unfiltered list's count reads a few
 * numbers instead of counting every row (92,400 interfaces: 7–9 ms of PostgreSQL's time on each page,
 * issue 37). NetBox counts them on every page; the answer is the same.
 *
 * Each kept table has statement-level triggers (insert and delete, with transition tables; truncate)
 * that add one row `(table's oid, change)` to `public.row_total`, for main's tables and branches' alike
 * (a regclass names one table whatever its schema, and a dump restores it by name). Adding rows, never
 * updating one, lets writers of one table run side by side: nobody waits on a shared total. A statement
 * that finds 16 or more rows for its table folds them into one, skipping those another transaction is
 * folding (SKIP LOCKED), so a total is a sum of few rows. Only a READ COMMITTED transaction folds: in a
 * snapshot transaction (a branch's sync, merge or revert) meeting a row folded since its snapshot is a
 * serialization failure, so its rows wait for the next writer's fold. The total a reader sums is the
 * table's row count in the reader's snapshot.
 */
import { ident } from './connect.ts';
import { query, type Runner } from './query.ts';

const TRIGGERS = [
  ['row_total_i', 'AFTER INSERT', 'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT'],
  ['row_total_d', 'AFTER DELETE', 'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT'],
  ['row_total_t', 'AFTER TRUNCATE', 'FOR EACH STATEMENT'],
] as const;

/** The totals' table and the triggers' function; made by the migrations (migrate.ts). */
export const totalsSql = `
CREATE TABLE IF NOT EXISTS public.row_total (tbl regclass NOT NULL, n bigint NOT NULL);
CREATE INDEX IF NOT EXISTS row_total_tbl_idx ON public.row_total (tbl);
CREATE OR REPLACE FUNCTION public.row_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public.row_total WHERE tbl = TG_RELID::regclass;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO d FROM new_rows;
  ELSE
    SELECT -count(*) INTO d FROM old_rows;
  END IF;
  IF d = 0 THEN RETURN NULL; END IF;
  INSERT INTO public.row_total (tbl, n) VALUES (TG_RELID::regclass, d);
  IF current_setting('transaction_isolation') = 'read committed'
    AND (SELECT count(*) FROM (SELECT FROM public.row_total WHERE tbl = TG_RELID::regclass LIMIT 16) x) >= 16 THEN
    WITH gone AS (
      DELETE FROM public.row_total WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM public.row_total WHERE tbl = TG_RELID::regclass FOR UPDATE SKIP LOCKED))
      RETURNING n)
    INSERT INTO public.row_total (tbl, n) SELECT TG_RELID::regclass, sum(n) FROM gone HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$`;

/** The number of rows in the table `table` names (through the search path: a branch's own, else main's). */
export const totalSql = 'SELECT coalesce(sum(n), 0) AS n FROM public.row_total WHERE tbl = $1::text::regclass';

/**
 * Gives `schema`'s tables among `tables` the triggers (counting each table that gains them, in the same
 * transaction: the trigger's lock holds writers off until it commits), takes them from tables no longer
 * listed, and forgets the totals of tables that are gone (a branch's schema, a dropped model). Run it in
 * a transaction, after the migrations made the function (totalsSql). Returns what it did, one line a table.
 */
export async function keepTotals(db: Runner, schema: string, tables: readonly string[]): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT c.relname, c.oid::bigint AS oid, array_remove(array_agg(tg.tgname::text), NULL) AS triggers
      FROM pg_class c
      LEFT JOIN pg_trigger tg ON tg.tgrelid = c.oid AND tg.tgname LIKE 'row\\_total\\__'
      WHERE c.relnamespace = to_regnamespace($1) AND c.relkind = 'r' GROUP BY c.oid`,
    [schema],
  );
  const wanted = new Set(tables);
  const done: string[] = [];
  const s = ident(schema);
  for (const r of rows) {
    const table = String(r.relname);
    const at = `${s}.${ident(table)}`;
    const keep = wanted.has(table);
    const have = r.triggers as string[];
    // a kept table with all its triggers, or another with none, is as it should be
    if (have.length === (keep ? TRIGGERS.length : 0)) continue;
    // only triggers that are there: a DROP TRIGGER locks its table against readers even when it has none
    for (const name of have) await query(db, `DROP TRIGGER ${ident(name)} ON ${at}`);
    await query(db, 'DELETE FROM public.row_total WHERE tbl = $1::bigint::oid::regclass', [r.oid]);
    if (!keep) {
      done.push(`-total ${table}`);
      continue;
    }
    for (const [name, when, how] of TRIGGERS)
      await query(db, `CREATE TRIGGER ${name} ${when} ON ${at} ${how} EXECUTE FUNCTION public.row_total()`);
    const count = `SELECT $1::bigint::oid::regclass, count(*) FROM ${at} HAVING count(*) > 0`;
    await query(db, `INSERT INTO public.row_total (tbl, n) ${count}`, [r.oid]);
    done.push(`+total ${table}`);
  }
  await forgetDropped(db);
  return done;
}

/** Forgets the totals of tables that are gone (a dropped branch's, a dropped model's). */
export async function forgetDropped(db: Runner): Promise<void> {
  await query(db, 'DELETE FROM public.row_total t WHERE NOT EXISTS (SELECT FROM pg_class c WHERE c.oid = t.tbl::oid)');
}
