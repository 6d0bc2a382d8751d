/**
 * The sequencer: puts committed change records in commit order. Change ids are taken when a record is
 * written, not when it commits, so a record with a lower id can commit after one with a higher id; the
 * order is read instead from transaction visibility. Every STREAM_INTERVAL_MS one process (the holder of
 * an advisory lock on a connection of its own; another takes over within a second of its end) takes a
 * snapshot and, in the same statement, counts in each change log (main's and each live branch's) the
 * records visible in it that were not in the snapshot it last looked with: if there are any it writes a
 * row saying so (epochs.ts) and announces it (NOTIFY), so every process's streams read on at once.
 * An unchanged snapshot means nothing committed: that tick costs one small query. A look that finds no
 * new change record makes the next wait twice as long, up to QUIET_MS (an idle server once spent ≈ 45 ms
 * of CPU a second on 50 looks a second).
 * A commit does not wait for the next tick: its notice (wake.ts) runs one at once, several notices
 * arriving meanwhile one more, and the interval is STREAM_INTERVAL_MS again from the first change seen.
 */
import type { Settings } from '../config/index.ts';
import { connect, ident, isUnavailable, query, type Sql, tables } from '../db/index.ts';
import { committedSql, EPOCHS, STREAM_CHANNEL } from './epochs.ts';
import { COMMIT_CHANNEL } from './wake.ts';

/** The application name of the sequencer's connection (its ticks are no request's cost). */
export const SEQUENCER_APPLICATION = 'netbox-compatible stream';
/** The advisory lock whose holder sequences (one per database). */
const SEQUENCER_LOCK = 4_606_039;
/** How often a process without the lock tries for it. */
const CANDIDATE_MS = 1000;
/** The longest a holder waits between looks while nothing commits (it doubles its interval up to it). */
const QUIET_MS = 500;
/** How often the list of branch schemas with a change log is read again. */
const SCHEMAS_MS = 1000;
/** Branch statuses whose change log may still receive records (and a while after any other change). */
const WRITING = ['ready', 'syncing', 'merging', 'reverting'];

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

export interface Sequencer {
  /** runs a tick now (tests, and a stream waiting for a change it was given to be sequenced) */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** The schemas whose change logs are sequenced: main's, and those of branches that may still be written. */
async function liveSchemas(db: Reserved, settings: Settings): Promise<string[]> {
  const rows = await query<{ schema: string }>(
    db,
    `SELECT 'branch_' || b.schema_id AS schema FROM public.${tables.branch} b
      WHERE b.schema_id IS NOT NULL AND (b.status = ANY($1::text[])
         OR b.last_updated > now() - make_interval(secs => $2::float8 / 1000))
        AND to_regclass(quote_ident('branch_' || b.schema_id) || '.${tables.objectChange}') IS NOT NULL
      ORDER BY b.id`,
    [WRITING, settings.requestTimeoutMs + 60_000],
  );
  return ['public', ...rows.map((r) => r.schema)];
}

/** Where each schema was last looked at: its newest row's snapshot (none: every record is new). */
async function lastLooked(db: Reserved): Promise<Map<string, string | null>> {
  const rows = await query<{ schema: string; snapshot: string }>(
    db,
    `SELECT DISTINCT ON (schema) schema, snapshot::text AS snapshot FROM ${EPOCHS} ORDER BY schema, id DESC`,
  );
  return new Map(rows.map((r) => [r.schema, r.snapshot]));
}

/**
 * One statement: the snapshot, each schema's new records (count, lowest id) since its last look, a row
 * for each schema that has some, and the notice. Returns the snapshot, and whether any records were new.
 */
async function sequence(
  db: Reserved,
  schemas: readonly string[],
  looked: Map<string, string | null>,
): Promise<{ snap: string; found: boolean }> {
  const params: (string | null)[] = [];
  const counts = schemas.map((schema) => {
    const previous = looked.get(schema) ?? null;
    params.push(schema, previous);
    const [s, p] = [`$${params.length - 1}::text`, `$${params.length}::pg_snapshot`];
    const table = `${ident(schema)}.${tables.objectChange}`;
    // no previous look: every record is new
    const fresh = previous === null ? 'TRUE' : committedSql('x', 'pg_current_snapshot()', p);
    return `SELECT ${s} AS schema, ${p} AS previous, n.count, n.first_id FROM (SELECT count(*)::int AS count,
      min(x.id) AS first_id FROM ${table} x WHERE ${fresh}) n`;
  });
  const [row] = await query<{ snap: string; found: boolean }>(
    db,
    `WITH s AS MATERIALIZED (
       SELECT pg_current_snapshot() AS snap, (SELECT last_value FROM public.${tables.objectChange}_id_seq) AS seq
     ), c AS (${counts.join(' UNION ALL ')}),
     ins AS (
       INSERT INTO ${EPOCHS} (schema, snapshot, previous, snapshot_xmax, first_id, last_id, count)
       SELECT c.schema, s.snap, c.previous, pg_snapshot_xmax(s.snap)::text::bigint, c.first_id, s.seq, c.count
         FROM c, s WHERE c.count > 0 ORDER BY c.schema = 'public' DESC, c.schema
       RETURNING id, schema
     )
     SELECT (SELECT snap::text FROM s) AS snap, EXISTS (SELECT 1 FROM ins) AS found,
            (SELECT pg_notify('${STREAM_CHANNEL}', json_agg(json_build_object('id', id, 'schema', schema))::text)
               FROM ins HAVING count(*) > 0) AS notified`,
    params,
  );
  return row;
}

/** The sequencing state of one process: the lock's connection while it holds it, and where it last looked. */
class Sequencing {
  conn: Reserved | undefined;
  stopped = false;
  private looked = new Map<string, string | null>();
  private lastSnapshot = '';
  /** looks in a row that found no change record committed: the next waits intervalMs × 2^quiet (≤ QUIET_MS) */
  private quiet = 0;
  private schemas: string[] = ['public'];
  private schemasAt = 0;

