/**
 * The job engine: enqueue in the caller's transaction, run with graphile-worker, mirror in core_job.
 * It runs the task list it is given (runtime/tasks/ has the service's).
 */
export { enqueueJob, enqueueJobs, requeueJob, type JobSpec } from './enqueue.ts';
export { connectJobs, startWorker, recoverStaleWorkers, type RunningWorker, type WorkerPool } from './worker.ts';
export {
  defineTask,
  jobKind,
  type JobKind,
  type JobTask,
  type TaskContext,
  type JobRow,
  type TaskOutcome,
} from './task.ts';
