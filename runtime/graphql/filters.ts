/**
 * A filter input (`DeviceFilter`) → one SQL condition on the row aliased `e`. Own values compare by their
 * lookup (lookups.ts); relations reach the related rows as the read path and the REST filters do (a
 * foreign key, a REST filter's path, a list's rows) and match them with the related model's filter;
 * `AND` / `OR` / `NOT` combine, as strawberry-django's filters do. A null lookup value is skipped.
 */
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident, type Params } from '../db/index.ts';
import { TERMINATION } from '../cables/model.ts';
import { alongPath, filterCondition, type FilterContext } from '../filters/conditions.ts';
import { columnOf } from '../filters/columns.ts';
import { anyCondition, relatedCondition, type Reach } from '../filters/related.ts';
import { FilterValueError } from '../filters/values.ts';
import { tables } from '../db/tables.ts';
import { countSql } from '../read/count-sql.ts';
import { listReach, reverseListReach } from '../read/reach.ts';
import type { QueryContext } from './context.ts';
import type { FilterMap, FilterSource, Relation } from './map.ts';
import { lookupSql, treeIds } from './lookups.ts';
import { GraphqlFault } from './faults.ts';

type Input = Record<string, unknown>;

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

async function nested(
  qc: QueryContext,
  filter: string,
  target: ModelDef,
  value: unknown,
  p: Params,
): Promise<{ x: string; cond: string }> {
  const x = p.alias('r');
  return { x, cond: await filterSql(qc, filter, value, x, p) };
}

async function relatedSql(
  qc: QueryContext,
  model: ModelDef,
  src: Extract<FilterSource, { kind: 'related' }>,
  value: unknown,
  e: string,
  p: Params,
): Promise<string> {
  const target = qc.registry.model(filterMap(qc, src.filter).model);
  const { x, cond } = await nested(qc, src.filter, target, src.byId ? { id: { exact: value } } : value, p);
  const ids = `SELECT ${x}.id FROM ${ident(target.table)} ${x} WHERE ${cond}`;
  if (src.field) return `${e}.${ident(qc.registry.columnOf(model, src.field))} IN (${ids})`;
  if (src.rest) {
    const fctx: FilterContext = { db: qc.read.db, registry: qc.registry, params: p, userId: qc.userId };
    const of = src.restModel ? qc.registry.model(src.restModel) : model;
    return idsReach(ids)(fctx, model, restDef(qc, of, src.rest), 'exact', [], e);
  }
  if (!src.relation) throw new GraphqlFault(`The filter over ${src.filter} is not available here.`);
  return relationSql(qc, model, src.relation, target, x, cond, e, p);
}

function relationSql(
  qc: QueryContext,
  model: ModelDef,
  relation: Relation,
  target: ModelDef,
  x: string,
  cond: string,
  e: string,
  p: Params,
): string {
  const l = p.alias('l');
  const r =
    relation.via === 'field'
      ? listReach(qc.registry, model, qc.registry.fieldOf(model, relation.field), x, l)
      : reverseListReach(
          qc.registry,
          model,
          {},
          { type: 'reverse_list', model: relation.model, field: relation.field },
          x,
          l,
        );
  if (!r || r.target.key !== target.key)
    throw new GraphqlFault(`The filter over ${relation.field} is not available here.`);
  return `EXISTS (SELECT 1 FROM ${r.from} WHERE ${r.and}${r.key} = ${e}.id AND ${cond})`;
}

/**
 * A REST filter's reach (its path, its relations, its alternatives) ending in the rows `ids` selects
 * rather than in the ids of its query string: the rows a nested filter matches reached as REST reaches
 * the ones it names (a prefix's site through its scope: the site itself, or a scoped location's site).
 * The reached row must be one of them (a tree's descendants are not added, as NetBox's cached relation
 * is compared).
 */
