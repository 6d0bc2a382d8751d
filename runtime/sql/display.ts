/**
 * Compiles a model's display rule into one SQL expression, so `display` of a page and of every
 * nested object comes from the same query as the rows (no per-row work in JavaScript).
 */
import {
  CatalogueLookupError,
  type DisplayPart,
  type FieldDef,
  type ModelDef,
  type Registry,
} from '../catalogue/index.ts';
import { ident, literal, tables } from '../db/index.ts';
import { orderPlan } from './order.ts';
import { last } from '../collections.ts';

let aliasCounter = 0;
// per model definition (not per key): two catalogues in one process never share SQL
const cache = new WeakMap<ModelDef, Map<string, string>>();

/** The display of the object of `target` whose id is `id` (SQL), as a subquery. */
function displayOf(registry: Registry, target: ModelDef, id: string): string {
  const a = `d${++aliasCounter}`;
  return `(SELECT ${displaySql(registry, target, a)} FROM ${ident(target.table)} ${a} WHERE ${a}.id = ${id})`;
}

/** The display of the object a relation names (NetBox's `str()` of it): a foreign key's, or a generic relation's. */
function relatedDisplay(registry: Registry, model: ModelDef, alias: string, f: FieldDef): string | undefined {
  if (f.kind === 'fk') return displayOf(registry, registry.model(f.to), `${alias}.${ident(f.column)}`);
  if (f.kind !== 'generic') return undefined;
  // over the declared types; any other type (or none) shows nothing
  const branches = f.types
    .filter((t) => registry.has(t))
    .map((t) => `WHEN ${literal(t)} THEN ${displayOf(registry, registry.model(t), `${alias}.${ident(f.idColumn)}`)}`);
  return branches.length ? `CASE ${alias}.${ident(f.typeColumn)} ${branches.join(' ')} END` : 'NULL::text';
}

/**
 * A column of `model` (aliased `alias`) reached by `path` through foreign keys, as SQL text; through
 * a reverse list, its first object in that model's ordering (NetBox's `.first()`). A path that ends on
 * a relation (a foreign key or a generic relation) is the related object's own display.
 */
export function pathExpr(registry: Registry, model: ModelDef, alias: string, path: readonly string[]): string {
  const [head, ...rest] = path;
  const f = head === undefined ? undefined : registry.field(model, head);
  if (!f) throw new Error(`${model.key}: unknown field ${head}`);
  if (rest.length === 0) {
    const related = relatedDisplay(registry, model, alias, f);
    if (related) return related;
    const column = `${alias}.${ident(registry.columnOf(model, f.name))}`;
    return f.kind === 'ipaddress' ? `ip_with_mask(${column})` : column;
  }
  const a = `d${++aliasCounter}`;
  if (f.kind === 'computed' && f.computed.type === 'reverse_list') {
    const target = registry.model(f.computed.model);
    const tf = registry.fieldOfKind(target, f.computed.field, 'fk', 'generic');
    const mine =
      tf.kind === 'generic'
        ? `${a}.${ident(tf.typeColumn)} = ${literal(model.key)} AND ${a}.${ident(tf.idColumn)} = ${alias}.id`
        : `${a}.${ident(tf.column)} = ${alias}.id`;
    const order = orderPlan(registry, target, target.ordering, a);
    return `(SELECT ${pathExpr(registry, target, a, rest)} FROM ${ident(target.table)} ${a}${order.joins}
    WHERE ${mine} ORDER BY ${order.order} LIMIT 1)`;
  }
  if (f.kind !== 'fk') throw new CatalogueLookupError(`${model.key}.${f.name}: a path goes on through a foreign key`);
  const target = registry.model(f.to);
  return `(SELECT ${pathExpr(registry, target, a, rest)} FROM ${ident(target.table)} ${a}
    WHERE ${a}.id = ${alias}.${ident(f.column)})`;
}

/** The choice set of a choice field or of a computed value read as a choice (generate checks it names one). */
function choiceSetOf(model: ModelDef, f: FieldDef): string {
  const set = f.kind === 'choice' || f.kind === 'computed' ? f.choices : undefined;
  if (set === undefined) throw new CatalogueLookupError(`${model.key}.${f.name} has no choice set`);
  return set;
}

/** The label of the choice a path's value is (the value itself when it is none of the set's). */
function choiceLabel(registry: Registry, model: ModelDef, path: readonly string[], e: string): string {
  let m = model;
  for (const name of path.slice(0, -1)) m = registry.targetOf(m, name);
  const labels = Object.fromEntries(
    registry.choices(choiceSetOf(m, registry.fieldOf(m, last(path)))).map((o) => [String(o.value), o.label]),
  );
  return `coalesce(${literal(JSON.stringify(labels))}::jsonb ->> (${e}::text), ${e}::text)`;
}

