/**
 * The order of a queue's jobs (an object's webhook deliveries): a job waits, before its task runs,
 * until no earlier job of its queue (`queue_name`, smaller id) is pending or running. Earlier jobs
 * are fetched first (graphile-worker takes the oldest), so the wait is short and cannot close in on
 * itself. A job whose predecessor failed for the moment (`errored`, retried later) does not wait for
 * it: a delivery is not held back by minutes of another's retries.
 */
import type { Sql } from '../db/index.ts';
import { tables } from '../db/tables.ts';

const POLL_MS = 20;
/** a predecessor stuck longer than this (a worker lost mid-job, not yet recovered) is passed */
const MAX_WAIT_MS = 10 * 60_000;

export async function waitForEarlier(sql: Sql, id: number, queue: string): Promise<void> {
  const until = Date.now() + MAX_WAIT_MS;
  for (let delay = POLL_MS; Date.now() < until; delay = Math.min(delay * 2, 500)) {
    const [row] = await sql.unsafe(
      `SELECT EXISTS (SELECT 1 FROM public.${tables.job}
                       WHERE queue_name = $1 AND id < $2 AND status IN ('pending', 'running')) AS waiting`,
      [queue, id],
    );
    if (!row?.waiting) return;
    await new Promise((r) => setTimeout(r, delay));
  }
}
