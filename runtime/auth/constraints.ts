/**
 * Permission constraints (NetBox's JSON filter expressions) → SQL: an object is AND of Django-style
 * lookups (`site__region__slug`, `status__in`, `tenant_id`, `created__year__gte`, …), a list is OR of
 * objects, `$user` is the caller. A set (one object) is read for one model at a time: a set naming a
 * field, relation or lookup the model lacks, or a value its field cannot hold, grants nothing on that
 * model (it is FALSE there) and never widens what the other sets and models grant. Lookups across a
 * many-to-many relation in one set are met by one related object, as in one Django `filter()` call.
 */
import type { ModelRow, Registry } from '../catalogue/index.ts';
import { ident, Params } from '../db/index.ts';
import { linkOf, nameOn, objectTypeKey, targetOf, termOf, type Named } from './constraint-fields.ts';
import { isLookup, lookupCondition, type Cond } from './constraint-lookups.ts';
import { ConstraintError, MalformedConstraint, transform, type Term } from './constraint-terms.ts';

export { ConstraintError, MalformedConstraint } from './constraint-terms.ts';

/** What a constraint document is read with: the catalogue, the statement's parameters, and the user `$user` is. */
export interface ConstraintContext {
  readonly registry: Registry;
  readonly params: Params;
  readonly userId: number;
}

/** One key of a set: its parts still to resolve, its value, and the key as written (for messages). */
interface Entry {
  readonly key: string;
  readonly parts: readonly string[];
  readonly value: unknown;
}

/** Lookups Django's relations take (on the related object's id). */
const relationLookups = new Set(['exact', 'in', 'gt', 'gte', 'lt', 'lte', 'isnull']);

function substitute(value: unknown, userId: number): unknown {
  if (value === '$user') return userId;
  if (Array.isArray(value)) return value.map((v) => (v === '$user' ? userId : v));
  return value;
}

/** The rest of a key on a term: transforms, then the lookup (its last part, when it is one; else `exact`). */
function termCondition(ctx: ConstraintContext, term: Term, e: Entry): Cond {
  let t = term;
  const rest = [...e.parts];
  const lookup = rest.length && isLookupAfter(t, rest) ? (rest.pop() as string) : 'exact';
  for (const name of rest) {
    const next = transform(t, name, ctx.params);
    if (!next) throw new ConstraintError(`"${e.key}": "${name}" is neither a lookup nor a transform of a ${t.type}`);
    t = next;
  }
  return lookupCondition(ctx.params, { term: t, lookup, value: e.value, key: e.key });
}

/** Whether the last of `parts` is a lookup of the term the others' transforms make (their SQL is thrown away). */
function isLookupAfter(term: Term, parts: readonly string[]): boolean {
  const scratch = new Params();
  let t: Term | undefined = term;
  for (const name of parts.slice(0, -1)) t = t && transform(t, name, scratch);
  return t !== undefined && isLookup(t, parts[parts.length - 1]);
}

type Relation = Exclude<Named, { kind: 'value' }>;

/** A relation's lookups reached through its target: one subquery (or EXISTS) for all of them. */
function relationCondition(ctx: ConstraintContext, row: ModelRow, rel: Relation, entries: Entry[]): Cond {
  const { params: p } = ctx;
  const target = targetOf(ctx.registry, rel);
  const a = p.alias('c');
  const inner = setCondition(ctx, { model: target, alias: a }, entries);
  if (rel.kind === 'many') {
    const x = p.alias('c');
    const link = linkOf(row, rel, x, p);
    const some = `EXISTS (SELECT 1 FROM ${link.table} ${x} JOIN ${ident(target.table)} ${a} ON ${a}.id = ${link.target}
      WHERE ${link.row} AND ${inner.sql})`;
    // a condition that holds on nothing holds for a row linked to nothing (Django's outer join)
    const none = `NOT EXISTS (SELECT 1 FROM ${link.table} ${x} WHERE ${link.row})`;
    return { sql: inner.nullTrue ? `(${some} OR ${none})` : some, nullTrue: inner.nullTrue };
  }
  const col = `${row.alias}.${ident(rel.column)}`;
  const key = rel.kind === 'fk' ? `${a}.id` : objectTypeKey(a);
  const some = `${col} IN (SELECT ${key} FROM ${ident(target.table)} ${a} WHERE ${inner.sql})`;
  return { sql: inner.nullTrue ? `(${col} IS NULL OR ${some})` : some, nullTrue: inner.nullTrue };
}

/** Refuses what a relation compared itself (`site`, `site__in`, `tags__isnull`: its target's id) cannot take. */
function checkRelationLookup(row: ModelRow, name: string, e: Entry): void {
  const [lookup = 'exact', ...more] = e.parts.slice(1);
  if (more.length || !relationLookups.has(lookup))
    throw new ConstraintError(`"${e.key}": "${lookup}" is neither a field nor a lookup of ${row.model.key}.${name}`);
}

