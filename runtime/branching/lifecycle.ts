/**
 * Branch lifecycle: the states a branch goes through. Stable states: new, ready, merged, archived,
 * failed; the others belong to one running job. The statements that move a branch between them
 * (compare-and-set, under the branch's advisory lock, each recorded as a branch event) are in
 * branch-rows.ts.
 */

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
