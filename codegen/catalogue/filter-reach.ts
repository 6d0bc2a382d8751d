/**
 * Filters a model declares in `filters:` (and is handed by `propagate_filters` and `reverse_filters`)
 * that reach past its own columns: through foreign keys, many-to-many fields, a generic relation
 * (each type it can name), or the rows that point at the object (`from`). At the far end is another
 * model's filter (`filter`), the field `via` ends at, or the reached object itself by id and natural key.
 */
import type { Catalogue, FilterDef, GenericField, ModelDef, ThroughDef } from '../../runtime/catalogue/ir.ts';
import { fieldOf, modelOf } from './lookup.ts';
import type { RawCatalogue, RawFilter } from './schema.ts';
import { computedFilter, declaredLookups, fieldFilters, m2mFilters, relationFilters } from './filter-fields.ts';

export interface Reach {
  readonly cat: Catalogue;
  readonly raw: RawCatalogue;
  /** one filter of a model, by name (built on demand) */
  filterOf(key: string, name: string): FilterDef | undefined;
}

type Step = { readonly field: string } | { readonly from: string };
type End = { readonly far: string } | { readonly field: string } | { readonly identity: true };

/** The way from a model to what a declaration ends at: the steps still to take, and that end. */
interface Route {
  readonly steps: Step[];
  readonly end: End;
}

/** One declaration being resolved: the filter's name and its declaration `d`. */
interface Declared {
  readonly name: string;
  readonly d: RawFilter;
}

/** A relation filter named `x` is the pair `x_id` and `x`; one named `x_id` is that one alone. */
function wanted(name: string): string[] {
  return name.endsWith('_id') ? [name] : [`${name}_id`, name];
}

const baseOf = (name: string) => name.replace(/_id$/, '');

/** NetBox names a filter for the object itself after its model: `site_group_id` is a site group's id. */
function namesModel(name: string, m: ModelDef): boolean {
  return baseOf(name).replace(/_/g, '') === m.model;
}

/** How a related filter reaches its rows (RelatedFilter): the rows' model, and its op with what that needs. */
type How = { readonly target: string; readonly column?: string; readonly where?: Record<string, string> } & (
  | { readonly op: 'reverse' }
  | { readonly op: 'reverse_generic'; readonly typeColumn: string; readonly idColumn: string }
  | { readonly op: 'm2m'; readonly through: ThroughDef }
  | { readonly op: 'generic'; readonly typeColumn: string }
);

function wrap(inner: FilterDef, how: How): FilterDef {
  const choices = inner.kind === 'choice' || inner.kind === 'related' ? inner.choices : undefined;
  return {
    name: inner.name,
    kind: 'related',
    path: [],
    column: 'id',
    lookups: inner.lookups,
    ...(choices ? { choices } : {}),
    ...how,
    inner,
    description: inner.description,
    type: inner.type,
  };
}

export function anyOf(name: string, alternatives: FilterDef[]): FilterDef {
  const list = alternatives.flatMap((f) => (f.kind === 'any' && !f.path.length ? f.branches : [f]));
  const [first] = list;
  if (!first) throw new Error(`${name}: no alternative`);
  if (list.length === 1) return first;
  const lookups = first.lookups.filter((l) => list.every((f) => f.lookups.includes(l)));
  return {
    name,
    kind: 'any',
    path: [],
    column: 'id',
    lookups,
    branches: list,
    description: first.description,
    type: first.type,
  };
}

/** The object `m` itself, by id and natural key. */
function identity(r: Reach, m: ModelDef, { name, d }: Declared): FilterDef[] {
  const what = m.verboseName.charAt(0).toUpperCase() + m.verboseName.slice(1);
  const relation = { base: baseOf(name), path: [], column: 'id', target: m.key, tree: d.tree ?? m.tree, what };
  const defs = relationFilters(r.cat, { ...relation, natural: d.natural });
  return defs.filter((f) => wanted(name).includes(f.name));
}

