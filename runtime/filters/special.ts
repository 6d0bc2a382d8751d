/**
 * Filters that are not a plain column comparison, named by `op` in the catalogue: IP containment,
 * mask lengths, families, generic-relation assignments (`interface_id`, …), value groups, bounds;
 * presence of related rows, list columns and virtual chassis members have files of their own. Each op
 * reads its arguments as the structures `npm run generate` parsed them into (SpecialOp, catalogue/ir.ts).
 */
import type { SqlParam } from '../db/index.ts';
import type { SpecialFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident, query } from '../db/index.ts';
import { availableCondition } from './available.ts';
import { chassisCondition } from './chassis.ts';
import { columnOf } from './columns.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { listCondition } from './lists.ts';
import { presenceCondition } from './presence.ts';
import { rangeCondition } from './ranges.ts';
import {
  FilterValueError,
  parseBoolean,
  parseDecimal,
  parseInteger,
  parseIp,
  parsePrefix,
  parseTimestamp,
} from './values.ts';

const compare: Record<string, string> = { exact: '=', n: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function orJoin(parts: string[]): string {
  return `(${parts.join(' OR ')})`;
}

/** The filter's column on the row: the field's column, or the filter's own name for one. */
function columnFor(ctx: FilterContext, call: FilterCall<SpecialFilter>): string {
  const field = ctx.registry.field(call.model, call.filter.column);
  return field?.column ? `${call.alias}.${ident(field.column)}` : `${call.alias}.${ident(call.filter.column)}`;
}

/** Ops that compare one value of the row: bounds, choice groups, times, whether it has a value. */
async function valueCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>, col: string): Promise<string> {
  const { model, filter: f, values, alias } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  switch (f.op) {
    case 'at_least':
    case 'at_most': {
      // a bound on a value (a reservation's unit count): one value, compared by the field's kind
      const v = last(values);
      const field = ctx.registry.field(model, f.column);
      const kind = field?.kind === 'computed' && field.computed.type === 'expr' ? field.computed.as : field?.kind;
      const typed = kind === 'timestamp' ? `${p(parseTimestamp(v))}::timestamptz` : `${p(parseDecimal(v))}::numeric`;
      return `${columnOf(ctx, model, f.column, alias)} ${f.op === 'at_least' ? '>=' : '<='} ${typed}`;
    }
    case 'choice_group': {
      // named groups of choices (an interface's kind); a negated group takes every choice but those listed
      const group = new Map(Object.entries(f.groups)).get(last(values).trim().toLowerCase());
      if (group === undefined) return 'FALSE';
      const cond = `${col} = ANY(${p(group.values)}::text[])`;
      return group.negate ? `NOT coalesce(${cond}, false)` : cond;
    }
    case 'null_or_same': {
      // the reference is empty, or the same as that of the given object of the other model
      const other = ctx.registry.model(f.other.model);
      const id = parseInteger(last(values));
      const [found] = await query(ctx.db, `SELECT 1 FROM ${ident(other.table)} WHERE id = $1`, [id]);
      if (!found) throw new FilterValueError(`Select a valid choice. ${id} is not one of the available choices.`);
      const same = ident(ctx.registry.columnOf(other, f.other.field));
      return `(${col} IS NULL OR ${col} IN (SELECT o.${same} FROM ${ident(other.table)} o WHERE o.id = ${p(id)}))`;
    }
    case 'usable': {
      // NetBox's saved filters usable by the requesting user: enabled, and shared or theirs
      const [enabled, shared] = [f.enabled, f.shared].map((n) => `${alias}.${ident(ctx.registry.columnOf(model, n))}`);
      const mine = ctx.userId ? `${col} = ${p(ctx.userId)}::bigint` : 'FALSE';
      const usable = `(${enabled} AND (${shared} OR ${mine}))`;
      return parseBoolean(last(values)) ? usable : `NOT coalesce(${usable}, false)`;
    }
    case 'time_after':
    case 'time_before': {
      const t = parseTimestamp(last(values));
      return `${col} ${f.op === 'time_after' ? '>=' : '<='} ${p(t)}::timestamptz`;
    }
    case 'not_empty': {
      const yes = parseBoolean(last(values));
      const cond = `coalesce(cardinality(${col}), 0) > 0`;
      return yes ? cond : `NOT (${cond})`;
    }
    case 'not_null': {
      const yes = parseBoolean(last(values));
      const cols = f.fields.map((n) => `${alias}.${ident(ctx.registry.columnOf(model, n))}`);
      // an empty string is no value either (an image field without a file)
      const cond = cols.map((c) => `(${c} IS NOT NULL AND ${c}::text <> '')`).join(' OR ');
      return yes ? `(${cond})` : `NOT (${cond})`;
    }
    default:
      throw new FilterValueError(`unknown value filter ${f.op}`);
  }
}

