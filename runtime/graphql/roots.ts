/**
 * One root field → one SQL statement, run on the request's connection (its branch's search_path):
 * `x(id:)` the object or NetBox's "does not exist" error, `x_list` the page as a JSON array,
 * `x_list_page_metadata` the count and the next page's `start`.
 */
import type { GraphQLObjectType } from 'graphql';
import { getNamedType } from 'graphql';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, readOptions, query } from '../db/index.ts';
import { argumentsOf, fieldDefOf, fitsObject, subfields, type FieldNodes } from './collect.ts';
import { statementContext, type QueryContext, type StatementContext } from './context.ts';
import { GraphqlFault } from './faults.ts';
import { filterSql } from './filters.ts';
import { pageSql, pagination, tableSource, type ListSelection } from './lists.ts';
import { jsonObject, objectSql } from './objects.ts';
import type { RootField } from './map.ts';

/** A root field's selection: its model, its response key, its rows' object type, its nodes and arguments. */
interface RootSelection extends ListSelection {
  readonly model: ModelDef;
  readonly key: string;
}

async function run(qc: StatementContext, text: string): Promise<string | null> {
  const rows = await query(qc.read.db, text, qc.params.values, readOptions(text));
  return (rows[0]?.j as string | null | undefined) ?? null;
}

async function single(qc: QueryContext, field: RootSelection): Promise<string> {
  const { model, type, key, nodes, args } = field;
  const missing = () => new GraphqlFault(`${model.className} matching query does not exist.`, locations(nodes), [key]);
  const id = String(args.id ?? '');
  if (!/^\d{1,18}$/.test(id)) throw missing();
  const access = await qc.access(model);
  if (!access) throw missing();
  const sc = statementContext(qc);
  const p = sc.params;
  const obj = await objectSql(sc, type, subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf)), 't');
  const cond = access.condition ? ` AND ${access.condition('t', p)}` : '';
  const text = `SELECT (${obj})::text AS j FROM ${ident(model.table)} t WHERE t.id = ${p.add(id)}::bigint${cond}`;
  const out = await run(sc, text);
  if (out === null) throw missing();
  return out;
}

async function list(qc: QueryContext, field: RootSelection): Promise<string> {
  const sc = statementContext(qc);
  const sql = await pageSql(sc, tableSource(qc, field.model, 't'), field, objectSql);
  return (await run(sc, `SELECT (${sql})::text AS j`)) ?? '[]';
}

async function metadata(
  qc: QueryContext,
  model: ModelDef,
  nodes: FieldNodes,
  args: Record<string, unknown>,
): Promise<string> {
  const access = await qc.access(model);
  const page = pagination(qc, args.pagination);
  const sc = statementContext(qc);
  const p = sc.params;
  const filter = qc.map.filters[`${model.className}Filter`] ? `${model.className}Filter` : undefined;
  const where = [
    access ? (access.condition ? access.condition('t', p) : 'TRUE') : 'FALSE',
    ...(args.filters && filter ? [await filterSql(sc, filter, args.filters, 't')] : []),
  ].join(' AND ');
  const from = `FROM ${ident(model.table)} t WHERE ${where}`;
  const next =
    page.start !== undefined && page.limit !== null
      ? `(SELECT t.id::int ${from} AND t.id >= ${p.add(page.start)}::bigint
        ORDER BY t.id OFFSET ${p.add(page.limit)} LIMIT 1)`
      : 'NULL::int';
  const values: Record<string, string> = {
    count: `(SELECT count(*) ${from})`,
    next_start: next,
    __typename: `'PageMetadata'`,
  };
  const fields = subfields(qc.collect, nodes, (c) => c === 'PageMetadata');
  const pairs = [...fields].map(([k, n]) => [k, values[n[0].name.value] ?? 'NULL'] as const);
  return (await run(sc, `SELECT (${jsonObject(pairs)})::text AS j`)) ?? 'null';
}

const locations = (nodes: FieldNodes) =>
  nodes[0].loc ? [{ line: nodes[0].loc.startToken.line, column: nodes[0].loc.startToken.column }] : undefined;

function queryType(qc: QueryContext): GraphQLObjectType {
  const type = qc.schema.getQueryType();
  if (!type) throw new GraphqlFault('The schema has no query type.');
  return type;
}

/** The JSON text of one root field's value. */
export async function rootValue(qc: QueryContext, root: RootField, key: string, nodes: FieldNodes): Promise<string> {
  const model = qc.registry.model(root.model);
  const def = fieldDefOf(queryType(qc), nodes);
  const args = argumentsOf(qc.collect, def, nodes[0]);
  try {
    if (root.metadata) return await metadata(qc, model, nodes, args);
    const field: RootSelection = { model, key, nodes, args, type: getNamedType(def.type) as GraphQLObjectType };
    return root.list ? await list(qc, field) : await single(qc, field);
  } catch (e) {
    if (e instanceof GraphqlFault && !e.path) throw new GraphqlFault(e.message, e.locations ?? locations(nodes), [key]);
    throw e;
  }
}
