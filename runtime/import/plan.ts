/**
 * The order an import writes models in, derived from the catalogue alone: every foreign key,
 * many-to-many field and tag list is an edge to the model it names; strongly connected groups
 * (a device and its virtual chassis, an interface and its LAG) are written together, their
 * nullable references inside the group left empty on insert and set once the whole group is in.
 */
import type { FieldOfKind, ModelDef, Registry } from '../catalogue/index.ts';

/** A field written as link rows after the object: a many-to-many field, or the tag list. */
export type LinkField = FieldOfKind<'m2m' | 'tags'>;

/** Models written together: in `models` order, then `deferred` references set and `late` links written. */
export interface Group {
  readonly models: readonly ModelDef[];
  /** per model key: foreign keys inserted empty and set when the group is complete */
  readonly deferred: ReadonlyMap<string, readonly FieldOfKind<'fk'>[]>;
  /** `model.field` of many-to-many fields and tag lists whose targets are in this group */
  readonly late: ReadonlySet<string>;
}

export interface Plan {
  readonly groups: readonly Group[];
}

/** The tag model the runtime stores every object's tags against. */
export const TAG_MODEL = 'extras.tag';

/** A reference to the model `to`: a foreign key column, or a link row written after the object (`link`). */
type Edge = {
  readonly to: string;
  /** a foreign key that cannot be inserted empty */
  readonly hard: boolean;
} & ({ readonly link: false; readonly field: FieldOfKind<'fk'> } | { readonly link: true; readonly field: LinkField });

/** Many-to-many fields an import writes: the side that owns the rows (a mirror shares its table). */
export function linkFields(model: ModelDef): FieldOfKind<'m2m'>[] {
  return model.fields.flatMap((f) => (f.kind === 'm2m' && !f.mirrors ? [f] : []));
}

function edgesOf(model: ModelDef, wanted: ReadonlySet<string>): Edge[] {
  const out: Edge[] = [];
  for (const f of model.fields) {
    if (f.kind === 'fk' && f.column && !f.hidden && f.to && wanted.has(f.to))
      out.push({ to: f.to, field: f, hard: !f.nullable, link: false });
    if (f.kind === 'tags' && wanted.has(TAG_MODEL)) out.push({ to: TAG_MODEL, field: f, hard: false, link: true });
  }
  for (const f of linkFields(model)) if (wanted.has(f.to)) out.push({ to: f.to, field: f, hard: false, link: true });
  return out;
}

/** Tarjan's strongly connected components; each is emitted after those it points to. */
function components(keys: readonly string[], edges: ReadonlyMap<string, Edge[]>): string[][] {
  const index = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  /** visits `v` and what it reaches; returns its low-link */
  const visit = (v: string): number => {
    const at = counter++;
    let low = at;
    index.set(v, at);
    stack.push(v);
    onStack.add(v);
    for (const e of edges.get(v) ?? []) {
      const seen = index.get(e.to);
      if (seen === undefined) low = Math.min(low, visit(e.to));
      else if (onStack.has(e.to)) low = Math.min(low, seen);
    }
    if (low !== at) return low;
    // `v` roots a component: it and everything above it on the stack
    const group = stack.splice(stack.lastIndexOf(v));
    for (const w of group) onStack.delete(w);
    out.push(group.sort());
    return low;
  };
  for (const k of keys) if (!index.has(k)) visit(k);
  return out;
}

/** The group's models ordered by the references that cannot wait (Kahn's algorithm, ties by key). */
function orderInside(keys: string[], edges: ReadonlyMap<string, Edge[]>): string[] {
  const inGroup = new Set(keys);
  const needs = new Map(
    keys.map((k) => [k, new Set((edges.get(k) ?? []).filter((e) => e.hard && inGroup.has(e.to)).map((e) => e.to))]),
  );
  const order: string[] = [];
  while (needs.size) {
    const [next] = [...needs]
      .filter(([, n]) => n.size === 0)
      .map(([k]) => k)
      .sort();
    if (next === undefined) {
      throw new Error(
        `the catalogue has a cycle of required references that no import order can satisfy: ${[...needs.keys()].join(
          ', ',
        )}`,
      );
    }
    order.push(next);
    needs.delete(next);
    for (const n of needs.values()) n.delete(next);
  }
  return order;
}

/** The import plan for these models (keys of the registry). */
export function planImport(registry: Registry, keys: readonly string[]): Plan {
  const wanted = new Set(keys);
  const edges = new Map(keys.map((k) => [k, edgesOf(registry.model(k), wanted)]));
  const groups: Group[] = [];
  for (const members of components([...keys].sort(), edges)) {
    const inGroup = new Set(members);
    const deferred = new Map<string, FieldOfKind<'fk'>[]>();
    const late = new Set<string>();
    for (const k of members) {
      for (const e of edges.get(k) ?? []) {
        if (!inGroup.has(e.to)) continue;
        if (e.link) late.add(`${k}.${e.field.name}`);
        else if (!e.hard) deferred.set(k, [...(deferred.get(k) ?? []), e.field]);
      }
    }
    groups.push({ models: orderInside(members, edges).map((k) => registry.model(k)), deferred, late });
  }
  return { groups };
}
