/**
 * A selection set compiled into one SQL expression that writes the object as JSON for a row: scalars
 * in place, related objects and lists as correlated subqueries over their own tables (each with the
 * caller's view constraint of its model), unions by the row's type column. However deep the query, its
 * root field is one statement; PostgreSQL walks the relations by their indexes.
 */
import { getNamedType, type GraphQLObjectType } from 'graphql';
import type { FieldDef, FieldOfKind, ModelDef, ModelRow } from '../catalogue/index.ts';
import { ident, literal, tables } from '../db/index.ts';
import { displaySql, rowExpression } from '../sql/index.ts';
import { fieldSql, type JsonScope, customFieldsOf, activeContexts, nestedNames } from '../read/index.ts';
import { CABLE, TERMINATION } from '../cables/index.ts';
import { argumentsOf, fieldDefOf, fitsObject, subfields, type CollectedFields, type FieldNodes } from './collect.ts';
import type { QueryContext, StatementContext } from './context.ts';
import type { FieldSource } from './map.ts';
import { valueSql } from './values.ts';
import { listSql, oneSql, pagination } from './lists.ts';
import { GraphqlFault } from './faults.ts';
import { hiddenValue, isShown } from './hidden.ts';

/** What is written of each row: its object type's fields that the sub-selections of `nodes` (one field's) pick. */
export interface Selection {
  readonly type: GraphQLObjectType;
  readonly nodes: FieldNodes;
}

/** The object being written: the row (its model and alias) and its object type. */
interface ObjectRow extends ModelRow {
  readonly type: GraphQLObjectType;
}

/** `json_build_object` takes at most 100 arguments; a wider object is written from a row. */
export function jsonObject(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length <= 50) return `json_build_object(${pairs.map(([k, v]) => `${literal(k)}, ${v}`).join(', ')})`;
  for (const [k] of pairs)
    if (Buffer.byteLength(k) > 63) throw new GraphqlFault(`The alias "${k.slice(0, 80)}" is longer than 63 bytes.`);
  return `(SELECT row_to_json(o) FROM (SELECT ${pairs.map(([k, v]) => `${v} AS ${ident(k)}`).join(', ')}) o)`;
}

async function scopeFor(qc: QueryContext, model: ModelDef): Promise<JsonScope> {
  const cf = await customFieldsOf(qc.read, model);
  return {
    registry: qc.registry,
    baseUrl: qc.read.baseUrl,
    customFields: (m) => (m === model ? cf.map((d) => d.name) : undefined),
  };
}

/** The object a foreign key (or a computed one, or a cable end) of the row names, as SQL of its id. */
function targetId(qc: QueryContext, row: ModelRow, f: FieldDef): { target: ModelDef; id: string } {
  const { model, alias: a } = row;
  if (f.kind === 'fk') return { target: qc.registry.model(f.to), id: `${a}.${ident(f.column)}` };
  const c = f.kind === 'computed' ? f.computed : undefined;
  if (c?.type === 'expr') return { target: qc.registry.targetOf(model, f.name), id: rowExpression(c.sql, a, true) };
  if (c?.type !== 'cable') throw new GraphqlFault(`The field ${f.name} names no object here.`);
  const term = ident(qc.registry.model(TERMINATION.model).table);
  const mine = `x.${TERMINATION.type} = ${literal(model.key)} AND x.${TERMINATION.id} = ${a}.id`;
  return {
    target: qc.registry.model(CABLE.model),
    id: `(SELECT x.${TERMINATION.cable} FROM ${term} x WHERE ${mine} LIMIT 1)`,
  };
}

/** A field's JSON as the read path writes it, for fields it always writes (custom fields, a config context). */
function readSql(scope: JsonScope, model: ModelDef, f: FieldDef, a: string): string {
  const sql = fieldSql(scope, model, f, a, 0);
  if (sql === undefined) throw new Error(`${model.key}.${f.name}: the read path gives no value`);
  return sql;
}

/**
 * One row of `target` by id, the SQL `id` (null when there is none); one the caller may not view is
 * answered in the nested form `shown` (hidden.ts).
 */
