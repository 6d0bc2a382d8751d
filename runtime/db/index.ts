/**
 * Database access: the postgres.js client, embedded PostgreSQL, migrations and SQL helpers.
 * Every query that touches branchable tables is schema-unqualified (the branch sets search_path).
 */
export { connect, ident, isoTimestamp, literal, type Db, type Row, type Sql, type Tx } from './connect.ts';
export {
  serviceDatabase,
  startEmbeddedPostgres,
  stopStalePostmaster,
  type EmbeddedOptions,
  type EmbeddedServer,
} from './embedded.ts';
export { migrateDatabase, type Upkeep } from './migrate.ts';
export { Params, likeEscape } from './params.ts';
export { SharedCache, notifyChanged, type CachedModels } from './shared-cache.ts';
export { tables } from './tables.ts';
export { isUnavailable } from './unavailable.ts';
export { readOptions } from './named.ts';
export { inSchema } from './search-path.ts';
export { keepCounters, pauseCountersSql, recountSql, type CounterCache } from './counters.ts';
export { forgetDropped, keepTotals, totalSql } from './totals.ts';
export { query, queryRow, type QueryOptions, type Runner, type SqlParam, type SqlScalar } from './query.ts';