  constructor(
    private readonly sql: Sql,
    private readonly settings: Settings,
  ) {}

  private async lead(): Promise<Reserved | undefined> {
    if (this.conn) return this.conn;
    const c = await this.sql.reserve();
    const [got] = await query<{ ok: boolean }>(c, 'SELECT pg_try_advisory_lock($1) AS ok', [SEQUENCER_LOCK]);
    if (!got?.ok) {
      c.release();
      return undefined;
    }
    this.conn = c;
    this.looked = await lastLooked(c);
    this.lastSnapshot = '';
    this.schemasAt = 0;
    return c;
  }

  /** @param committed a commit's notice woke it (no need to look whether anything committed) */
  private async step(committed: boolean): Promise<void> {
    const conn = await this.lead();
    if (!conn) return;
    const fresh = Date.now() - this.schemasAt < SCHEMAS_MS;
    if (!committed && fresh) {
      const [now] = await query<{ s: string }>(conn, 'SELECT pg_current_snapshot()::text AS s');
      if (now?.s === this.lastSnapshot) {
        this.quiet++;
        return;
      }
    }
    if (!fresh) {
      this.schemas = await liveSchemas(conn, this.settings);
      this.schemasAt = Date.now();
    }
    const { snap, found } = await sequence(conn, this.schemas, this.looked);
    for (const schema of this.schemas) this.looked.set(schema, snap);
    // other databases' writes move the snapshot too: only change records of this one end a quiet spell
    this.quiet = found ? 0 : this.quiet + 1;
    this.lastSnapshot = snap;
  }

  /** How long the timer waits for the next look: the interval while writes commit, longer while none do. */
  wait(intervalMs: number): number {
    if (!this.conn) return CANDIDATE_MS;
    return Math.min(intervalMs * 2 ** Math.min(this.quiet, 16), Math.max(intervalMs, QUIET_MS));
  }

  async tick(committed: boolean): Promise<void> {
    try {
      await this.step(committed);
    } catch (e) {
      // a lost connection loses the lock: let go, and try again as a candidate; a branch schema dropped
      // under the statement: read the schemas again (nothing was written, so nothing is missed)
      if (isUnavailable(e) || !this.conn) {
        this.conn?.release();
        this.conn = undefined;
      }
      this.schemasAt = 0;
      // 42P01: the dropped schema's table; expected whenever a branch is deleted, so not worth a log line
      const dropped = (e as { code?: string }).code === '42P01';
      if (!this.stopped && !isUnavailable(e) && !dropped) console.error(`change stream: ${(e as Error).message}`);
    }
  }

  async release(): Promise<void> {
    if (!this.conn) return;
    await query(this.conn, 'SELECT pg_advisory_unlock($1)', [SEQUENCER_LOCK]).catch(() => {});
    this.conn.release();
    this.conn = undefined;
  }
}

export function startSequencer(databaseUrl: string, settings: Settings): Sequencer {
  const sql = connect(databaseUrl, {
    max: 1,
    applicationName: SEQUENCER_APPLICATION,
    statementTimeoutMs: 10_000,
  });
  const state = new Sequencing(sql, settings);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  // ticks run one after another: the timer's and any asked for; commits wake the holder of the lock, and
  // those that come while a woken tick waits to run are seen by it
  const serial = () => (running = running.then(() => state.tick(false)));
  let woken = false;
  const wake = () => {
    if (woken || !state.conn || state.stopped) return;
    woken = true;
    running = running.then(() => {
      woken = false;
      return state.tick(true);
    });
  };
  const listening = sql.listen(COMMIT_CHANNEL, wake).catch(() => undefined);
  const schedule = () => {
    if (state.stopped) return;
    timer = setTimeout(() => void serial().finally(schedule), state.wait(settings.stream.intervalMs));
    timer.unref();
  };
  void serial().finally(schedule);

  return {
    tick: serial,
    async stop() {
      state.stopped = true;
      clearTimeout(timer);
      await (await listening)?.unlisten().catch(() => {});
      await running.catch(() => {});
      await state.release();
      await sql.end({ timeout: 5 });
    },
  };
}