function partExpr(registry: Registry, model: ModelDef, alias: string, part: DisplayPart): string {
  const { text, path } = part;
  if (text !== undefined) return literal(text);
  if (path === undefined) throw new CatalogueLookupError(`${model.key}: a display part has neither text nor a path`);
  const e = pathExpr(registry, model, alias, path);
  switch (part.filter) {
    case 'mask':
      return `token_mask(${e})`;
    case 'asdot':
      return `asdot(${e})`;
    case 'host':
      return `host(${e}::inet)`;
    case 'upper':
      return `upper(${e}::text)`;
    case 'masklen':
      return `masklen(${e}::inet)::text`;
    case 'ip_range':
      // NetBox's IPRange.name: the parts both addresses share, then each one's rest (ip_range_name())
      return `ip_range_name(${e}::inet, ${pathExpr(registry, model, alias, part.arg ?? [])}::inet)`;
    case 'filename':
      // a stored upload's name without its folder and `<model>_<id>_` prefix
      return `regexp_replace(${e}, '^(.*/)?[a-z0-9]+_[0-9]+_', '')`;
    case 'title':
      // NetBox's title(): each word's first letter upper-cased, the rest kept (`IPSec policy` → `IPSec Policy`)
      return `array_to_string(ARRAY(SELECT upper(left(w, 1)) || substr(w, 2)
        FROM regexp_split_to_table(${e}::text, '\\s+') WITH ORDINALITY AS x(w, i) WHERE w <> '' ORDER BY i), ' ')`;
    case 'type_name':
      // an `app.model` as Django names its content type: `DCIM | site` (the object type's verbose names)
      return `coalesce((SELECT o.app_name || ' | ' || o.model_name FROM public.${tables.objectType} o
        WHERE o.app_label = split_part(${e}, '.', 1) AND o.model = split_part(${e}, '.', 2)), ${e}::text)`;
    case 'label':
      return choiceLabel(registry, model, path, e);
    case 'label_lower':
      return `lower(${choiceLabel(registry, model, path, e)})`;
    default:
      return `${e}::text`;
  }
}

/** The models whose display is being compiled: one that shows itself through its relations never ends. */
const compiling = new Set<ModelDef>();

/** Whether a part shows a related object's display (a subquery, larger than any column). */
function showsRelated(registry: Registry, model: ModelDef, part: DisplayPart): boolean {
  let m: ModelDef | undefined = model;
  const path = part.path ?? [];
  for (const [i, name] of path.entries()) {
    const f: FieldDef | undefined = m && registry.field(m, name);
    if (!f) return false;
    if (i === path.length - 1) return f.kind === 'fk' || f.kind === 'generic';
    m =
      f.kind === 'fk'
        ? registry.model(f.to)
        : f.kind === 'computed' && f.computed.type === 'reverse_list'
          ? registry.model(f.computed.model)
          : undefined;
  }
  return false;
}

/** `CASE WHEN … THEN … ELSE <fallback> END` of the alternatives, or the fallback alone. */
function cases(tried: readonly Alternative[], fallback: string): string {
  return tried.length
    ? `CASE ${tried.map((a) => `WHEN ${a.cond} THEN ${a.value}`).join(' ')} ELSE ${fallback} END`
    : fallback;
}

interface Alternative {
  readonly cond: string;
  readonly value: string;
  /** it reads a lifted part */
  readonly lifted: boolean;
}

function compile(registry: Registry, model: ModelDef, alias: string): string {
  // a part read through a relation (a subquery), used in an alternative's condition and value alike and in
  // several alternatives, is computed once per row in an inner select (OFFSET 0 keeps PostgreSQL from
  // copying it back into each place, planning it again there: a device's display named its chassis four
  // times and its type six); the alternatives before the first that reads one are tried outside it, so a
  // device with a name reads none
  const x = `d${++aliasCounter}`;
  const lifted = new Map<string, string>();
  const lifts = (p: DisplayPart) => (p.path?.length ?? 0) > 1 || showsRelated(registry, model, p);
  const expr = (p: DisplayPart): string => {
    if (!lifts(p)) return partExpr(registry, model, alias, p);
    const key = JSON.stringify(p);
    if (!lifted.has(key)) lifted.set(key, `${partExpr(registry, model, alias, p)} AS p${lifted.size}`);
    return `${x}.p${[...lifted.keys()].indexOf(key)}`;
  };
  const alternatives: Alternative[] = model.display.map((alt) => {
    const parts = alt.map(expr);
    const conds = alt.map((p, i) => (p.path ? `coalesce(${parts[i]}, '') <> ''` : null)).filter(Boolean);
    const value = parts.map((p) => `coalesce(${p}, '')`).join(' || ');
    return { cond: conds.join(' AND '), value, lifted: alt.some(lifts) };
  });
  const fallback = last(alternatives);
  // the last alternative is also the fallback, so its own condition changes nothing (nor does that of
  // alternatives just before it with the same value)
  const tried = alternatives.slice(0, -1);
  while (tried.length && last(tried).value === fallback.value) tried.pop();
  if (!lifted.size) return cases(tried, fallback.value);
  const first = [...tried, fallback].findIndex((a) => a.lifted);
  const inner = `(SELECT ${cases(tried.slice(first), fallback.value)}
    FROM (SELECT ${[...lifted.values()].join(', ')} OFFSET 0) ${x})`;
  return cases(tried.slice(0, first), inner);
}

export function displaySql(registry: Registry, model: ModelDef, alias: string): string {
  const forModel = cache.get(model) ?? new Map<string, string>();
  cache.set(model, forModel);
  const hit = forModel.get(alias);
  if (hit) return hit;
  if (compiling.has(model))
    throw new CatalogueLookupError(`${model.key}: its display rule shows itself through a relation`);
  compiling.add(model);
  try {
    const sql = compile(registry, model, alias);
    forModel.set(alias, sql);
    return sql;
  } finally {
    compiling.delete(model);
  }
}
