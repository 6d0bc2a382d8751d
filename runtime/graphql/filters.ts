/**
 * A filter input (`DeviceFilter`) → one SQL condition on the row aliased `e`. Own values compare by their
 * lookup (lookups.ts); relations reach the related rows as the read path and the REST filters do (a
 * foreign key, a REST filter's path, a list's rows) and match them with the related model's filter;
 * `AND` / `OR` / `NOT` combine, as strawberry-django's filters do. A null lookup value is skipped.
 */
import type { FilterDef, ModelDef, ModelRow } from '../catalogue/index.ts';
import { ident, type Params, tables } from '../db/index.ts';
import { TERMINATION } from '../cables/index.ts';
import {
  alongPath,
  filterCondition,
  type FilterContext,
  columnOf,
  anyCondition,
  relatedCondition,
  type Reach,
  FilterValueError,
} from '../filters/index.ts';
import { countSql, listReach, reverseListReach } from '../sql/index.ts';
import type { QueryContext, StatementContext } from './context.ts';
import type { FilterMap, FilterSource, Relation } from './map.ts';
import { enumSql, lookupSql, treeIds } from './lookups.ts';
import { GraphqlFault } from './faults.ts';

type Input = Record<string, unknown>;

/** One field of a filter input: its name, its value and where the map says it filters (`src`). */
interface InputField {
  readonly name: string;
  readonly value: unknown;
  readonly src: FilterSource;
}

/** The rows of `model` aliased `alias` that meet `cond`: what a nested filter input matches. */
interface Matched extends ModelRow {
  readonly cond: string;
}

/** The REST filters' context for the statement. */
function filterContext(qc: StatementContext): FilterContext {
  return { db: qc.read.db, registry: qc.registry, params: qc.params, userId: qc.userId };
}

function filterMap(qc: QueryContext, filter: string): FilterMap {
  const map = qc.map.filters[filter];
  if (!map) throw new GraphqlFault(`Unknown filter ${filter}.`);
  return map;
}

function restDef(qc: QueryContext, model: ModelDef, name: string): FilterDef {
  const d = qc.registry.filters(model).get(name);
  if (!d) throw new GraphqlFault(`The filter '${name}' is not available here.`);
  return d;
}

/** The rows of the filter's model that the nested input `value` matches, under a new alias. */
async function nested(qc: StatementContext, filter: string, value: unknown): Promise<Matched> {
  const model = qc.registry.model(filterMap(qc, filter).model);
  const alias = qc.params.alias('r');
  return { model, alias, cond: await filterSql(qc, filter, value, alias) };
}

/** A nested filter input on the rows the row reaches (a foreign key, a REST filter's reach, a list). */
async function relatedSql(
  qc: StatementContext,
  row: ModelRow,
  src: Extract<FilterSource, { kind: 'related' }>,
  value: unknown,
): Promise<string> {
  const { model, alias: e } = row;
  const matched = await nested(qc, src.filter, src.byId ? { id: { exact: value } } : value);
  const { model: target, alias: x, cond } = matched;
  const ids = `SELECT ${x}.id FROM ${ident(target.table)} ${x} WHERE ${cond}`;
  if (src.field) return `${e}.${ident(qc.registry.columnOf(model, src.field))} IN (${ids})`;
  if (src.rest) {
    const of = src.restModel ? qc.registry.model(src.restModel) : model;
    return idsReach(ids)(filterContext(qc), { ...row, filter: restDef(qc, of, src.rest), lookup: 'exact', values: [] });
  }
  if (!src.relation) throw new GraphqlFault(`The filter over ${src.filter} is not available here.`);
  return relationSql(qc, row, src.relation, matched);
}

/** Some of the rows a list relation of the row reaches are among the matched ones. */
function relationSql(qc: StatementContext, row: ModelRow, relation: Relation, matched: Matched): string {
  const { model, alias: e } = row;
  const l = qc.params.alias('l');
  const r =
    relation.via === 'field'
      ? listReach(qc.registry, model, qc.registry.fieldOf(model, relation.field), matched.alias, l)
      : reverseListReach(
          qc.registry,
          model,
          { list: { type: 'reverse_list', model: relation.model, field: relation.field }, shape: {} },
          { e: matched.alias, l },
        );
  if (!r || r.target.key !== matched.model.key)
    throw new GraphqlFault(`The filter over ${relation.field} is not available here.`);
  return `EXISTS (SELECT 1 FROM ${r.from} WHERE ${r.and}${r.key} = ${e}.id AND ${matched.cond})`;
}

