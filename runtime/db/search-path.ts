/**
 * Running code against one schema (a branch's, then public) or main alone inside one transaction, by
 * switching its search_path (SET LOCAL, so a pooled connection never keeps it).
 */
import type { Db } from './connect.ts';
import { query, queryRow } from './query.ts';

/** Runs `fn` with the transaction's search_path set to `schema` (then public), and restores it. */
export async function inSchema<T>(tx: Db, schema: string | null, fn: () => Promise<T>): Promise<T> {
  const before = (await queryRow(tx, "SELECT current_setting('search_path') AS p")).p as string;
  await query(tx, "SELECT set_config('search_path', $1, true)", [schema ? `${schema}, public` : 'public']);
  try {
    return await fn();
  } finally {
    await query(tx, "SELECT set_config('search_path', $1, true)", [before]);
  }
}
