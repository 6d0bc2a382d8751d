/**
 * Branch lifecycle: status changes are compare-and-set (`… WHERE status = <expected>`), each
 * operation holds a per-branch advisory lock, and every transition is recorded as a branch event.
 * Stable states: new, ready, merged, archived, failed; the others belong to one running job.
 */
import type { SqlParam } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { tables } from '../db/tables.ts';
import { query } from '../db/index.ts';

export type BranchStatus =
  'new' | 'provisioning' | 'ready' | 'syncing' | 'merging' | 'reverting' | 'merged' | 'archived' | 'failed';

export interface BranchRow {
  readonly id: number;
  readonly name: string;
  readonly status: BranchStatus;
  readonly schema_id: string;
  readonly snapshot: string | null;
  readonly job: string | null;
  readonly owner_id: number | null;
}

/** The states that belong to one running job. */
export type TransitionalStatus = 'provisioning' | 'syncing' | 'merging' | 'reverting';

export const TRANSITIONAL: readonly BranchStatus[] = ['provisioning', 'syncing', 'merging', 'reverting'];

/** The stable state a transitional one returns to when its job ends or dies. */
export const FALLBACK: Readonly<Record<TransitionalStatus, BranchStatus>> = {
  provisioning: 'failed',
  syncing: 'ready',
  merging: 'ready',
  reverting: 'merged',
};

/** A branch job whose run dies (worker killed, database restarted) runs once more, then gives up. */
export const JOB_ATTEMPTS = 2;

const LOCK_BASE = 4_607_000_000;

export async function lockBranch(db: Db, id: number): Promise<void> {
  await query(db, 'SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_BASE + id]);
}

export async function getBranch(db: Db, id: number, forUpdate = false): Promise<BranchRow | undefined> {
  const rows = await query(
    db,
    `SELECT id, name, status, schema_id, snapshot, job, owner_id
    FROM public.${tables.branch} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] as unknown as BranchRow | undefined;
}

/** Moves the branch from one of `from` to `to`; false when it was not in one of them. */
export async function transition(
  db: Db,
  id: number,
  from: readonly BranchStatus[],
  to: BranchStatus,
  set: Record<string, SqlParam> = {},
): Promise<boolean> {
  const extra = Object.keys(set)
    .map((k, i) => `, ${k} = $${i + 4}`)
    .join('');
  const rows = await query(
    db,
    `UPDATE public.${tables.branch} SET status = $2, last_updated = now()${extra} WHERE id = $1
      AND status = ANY($3::text[]) RETURNING id`,
    [id, to, from, ...Object.values(set)],
  );
  return rows.length > 0;
}

export async function recordEvent(db: Db, branchId: number, type: string, userId: number | null): Promise<void> {
  await query(
    db,
    `INSERT INTO public.${tables.branchEvent} (time, branch_id, user_id, type) VALUES (now(), $1, $2, $3)`,
    [branchId, userId, type],
  );
}

/**
 * Branches left in a transitional state by a job that is no longer pending or running (it
 * failed for good, or vanished) go back to their stable state.
 */
export async function recoverBranches(db: Db): Promise<number> {
  const rows = await query(
    db,
    `UPDATE public.${tables.branch} b SET status = CASE b.status WHEN 'provisioning' THEN 'failed' WHEN 'reverting'
      THEN 'merged' ELSE 'ready' END,
            job = NULL, last_updated = now()
      WHERE b.status IN ('provisioning', 'syncing', 'merging', 'reverting')
        AND NOT EXISTS (SELECT 1 FROM public.${tables.job} j WHERE j.job_id = b.job AND j.status IN ('pending',
      'running', 'errored'))
      RETURNING id`,
  );
  return rows.length;
}
