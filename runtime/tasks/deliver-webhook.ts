/**
 * Task `deliver_webhook`: one webhook delivery (with its retries), a background task; its task id is
 * X-Hook-Delivery (a retry's or replay's: the delivery's it sends again), its attempts are in the task's
 * `meta` and each in the delivery log (events/log.ts). Run from the webhook pool, it makes the
 * first attempt only: a failed one sends the rest from the pool for slow receivers
 * (`deliver_webhook_slow`), where the task goes on from the attempts in its meta.
 */
import { deliver, deliverSlowWebhookJob, type Attempt, type DeliveryPayload } from '../events/index.ts';
import type { JobTask } from '../jobs/index.ts';

function deliveryTask(pool: 'webhooks' | 'slow'): JobTask<DeliveryPayload> {
  return async (ctx, job) => {
    if (!job.payload) throw new Error(`Webhook delivery ${job.job_id} has no payload.`);
    const prior = (job.meta?.attempts ?? []) as Attempt[];
    const backoffMs = ctx.settings.webhookBackoffMs;
    // a retry or a replay carries the id of the delivery it sends again
    const deliveryId = job.payload.delivery_id ?? job.job_id;
    const result = await deliver(ctx.sql, ctx.settings, job.payload, deliveryId, {
      backoffMs,
      prior,
      oneTry: pool === 'webhooks',
    });
    const status = result.data.status_code;
    return {
      ok: result.ok,
      data: result.data,
      error: result.error,
      ...(result.ok ? { result: `Status ${String(status)} returned, webhook delivered.` } : {}),
      ...(result.more ? { continueAs: deliverSlowWebhookJob.task } : {}),
    };
  };
}

export const deliverWebhook = deliveryTask('webhooks');
export const deliverSlowWebhook = deliveryTask('slow');
