/**
 * Task `deliver_webhook`: one webhook delivery (with its retries), a background task; its task id is
 * X-Hook-Delivery, its attempts are in the task's `meta`.
 */
import { deliver, type DeliveryPayload } from '../events/index.ts';
import type { JobTask } from '../jobs/task.ts';

export const deliverWebhook: JobTask<DeliveryPayload> = async (ctx, job) => {
  if (!job.payload) throw new Error(`Webhook delivery ${job.job_id} has no payload.`);
  const result = await deliver(ctx.sql, ctx.settings, job.payload, job.job_id, ctx.settings.webhookBackoffMs);
  const status = result.data.status_code;
  return {
    ok: result.ok,
    data: result.data,
    error: result.error,
    ...(result.ok ? { result: `Status ${String(status)} returned, webhook delivered.` } : {}),
  };
};