function idsReach(ids: string): Reach {
  const reach: Reach = (ctx, model, f, lookup, values, alias) =>
    alongPath(ctx, model, f.path, alias, async (current, a) => {
      if (f.kind === 'related') return relatedCondition(ctx, current, f, lookup, values, a, reach);
      if (f.kind === 'any') return anyCondition(ctx, current, f, lookup, values, a, reach);
      if (f.kind === 'cable' && f.op === 'cable_id') {
        const x = ctx.params.alias('c');
        return `EXISTS (SELECT 1 FROM ${ident(ctx.registry.model(TERMINATION.model).table)} ${x}
        WHERE ${x}.${TERMINATION.type} = ${ctx.params.add(current.key)} AND ${x}.${TERMINATION.id} = ${a}.id
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

/** A value given to the REST filter `src.rest` (see FilterSource `rest`). */
async function restSql(
  qc: QueryContext,
  fctx: FilterContext,
  model: ModelDef,
  src: Extract<FilterSource, { kind: 'rest' }>,
  value: unknown,
  e: string,
): Promise<string> {
  const d = restDef(qc, model, src.rest);
  const member = (v: unknown): string => {
    if (!src.enum) return String(v);
    const values = qc.map.enums[src.enum];
    if (!values) throw new Error(`GraphQL map: no enum ${src.enum}`);
    if (!(String(v) in values)) throw new GraphqlFault(`Unknown value ${String(v)}.`);
    return String(values[String(v)]);
  };
  const one = async (lookup: string, values: string[]) => {
    try {
      return await filterCondition(fctx, model, d, lookup, values, e);
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
      parts.push(await filterCondition(fctx, model, d, 'exact', [member(v)], e));
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

async function fieldSql(
  qc: QueryContext,
  model: ModelDef,
  name: string,
  src: FilterSource,
  value: unknown,
  e: string,
  p: Params,
): Promise<string | undefined> {
  const fctx: FilterContext = { db: qc.read.db, registry: qc.registry, params: p, userId: qc.userId };
  switch (src.kind) {
    case 'lookup': {
      if (src.field === 'id') return lookupSql(p, `${e}.id`, 'id', value);
      if (src.field === 'custom_fields') return lookupSql(p, `${e}.custom_field_data`, 'json', value);
      const f = qc.registry.fieldOf(model, src.field);
      return lookupSql(p, columnOf(fctx, model, f.column ?? f.name, e), src.lookup, value);
    }
    case 'enum':
      return lookupSql(
        p,
        `${e}.${ident(qc.registry.columnOf(model, src.field))}`,
        'enum',
        value,
        qc.map.enums[src.enum],
      );
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
      return filterCondition(fctx, model, restDef(qc, model, src.rest), 'exact', [String(value)], e);
    case 'tree': {
      const d = restDef(qc, model, src.rest);
      if (!('target' in d)) throw new GraphqlFault(`The filter '${name}' is not available here.`);
      const ids = treeIds(qc.registry.model(d.target), value as Input, p);
      // a many-to-many filter (a config context's regions): one of the linked rows is among them
      if ('through' in d && d.through) return idsReach(ids)(fctx, model, d, 'exact', [], e);
      return alongPath(fctx, model, d.path, e, async (_m, a) => `${a}.${ident(d.column)} IN (${ids})`);
    }
    case 'rest':
      return restSql(qc, fctx, model, src, value, e);
    case 'object_type':
      return objectTypeSql(p, `${e}.${ident(qc.registry.columnOf(model, src.field))}`, value as Input);
    case 'related':
      return relatedSql(qc, model, src, value, e, p);
    default:
      throw new GraphqlFault(`The filter '${name}' is not supported by this service.`);
  }
}

/** The condition of a filter input on the row aliased `e` ('TRUE' when it filters nothing). */
export async function filterSql(
  qc: QueryContext,
  filter: string,
  input: unknown,
  e: string,
  p: Params,
): Promise<string> {
  const map = filterMap(qc, filter);
  const model = qc.registry.model(map.model);
  const parts: string[] = [];
  const given = (input ?? {}) as Input;
  for (const [name, value] of Object.entries(given)) {
    if (value === null || value === undefined || ['AND', 'OR', 'NOT', 'DISTINCT'].includes(name)) continue;
    const src = map.fields[name];
    if (!src) throw new GraphqlFault(`The filter '${name}' is not supported by this service.`);
    const cond = await fieldSql(qc, model, name, src, value, e, p);
    if (cond) parts.push(`(${cond})`);
  }
  let cond = parts.length ? parts.join(' AND ') : 'TRUE';
  if (given.AND) cond = `(${cond}) AND (${await filterSql(qc, filter, given.AND, e, p)})`;
  if (given.OR) cond = `(${cond}) OR (${await filterSql(qc, filter, given.OR, e, p)})`;
  if (given.NOT) cond = `(${cond}) AND NOT coalesce((${await filterSql(qc, filter, given.NOT, e, p)}), false)`;
  return cond;
}
