/**
 * Lists: a root `x_list`, and the lists an object reaches (many-to-many fields, tags, reverse relations),
 * each one correlated subquery that filters, orders (the model's ordering, or by id from `start`),
 * pages (NetBox's cap: MAX_PAGE_SIZE rows unless a smaller limit is asked) and writes its rows as a
 * JSON array. The rows come from the read path's description of a relation (read/reach.ts).
 */
import type { FieldNode, GraphQLObjectType } from 'graphql';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, type Params } from '../db/index.ts';
import { listReach, reverseListReach } from '../read/reach.ts';
import { orderPlan } from '../read/select.ts';
import { fitsObject, subfields } from './collect.ts';
import type { QueryContext } from './context.ts';
import type { Relation } from './map.ts';
import { objectSql } from './objects.ts';
import { filterSql } from './filters.ts';
import { GraphqlFault } from './faults.ts';

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

/** The rows of a relation of `model`'s row `a`: a list field of the model, or the rows pointing at it. */
function reachOf(qc: QueryContext, model: ModelDef, relation: Relation, e: string, l: string) {
  const r =
    relation.via === 'field'
      ? listReach(qc.registry, model, qc.registry.fieldOf(model, relation.field), e, l)
      : reverseListReach(
          qc.registry,
          model,
          {},
          { type: 'reverse_list', model: relation.model, field: relation.field },
          e,
          l,
        );
  if (!r) throw new GraphqlFault(`The list ${relation.field} is not available here.`);
  return r;
}

export interface PageSource {
  readonly target: ModelDef;
  /** FROM the target's rows aliased `e` (and the joins the order needs) */
  readonly from: string;
  /** conditions the rows meet before the filters (`… AND ` or '') */
  readonly and: string;
  readonly order: string;
}

/** The page of `source` as a JSON array of `type` objects. */
export async function pageSql(
  qc: QueryContext,
  source: PageSource,
  type: GraphQLObjectType,
  nodes: readonly FieldNode[],
  args: Record<string, unknown>,
  e: string,
  p: Params,
): Promise<string> {
  const access = await qc.access(source.target);
  if (!access) return `'[]'::json`;
  const page = pagination(qc, args.pagination);
  const where = [
    ...(access.condition ? [access.condition(e, p)] : []),
    ...(args.filters ? [await filterSql(qc, type.name.replace(/Type$/, 'Filter'), args.filters, e, p)] : []),
    ...(page.start !== undefined ? [`${e}.id >= ${p.add(page.start)}::bigint`] : []),
  ];
  const order = page.start !== undefined ? `${e}.id` : source.order;
  const obj = await objectSql(qc, type, subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf)), e, p);
  const limit = page.limit === null ? '' : ` LIMIT ${p.add(page.limit)}`;
  const offset = page.offset ? ` OFFSET ${p.add(page.offset)}` : '';
  return `(SELECT coalesce(json_agg(x.j ORDER BY x.o), '[]'::json) FROM (SELECT ${obj} AS j,
    row_number() OVER (ORDER BY ${order}) AS o FROM ${source.from}
    WHERE ${source.and}${where.length ? where.join(' AND ') : 'TRUE'} ORDER BY ${order}${limit}${offset}) x)`;
}

/** A root list's rows: the model's whole table. */
export function tableSource(qc: QueryContext, model: ModelDef, e: string): PageSource {
  const o = orderPlan(qc.registry, model, model.ordering, e);
  return { target: model, from: `${ident(model.table)} ${e}${o.joins}`, and: '', order: o.order };
}

export async function listSql(
  qc: QueryContext,
  model: ModelDef,
  relation: Relation,
  type: GraphQLObjectType,
  nodes: readonly FieldNode[],
  args: Record<string, unknown>,
  a: string,
  p: Params,
): Promise<string> {
  const e = p.alias('e');
  const r = reachOf(qc, model, relation, e, p.alias('l'));
  const source = { target: r.target, from: r.from, and: `${r.and}${r.key} = ${a}.id AND `, order: r.order };
  return pageSql(qc, source, type, nodes, args, e, p);
}

/** The one row of a reverse one-to-one relation (a device's parent bay), or null. */
export async function oneSql(
  qc: QueryContext,
  model: ModelDef,
  relation: Relation,
  type: GraphQLObjectType,
  nodes: readonly FieldNode[],
  a: string,
  p: Params,
): Promise<string> {
  const e = p.alias('e');
  const r = reachOf(qc, model, relation, e, p.alias('l'));
  const access = await qc.access(r.target);
  if (!access) return 'NULL::json';
  const obj = await objectSql(qc, type, subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf)), e, p);
  const cond = access.condition ? ` AND ${access.condition(e, p)}` : '';
  return `(SELECT ${obj} FROM ${r.from} WHERE ${r.and}${r.key} = ${a}.id${cond} ORDER BY ${e}.id LIMIT 1)`;
}
