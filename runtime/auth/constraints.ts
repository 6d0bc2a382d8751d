/**
 * Permission constraints (NetBox's JSON filter expressions) → SQL: an object is AND of Django-style
 * lookups (`site__name`, `status__in`, `id__gte`, …), a list is OR of objects, `$user` is the caller.
 */
import type { ModelRow, Registry } from '../catalogue/index.ts';
import { ident, likeEscape, type Params } from '../db/index.ts';
import { tables } from '../db/tables.ts';
import { last } from '../collections.ts';

export class ConstraintError extends Error {}

/** What a constraint document is read with: the catalogue, the statement's parameters, and the user `$user` is. */
export interface ConstraintContext {
  readonly registry: Registry;
  readonly params: Params;
  readonly userId: number;
}

const lookups = new Set([
  'exact',
  'iexact',
  'in',
  'contains',
  'icontains',
  'startswith',
  'istartswith',
  'endswith',
  'iendswith',
  'gt',
  'gte',
  'lt',
  'lte',
  'isnull',
  'regex',
  'iregex',
]);

function substitute(value: unknown, userId: number): unknown {
  if (value === '$user') return userId;
  if (Array.isArray(value)) return value.map((v) => substitute(v, userId));
  return value;
}

function scalarCondition(col: string, lookup: string, value: unknown, p: Params): string {
  const text = (v: unknown) => p.add(String(v));
  switch (lookup) {
    case 'exact':
      return value === null ? `${col} IS NULL` : `${col}::text = ${text(value)}`;
    case 'iexact':
      return `lower(${col}::text) = lower(${text(value)})`;
    case 'in':
      if (!Array.isArray(value)) throw new ConstraintError('"in" needs a list');
      return `${col}::text = ANY(${p.add(value.map(String))}::text[])`;
    case 'contains':
      return `${col}::text LIKE ${p.add(`%${likeEscape(String(value))}%`)}`;
    case 'icontains':
      return `${col}::text ILIKE ${p.add(`%${likeEscape(String(value))}%`)}`;
    case 'startswith':
      return `${col}::text LIKE ${p.add(`${likeEscape(String(value))}%`)}`;
    case 'istartswith':
      return `${col}::text ILIKE ${p.add(`${likeEscape(String(value))}%`)}`;
    case 'endswith':
      return `${col}::text LIKE ${p.add(`%${likeEscape(String(value))}`)}`;
    case 'iendswith':
      return `${col}::text ILIKE ${p.add(`%${likeEscape(String(value))}`)}`;
    case 'isnull':
      return value ? `${col} IS NULL` : `${col} IS NOT NULL`;
    case 'regex':
      return `${col}::text ~ ${text(value)}`;
    case 'iregex':
      return `${col}::text ~* ${text(value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[lookup];
      return typeof value === 'number' ? `${col} ${op} ${p.add(value)}::numeric` : `${col}::text ${op} ${text(value)}`;
    }
    default:
      throw new ConstraintError(`unknown lookup "${lookup}"`);
  }
}

function lookupCondition(ctx: ConstraintContext, { model, alias }: ModelRow, key: string, value: unknown): string {
  const { registry, params: p } = ctx;
  const parts = key.split('__');
  let lookup = 'exact';
  const end = last(parts);
  if (parts.length > 1 && lookups.has(end)) {
    lookup = end;
    parts.pop();
  }
  const [head, ...rest] = parts as [string, ...string[]];
  if (head === 'id' && rest.length === 0) return scalarCondition(`${alias}.id`, lookup, value, p);
  if (head === 'tags') {
    const column = rest[0] ?? 'id';
    if (!['id', 'name', 'slug'].includes(column)) throw new ConstraintError(`unknown tag field "${column}"`);
    const a = p.alias('c');
    return `EXISTS (SELECT 1 FROM ${tables.taggedItem} ${a} JOIN ${tables.tag} ${a}g ON ${a}g.id = ${a}.tag_id
      WHERE ${a}.object_type = ${p.add(model.key)} AND ${a}.object_id = ${alias}.id
      AND ${scalarCondition(`${a}g.${column}`, lookup, value, p)})`;
  }
  const f = registry.field(model, head);
  if (!f || !f.column || f.hidden) throw new ConstraintError(`"${head}" is not a field of ${model.key}`);
  const col = `${alias}.${ident(f.column)}`;
  if (rest.length === 0) return scalarCondition(col, lookup, value, p);
  if (f.kind !== 'fk') throw new ConstraintError(`"${head}" is not a relation of ${model.key}`);
  const target = registry.model(f.to);
  const a = p.alias('c');
  const inner =
    rest.length === 1 && rest[0] === 'id'
      ? scalarCondition(`${a}.id`, lookup, value, p)
      : lookupCondition(ctx, { model: target, alias: a }, `${rest.join('__')}__${lookup}`, value);
  return `${col} IN (SELECT ${a}.id FROM ${ident(target.table)} ${a} WHERE ${inner})`;
}

/** SQL for one constraint document (object or list of objects) on rows of `row.model` aliased `row.alias`. */
export function constraintSql(ctx: ConstraintContext, row: ModelRow, constraints: unknown): string {
  const sets = Array.isArray(constraints) ? constraints : [constraints];
  const ors = sets.map((set) => {
    if (!set || typeof set !== 'object' || Array.isArray(set))
      throw new ConstraintError('each constraint set must be an object');
    const ands = Object.entries(set as Record<string, unknown>).map(([k, v]) =>
      lookupCondition(ctx, row, k, substitute(v, ctx.userId)),
    );
    return ands.length ? `(${ands.join(' AND ')})` : 'TRUE';
  });
  return ors.length ? `(${ors.join(' OR ')})` : 'TRUE';
}

/** Whether a constraint document leaves the model unrestricted (null, {}, [] or [{}]). */
export function unconstrained(constraints: unknown): boolean {
  if (constraints === null || constraints === undefined) return true;
  if (Array.isArray(constraints))
    return (
      constraints.length === 0 || constraints.some((c) => c && typeof c === 'object' && Object.keys(c).length === 0)
    );
  return typeof constraints === 'object' && Object.keys(constraints as object).length === 0;
}
