/**
 * Findings of what this service has and NetBox 4.6.8 has not (issue 39): the webhook delivery log, a
 * model of its own (`extras.webhookdelivery`: listed in /api/extras/, one more object type, one more
 * choice where object types are choices), and an event rule's `fire_in_branches`.
 */
import type { Finding } from './compare.ts';
import { lastKey, parentAt, valueAt } from './json-path.ts';
import type { Exchange } from './outcome.ts';

const DELIVERY_TYPE = 'extras.webhookdelivery';
const pathOnly = (x: Exchange) => x.record.path.split('?')[0]!;

/** An object type entry (or a choice) that is the delivery log's. */
const isDeliveryType = (v: any) =>
  !!v &&
  typeof v === 'object' &&
  (v.value === DELIVERY_TYPE ||
    (v.app_label === 'extras' && v.model === 'webhookdelivery') ||
    v.display === 'Extras > Webhook Delivery' ||
    v.display_name === 'Extras > Webhook Delivery');

/** The list the finding is in, ours without the delivery log's entry, is the recorded one. */
function sameWithout(x: Exchange, listPath: string): boolean {
  const ours = valueAt(x.live.body, listPath);
  const recorded = valueAt(x.recorded.body, listPath);
  if (!Array.isArray(ours) || !Array.isArray(recorded)) return false;
  const kept = ours.filter((v) => !isDeliveryType(v));
  return kept.length === ours.length - 1 && JSON.stringify(kept) === JSON.stringify(recorded);
}

export function deliveryLogModel(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body') return false;
  if (pathOnly(x) === '/api/extras/') return f.path === 'webhook-deliveries' && f.missing === 'recorded';
  if (pathOnly(x) === '/api/core/object-types/') {
    if (f.path === 'count') return f.ours === (f.recorded as number) + 1;
    if (f.path !== 'results[ids]' || !Array.isArray(f.ours) || !Array.isArray(f.recorded)) return false;
    const extra = ((x.live.body as any)?.results ?? []).filter(isDeliveryType).map((o: any) => o.id);
    const kept = JSON.stringify(f.ours.filter((id) => !extra.includes(id)));
    // a full page holding it holds one type fewer of the others
    return (
      kept === JSON.stringify(f.recorded) || (extra.length === 1 && kept === JSON.stringify(f.recorded.slice(0, -1)))
    );
  }
  // OPTIONS: an object type field's choices, `actions.POST.object_type.choices[96].value` or `…choices[length]`
  const m = /^(actions\.(POST|PUT)\.[a-z_]+\.choices)(\[length\]|\[\d+\]\.(value|display_name))$/.exec(f.path);
  return x.record.method === 'OPTIONS' && !!m && sameWithout(x, m[1]!);
}

export function eventRuleBranchChoice(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body' || lastKey(f.path) !== 'fire_in_branches' || f.missing !== 'recorded') return false;
  if (x.record.method === 'OPTIONS') return pathOnly(x) === '/api/extras/event-rules/';
  const rule = parentAt(x.live.body, f.path) as { action_object_type?: unknown } | undefined;
  return pathOnly(x).startsWith('/api/extras/event-rules/') && !!rule && 'action_object_type' in rule;
}
