/**
 * Brings a database to the current schema: prerequisites, drizzle-kit's migrations, then the cache triggers, the
 * counter caches' triggers (counters.ts) and the row totals' (totals.ts), the catalogue's (`upkeep`), under a lock.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import { connect } from './connect.ts';
import { prerequisitesSql } from './prerequisites.ts';
import { cacheTriggersSql } from './cache-triggers.ts';
import { counterFunctionSql, keepCounters, type CounterCache } from './counters.ts';
import { keepTotals, totalsSql } from './totals.ts';
import { query } from './query.ts';

/** The catalogue's counter caches and the tables whose row totals are kept. */
export interface Upkeep {
  readonly counters: readonly CounterCache[];
  readonly totals: readonly string[];
}

/** Several server processes may start at once; one migrates while the others wait on this lock. */
const MIGRATION_LOCK = 4_606_001;

/**
 * Runs on its own short-lived client: drizzle replaces the client's date parsers, which must not
 * leak into the pool that serves requests.
 */
export async function migrateDatabase(url: string, migrationsFolder: string, upkeep?: Upkeep): Promise<void> {
  const sql = connect(url, { max: 2, applicationName: 'migrate' });
  const lock = await sql.reserve();
  try {
    await query(lock, 'SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await query(sql, prerequisitesSql);
    await migrate(drizzle(sql), { migrationsFolder });
    // after the migrations: the triggers are on their tables
    await query(sql, cacheTriggersSql);
    await query(sql, counterFunctionSql);
    await query(sql, totalsSql);
    // before anything writes: an import into a database no server has started on counts as it writes.
    // Without the catalogue's (`npm run manage`) the triggers stay as they are: an empty list would drop them
    if (upkeep)
      await sql.begin(async (tx) => {
        await keepCounters(tx, 'public', upkeep.counters);
        await keepTotals(tx, 'public', upkeep.totals);
      });
    // the job queue's own schema, so requests can enqueue even before a worker has started
    await runMigrations({ connectionString: url, logger: new Logger(() => () => {}) });
  } finally {
    await query(lock, 'SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
    await sql.end({ timeout: 5 });
  }
}
