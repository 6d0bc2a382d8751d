/**
 * Background jobs: enqueue in the caller's transaction, run with graphile-worker, mirror in core_job.
 * The task list is the registry of every task the runtime knows, one task per file in tasks/.
 */
import type { JobTask } from './task.ts';
import { deliverWebhook } from './tasks/deliver-webhook.ts';
import { pruneChangelogTask } from './tasks/prune-changelog.ts';
import { pruneMediaTask } from './tasks/prune-media.ts';
import { branchOperationTask } from './tasks/branch-operation.ts';

export { enqueueJob, enqueueJobs, type JobSpec } from './enqueue.ts';
export { connectJobs, startWorker, recoverStaleWorkers, type RunningWorker } from './worker.ts';
export type { JobTask, TaskContext, JobRow, TaskOutcome } from './task.ts';

export const tasks: Record<string, JobTask> = {
  deliver_webhook: deliverWebhook,
  prune_changelog: pruneChangelogTask,
  prune_media: pruneMediaTask,
  provision_branch: branchOperationTask('provision'),
  sync_branch: branchOperationTask('sync'),
  merge_branch: branchOperationTask('merge'),
  revert_branch: branchOperationTask('revert'),
};

/** Daily housekeeping (graphile-worker crontab syntax). */
export const crontab = '15 3 * * * prune_changelog\n45 3 * * * prune_media\n';
