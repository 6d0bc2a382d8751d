/**
 * Counter caches: a count of children kept as a column of the parent's row, as NetBox keeps a device's
 * interface_count or a device type's device_count (its CounterCacheField), so a page reads a column
 * instead of counting children per row. Triggers keep them, statement by statement, on every write
 * whoever makes it: the API, a branch's sync, merge or revert, a cascade, a psql prompt (an import
 * pauses them and counts anew: pauseCountersSql).
 *
 * Each counter has three statement-level triggers on the child table (insert, update, delete: PostgreSQL
 * allows transition tables on one event per trigger) running one function, which adds to each parent
 * the rows that now point at it minus those that did, in one grouped UPDATE of the trigger's own schema
 * (main's or a branch's). Triggers are named by a hash of what they count, so a counter the catalogue
 * drops loses its triggers and a new one gains them; a counter that gains its triggers is counted anew
 * in the same transaction (the triggers' lock on the child table holds writers off until it commits).
 */
import { createHash } from 'node:crypto';
import { ident } from './connect.ts';
import { query, type Runner } from './query.ts';

/** A parent's `column` counting the rows of table `child` whose `fk` is the parent's id. */
export interface CounterCache {
  readonly table: string;
  readonly column: string;
  readonly child: string;
  readonly fk: string;
}

const PREFIX = 'counter_';
const PAUSED = 'netbox.counters_paused';

/**
 * Pauses the counters for the rest of the transaction: an import writes pages of one model in parallel
 * transactions, where two pages' children of one parent would wait on each other's lock of its row; it
 * counts anew instead (recountSql) when the pages are in.
 */
export const pauseCountersSql = `SELECT set_config('${PAUSED}', 'on', true)`;
const EVENTS = [
  ['i', 'INSERT', 'NEW TABLE AS new_rows'],
  ['u', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['d', 'DELETE', 'OLD TABLE AS old_rows'],
] as const;

/** The triggers' function, in public for every schema's triggers; made by the migrations (migrate.ts). */
export const counterFunctionSql = `
CREATE OR REPLACE FUNCTION public.counter_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE rows text;
BEGIN
  IF current_setting('${PAUSED}', true) = 'on' THEN RETURN NULL; END IF;
  rows := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %I AS k, 1 AS n FROM new_rows', TG_ARGV[2])
    WHEN 'DELETE' THEN format('SELECT %I AS k, -1 AS n FROM old_rows', TG_ARGV[2])
    ELSE format('SELECT %1$I AS k, 1 AS n FROM new_rows UNION ALL SELECT %1$I, -1 FROM old_rows', TG_ARGV[2])
  END;
  EXECUTE format('UPDATE %I.%I p SET %I = p.%3$I + d.n FROM (SELECT k, sum(n)::int AS n FROM (%s) x
    WHERE k IS NOT NULL GROUP BY k HAVING sum(n) <> 0 ORDER BY k) d WHERE p.id = d.k',
    TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1], rows);
  RETURN NULL;
END $$`;

const nameOf = (c: CounterCache) =>
  PREFIX + createHash('sha1').update(`${c.table}.${c.column}<-${c.child}.${c.fk}`).digest('hex').slice(0, 16);

/** Sets every parent's `c` in `schema` to its children's count (only the rows that differ are written). */
export function recountSql(schema: string, c: CounterCache): string {
  const s = ident(schema);
  return `UPDATE ${s}.${ident(c.table)} p SET ${ident(c.column)} = coalesce(x.n, 0)
    FROM ${s}.${ident(c.table)} q LEFT JOIN (SELECT ${ident(c.fk)} AS k, count(*)::int AS n
      FROM ${s}.${ident(c.child)} GROUP BY 1) x ON x.k = q.id
    WHERE q.id = p.id AND p.${ident(c.column)} <> coalesce(x.n, 0)`;
}

async function present(db: Runner, schema: string, c: CounterCache): Promise<boolean> {
  const [r] = await query(
    db,
    `SELECT count(*)::int AS n FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid
      WHERE t.relnamespace = to_regnamespace($1) AND ((t.relname = $2 AND a.attname = $3) OR (t.relname = $4
        AND a.attname = $5)) AND NOT a.attisdropped`,
    [schema, c.table, c.column, c.child, c.fk],
  );
  return (r?.n as number) === 2;
}

/**
 * Gives `schema`'s tables the triggers of `counters` (those whose tables and columns it has), drops the
 * triggers of counters no longer listed, and counts anew each counter that gained its triggers when
 * `recount` (a branch's copy made in one snapshot with its parents' counts needs none). Run it in a
 * transaction, after the migrations made the function (counterFunctionSql). Returns what it did, one line a counter.
 */
export async function keepCounters(
  db: Runner,
  schema: string,
  counters: readonly CounterCache[],
  recount = true,
): Promise<string[]> {
  const have = await query(
    db,
    `SELECT tg.tgname, t.relname FROM pg_trigger tg JOIN pg_class t ON t.oid = tg.tgrelid
      WHERE t.relnamespace = to_regnamespace($1) AND tg.tgname LIKE $2`,
    [schema, `${PREFIX.replace(/_/g, '\\_')}%`],
  );
  const wanted = new Map(counters.map((c) => [nameOf(c), c]));
  const done: string[] = [];
  const haveNames = new Set<string>();
  for (const r of have) {
    const base = String(r.tgname).replace(/_[iud]$/, '');
    haveNames.add(String(r.tgname));
    if (wanted.has(base)) continue;
    await query(db, `DROP TRIGGER ${ident(String(r.tgname))} ON ${ident(schema)}.${ident(String(r.relname))}`);
    done.push(`-trigger ${String(r.tgname)}`);
  }
  for (const [name, c] of wanted) {
    if (EVENTS.every(([e]) => haveNames.has(`${name}_${e}`)) || !(await present(db, schema, c))) continue;
    for (const [e, event, referencing] of EVENTS) {
      await query(
        db,
        `CREATE OR REPLACE TRIGGER ${ident(`${name}_${e}`)} AFTER ${event} ON ${ident(schema)}.${ident(c.child)}
          REFERENCING ${referencing} FOR EACH STATEMENT
          EXECUTE FUNCTION public.counter_cache(${[c.table, c.column, c.fk].map((a) => `'${a}'`).join(', ')})`,
      );
    }
    if (recount) await query(db, recountSql(schema, c));
    done.push(`+counter ${c.table}.${c.column}`);
  }
  return done;
}
