/**
 * How a sync, a merge or a revert compares an object's states field by field, so that it writes only the
 * fields a change changed and calls a conflict only a field both sides changed:
 * - each custom field is a field of its own (`custom_fields.<name>`), written alone (the write path
 *   merges custom field data);
 * - a stored state made before a field was renamed (`renamed_from:`) is read with the field's new name;
 * - a field that one of two states lacks (a column a migration added or removed after the state was
 *   stored) is nobody's change: a stored baseline takes the live state's value of it.
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { Snapshot } from '../write/index.ts';

/** An object's state with every custom field as a field of its own. */
export type Fields = Readonly<Record<string, unknown>>;

const CUSTOM = 'custom_fields';
const CUSTOM_PREFIX = `${CUSTOM}.`;

export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A snapshot (live or stored) as fields of the model as it is now; null stays null. */
export function fieldsOf(model: ModelDef, s: Snapshot | null | undefined): Fields | null {
  if (!s) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === CUSTOM && v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [name, value] of Object.entries(v)) out[`${CUSTOM_PREFIX}${name}`] = value;
    } else out[k] = v;
  }
  for (const f of model.fields) {
    const old = f.renamedFrom?.name;
    if (old === undefined || !(old in out) || f.name in out) continue;
    out[f.name] = out[old];
    delete out[old];
  }
  return out;
}

/** The fields both states have that differ, sorted. */
export function changedFields(a: Fields | null, b: Fields | null): string[] {
  if (!a || !b) return [];
  return Object.keys(b)
    .filter((k) => k in a && !same(a[k], b[k]))
    .sort();
}

/** A stored baseline completed with the live state's values of the fields it lacks (nobody changed those). */
export function baseline(stored: Fields | null, live: Fields | null): Fields | null {
  if (!stored || !live) return stored;
  return { ...live, ...Object.fromEntries(Object.entries(stored).filter(([k]) => k in live)) };
}

/**
 * A stored state in the model's present shape, with the live state's values of the fields it lacks: what
 * a branch's diff keeps as its original once the branch writes the object again after a migration.
 */
export function completed(model: ModelDef, stored: Snapshot | null, live: Snapshot | null): Snapshot | null {
  const done = baseline(fieldsOf(model, stored), fieldsOf(model, live));
  if (!done) return null;
  const out = pick(done, Object.keys(done));
  // no custom field has a value: the snapshot still says so
  if (CUSTOM in (live ?? stored ?? {}) && !(CUSTOM in out)) out[CUSTOM] = {};
  return out;
}

/** The snapshot of just `fields` of a state (custom fields back under `custom_fields`). */
export function pick(state: Fields | null, fields: readonly string[]): Snapshot {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!state || !(f in state)) continue;
    if (f.startsWith(CUSTOM_PREFIX)) {
      const custom = (out[CUSTOM] ??= {}) as Record<string, unknown>;
      custom[f.slice(CUSTOM_PREFIX.length)] = state[f];
    } else out[f] = state[f];
  }
  return out;
}

/** Field names as the plugin reports a conflict: custom fields as `custom_fields`. */
export function reported(fields: readonly string[]): string[] {
  return [...new Set(fields.map((f) => (f.startsWith(CUSTOM_PREFIX) ? CUSTOM : f)))];
}
