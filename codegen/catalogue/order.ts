/**
 * A model's wire order (JSON key order), which is contract. By default: id, url, display_url, display, the
 * fields the model declares, the fields of its base it does not declare, tags, custom_fields, created,
 * last_updated, the computed values, _depth. A field or computed value that says `after: <name>` comes right
 * after that field instead, and so does a name in the model's `move:` (the envelope's fields, its base's):
 * the names placed after one anchor keep their default order among themselves, each followed at once by
 * those placed after it (depth first). A generic relation moves as one: its `_type`, `_id` and object.
 */
import type { RawCatalogue, RawModel } from './schema.ts';
import { CatalogueError, fieldAt, modelAt } from './load.ts';
import { rawModel } from './lookup.ts';

/** Where a name goes: right after `after`; `at` is the YAML path that says so, for faults. */
export interface Placement {
  readonly after: string;
  readonly at: string;
}

/** The wire names of one declared field, in their order (a generic relation has three). */
export function wireNamesOf(name: string, f: RawModel['fields'][string]): string[] {
  return f.type === 'generic' ? [`${name}_type`, `${name}_id`, f.read_as ?? name] : [name];
}

/** Every placement model `key` asks for: its fields' and computed values' `after:`, its `move:`. */
export function placementsOf(raw: RawCatalogue, key: string): Map<string, Placement> {
  const [app, name] = key.split('.') as [string, string];
  const m = rawModel(raw, app, name);
  const out = new Map<string, Placement>();
  for (const [n, f] of Object.entries(m.fields)) {
    if (f.after === undefined) continue;
    const at = `${fieldAt(raw, key, n)}.after`;
    // the rest of a generic relation follows its first column
    let after = f.after;
    for (const wire of wireNamesOf(n, f)) {
      out.set(wire, { after, at });
      after = wire;
    }
  }
  for (const [n, c] of Object.entries(m.computed ?? {}))
    if (c.after !== undefined) out.set(n, { after: c.after, at: `${modelAt(raw, key)}.computed.${n}.after` });
  for (const [n, p] of Object.entries(m.move ?? {}))
    out.set(n, { after: p.after, at: `${modelAt(raw, key)}.move.${n}` });
  return out;
}

/** What is wrong with the placements over these names: an unknown name or anchor, a cycle. */
export function orderFaults(names: Iterable<string>, placements: ReadonlyMap<string, Placement>): string[] {
  const known = new Set(names);
  const faults: string[] = [];
  for (const [name, p] of placements) {
    if (!known.has(name)) faults.push(`${p.at}: unknown field "${name}"`);
    else if (!known.has(p.after)) faults.push(`${p.at}: unknown field "${p.after}"`);
  }
  // a cycle: following the anchors from a name comes back to it (reported once, from the first of it)
  const inCycle = new Set<string>();
  for (const [start, p] of placements) {
    if (inCycle.has(start)) continue;
    const chain = [start];
    let next = p.after;
    for (let q = placements.get(next); q && !chain.includes(next); q = placements.get(next)) {
      chain.push(next);
      next = q.after;
    }
    if (next !== start) continue;
    chain.forEach((n) => inCycle.add(n));
    faults.push(`${p.at}: ${[...chain, start].map((n) => `"${n}"`).join(' after ')} is a cycle`);
  }
  return faults;
}

/** `fields` (in the default order) in the wire order the placements give; a fault throws. */
export function placeFields<T extends { readonly name: string }>(
  fields: readonly T[],
  placements: ReadonlyMap<string, Placement>,
): T[] {
  const faults = orderFaults(
    fields.map((f) => f.name),
    placements,
  );
  if (faults.length) throw new CatalogueError(faults);
  const dependants = new Map<string, T[]>();
  const roots: T[] = [];
  for (const f of fields) {
    const p = placements.get(f.name);
    if (p) dependants.set(p.after, [...(dependants.get(p.after) ?? []), f]);
    else roots.push(f);
  }
  const out: T[] = [];
  const place = (f: T): void => {
    out.push(f);
    for (const d of dependants.get(f.name) ?? []) place(d);
  };
  roots.forEach(place);
  return out;
}