/**
 * A REST filter's reach (its path, its relations, its alternatives) ending in the rows `ids` selects
 * rather than in the ids of its query string: the rows a nested filter matches reached as REST reaches
 * the ones it names (a prefix's site through its scope: the site itself, or a scoped location's site).
 * The reached row must be one of them (a tree's descendants are not added, as NetBox's cached relation
 * is compared).
 */
function idsReach(ids: string): Reach {
  const reach: Reach = (ctx, call) =>
    alongPath(ctx, call, call.filter.path, async (reached) => {
      const f = call.filter;
      const a = reached.alias;
      if (f.kind === 'related') return relatedCondition(ctx, { ...call, ...reached, filter: f }, reach);
      if (f.kind === 'any') return anyCondition(ctx, { ...call, ...reached, filter: f }, reach);
      if (f.kind === 'cable' && f.op === 'cable_id') {
        const x = ctx.params.alias('c');
        return `EXISTS (SELECT 1 FROM ${ident(ctx.registry.model(TERMINATION.model).table)} ${x}
        WHERE ${x}.${TERMINATION.type} = ${ctx.params.add(reached.model.key)} AND ${x}.${TERMINATION.id} = ${a}.id
        AND ${x}.${TERMINATION.cable} IN (${ids}))`;
      }
      const through = 'through' in f ? f.through : undefined;
      if (through)
        return `${a}.id IN (SELECT ${ident(through.source)} FROM ${ident(through.table)}
        WHERE ${ident(through.target)} IN (${ids}))`;
      if ('target' in f && f.target) return `${a}.${ident(f.column)} IN (${ids})`;
      throw new GraphqlFault(`The filter '${f.name}' is not available here.`);
    });
  return reach;
}

/**
 * NetBox's network filters (`contains`, `parent`) skip a value they cannot parse, and keep every row when
 * none is left; its other list filters match nothing for a value that names nothing.
 */
const skipsInvalid = (d: FilterDef) => d.kind === 'special' && /^(net|range)_/.test(d.op);

/** A value given to the REST filter `src.rest` (see FilterSource `rest`), at the row. */
async function restSql(
  qc: StatementContext,
  row: ModelRow,
  src: Extract<FilterSource, { kind: 'rest' }>,
  value: unknown,
): Promise<string> {
  const fctx = filterContext(qc);
  const d = restDef(qc, row.model, src.rest);
  const member = (v: unknown): string => {
    if (!src.enum) return String(v);
    const values = qc.map.enums[src.enum];
    if (!values) throw new Error(`GraphQL map: no enum ${src.enum}`);
    if (!(String(v) in values)) throw new GraphqlFault(`Unknown value ${String(v)}.`);
    return String(values[String(v)]);
  };
  const one = async (lookup: string, values: string[]) => {
    try {
      return await filterCondition(fctx, { ...row, filter: d, lookup, values });
    } catch (err) {
      if (err instanceof FilterValueError) throw new GraphqlFault(err.message);
      throw err;
    }
  };
  if (src.lookup) {
    const input = value as Input;
    const parts: string[] = [];
    if (input.exact !== null && input.exact !== undefined) parts.push(await one('exact', [member(input.exact)]));
    if (Array.isArray(input.in_list))
      parts.push(input.in_list.length ? await one('exact', input.in_list.map(member)) : 'FALSE');
    if (input.is_null !== null && input.is_null !== undefined) parts.push(await one('empty', [String(input.is_null)]));
    return parts.length ? parts.join(' AND ') : 'TRUE';
  }
  if (!Array.isArray(value)) return one('exact', [member(value)]);
  // each value on its own, any of them matching (a list of networks: any containing the prefix)
  const parts: string[] = [];
  for (const v of value) {
    try {
      parts.push(await filterCondition(fctx, { ...row, filter: d, lookup: 'exact', values: [member(v)] }));
    } catch (err) {
      // a value that names nothing matches nothing (NetBox's `__in` over the names it finds)
      if (!(err instanceof FilterValueError)) throw err;
    }
  }
  if (parts.length) return parts.join(' OR ');
  return skipsInvalid(d) || !value.length ? 'TRUE' : 'FALSE';
}