/** Ops over IP addresses and prefixes: containment, family, mask length. */
function networkCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>, col: string): string {
  const { filter: f, lookup, values } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  switch (f.op) {
    case 'net_within':
      return orJoin(values.map((v) => `${col} << ${p(parsePrefix(v))}::inet`));
    case 'net_within_include':
      return orJoin(values.map((v) => `${col} <<= ${p(parsePrefix(v))}::inet`));
    case 'net_contains':
      return orJoin(
        values.map((v) => {
          const ip = parseIp(v);
          return `${col} >>= ${p(ip.mask === undefined ? ip.host : `${ip.host}/${ip.mask}`)}::inet`;
        }),
      );
    case 'family':
      return orJoin(
        values.map((v) => {
          const n = parseInteger(v);
          if (n !== 4 && n !== 6)
            throw new FilterValueError(`Select a valid choice. ${v} is not one of the available choices.`);
          return `family(${col}) = ${p(n)}`;
        }),
      );
    case 'mask_length': {
      const op = compare[lookup] ?? '=';
      const cond = values.map((v) => `masklen(${col}) ${lookup === 'n' ? '=' : op} ${p(parseInteger(v))}`);
      return lookup === 'n' ? `NOT ${orJoin(cond)}` : orJoin(cond);
    }
    default:
      throw new FilterValueError(`unknown network filter ${f.op}`);
  }
}

/** Ops over a generic relation's two columns: its type, or the object (or the object's parent) it names. */
function genericCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>): string {
  const { filter: f, lookup, values, alias } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  switch (f.op) {
    case 'generic_is': {
      const yes = parseBoolean(last(values));
      const cond = `${alias}.${ident(`${f.column}_type`)} = ANY(${p(f.types)}::text[])`;
      return yes ? cond : `NOT coalesce(${cond}, false)`;
    }
    case 'generic_id': {
      const ids = values.map(parseInteger);
      const cond =
        `(${alias}.${ident(`${f.column}_type`)} = ${p(f.objectType)} AND ${alias}.${ident(`${f.column}_id`)} = ` +
        `ANY(${p(ids)}::bigint[]))`;
      return lookup === 'n' ? `NOT coalesce(${cond}, false)` : cond;
    }
    case 'generic_parent_id': {
      const ids = values.map(parseInteger);
      const target = ctx.registry.model(f.objectType);
      const parent = ctx.registry.columnOf(target, f.parent);
      const cond = `(${alias}.${ident(`${f.column}_type`)} = ${p(f.objectType)}
        AND ${alias}.${ident(`${f.column}_id`)} IN (SELECT id FROM ${ident(target.table)}
        WHERE ${ident(parent)} = ANY(${p(ids)}::bigint[])))`;
      return lookup === 'n' ? `NOT coalesce(${cond}, false)` : cond;
    }
    default:
      throw new FilterValueError(`unknown generic relation filter ${f.op}`);
  }
}

export async function specialCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>): Promise<string> {
  const { filter: f } = call;
  const col = columnFor(ctx, call);
  switch (f.op) {
    case 'has':
    case 'has_any':
    case 'missing':
      return presenceCondition(ctx, { ...call, filter: f });
    case 'list_has':
    case 'list_overlap':
    case 'list_number':
    case 'list_text':
    case 'for_object_type':
    case 'json_ref':
      return listCondition(ctx, call);
    case 'vc_interfaces':
      return chassisCondition(ctx, { ...call, filter: f });
    case 'available':
      return availableCondition(ctx, { ...call, filter: f });
    case 'range_contains':
    case 'range_within':
    case 'vid_in_ranges':
    case 'related_ip':
    case 'vrf_present':
      return rangeCondition(ctx, call);
    case 'at_least':
    case 'at_most':
    case 'choice_group':
    case 'null_or_same':
    case 'usable':
    case 'time_after':
    case 'time_before':
    case 'not_empty':
    case 'not_null':
      return valueCondition(ctx, call, col);
    case 'net_within':
    case 'net_within_include':
    case 'net_contains':
    case 'family':
    case 'mask_length':
      return networkCondition(ctx, call, col);
    case 'generic_is':
    case 'generic_id':
    case 'generic_parent_id':
      return genericCondition(ctx, call);
  }
}
