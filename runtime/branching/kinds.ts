/** The branch operations and the job kind of each (tasks/branch-operation.ts runs them). */
import { jobKind, type JobKind } from '../jobs/index.ts';

export type Operation = 'provision' | 'sync' | 'merge' | 'revert';

/** A branch job's payload, as the routes and the branch hooks enqueue it. */
export interface BranchJobPayload {
  readonly branch_id: number;
  readonly commit?: boolean;
  readonly acknowledge_conflicts?: boolean;
  readonly user_id?: number | null;
  readonly username?: string;
}

export const branchJobs: Readonly<Record<Operation, JobKind<BranchJobPayload>>> = {
  provision: jobKind('provision_branch'),
  sync: jobKind('sync_branch'),
  merge: jobKind('merge_branch'),
  revert: jobKind('revert_branch'),
};
