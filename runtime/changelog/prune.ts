/**
 * CHANGELOG_RETENTION: change records older than N days are deleted (0 keeps them forever).
 * Runs as a scheduled job of the worker; `npm run prune-changelog` runs it once by hand.
 */
import type { Db } from '../db/index.ts';

export async function pruneChangelog(db: Db, retentionDays: number): Promise<number> {
  if (!retentionDays) return 0;
  const rows = await db.unsafe(
    "WITH gone AS (DELETE FROM public.core_objectchange WHERE time < now() - make_interval(days => $1::int) RETURNING 1) SELECT count(*) AS n FROM gone",
    [retentionDays]);
  return rows[0]!.n as number;
}
