/**
 * One filter parameter → one SQL condition. Repeated values OR; negated lookups (`n`, `nic`, …)
 * exclude rows matching any value and keep rows whose value is null, as NetBox's `exclude()` does.
 */
import type {
  AnyFilter,
  CableFilter,
  CountFilter,
  FilterDef,
  ModelRow,
  Registry,
  RelatedFilter,
  SpecialFilter,
} from '../catalogue/index.ts';
import { negated, restNegates } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident, type Db, type Params, tables } from '../db/index.ts';
import { FilterValueError, parseBoolean, parseInteger, parseIp, parsePrefix, parseUuid, sqlTypes } from './values.ts';
import { cableCondition } from './cable.ts';
import { any, emptyCondition, stringCondition, typedCondition } from './compare.ts';
import { columnOf } from './columns.ts';
import { relationCondition, tagCondition } from './references.ts';
import { rowExpression, countSql } from '../sql/index.ts';
import { anyCondition, relatedCondition } from './related.ts';
import { specialCondition } from './special.ts';

export interface FilterContext {
  readonly db: Db;
  readonly registry: Registry;
  readonly params: Params;
  /** the requesting user's id (null: anonymous), for filters relative to who asks */
  readonly userId?: number | null;
  /**
   * Takes a check of the filter's values (that the objects it names exist) to be settled later, beside
   * the list's own queries (buildWhereChecked); without it a check is awaited where it is made.
   */
  readonly defer?: (check: Promise<void>) => void;
}

/**
 * One filter applied at a row: the filter (a condition narrows it to the kinds it takes), the lookup
 * (as given to filterCondition, `n`, `nic`…; the base lookup below it) and the parameter's values.
 */
export interface FilterCall<F extends FilterDef = FilterDef> extends ModelRow {
  readonly filter: F;
  readonly lookup: string;
  readonly values: string[];
}

/** The counted rows of each row (its computed count, correlated), compared like a number; a count is never empty. */
function countCondition(ctx: FilterContext, call: FilterCall<CountFilter>): string {
  const { model, filter: f, values, alias } = call;
  if (call.lookup === 'empty') return parseBoolean(last(values)) ? 'FALSE' : 'TRUE';
  const field = ctx.registry.fieldOf(model, f.name);
  if (field.kind !== 'computed' || field.computed.type !== 'count')
    throw new Error(`${model.key}.${f.name}: a count filter names a computed count`);
  let n = 0;
  const counted = countSql(ctx.registry, model, field.computed, alias, () => `${alias}_n${++n}`);
  return typedCondition(ctx, counted, call, sqlTypes.bigint);
}

/** The positive condition for a base lookup (negations are applied by the caller). */
async function positive(ctx: FilterContext, call: FilterCall): Promise<string> {
  const f = call.filter;
  switch (f.kind) {
    case 'special':
      return specialCondition(ctx, { ...call, filter: f });
    case 'related':
      return relatedCondition(ctx, { ...call, filter: f }, reachCondition);
    case 'any':
      return anyCondition(ctx, { ...call, filter: f }, reachCondition);
    case 'count':
      return countCondition(ctx, { ...call, filter: f });
    case 'cable':
      return cableCondition(ctx, { ...call, filter: f });
    default:
      return columnCondition(ctx, { ...call, filter: f });
  }
}

/** The filters that compare a value of the row (a column or a computed value) or the row it references. */
type ColumnFilter = Exclude<FilterDef, SpecialFilter | RelatedFilter | AnyFilter | CountFilter | CableFilter>;