/** A `ContentTypeFilter` on an object type column holding `app_label.model`, with AND / OR / NOT. */
function objectTypeSql(p: Params, col: string, input: Input): string {
  const parts: string[] = [];
  const id = `(SELECT o.id FROM public.${tables.objectType} o WHERE o.app_label || '.' || o.model = ${col})`;
  if (input.id) parts.push(lookupSql(p, id, 'id', input.id));
  if (input.app_label) parts.push(lookupSql(p, `split_part(${col}, '.', 1)`, 'str', input.app_label));
  if (input.model) parts.push(lookupSql(p, `split_part(${col}, '.', 2)`, 'str', input.model));
  let cond = parts.length ? parts.map((c) => `(${c})`).join(' AND ') : 'TRUE';
  if (input.AND) cond = `(${cond}) AND (${objectTypeSql(p, col, input.AND as Input)})`;
  if (input.OR) cond = `(${cond}) OR (${objectTypeSql(p, col, input.OR as Input)})`;
  if (input.NOT) cond = `(${cond}) AND NOT coalesce((${objectTypeSql(p, col, input.NOT as Input)}), false)`;
  return cond;
}

/** The condition one field of a filter input puts on the row (undefined: none). */
async function fieldSql(qc: StatementContext, row: ModelRow, field: InputField): Promise<string | undefined> {
  const { model, alias: e } = row;
  const { name, value, src } = field;
  const p = qc.params;
  const fctx = filterContext(qc);
  switch (src.kind) {
    case 'lookup': {
      if (src.field === 'id') return lookupSql(p, `${e}.id`, 'id', value);
      if (src.field === 'custom_fields') return lookupSql(p, `${e}.custom_field_data`, 'json', value);
      const f = qc.registry.fieldOf(model, src.field);
      return lookupSql(p, columnOf(fctx, model, f.column ?? f.name, e), src.lookup, value);
    }
    case 'enum':
      return enumSql(p, `${e}.${ident(qc.registry.columnOf(model, src.field))}`, value, qc.map.enums[src.enum]);
    case 'count': {
      const f = qc.registry.fieldOf(model, src.field);
      const c = f.kind === 'computed' ? f.computed : undefined;
      if (c?.type !== 'count') return undefined;
      return lookupSql(
        p,
        countSql(qc.registry, model, c, e, () => p.alias('k')),
        'int',
        value,
      );
    }
    case 'id':
      return filterCondition(fctx, {
        ...row,
        filter: restDef(qc, model, src.rest),
        lookup: 'exact',
        values: [String(value)],
      });
    case 'tree': {
      const d = restDef(qc, model, src.rest);
      if (!('target' in d)) throw new GraphqlFault(`The filter '${name}' is not available here.`);
      const ids = treeIds(qc.registry.model(d.target), value as Input, p);
      // a many-to-many filter (a config context's regions): one of the linked rows is among them
      if ('through' in d && d.through) return idsReach(ids)(fctx, { ...row, filter: d, lookup: 'exact', values: [] });
      return alongPath(fctx, row, d.path, async (reached) => `${reached.alias}.${ident(d.column)} IN (${ids})`);
    }
    case 'rest':
      return restSql(qc, row, src, value);
    case 'object_type':
      return objectTypeSql(p, `${e}.${ident(qc.registry.columnOf(model, src.field))}`, value as Input);
    case 'related':
      return relatedSql(qc, row, src, value);
    default:
      throw new GraphqlFault(`The filter '${name}' is not supported by this service.`);
  }
}

/** The condition of a filter input on the row aliased `e` ('TRUE' when it filters nothing). */
export async function filterSql(qc: StatementContext, filter: string, input: unknown, e: string): Promise<string> {
  const map = filterMap(qc, filter);
  const row: ModelRow = { model: qc.registry.model(map.model), alias: e };
  const parts: string[] = [];
  const given = (input ?? {}) as Input;
  for (const [name, value] of Object.entries(given)) {
    if (value === null || value === undefined || ['AND', 'OR', 'NOT', 'DISTINCT'].includes(name)) continue;
    const src = map.fields[name];
    if (!src) throw new GraphqlFault(`The filter '${name}' is not supported by this service.`);
    const cond = await fieldSql(qc, row, { name, value, src });
    if (cond) parts.push(`(${cond})`);
  }
  let cond = parts.length ? parts.join(' AND ') : 'TRUE';
  if (given.AND) cond = `(${cond}) AND (${await filterSql(qc, filter, given.AND, e)})`;
  if (given.OR) cond = `(${cond}) OR (${await filterSql(qc, filter, given.OR, e)})`;
  if (given.NOT) cond = `(${cond}) AND NOT coalesce((${await filterSql(qc, filter, given.NOT, e)}), false)`;
  return cond;
}
