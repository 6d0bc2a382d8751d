/**
 * What the Changes plugin adds to answers NetBox gave without it (the corpus was recorded with the
 * branching plugin alone; this service always serves change control): its models as object types, in
 * every list of object types, its lifecycle event types, and its root in /api/plugins/.
 */
import { catalogue } from '../../generated/catalogue.ts';
import { lifecycleEvents } from '../../runtime/changes/events.ts';
import type { Finding } from './compare.ts';
import { addedEntries, addition } from './added-types.ts';
import { pathOnly } from './matchers.ts';
import type { Exchange } from './outcome.ts';

const APP = 'netbox_changes';
const events = new Set<unknown>(Object.values(lifecycleEvents));

/** One of the plugin's object types, or a choice of one of them or of its event types. */
const own = addition(
  (e) => e.app_label === APP || (typeof e.value === 'string' && e.value.startsWith(`${APP}.`)) || events.has(e.value),
  Object.values(catalogue.models).filter((m) => m.app === APP).length,
);

export function addedByChangesPlugin(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body') return false;
  if (pathOnly(x) === '/api/plugins/') return f.path === 'changes' && f.missing === 'recorded';
  return addedEntries(f, x, own);
}