export async function rowSql(
  qc: StatementContext,
  target: ModelDef,
  id: string,
  selection: Selection & { readonly shown: readonly string[] },
): Promise<string> {
  const { type, nodes, shown } = selection;
  const access = await qc.access(target);
  const e = qc.params.alias('o');
  const fields = subfields(qc.collect, nodes, fitsObject(type, qc.unionsOf));
  const select = (value: string) => `(SELECT ${value} FROM ${ident(target.table)} ${e} WHERE ${e}.id = ${id})`;
  if (access && !access.condition) return select(await objectSql(qc, type, fields, e));
  const hidden = await objectSql(qc, type, fields, e, shown);
  if (!access?.condition) return select(hidden);
  const visible = access.condition(e, qc.params);
  return select(`CASE WHEN ${visible} THEN ${await objectSql(qc, type, fields, e)} ELSE ${hidden} END`);
}

/** The object a generic relation `f` of the object names, as the member type of the field's union. */
async function unionSql(
  qc: StatementContext,
  object: ObjectRow,
  f: FieldOfKind<'generic'>,
  nodes: FieldNodes,
): Promise<string> {
  const a = object.alias;
  const members = qc.map.unions[getNamedType(fieldDefOf(object.type, nodes).type).name] ?? {};
  const branches: string[] = [];
  for (const [key, typeName] of Object.entries(members)) {
    const type = qc.schema.getType(typeName) as GraphQLObjectType;
    const target = qc.registry.model(key);
    const shown = target.genericNested ?? target.nested;
    const sql = await rowSql(qc, target, `${a}.${ident(f.idColumn)}`, { type, nodes, shown });
    branches.push(`WHEN ${literal(key)} THEN ${sql}`);
  }
  return branches.length ? `CASE ${a}.${ident(f.typeColumn)} ${branches.join(' ')} END` : 'NULL::json';
}

/** The JSON object of the object type row aliased `o`, with the collected fields of ContentTypeType. */
function contentTypeObject(qc: QueryContext, nodes: FieldNodes): string {
  const type = qc.schema.getType('ContentTypeType') as GraphQLObjectType;
  const fields = subfields(qc.collect, nodes, (c) => c === type.name);
  const values: Record<string, string> = {
    id: 'o.id::text',
    app_label: 'o.app_label',
    model: 'o.model',
    __typename: literal(type.name),
  };
  return jsonObject([...fields].map(([key, n]) => [key, values[n[0].name.value] ?? 'NULL'] as const));
}

function contentTypeSql(qc: QueryContext, nodes: FieldNodes, col: string): string {
  return `(SELECT ${contentTypeObject(qc, nodes)} FROM public.${tables.objectType} o
    WHERE o.app_label || '.' || o.model = ${col})`;
}

/**
 * A list column of object types (`col`, the field of `type` the nodes select) as ContentTypeType objects
 * in the list's order, paged by `pagination`.
 */
function contentTypesSql(qc: StatementContext, type: GraphQLObjectType, nodes: FieldNodes, col: string): string {
  const p = qc.params;
  const args = argumentsOf(qc.collect, fieldDefOf(type, nodes), nodes[0]);
  const page = pagination(qc, args.pagination);
  if (page.start !== undefined) throw new GraphqlFault('`start` pages lists of objects; use `offset` here.');
  const limit = page.limit === null ? '' : ` LIMIT ${p.add(page.limit)}`;
  const offset = page.offset ? ` OFFSET ${p.add(page.offset)}` : '';
  return `(SELECT coalesce(json_agg(x.j ORDER BY x.n), '[]'::json) FROM (SELECT ${contentTypeObject(qc, nodes)} AS j,
    t.n FROM unnest(${col}) WITH ORDINALITY t(v, n) JOIN public.${tables.objectType} o
    ON o.app_label || '.' || o.model = t.v ORDER BY t.n${limit}${offset}) x)`;
}

