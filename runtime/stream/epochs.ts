/**
 * The change stream's history as rows of `core_objectchange_epoch` (migration 0027): each row holds the
 * change records of one schema's change log that became visible between its `previous` snapshot and its
 * `snapshot`. Here: reading the rows, and the SQL that says whether a change record belongs to one.
 */
import type { Db } from '../db/index.ts';
import { query, tables } from '../db/index.ts';

export const EPOCHS = `public.${tables.objectChangeEpoch}`;
/** The channel the sequencer announces new rows on: `[{"id": …, "schema": …}, …]`. */
export const STREAM_CHANNEL = 'nb_change_stream';

export interface Epoch {
  readonly id: number;
  readonly snapshot: string;
  readonly previous: string | null;
  readonly first_id: number;
  readonly last_id: number;
  readonly count: number;
}

/** `t.txid` as an xid8 for the snapshot functions. */
const xid = (alias: string) => `${alias}.txid::text::xid8`;

/** Whether the change record `alias` belongs to the row of (`snap`, `prev`), both SQL expressions of pg_snapshot. */
export function memberSql(alias: string, snap: string, prev: string): string {
  // a row without a previous snapshot holds every record visible in its own (old records have no txid)
  return `(CASE WHEN ${prev} IS NULL THEN ${alias}.txid IS NULL OR pg_visible_in_snapshot(${xid(alias)}, ${snap})
     ELSE pg_visible_in_snapshot(${xid(alias)}, ${snap}) AND NOT pg_visible_in_snapshot(${xid(alias)}, ${prev}) END)`;
}

/**
 * Whether the change record `alias` committed between `prev` and `snap` (SQL expressions of pg_snapshot;
 * `prev` not null), in terms the txid index answers without visiting a transaction still in progress
 * (a bulk write's thousands of records while it runs): the transactions in progress at `prev` that `snap`
 * sees, and those begun since that `snap` sees.
 */
export function committedSql(alias: string, snap: string, prev: string): string {
  return `(${alias}.txid = ANY(ARRAY(SELECT v::text::bigint FROM pg_snapshot_xip(${prev}) v
      WHERE pg_visible_in_snapshot(v, ${snap})))
    OR (${alias}.txid >= pg_snapshot_xmax(${prev})::text::bigint
      AND ${alias}.txid < pg_snapshot_xmax(${snap})::text::bigint AND pg_visible_in_snapshot(${xid(alias)}, ${snap})))`;
}

/** The schema's rows from `from` (inclusive) on, oldest first, at most `limit`. */
export function epochsFrom(db: Db, schema: string, from: number, limit: number): Promise<Epoch[]> {
  return query<Epoch>(
    db,
    `SELECT id, snapshot::text AS snapshot, previous::text AS previous, first_id, last_id, count FROM ${EPOCHS}
      WHERE schema = $1 AND id >= $2 ORDER BY id LIMIT $3`,
    [schema, from, limit],
  );
}

/** The schema's newest row id (0: none yet). */
export async function latestEpoch(db: Db, schema: string): Promise<number> {
  const [row] = await query<{ id: number }>(db, `SELECT id FROM ${EPOCHS} WHERE schema = $1 ORDER BY id DESC LIMIT 1`, [
    schema,
  ]);
  return row?.id ?? 0;
}

/**
 * Where the record with transaction `txid` is in the schema's history: the row holding it, `before` the
 * history (its row was pruned, or it predates the first), or `pending` (committed after the newest row).
 */
export async function epochOf(
  db: Db,
  schema: string,
  txid: number | null,
): Promise<{ readonly epoch: number } | 'before' | 'pending'> {
  if (txid === null) {
    const [first] = await query<{ id: number; previous: string | null }>(
      db,
      `SELECT id, previous::text AS previous FROM ${EPOCHS} WHERE schema = $1 ORDER BY id LIMIT 1`,
      [schema],
    );
    return first && first.previous === null ? { epoch: first.id } : first ? 'before' : 'pending';
  }
  const [row] = await query<{ id: number; member: boolean }>(
    db,
    `SELECT id, (previous IS NULL OR NOT pg_visible_in_snapshot($3::xid8, previous)) AS member FROM ${EPOCHS}
      WHERE schema = $1 AND snapshot_xmax > $2::bigint AND pg_visible_in_snapshot($3::xid8, snapshot)
      ORDER BY snapshot_xmax, id LIMIT 1`,
    [schema, txid, String(txid)],
  );
  if (!row) return 'pending';
  return row.member ? { epoch: row.id } : 'before';
}

/** Deletes the rows older than `days` (0 keeps them), keeping each schema's newest; how many. */
export async function pruneEpochs(db: Db, days: number): Promise<number> {
  if (!days) return 0;
  const rows = await query(
    db,
    `WITH gone AS (
       DELETE FROM ${EPOCHS} e WHERE e.time < now() - make_interval(days => $1::int)
          AND e.id < (SELECT max(n.id) FROM ${EPOCHS} n WHERE n.schema = e.schema)
       RETURNING 1
     ) SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return rows[0].n as number;
}
