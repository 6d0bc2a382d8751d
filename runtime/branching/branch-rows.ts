/**
 * The branch row and its events: every statement on `netbox_branching_branch` and
 * `netbox_branching_branchevent`, one function per operation (graphile-worker's src/sql/ habit), so
 * no caller writes them. Status changes are compare-and-set (`… WHERE status = <expected>`), each
 * operation holds a per-branch advisory lock, and every transition is recorded as a branch event
 * (lifecycle.ts has the states). Statements of other operations that only read a branch's status
 * or snapshot to pick their own rows (diffs.ts, changelog/prune.ts) stay with those operations.
 */
import type { Db, SqlParam } from '../db/index.ts';
import { tables, query } from '../db/index.ts';
import type { BranchRow, BranchStatus } from './lifecycle.ts';

/** What a request needs of a branch to route to it or to refuse it. */
export type BranchSummary = Pick<BranchRow, 'id' | 'name' | 'status' | 'schema_id'>;

const LOCK_BASE = 4_607_000_000;

/** The branch's advisory lock, held by its operation's transaction until it ends. */
export async function lockBranch(db: Db, id: number): Promise<void> {
  await query(db, 'SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_BASE + id]);
}

export async function getBranch(db: Db, id: number, forUpdate = false): Promise<BranchRow | undefined> {
  const rows = await query<BranchRow>(
    db,
    `SELECT id, name, status, schema_id, snapshot, job, owner_id
    FROM public.${tables.branch} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** The branch a request names: by its schema id first, otherwise by its name. */
export async function findBranch(db: Db, given: string): Promise<BranchSummary | undefined> {
  const rows = await query<BranchSummary>(
    db,
    `SELECT id, name, status, schema_id FROM public.${tables.branch} WHERE schema_id = $1 OR name = $1
        ORDER BY (schema_id = $1) DESC LIMIT 1`,
    [given],
  );
  return rows[0];
}

/** The branches about to be deleted, locked until the deleting transaction ends. */
export function lockBranchesForDelete(db: Db, ids: readonly number[]): Promise<BranchSummary[]> {
  return query<BranchSummary>(
    db,
    `SELECT id, name, status, schema_id FROM public.${tables.branch}
      WHERE id = ANY($1::bigint[]) FOR UPDATE`,
    [ids],
  );
}

/** The job that is to run the branch's next operation (enqueued in the same transaction). */
export async function setBranchJob(db: Db, id: number, jobId: string): Promise<void> {
  await query(db, `UPDATE public.${tables.branch} SET job = $2 WHERE id = $1`, [id, jobId]);
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

/** A branch's job that gave up for good: the branch it still holds in `from` goes back to `to`. */
export interface AbandonedJob {
  readonly branchId: number;
  readonly jobId: string;
  readonly from: BranchStatus;
  readonly to: BranchStatus;
}

/** Returns the branch to a stable state if it is still in the job's transitional one and the job's. */
export async function abandonBranchJob(db: Db, job: AbandonedJob): Promise<void> {
  await query(
    db,
    `UPDATE public.${tables.branch} SET status = $2, job = NULL, last_updated = now()
      WHERE id = $1 AND status = $3 AND job = $4`,
    [job.branchId, job.to, job.from, job.jobId],
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

export async function recordEvent(db: Db, branchId: number, type: string, userId: number | null): Promise<void> {
  await query(
    db,
    `INSERT INTO public.${tables.branchEvent} (time, branch_id, user_id, type) VALUES (now(), $1, $2, $3)`,
    [branchId, userId, type],
  );
}