async function configContextSql(qc: QueryContext, row: ModelRow, f: FieldDef): Promise<string> {
  const { model, alias: a } = row;
  const c = f.kind === 'computed' ? f.computed : undefined;
  if (c?.type !== 'config_context') return 'NULL::json';
  if (!(await activeContexts(qc.read, c)).length)
    return readSql({ registry: qc.registry, baseUrl: '', noActiveContexts: true }, model, f, a);
  // merged in the server (read/config-context.ts): the row's id stands in until then
  qc.deferred.push({ model, field: f.name });
  return `json_build_object('__nb_deferred', ${qc.deferred.length - 1}, 'id', ${a}.id)`;
}

/** The value of the field the nodes select on the object, from where the map says it comes (`src`). */
async function fieldValue(
  qc: StatementContext,
  object: ObjectRow,
  nodes: FieldNodes,
  src: FieldSource,
): Promise<string> {
  const { model, type, alias: a } = object;
  const field = (name: string) => qc.registry.fieldOf(model, name);
  switch (src.kind) {
    case 'id':
      return `${a}.id::text`;
    case 'display':
      return displaySql(qc.registry, model, a);
    case 'class_type':
      return literal(src.value);
    case 'custom_field_data':
      return `${a}.custom_field_data`;
    case 'custom_fields': {
      const f = model.fields.find((x) => x.kind === 'custom_fields');
      if (!f) throw new Error(`${model.key} has no custom fields`);
      return readSql(await scopeFor(qc, model), model, f, a);
    }
    case 'value':
      return valueSql({ registry: qc.registry, baseUrl: qc.read.baseUrl }, model, field(src.field), a) ?? 'NULL';
    case 'choice':
      return fieldSql({ registry: qc.registry, baseUrl: '' }, model, field(src.field), a, 0) ?? 'NULL';
    case 'content_type':
      return contentTypeSql(qc, nodes, `${a}.${ident(qc.registry.columnOf(model, src.field))}`);
    case 'content_types':
      return contentTypesSql(qc, type, nodes, `${a}.${ident(qc.registry.columnOf(model, src.field))}`);
    case 'config_context':
      return configContextSql(qc, object, field(src.field));
    case 'null':
      return 'NULL';
    case 'object': {
      const f = field(src.field);
      const { target, id } = targetId(qc, object, f);
      const shown = f.kind === 'fk' ? nestedNames(qc.registry, f) : target.nested;
      return rowSql(qc, target, id, {
        type: getNamedType(fieldDefOf(type, nodes).type) as GraphQLObjectType,
        nodes,
        shown,
      });
    }
    case 'union':
      return unionSql(qc, object, qc.registry.fieldOfKind(model, src.field, 'generic'), nodes);
    case 'list':
    case 'one': {
      const def = fieldDefOf(type, nodes);
      const args = argumentsOf(qc.collect, def, nodes[0]);
      const item = getNamedType(def.type) as GraphQLObjectType;
      if (src.kind === 'one') return oneSql(qc, object, src.relation, { type: item, nodes }, objectSql);
      return listSql(qc, object, src.relation, { type: item, nodes, args }, objectSql);
    }
  }
}

/**
 * The JSON object of the row aliased `a` of `type`'s model, with the collected fields; `hidden`: the row
 * may not be viewed, and only the fields of this nested form are read (hidden.ts).
 */
export async function objectSql(
  qc: StatementContext,
  type: GraphQLObjectType,
  fields: CollectedFields,
  a: string,
  hidden?: readonly string[],
): Promise<string> {
  const map = qc.map.types[type.name];
  if (!map) throw new GraphqlFault(`Unknown type ${type.name}.`);
  const object: ObjectRow = { model: qc.registry.model(map.model), alias: a, type };
  const pairs: [string, string][] = [];
  for (const [key, nodes] of fields) {
    const name = nodes[0].name.value;
    if (name === '__typename') {
      pairs.push([key, literal(type.name)]);
      continue;
    }
    const src = map.fields[name];
    if (!src) throw new GraphqlFault(`Cannot query field '${name}' on type '${type.name}'.`);
    await qc.pause();
    if (hidden && !isShown(src, hidden)) pairs.push([key, hiddenValue(qc, object, name, hidden)]);
    else pairs.push([key, await fieldValue(qc, object, nodes, src)]);
  }
  return jsonObject(pairs);
}
