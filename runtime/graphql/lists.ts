/**
 * Lists: a root `x_list`, and the lists an object reaches (many-to-many fields, tags, reverse relations),
 * each one correlated subquery that filters, orders (the model's ordering, or by id from `start`),
 * pages (NetBox's cap: MAX_PAGE_SIZE rows unless a smaller limit is asked) and writes its rows as a
 * JSON array. The rows come from the shared description of a relation (sql/reach.ts).
 */
import type { GraphQLObjectType } from 'graphql';
import type { ModelDef, ModelRow } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import { listReach, reverseListReach, type ListReach, orderPlan } from '../sql/index.ts';
import { fitsObject, subfields, type CollectedFields } from './collect.ts';
import type { QueryContext, StatementContext } from './context.ts';
import type { Relation } from './map.ts';
import type { Selection } from './objects.ts';
import { filterSql } from './filters.ts';
import { GraphqlFault } from './faults.ts';

/**
 * Writes a row of `type` as the JSON object of the collected fields: objects.ts's objectSql, which the
 * callers pass in (an object's fields hold lists and a list's rows are objects; given, not imported, it
 * keeps the two files from importing each other).
 */
export type ObjectSql = (
  qc: StatementContext,
  type: GraphQLObjectType,
  fields: CollectedFields,
  a: string,
) => Promise<string>;

export interface Pagination {
  readonly offset: number;
  readonly limit: number | null;
  readonly start?: number;
}

/** NetBox's paging rules: `start` excludes `offset`, a missing, too large or non-positive limit is the cap. */
export function pagination(qc: QueryContext, arg: unknown): Pagination {
  const given = (arg ?? {}) as { offset?: number; limit?: number | null; start?: number | null };
  const cap = qc.maxPage > 0 ? qc.maxPage : null;
  let limit = given.limit ?? null;
  if (cap !== null && (limit === null || limit > cap || limit <= 0)) limit = cap;
  if (cap === null && limit !== null && limit <= 0) limit = null;
  const offset = given.offset ?? 0;
  if (offset < 0) throw new GraphqlFault('`offset` must be greater than or equal to zero.');
  if (given.start === undefined || given.start === null) return { offset, limit };
  if (offset) throw new GraphqlFault('Cannot specify both `start` and `offset` in pagination.');
  if (given.start < 0) throw new GraphqlFault('`start` must be greater than or equal to zero.');
  return { offset: 0, limit, start: given.start };
}

/** A list's selection and the list field's arguments (`filters`, `pagination`). */
export interface ListSelection extends Selection {
  readonly args: Record<string, unknown>;
}

/**
 * The rows of a relation of a row of `model` (a list field of the model, or the rows pointing at it),
 * aliased `e`, a new alias of the statement (as is their link table's).
 */
function reachOf(qc: StatementContext, model: ModelDef, relation: Relation): { e: string; r: ListReach } {
  const e = qc.params.alias('e');
  const l = qc.params.alias('l');
  const r =
    relation.via === 'field'
      ? listReach(qc.registry, model, qc.registry.fieldOf(model, relation.field), e, l)
      : reverseListReach(
          qc.registry,
          model,
          { list: { type: 'reverse_list', model: relation.model, field: relation.field }, shape: {} },
          { e, l },
        );
  if (!r) throw new GraphqlFault(`The list ${relation.field} is not available here.`);
  return { e, r };
}

export interface PageSource {
  readonly target: ModelDef;
  /** the alias of the target's rows in `from` */
  readonly alias: string;
  /** FROM the target's rows (and the joins the order needs) */
  readonly from: string;
  /** conditions the rows meet before the filters (`… AND ` or '') */
  readonly and: string;
  readonly order: string;
}

/** The page of `source` the list's arguments ask for, as a JSON array of its selection's objects. */
export async function pageSql(
  qc: StatementContext,
  source: PageSource,
  list: ListSelection,
  objectSql: ObjectSql,
): Promise<string> {
  const { type, nodes, args } = list;
  const { alias: e } = source;
  const p = qc.params;
  const access = await qc.access(source.target);
  if (!access) return `'[]'::json`;
  const page = pagination(qc, args.pagination);
  const where = [
    ...(access.condition ? [access.condition(e, p)] : []),
    ...(args.filters ? [await filterSql(qc, type.name.replace(/Type$/, 'Filter'), args.filters, e)] : []),
    ...(page.start !== undefined ? [`${e}.id >= ${p.add(page.start)}::bigint`] : []),
  ];
  const order = page.start !== undefined ? `${e}.id` : source.order;
  const obj = await objectSql(qc, type, subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf)), e);
  const limit = page.limit === null ? '' : ` LIMIT ${p.add(page.limit)}`;
  const offset = page.offset ? ` OFFSET ${p.add(page.offset)}` : '';
  return `(SELECT coalesce(json_agg(x.j ORDER BY x.o), '[]'::json) FROM (SELECT ${obj} AS j,
    row_number() OVER (ORDER BY ${order}) AS o FROM ${source.from}
    WHERE ${source.and}${where.length ? where.join(' AND ') : 'TRUE'} ORDER BY ${order}${limit}${offset}) x)`;
}

/** A root list's rows: the model's whole table. */
export function tableSource(qc: QueryContext, model: ModelDef, e: string): PageSource {
  const o = orderPlan(qc.registry, model, model.listOrdering ?? model.ordering, e);
  return { target: model, alias: e, from: `${ident(model.table)} ${e}${o.joins}`, and: '', order: o.order };
}

/** The page of the rows a relation of the row reaches. */
export async function listSql(
  qc: StatementContext,
  row: ModelRow,
  relation: Relation,
  list: ListSelection,
  objectSql: ObjectSql,
): Promise<string> {
  const { e, r } = reachOf(qc, row.model, relation);
  const and = `${r.and}${r.key} = ${row.alias}.id AND `;
  return pageSql(qc, { target: r.target, alias: e, from: r.from, and, order: r.order }, list, objectSql);
}

/** The one row a reverse one-to-one relation of the row reaches (a device's parent bay), or null. */
export async function oneSql(
  qc: StatementContext,
  row: ModelRow,
  relation: Relation,
  selection: Selection,
  objectSql: ObjectSql,
): Promise<string> {
  const { type, nodes } = selection;
  const { e, r } = reachOf(qc, row.model, relation);
  const access = await qc.access(r.target);
  if (!access) return 'NULL::json';
  const obj = await objectSql(qc, type, subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf)), e);
  const cond = access.condition ? ` AND ${access.condition(e, qc.params)}` : '';
  return `(SELECT ${obj} FROM ${r.from} WHERE ${r.and}${r.key} = ${row.alias}.id${cond} ORDER BY ${e}.id LIMIT 1)`;
}
