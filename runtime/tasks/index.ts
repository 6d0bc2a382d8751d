/**
 * Every task the worker runs, each paired with the kind of job it runs (its name and payload type,
 * declared where the job is enqueued), and the daily housekeeping schedule. The job engine (jobs/)
 * knows none of them: the server and the worker hand this list to it.
 */
import { branchJobs } from '../branching/index.ts';
import { deliverSlowWebhookJob, deliverWebhookJob, type DeliveryPayload, isSlowReceiver } from '../events/index.ts';
import type { Settings } from '../config/index.ts';
import { defineTask, jobKind, type JobTask } from '../jobs/index.ts';
import type { WorkerPool } from '../jobs/index.ts';
import { branchOperationTask } from './branch-operation.ts';
import { deliverSlowWebhook, deliverWebhook } from './deliver-webhook.ts';
import { pruneChangelogTask } from './prune-changelog.ts';
import { pruneMediaTask } from './prune-media.ts';
import { pruneTasksTask } from './prune-tasks.ts';

/** Scheduled only (nothing enqueues them): no payload. */
export const pruneChangelogJob = jobKind<Record<string, never>>('prune_changelog');
export const pruneMediaJob = jobKind<Record<string, never>>('prune_media');
export const pruneTasksJob = jobKind<Record<string, never>>('prune_tasks');

export const tasks: Readonly<Record<string, JobTask>> = Object.fromEntries([
  defineTask(deliverWebhookJob, deliverWebhook),
  defineTask(deliverSlowWebhookJob, deliverSlowWebhook),
  defineTask(pruneChangelogJob, pruneChangelogTask),
  defineTask(pruneMediaJob, pruneMediaTask),
  defineTask(pruneTasksJob, pruneTasksTask),
  defineTask(branchJobs.provision, branchOperationTask('provision')),
  defineTask(branchJobs.sync, branchOperationTask('sync')),
  defineTask(branchJobs.merge, branchOperationTask('merge')),
  defineTask(branchJobs.revert, branchOperationTask('revert')),
]);

/**
 * Pools of their own: webhook deliveries wait on receivers (timeouts, backoff), so they never take
 * the slots of branch operations and housekeeping. Deliveries to receivers that are slow (their last
 * attempt failed or took more than half of WEBHOOK_TIMEOUT_MS), and every retry, run in a second
 * pool, so that receivers holding each attempt until its deadline never take the slots of those
 * that answer.
 */
export function workerPools(settings: Settings): readonly WorkerPool[] {
  const slow = (p: unknown) =>
    isSlowReceiver((p as DeliveryPayload | null)?.webhook_id ?? 0) ? deliverSlowWebhookJob.task : undefined;
  return [
    { name: 'webhooks', tasks: [deliverWebhookJob.task], concurrency: settings.webhookConcurrency, divert: slow },
    { name: 'slow-webhooks', tasks: [deliverSlowWebhookJob.task], concurrency: settings.webhookConcurrency },
  ];
}

/** Daily housekeeping (graphile-worker crontab syntax). */
export const crontab = [
  `15 3 * * * ${pruneChangelogJob.task}`,
  `45 3 * * * ${pruneMediaJob.task}`,
  `15 4 * * * ${pruneTasksJob.task}`,
  '',
].join('\n');
