/** Task `deliver_webhook`: one webhook delivery (with its retries); the job id is X-Hook-Delivery. */
import { deliver, type DeliveryPayload } from '../events/index.ts';
import type { JobTask } from '../jobs/task.ts';

export const deliverWebhook: JobTask<DeliveryPayload> = async (ctx, job) => {
  const result = await deliver(ctx.sql, ctx.settings, job.payload!, job.job_id, ctx.settings.webhookBackoffMs);
  return { ok: result.ok, data: result.data, error: result.error };
};