/** What a declaration's way ends at, on `m`: another filter of it, a field, or the object itself. */
function terminal(r: Reach, m: ModelDef, end: End, declared: Declared): FilterDef[] {
  const { name, d } = declared;
  if ('far' in end) {
    const far = r.filterOf(m.key, end.far);
    return far ? [{ ...far, name }] : [];
  }
  if ('identity' in end) return identity(r, m, declared);
  const f = m.fields.find((x) => x.name === end.field);
  if (!f) return [];
  const keep = (defs: FilterDef[]) => defs.filter((x) => wanted(name).includes(x.name));
  switch (f.kind) {
    case 'fk': {
      const tree = d.tree ?? (modelOf(r.cat, f.to).tree && f.name !== 'parent');
      const relation = { base: baseOf(name), path: [], column: f.column, target: f.to, tree, what: f.label };
      return keep(relationFilters(r.cat, { ...relation, natural: d.natural }));
    }
    case 'm2m':
      return keep(m2mFilters(r.cat, f, { base: baseOf(name), tree: d.tree ?? false, natural: d.natural }));
    case 'generic':
      return fanOut(r, f, undefined, declared);
    default: {
      // a field with an id variant (an object type's `_id`) gives that one to a name ending in `_id`
      const all = fieldFilters(r.cat, r.raw, m, f, true);
      const plain = computedFilter(f) ?? all.find((x) => x.name === name && name.endsWith('_id')) ?? all[0];
      return plain ? [{ ...plain, name }] : [];
    }
  }
}

/**
 * Through a generic relation: each type it can name (or `types`), the rest of the way from there
 * (`then`); or, where the path ends at the relation (`then` absent), the object it names itself when the
 * filter is named after the object's model, else (and with `inside`, also) that object's own filters of
 * this name: a prefix's `site` is a site it is scoped to or a location at that site.
 */
function fanOut(r: Reach, g: GenericField, then: Route | undefined, declared: Declared): FilterDef[] {
  const { name, d } = declared;
  const byName = new Map<string, FilterDef[]>();
  let types = g.types.filter((key) => !d.types || d.types.includes(key));
  // a filter named after one of the types is that object alone, unless objects inside it count (`inside`)
  const named = types.filter((key) => namesModel(name, modelOf(r.cat, key)));
  if (!then && named.length && !d.inside) types = named;
  for (const key of types) {
    const t = modelOf(r.cat, key);
    let defs: FilterDef[];
    if (then) defs = walk(r, t, then, declared);
    else if (namesModel(name, t)) defs = identity(r, t, declared);
    else defs = wanted(name).flatMap((n) => terminal(r, t, { far: n }, { name: n, d }));
    for (const def of defs) {
      const how = { target: key, op: 'generic', column: g.idColumn, typeColumn: g.typeColumn } as const;
      byName.set(def.name, [...(byName.get(def.name) ?? []), wrap(def, how)]);
    }
  }
  return [...byName].map(([n, list]) => anyOf(n, list));
}

/** `inner` at the rows pointing at the object by `from` (`app.model.field`), those with `d.where`'s values. */
function reverse(r: Reach, from: string, inner: FilterDef, d: RawFilter): FilterDef {
  const [app, model, field] = from.split('.') as [string, string, string];
  const owner = modelOf(r.cat, `${app}.${model}`);
  const f = fieldOf(r.cat, owner.key, field);
  const columnOf = (k: string) => {
    const c = fieldOf(r.cat, owner.key, k).column;
    if (!c) throw new Error(`"where: ${k}" names a field of ${owner.key} without a column`);
    return c;
  };
  const where = d.where ? { where: Object.fromEntries(Object.entries(d.where).map(([k, v]) => [columnOf(k), v])) } : {};
  if (f.kind === 'fk') return wrap(inner, { target: owner.key, op: 'reverse', column: f.column, ...where });
  if (f.kind === 'm2m') {
    const th = f.through;
    return wrap(inner, {
      target: owner.key,
      op: 'm2m',
      through: { ...th, source: th.target, target: th.source },
      ...where,
    });
  }
  if (f.kind !== 'generic') throw new Error(`"from: ${from}" is not a relation`);
  return wrap(inner, {
    target: owner.key,
    op: 'reverse_generic',
    column: f.idColumn,
    typeColumn: f.typeColumn,
    idColumn: f.idColumn,
    ...where,
  });
}

