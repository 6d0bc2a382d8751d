/**
 * The webhooks whose receivers are slow, as this process last saw them: the last attempt failed
 * (an error, a non-2xx, the deadline) or took more than half of WEBHOOK_TIMEOUT_MS. Their
 * deliveries are sent from a pool of their own (tasks/index.ts), so receivers that hold each attempt
 * until its deadline take no slot from those that answer; an attempt that succeeds in time brings
 * the webhook back. Held per process: another worker learns it from its own attempts.
 */
import type { Attempt } from './deliver.ts';

const slow = new Set<number>();

export function noteAttempt(webhookId: number, attempt: Attempt, timeoutMs: number): void {
  if (attempt.error !== null || attempt.duration_ms > timeoutMs / 2) slow.add(webhookId);
  else slow.delete(webhookId);
}

export function isSlowReceiver(webhookId: number): boolean {
  return slow.has(webhookId);
}
