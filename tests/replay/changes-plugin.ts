/**
 * What the Changes plugin adds to answers NetBox gave without it (the corpus was recorded with the
 * branching plugin alone; this service always serves change control): its models as object types, in
 * every list of object types, its lifecycle event types, and its root in /api/plugins/.
 */
import { catalogue } from '../../generated/catalogue.ts';
import { lifecycleEvents } from '../../runtime/changes/events.ts';
import type { Finding } from './compare.ts';
import { steps, valueAt } from './json-path.ts';
import type { Exchange } from './outcome.ts';

const APP = 'netbox_changes';
const types = Object.values(catalogue.models).filter((m) => m.app === APP).length;
const events = new Set<unknown>(Object.values(lifecycleEvents));
const pathOnly = (x: Exchange) => x.record.path.split('?')[0]!;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A choice the plugin adds: one of its object types, or one of its event types. */
const added = (c: unknown) => {
  const value = (c as { value?: unknown } | null)?.value;
  return (typeof value === 'string' && value.startsWith(`${APP}.`)) || events.has(value);
};

/** A finding inside a list of choices that, without the plugin's, is the recorded list. */
function inChoices(f: Finding, x: Exchange): boolean {
  const at = steps(f.path);
  const i = at.findIndex((s) => 'key' in s && s.key === 'choices');
  if (i < 0) return false;
  const [ours, recorded] = [valueAt(x.live.body, at.slice(0, i + 1)), valueAt(x.recorded.body, at.slice(0, i + 1))];
  return (
    Array.isArray(ours) &&
    same(
      ours.filter((c) => !added(c)),
      recorded,
    )
  );
}

/** A list of object types that, without the plugin's, is the recorded one (a page: its rows up to where ours end). */
function inObjectTypes(f: Finding, x: Exchange): boolean {
  if (!pathOnly(x).startsWith('/api/core/object-types/')) return false;
  if (f.path === 'count') return typeof f.ours === 'number' && f.ours - (f.recorded as number) === types;
  if (f.path !== 'results[ids]' || !Array.isArray(f.ours) || !Array.isArray(f.recorded)) return false;
  const results = (x.live.body as { results?: { id: number; app_label?: string }[] }).results ?? [];
  const theirs = new Set(results.filter((r) => r.app_label === APP).map((r) => r.id));
  const ours = f.ours.filter((id) => !theirs.has(id as number));
  return theirs.size > 0 && same(ours, f.recorded.slice(0, ours.length));
}

export function addedByChangesPlugin(f: Finding, x: Exchange): boolean {
  if (f.kind !== 'body') return false;
  if (pathOnly(x) === '/api/plugins/') return f.path === 'changes' && f.missing === 'recorded';
  return inObjectTypes(f, x) || (x.record.method === 'OPTIONS' && inChoices(f, x));
}