/** The owner model of a `from` (`app.model.field`), checking the field points at `m`. */
function fromOwner(r: Reach, m: ModelDef, from: string): ModelDef {
  const [app, model, field] = from.split('.') as [string, string, string];
  const owner = r.cat.models[`${app}.${model}`];
  const f = owner?.fields.find((x) => x.name === field);
  const points =
    f &&
    ((f.kind === 'fk' && f.to === m.key) ||
      (f.kind === 'm2m' && f.to === m.key) ||
      (f.kind === 'generic' && f.types.includes(m.key)));
  if (!owner || !points) throw new Error(`"from: ${from}" is not a relation pointing at ${m.key}`);
  return owner;
}

/** The filters a declaration gives, from `m` along the route's steps to its end. */
function walk(r: Reach, m: ModelDef, route: Route, declared: Declared): FilterDef[] {
  const { steps, end } = route;
  if (!steps.length) return terminal(r, m, end, declared);
  const [step, ...rest] = steps as [Step, ...Step[]];
  const next: Route = { steps: rest, end };
  if ('from' in step) {
    const owner = fromOwner(r, m, step.from);
    return walk(r, owner, next, declared).map((inner) => reverse(r, step.from, inner, declared.d));
  }
  const f = m.fields.find((x) => x.name === step.field);
  switch (f?.kind) {
    case 'fk':
      return walk(r, modelOf(r.cat, f.to), next, declared).map((i) => ({ ...i, path: [f.name, ...i.path] }));
    case 'm2m':
      return walk(r, modelOf(r.cat, f.to), next, declared).map((i) =>
        wrap(i, { target: f.to, op: 'm2m', through: f.through }),
      );
    case 'generic':
      return fanOut(r, f, next, declared);
    default:
      return [];
  }
}

/** The filters one declaration (`via`, `from`, `filter`, `any`) gives model `m`. */
export function declaredFilters(r: Reach, m: ModelDef, name: string, d: RawFilter): FilterDef[] {
  let out: FilterDef[];
  if (d.any) {
    const { any, lookups, description, ...common } = d;
    void lookups;
    void description;
    const alts = any.map((a) =>
      declaredFilters(r, m, name, { ...common, ...(typeof a === 'string' ? { via: a } : a) }),
    );
    const [first = []] = alts;
    const names = first.map((f) => f.name).filter((n) => alts.every((a) => a.some((f) => f.name === n)));
    out = names.map((n) =>
      anyOf(
        n,
        alts.flatMap((a) => a.filter((f) => f.name === n).slice(0, 1)),
      ),
    );
  } else {
    const steps: Step[] = d.from ? [{ from: d.from }] : [];
    const via = d.via ? d.via.split('.') : [];
    const lastField = via.at(-1);
    let end: End;
    if (d.filter) {
      steps.push(...via.map((field) => ({ field })));
      end = { far: d.filter };
    } else if (lastField !== undefined) {
      steps.push(...via.slice(0, -1).map((field) => ({ field })));
      end = { field: lastField };
    } else if (d.from) end = { identity: true };
    else throw new Error('give "via", "from", "filter", "any" or "op"');
    out = walk(r, m, { steps, end }, { name, d });
  }
  if (!out.length) throw new Error(`reaches no field or filter of that name from ${m.key}`);
  return out.map((f) => ({
    ...f,
    ...(d.lookups ? { lookups: declaredLookups(d.lookups) } : {}),
    ...(d.description ? { description: d.description } : {}),
  }));
}