/** A comparison of the row's own value (a column or a computed value) or of the row it references. */
async function columnCondition(ctx: FilterContext, call: FilterCall<ColumnFilter>): Promise<string> {
  const { model, filter: f, lookup, values, alias } = call;
  // a declared expression over the row's columns, evaluated over a copy of the row named t
  const col =
    'expr' in f && f.expr !== undefined ? rowExpression(f.expr, alias) : columnOf(ctx, model, f.column, alias);
  const stringy = f.kind === 'string' || f.kind === 'choice' || f.kind === 'content_type';
  if (lookup === 'empty') return emptyCondition(col, values, stringy);
  switch (f.kind) {
    case 'string':
      return stringCondition(ctx, col, call);
    case 'choice': {
      for (const v of values) {
        if (v !== 'null' && !ctx.registry.choices(f.choices).some((c) => String(c.value) === v)) {
          throw new FilterValueError(`Select a valid choice. ${v} is not one of the available choices.`);
        }
      }
      return stringCondition(ctx, col, call);
    }
    case 'content_type': {
      if (lookup === 'exact')
        for (const v of values) if (!ctx.registry.has(v)) throw new FilterValueError(`Invalid content type: ${v}`);
      // a list of types: any of its types matches
      if (f.list) return `EXISTS (SELECT 1 FROM unnest(${col}) v WHERE ${stringCondition(ctx, 'v', call)})`;
      return stringCondition(ctx, col, call);
    }
    case 'content_type_id': {
      if (lookup !== 'exact') {
        // the object type's id compared like a number (a bookmark's object_type_id__gt)
        const id = `(SELECT o.id FROM public.${tables.objectType} o WHERE o.app_label || '.' || o.model = ${col})`;
        return typedCondition(ctx, id, call, sqlTypes.bigint);
      }
      const ids = values.map(parseInteger);
      const types = `SELECT app_label || '.' || model FROM public.${tables.objectType}
        WHERE id = ANY(${ctx.params.add(ids)}::bigint[])`;
      return f.list ? `${col} && ARRAY(${types})` : `${col} IN (${types})`;
    }
    case 'number':
      return typedCondition(ctx, col, call, sqlTypes.bigint);
    case 'decimal':
      return typedCondition(ctx, col, call, sqlTypes.numeric);
    case 'date':
      return typedCondition(ctx, col, call, sqlTypes.date);
    case 'timestamp':
      return typedCondition(ctx, col, call, sqlTypes.timestamptz);
    case 'boolean':
      return `${col} = ${ctx.params.add(parseBoolean(last(values)))}::boolean`;
    case 'ip': {
      const field = ctx.registry.field(model, f.column);
      return values
        .map((v) => {
          if (field?.kind === 'ipnetwork') return `${col} = network(${ctx.params.add(parsePrefix(v))}::inet)`;
          const ip = parseIp(v);
          return ip.mask === undefined
            ? `host(${col}) = ${ctx.params.add(ip.host)}`
            : `${col} = ${ctx.params.add(`${ip.host}/${ip.mask}`)}::inet`;
        })
        .join(' OR ');
    }
    case 'request': {
      const ids = values.map(parseUuid);
      const actions =
        f.op === 'created_by_request'
          ? "('create')"
          : f.op === 'updated_by_request'
            ? "('update')"
            : "('create', 'update')";
      return `${alias}.id IN (SELECT changed_object_id FROM ${tables.objectChange}
        WHERE changed_object_type = ${ctx.params.add(model.key)} AND request_id = ${any(ctx, ids, 'text')}
        AND action IN ${actions})`;
    }
    case 'tag':
    case 'tag_id':
      return tagCondition(ctx, { ...call, filter: f });
    default:
      return relationCondition(ctx, { ...call, filter: f }, col);
  }
}

/**
 * A condition at the end of a relation path (foreign key field names from the row's model): `at` gives
 * it for the row reached, and each hop wraps it as `fk IN (SELECT id FROM target WHERE …)`.
 */
export async function alongPath(
  ctx: FilterContext,
  row: ModelRow,
  path: readonly string[],
  at: (reached: ModelRow) => Promise<string>,
): Promise<string> {
  let current = row.model;
  const hops: { column: string; table: string; alias: string }[] = [];
  let a = row.alias;
  for (const step of path) {
    const fk = ctx.registry.fieldOfKind(current, step, 'fk');
    current = ctx.registry.model(fk.to);
    const next = ctx.params.alias('f');
    hops.push({ column: `${a}.${ident(fk.column)}`, table: current.table, alias: next });
    a = next;
  }
  let cond = await at({ model: current, alias: a });
  for (const hop of hops.reverse())
    cond = `${hop.column} IN (SELECT ${hop.alias}.id
    FROM ${ident(hop.table)} ${hop.alias} WHERE ${cond})`;
  return cond;
}

/** The positive condition of a filter at the call's row, with the filter's relation path applied. */
export function reachCondition(ctx: FilterContext, call: FilterCall): Promise<string> {
  return alongPath(ctx, call, call.filter.path, (reached) => positive(ctx, { ...call, ...reached }));
}

/** The condition of one parameter; a negated lookup excludes the rows the positive one matches. */
export async function filterCondition(ctx: FilterContext, call: FilterCall): Promise<string> {
  // NetBox's content-type filters ignore their lookup: `changed_object_type__n=x` finds the objects of type
  // x, as `changed_object_type=x` does (utilities/filters.py, MultiValueContentTypeFilter.filter)
  const lookup = call.filter.kind === 'content_type' && call.lookup === 'n' ? 'exact' : call.lookup;
  const base = restNegates(lookup);
  const cond = await reachCondition(ctx, { ...call, lookup: base ?? lookup });
  return base ? negated(cond) : `(${cond})`;
}
