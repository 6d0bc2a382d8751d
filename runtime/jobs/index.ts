/**
 * The job engine: enqueue in the caller's transaction, run with graphile-worker, record each run as a
 * core job or a background task.
 * It runs the task list it is given (runtime/tasks/ has the service's).
 */
export {
  enqueueJob,
  enqueueJobs,
  enqueueTasks,
  requeueJob,
  QUEUE,
  RESULT_TTL,
  type JobSpec,
  type TaskSpec,
} from './enqueue.ts';
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
export { jobRowId, requeueFailedJob, stopPendingJob, writeJobData } from './job-rows.ts';
export { cancelQueuedTask, deleteTask, requeueTask } from './task-rows.ts';
