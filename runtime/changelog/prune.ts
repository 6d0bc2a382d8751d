/**
 * CHANGELOG_RETENTION: change records older than N days are deleted (0 keeps them forever).
 * Runs as a scheduled job of the worker; `npm run prune-changelog` runs it once by hand.
 *
 * A branch syncs main's changes by reading the change records committed after its snapshot, so
 * records a live branch has not synced yet are kept whatever their age (the branching plugin's
 * pruning can lose them, and with them the branch's view of main).
 */
import type { Db } from '../db/index.ts';
import { tables, query } from '../db/index.ts';

/** Branch statuses whose next sync or merge reads main's change records since their snapshot. */
const READING = ['provisioning', 'ready', 'syncing', 'merging'];

export async function pruneChangelog(db: Db, retentionDays: number): Promise<number> {
  if (!retentionDays) return 0;
  const rows = await query(
    db,
    `WITH needed AS (
       SELECT min(pg_snapshot_xmin(snapshot::pg_snapshot)::text::bigint) AS xmin
         FROM public.${tables.branch} WHERE snapshot IS NOT NULL AND status = ANY($2::text[])
     ), gone AS (
       DELETE FROM public.${tables.objectChange} c WHERE c.time < now() - make_interval(days => $1::int)
          AND (c.txid < (SELECT xmin FROM needed) OR (SELECT xmin FROM needed) IS NULL)
       RETURNING 1
     ) SELECT count(*)::int AS n FROM gone`,
    [retentionDays, READING],
  );
  return rows[0].n as number;
}
