/**
 * Branching: isolated copies of the data in PostgreSQL schemas, routed per request, with sync,
 * merge and revert as jobs through the one write path, and three-way diffs kept as changes happen.
 */
export { createBranchSelection } from './middleware.ts';
export { createBranchRoutes } from './routes.ts';
export { createDiffObserver, conflictsOf } from './diffs.ts';
export { reconcileBranches } from './reconcile.ts';
export { branchableTables, branchUpgrades, newSchemaId, schemaName } from './schema.ts';
export { recoverBranches } from './branch-rows.ts';
export { branchJobs, runOperation, type BranchJobPayload, type Operation, type OperationReport } from './operations.ts';