/** AND of a set's entries at `row`; entries through the same relation share one related row. */
function setCondition(ctx: ConstraintContext, row: ModelRow, entries: readonly Entry[]): Cond {
  const conds: Cond[] = [];
  const through = new Map<string, { rel: Relation; entries: Entry[] }>();
  for (const e of entries) {
    const [name, ...rest] = e.parts;
    const named = nameOn(ctx.registry, row.model, name);
    if (!named) throw new ConstraintError(`"${e.key}": ${row.model.key} has no field "${name}"`);
    if (named.kind === 'value') {
      conds.push(termCondition(ctx, termOf(ctx.registry, ctx.params, row, named), { ...e, parts: rest }));
      continue;
    }
    let next: Entry = { ...e, parts: rest };
    if (!rest.length || !nameOn(ctx.registry, targetOf(ctx.registry, named), rest[0])) {
      checkRelationLookup(row, name, e);
      if (named.kind === 'fk') {
        // the column holds the id: compared in place
        const term: Term = { sql: `${row.alias}.${ident(named.column)}`, type: 'integer' };
        conds.push(termCondition(ctx, term, next));
        continue;
      }
      next = { ...e, parts: ['id', ...rest] };
    }
    const group = through.get(name) ?? { rel: named, entries: [] };
    group.entries.push(next);
    through.set(name, group);
  }
  for (const { rel, entries: inner } of through.values()) conds.push(relationCondition(ctx, row, rel, inner));
  if (!conds.length) return { sql: 'TRUE', nullTrue: true };
  return { sql: `(${conds.map((c) => c.sql).join(' AND ')})`, nullTrue: conds.every((c) => c.nullTrue) };
}

/** A document's sets: an object is one, a list is OR of its objects (null in a list: no restriction). */
function setsOf(constraints: unknown): Record<string, unknown>[] {
  const sets = Array.isArray(constraints) ? constraints : [constraints];
  return sets.map((set) => {
    if (set === null) return {};
    if (typeof set !== 'object' || Array.isArray(set))
      throw new MalformedConstraint('Constraints must be a JSON object or a list of objects.');
    return set as Record<string, unknown>;
  });
}

/** Why a document is not an object or a list of objects (null in a list: no restriction), if it is not. */
export function shapeFault(constraints: unknown): MalformedConstraint | undefined {
  try {
    setsOf(constraints);
    return undefined;
  } catch (e) {
    if (e instanceof MalformedConstraint) return e;
    throw e;
  }
}

/** A document read for one model: its SQL (a set that does not apply is FALSE) and why sets did not apply. */
export interface CompiledConstraints {
  readonly sql: string;
  readonly faults: readonly ConstraintError[];
}

/** The SQL of a constraint document (object or list of objects) on rows of `row.model` aliased `row.alias`. */
export function compileConstraints(ctx: ConstraintContext, row: ModelRow, constraints: unknown): CompiledConstraints {
  if (constraints === null || constraints === undefined) return { sql: 'TRUE', faults: [] };
  const faults: ConstraintError[] = [];
  let sets: Record<string, unknown>[];
  try {
    sets = setsOf(constraints);
  } catch (e) {
    if (!(e instanceof ConstraintError)) throw e;
    return { sql: 'FALSE', faults: [e] };
  }
  const ors = sets.map((set) => {
    const entries = Object.entries(set).map(([key, v]) => ({
      key,
      parts: key.split('__'),
      value: substitute(v, ctx.userId),
    }));
    const held = ctx.params.values.length;
    try {
      return setCondition(ctx, row, entries).sql;
    } catch (e) {
      if (!(e instanceof ConstraintError)) throw e;
      // the values of the SQL given up go too: a statement may not carry parameters it does not use
      ctx.params.discard(held);
      faults.push(e);
      return 'FALSE';
    }
  });
  return { sql: ors.length ? `(${ors.join(' OR ')})` : 'TRUE', faults };
}

/** The SQL of a constraint document; whatever of it does not apply to the model grants nothing there. */
export function constraintSql(ctx: ConstraintContext, row: ModelRow, constraints: unknown): string {
  return compileConstraints(ctx, row, constraints).sql;
}

/** Whether a constraint document leaves the model unrestricted (null, {}, [] or a list with {} or null). */
export function unconstrained(constraints: unknown): boolean {
  if (constraints === null || constraints === undefined) return true;
  if (Array.isArray(constraints))
    return (
      constraints.length === 0 ||
      constraints.some((c) => c === null || (c && typeof c === 'object' && Object.keys(c).length === 0))
    );
  return typeof constraints === 'object' && Object.keys(constraints as object).length === 0;
}
