/**
 * The order of a stream of background tasks (an object's deliveries to one webhook): a task waits,
 * before it runs, until no earlier task of its stream (`ordering_key`, smaller id) is queued or
 * running. Earlier tasks are fetched first (graphile-worker takes the oldest), so the wait is short.
 * A task that has gone on in another pool (TaskOutcome.continueAs) is newer there than those waiting
 * for it, and may find that pool's slots all taken by them: so a task whose earlier ones are all
 * queued, none running, for YIELD_AFTER_MS gives its slot back and comes again YIELD_AFTER_MS later,
 * and the wait cannot close in on itself. A task whose predecessor failed for the moment
 * (`scheduled`, retried later) does not wait for it: a delivery is not held back by minutes of
 * another's retries.
 */
import type { Sql } from '../db/index.ts';
import { tables, query } from '../db/index.ts';

const POLL_MS = 20;
/** a predecessor stuck longer than this (a worker lost mid-task, not yet recovered) is passed */
const MAX_WAIT_MS = 10 * 60_000;
export const YIELD_AFTER_MS = 1000;

/**
 * Waits for the earlier tasks: `ready` to run, `leave` when the callback said (between two looks) to
 * go to another pool, `later` to give the slot back (its earlier tasks are all waiting for one).
 */
export async function waitForEarlier(
  sql: Sql,
  id: number,
  key: string,
  leave = () => false,
): Promise<'ready' | 'leave' | 'later'> {
  const until = Date.now() + MAX_WAIT_MS;
  let running = Date.now();
  for (let delay = POLL_MS; Date.now() < until; delay = Math.min(delay * 2, 500)) {
    if (leave()) return 'leave';
    const [row] = await query(
      sql,
      `SELECT count(*) > 0 AS waiting, count(*) FILTER (WHERE status = 'started') > 0 AS running
         FROM public.${tables.backgroundTask}
        WHERE ordering_key = $1 AND id < $2 AND status IN ('queued', 'started')`,
      [key, id],
    );
    if (!row?.waiting) return 'ready';
    if (row.running) running = Date.now();
    else if (Date.now() - running > YIELD_AFTER_MS) return 'later';
    await new Promise((r) => setTimeout(r, delay));
  }
  return 'ready';
}
