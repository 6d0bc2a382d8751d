/**
 * Findings of what this service has and NetBox 4.6.8 has not (issue 39): the webhook delivery log, a
 * model of its own (`extras.webhookdelivery`: listed in /api/extras/, one more object type, one more
 * choice where object types are choices), and an event rule's `fire_in_branches`.
 */
import type { Finding } from './compare.ts';
import { lastKey, parentAt } from './json-path.ts';
import { addedEntries, addition } from './added-types.ts';
import { pathOnly } from './matchers.ts';
import type { Exchange } from './outcome.ts';

/** The delivery log's object type, or a choice of it. */
const own = addition(
  (e) => e.value === 'extras.webhookdelivery' || (e.app_label === 'extras' && e.model === 'webhookdelivery'),
  1,
);

export function deliveryLogModel(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body') return false;
  if (pathOnly(x) === '/api/extras/') return f.path === 'webhook-deliveries' && f.missing === 'recorded';
  return addedEntries(f, x, own);
}

export function eventRuleBranchChoice(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body' || lastKey(f.path) !== 'fire_in_branches' || f.missing !== 'recorded') return false;
  if (x.record.method === 'OPTIONS') return pathOnly(x) === '/api/extras/event-rules/';
  const rule = parentAt(x.live.body, f.path) as { action_object_type?: unknown } | undefined;
  return pathOnly(x).startsWith('/api/extras/event-rules/') && !!rule && 'action_object_type' in rule;
}
