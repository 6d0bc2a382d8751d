/**
 * Where a stream starts: after the change it names (`?since=` or `Last-Event-ID`), in the history row
 * holding that change, so a client that reconnects gets exactly what followed the last event it had; at
 * the beginning of the history for 0; otherwise at its end once what committed before the request is in it
 * (the changes committed from then on).
 */
import type { Db } from '../db/index.ts';
import { ident, query, tables } from '../db/index.ts';
import { epochOf, latestEpoch } from './epochs.ts';
import type { Position } from './reader.ts';

/** Why a stream cannot start where it was asked to: the status and the message. */
export interface Refusal {
  readonly status: 400 | 410 | 503;
  readonly detail: string;
}

/** How long a start waits for the change it names to be sequenced (committed a moment ago). */
const PENDING_MS = 3000;

async function changeOf(db: Db, schema: string, id: number) {
  const [row] = await query<{ txid: number | null }>(
    db,
    `SELECT txid FROM ${ident(schema)}.${tables.objectChange} WHERE id = $1`,
    [id],
  );
  return row;
}

async function gone(db: Db, schema: string, id: number): Promise<Refusal> {
  const [row] = await query<{ lo: number | null; hi: number | null }>(
    db,
    `SELECT min(id) AS lo, max(id) AS hi FROM ${ident(schema)}.${tables.objectChange}`,
  );
  if (row?.hi === null || row?.hi === undefined || id > row.hi)
    return {
      status: 400,
      detail: `No change record ${id} has been committed${row?.hi ? ` (the newest is ${row.hi})` : ''}.`,
    };
  return {
    status: 410,
    detail:
      `Change ${id} is no longer in the change log's stream history (past CHANGELOG_RETENTION, or a change that ` +
      `never committed); the oldest kept is ${row.lo}. Start again with since=0, or from a change still kept.`,
  };
}

export async function startPosition(
  db: Db,
  schema: string,
  since: number | undefined,
  sequenced: () => Promise<void>,
  intervalMs: number,
): Promise<Position | Refusal> {
  if (since === undefined) {
    // what committed before the request is in the history from here on (where this process sequences)
    await sequenced();
    return { epoch: await latestEpoch(db, schema), after: null };
  }
  if (since === 0) return { epoch: 0, after: null };
  const change = await changeOf(db, schema, since);
  if (!change) return gone(db, schema, since);
  const until = Date.now() + PENDING_MS;
  for (;;) {
    const where = await epochOf(db, schema, change.txid);
    if (where === 'before')
      return {
        status: 410,
        detail:
          `Change ${since} is older than the stream's history (kept CHANGELOG_RETENTION days); ` +
          'start again with since=0.',
      };
    if (where !== 'pending') return { epoch: where.epoch, after: since };
    if (Date.now() > until)
      return { status: 503, detail: `Change ${since} is not in the stream's history yet; try again in a moment.` };
    await sequenced();
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
