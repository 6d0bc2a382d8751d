/**
 * The order of a stream of background tasks (an object's deliveries to one webhook): a task waits,
 * before it runs, until no earlier task of its stream (`ordering_key`, smaller id) is queued or
 * running. Earlier tasks are fetched first (graphile-worker takes the oldest), so the wait is short
 * and cannot close in on itself. A task whose predecessor failed for the moment (`scheduled`, retried
 * later) does not wait for it: a delivery is not held back by minutes of another's retries.
 */
import type { Sql } from '../db/index.ts';
import { tables } from '../db/tables.ts';
import { query } from '../db/index.ts';

const POLL_MS = 20;
/** a predecessor stuck longer than this (a worker lost mid-task, not yet recovered) is passed */
const MAX_WAIT_MS = 10 * 60_000;

export async function waitForEarlier(sql: Sql, id: number, key: string): Promise<void> {
  const until = Date.now() + MAX_WAIT_MS;
  for (let delay = POLL_MS; Date.now() < until; delay = Math.min(delay * 2, 500)) {
    const [row] = await query(
      sql,
      `SELECT EXISTS (SELECT 1 FROM public.${tables.backgroundTask}
                       WHERE ordering_key = $1 AND id < $2 AND status IN ('queued', 'started')) AS waiting`,
      [key, id],
    );
    if (!row?.waiting) return;
    await new Promise((r) => setTimeout(r, delay));
  }
}
