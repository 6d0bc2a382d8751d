/**
 * Branching: isolated copies of the data in PostgreSQL schemas, routed per request, with sync,
 * merge and revert as jobs through the one write path, and three-way diffs kept as changes happen. Its
 * HTTP side (the branch actions, choosing a request's branch) is the app's: app/branches.ts, branch-selection.ts.
 */
export { createDiffObserver, conflictsOf } from './diffs.ts';
export { reconcileBranches } from './reconcile.ts';
export { branchableTables, branchUpgrades, newSchemaId, schemaName } from './schema.ts';
export {
  findBranch,
  getBranch,
  lockBranch,
  recordEvent,
  recoverBranches,
  setBranchJob,
  transition,
  type BranchSummary,
  lockBranchesForDelete,
} from './branch-rows.ts';
export { applyStates } from './apply.ts';
export { JOB_ATTEMPTS, type BranchRow, type BranchStatus, TRANSITIONAL } from './lifecycle.ts';
export { planMerge, planRevert, planSync, type Plan } from './plans.ts';
export { dropBranchSchema } from './provision.ts';
export {
  branchJobs,
  runOperation,
  type BranchJobPayload,
  type Operation,
  type OperationReport,
  abandonOperation,
} from './operations.ts';
