/**
 * What a stream sends next: from its position in one schema's history (epochs.ts), the change records
 * of the next rows that its filters and permissions let through, in commit order — row by row, and by
 * id within a row. Small rows are read together (their records counted at most BATCH), through the
 * change log's txid index; a large row (a bulk write) alone, by id, BATCH records at a time.
 */
import { ident, Params, query, type Db, tables } from '../db/index.ts';
import { committedSql, epochsFrom, memberSql, type Epoch } from './epochs.ts';

/** Records one read returns at most. */
export const BATCH = 500;
/** History rows one read looks at, at most. */
const ROWS = 200;

/**
 * Where a stream is: every record of the rows before `epoch` sent, and of row `epoch` those up to id
 * `after` (null: all of it).
 */
export interface Position {
  readonly epoch: number;
  readonly after: number | null;
}

export interface Found {
  readonly id: number;
  readonly action: string;
}

/** The SQL condition a stream's filters and permissions put on the change record `t`, values in `params`. */
export type Where = (params: Params, db: Db) => Promise<string>;

/** A large row (or the first, holding the records from before the history): its records by id. */
async function largeRow(db: Db, table: string, row: Epoch, position: Position, where: Where) {
  const params = new Params();
  const after = row.id === position.epoch && position.after !== null ? position.after : row.first_id - 1;
  const [snap, prev] = [`${params.add(row.snapshot)}::pg_snapshot`, `${params.add(row.previous)}::pg_snapshot`];
  const text = `SELECT t.id, t.action FROM ${table} t
     WHERE t.id > ${params.add(after)} AND t.id <= ${params.add(row.last_id)} AND ${memberSql('t', snap, prev)}
       AND (${await where(params, db)}) ORDER BY t.id LIMIT ${params.add(BATCH)}`;
  const found = await query<Found>(db, text, params.values);
  const full = found.length === BATCH;
  return { found, position: { epoch: row.id, after: full ? (found.at(-1)?.id ?? null) : null } };
}

/**
 * Several small rows at once, through the txid index (committedSql: no visit to the records of a write still
 * in progress): their records ordered by row, then id.
 */
async function smallRows(db: Db, table: string, rows: readonly Epoch[], position: Position, where: Where) {
  const params = new Params();
  const [ids, snaps, prevs] = [rows.map((r) => r.id), rows.map((r) => r.snapshot), rows.map((r) => r.previous)];
  // a position inside the first row (a resume) leaves out that row's records up to it
  const within = rows[0]?.id === position.epoch && position.after !== null ? position.after : 0;
  const text = `WITH e AS MATERIALIZED (SELECT x.n, x.snap::pg_snapshot AS snap, x.prev::pg_snapshot AS prev
       FROM unnest(${params.add(ids)}::bigint[], ${params.add(snaps)}::text[], ${params.add(prevs)}::text[])
         AS x(n, snap, prev))
     SELECT t.id, t.action FROM e CROSS JOIN LATERAL (SELECT c.id FROM ${table} c
       WHERE ${committedSql('c', 'e.snap', 'e.prev')}) m JOIN ${table} t ON t.id = m.id
     WHERE (e.n > ${params.add(rows[0]?.id ?? 0)} OR t.id > ${params.add(within)}) AND (${await where(params, db)})
     ORDER BY e.n, t.id`;
  const found = await query<Found>(db, text, params.values);
  return { found, position: { epoch: rows.at(-1)?.id ?? position.epoch, after: null } };
}

/** The next records after `position` in `schema`, and the position after them; undefined: nothing new yet. */
export async function nextChanges(
  db: Db,
  schema: string,
  position: Position,
  where: Where,
): Promise<{ found: Found[]; position: Position } | undefined> {
  const rows = await epochsFrom(db, schema, position.after === null ? position.epoch + 1 : position.epoch, ROWS);
  const [first] = rows;
  if (!first) return undefined;
  const table = `${ident(schema)}.${tables.objectChange}`;
  if (first.previous === null || first.count > BATCH) return largeRow(db, table, first, position, where);
  const taken: Epoch[] = [];
  let total = 0;
  for (const r of rows) {
    if (r.previous === null || total + r.count > BATCH) break;
    taken.push(r);
    total += r.count;
  }
  return smallRows(db, table, taken, position, where);
}
