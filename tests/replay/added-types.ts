/**
 * Object types this service has that the corpus's NetBox had not, each addition's own (the Changes
 * plugin's models and lifecycle event types, changes-plugin.ts; the webhook delivery log's model,
 * additions.ts): a list of object types or of choices holding them is, without all of them, the recorded
 * one. A finding there belongs to each addition with an entry in that list.
 */
import type { Finding } from './compare.ts';
import { steps, valueAt } from './json-path.ts';
import { pathOnly } from './matchers.ts';
import type { Exchange } from './outcome.ts';

/** An object type as /api/core/object-types/ lists it, or a choice (of an object type, an event type). */
export interface Entry {
  readonly id?: number;
  readonly value?: unknown;
  readonly app_label?: unknown;
  readonly model?: unknown;
}

/** Whether an entry is an addition's. */
export type Addition = (e: Entry) => boolean;

const additions: Addition[] = [];
/** Each addition's object types; how many there are, all told. */
let addedTypes = 0;

/** Registers an addition and the number of object types it adds. */
export function addition(own: Addition, types: number): Addition {
  additions.push(own);
  addedTypes += types;
  return own;
}

const isAdded = (e: unknown) => !!e && typeof e === 'object' && additions.some((own) => own(e as Entry));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A finding inside a list of choices that holds `own`'s and, without every addition's, is the recorded list. */
function inChoices(f: Finding, x: Exchange, own: Addition): boolean {
  const at = steps(f.path);
  const i = at.findIndex((s) => 'key' in s && s.key === 'choices');
  if (i < 0) return false;
  const [ours, recorded] = [valueAt(x.live.body, at.slice(0, i + 1)), valueAt(x.recorded.body, at.slice(0, i + 1))];
  return (
    Array.isArray(ours) &&
    ours.some((e) => !!e && own(e as Entry)) &&
    same(
      ours.filter((c) => !isAdded(c)),
      recorded,
    )
  );
}

/** A list of object types that, without every addition's, is the recorded one (a page: its rows up to ours' end). */
function inObjectTypes(f: Finding, x: Exchange, own: Addition): boolean {
  if (!pathOnly(x).startsWith('/api/core/object-types/')) return false;
  if (f.path === 'count') return typeof f.ours === 'number' && f.ours - (f.recorded as number) === addedTypes;
  if (f.path !== 'results[ids]' || !Array.isArray(f.ours) || !Array.isArray(f.recorded)) return false;
  const results = (x.live.body as { results?: Entry[] }).results ?? [];
  if (!results.some(own)) return false;
  const added = new Set(results.filter(isAdded).map((r) => r.id));
  const ours = f.ours.filter((id) => !added.has(id as number));
  return same(ours, f.recorded.slice(0, ours.length));
}

/** A finding in a list of object types or of choices that is there because of `own`'s entries (and others'). */
export function addedEntries(f: Finding, x: Exchange, own: Addition): boolean {
  return f.kind === 'body' && (inObjectTypes(f, x, own) || (x.record.method === 'OPTIONS' && inChoices(f, x, own)));
}
