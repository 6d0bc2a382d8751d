/**
 * Filters that are not a plain column comparison, named by `op` in the catalogue: IP containment,
 * mask lengths, families, generic-relation assignments (`interface_id`, …), value groups, bounds;
 * presence of related rows, list columns and virtual chassis members have files of their own.
 */
import type { SqlParam } from '../db/query.ts';
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { availableCondition } from './available.ts';
import { chassisCondition } from './chassis.ts';
import { columnOf } from './columns.ts';
import type { FilterContext } from './conditions.ts';
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

export async function specialCondition(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  lookup: string,
  values: string[],
  alias: string,
): Promise<string> {
  const p = (v: SqlParam) => ctx.params.add(v);
  const field = ctx.registry.field(model, f.column);
  const col = field?.column ? `${alias}.${ident(field.column)}` : `${alias}.${ident(f.column)}`;
  const [argType, argField] = (f.arg ?? '').split(':') as [string, string | undefined];
  switch (f.op) {
    case 'has':
    case 'has_any':
    case 'missing':
      return presenceCondition(ctx, model, f, values, alias);
    case 'list_has':
    case 'list_overlap':
    case 'list_number':
    case 'list_text':
    case 'for_object_type':
    case 'json_ref':
      return listCondition(ctx, model, f, lookup, values, alias);
    case 'vc_interfaces':
      return chassisCondition(ctx, model, f, values, alias);
    case 'available':
      return availableCondition(ctx, model, f, values, alias);
    case 'range_contains':
    case 'range_within':
    case 'vid_in_ranges':
    case 'related_ip':
    case 'vrf_present':
      return rangeCondition(ctx, model, f, values, alias);
    case 'at_least':
    case 'at_most': {
      // a bound on a value (a reservation's unit count): one value, compared by the field's kind
      const v = values[values.length - 1]!;
      const kind = field?.computed?.type === 'expr' ? field.computed.as : field?.kind;
      const typed = kind === 'timestamp' ? `${p(parseTimestamp(v))}::timestamptz` : `${p(parseDecimal(v))}::numeric`;
      return `${columnOf(ctx, model, f.column, alias)} ${f.op === 'at_least' ? '>=' : '<='} ${typed}`;
    }
    case 'choice_group': {
      // named groups of choices (an interface's kind); `!` takes every choice but those listed
      const groups = new Map(f.arg!.split(';').map((g) => g.split('=') as [string, string]));
      const group = groups.get(values[values.length - 1]!.trim().toLowerCase());
      if (group === undefined) return 'FALSE';
      const negate = group.startsWith('!');
      const cond = `${col} = ANY(${p(group.replace(/^!/, '').split(','))}::text[])`;
      return negate ? `NOT coalesce(${cond}, false)` : cond;
    }
    case 'null_or_same': {
      // the reference is empty, or the same as that of the given object (`app.model.field`)
      const [app, name, fname] = f.arg!.split('.') as [string, string, string];
      const other = ctx.registry.model(`${app}.${name}`);
      const id = parseInteger(values[values.length - 1]!);
      const [found] = await query(ctx.db, `SELECT 1 FROM ${ident(other.table)} WHERE id = $1`, [id]);
      if (!found) throw new FilterValueError(`Select a valid choice. ${id} is not one of the available choices.`);
      const same = ident(ctx.registry.field(other, fname)!.column!);
      return `(${col} IS NULL OR ${col} IN (SELECT o.${same} FROM ${ident(other.table)} o WHERE o.id = ${p(id)}))`;
    }
    case 'usable': {
      // NetBox's saved filters usable by the requesting user: enabled, and shared or theirs
      const [enabled, shared] = f
        .arg!.split(',')
        .map((n) => `${alias}.${ident(ctx.registry.field(model, n)!.column!)}`);
      const mine = ctx.userId ? `${col} = ${p(ctx.userId)}::bigint` : 'FALSE';
      const usable = `(${enabled} AND (${shared} OR ${mine}))`;
      return parseBoolean(values[values.length - 1]!) ? usable : `NOT coalesce(${usable}, false)`;
    }
    case 'time_after':
    case 'time_before': {
      const t = parseTimestamp(values[values.length - 1]!);
      return `${col} ${f.op === 'time_after' ? '>=' : '<='} ${p(t)}::timestamptz`;
    }
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
    case 'generic_is': {
      const yes = parseBoolean(values[values.length - 1]!);
      const cond = `${alias}.${ident(`${f.column}_type`)} = ANY(${p((f.arg ?? '').split(','))}::text[])`;
      return yes ? cond : `NOT coalesce(${cond}, false)`;
    }
    case 'not_empty': {
      const yes = parseBoolean(values[values.length - 1]!);
      const cond = `coalesce(cardinality(${col}), 0) > 0`;
      return yes ? cond : `NOT (${cond})`;
    }
    case 'not_null': {
      const yes = parseBoolean(values[values.length - 1]!);
      const cols = (f.arg ?? f.column)
        .split(',')
        .map((n) => `${alias}.${ident(ctx.registry.field(model, n)!.column!)}`);
      // an empty string is no value either (an image field without a file)
      const cond = cols.map((c) => `(${c} IS NOT NULL AND ${c}::text <> '')`).join(' OR ');
      return yes ? `(${cond})` : `NOT (${cond})`;
    }
    case 'generic_id': {
      const ids = values.map(parseInteger);
      const cond =
        `(${alias}.${ident(`${f.column}_type`)} = ${p(argType)} AND ${alias}.${ident(`${f.column}_id`)} = ` +
        `ANY(${p(ids)}::bigint[]))`;
      return lookup === 'n' ? `NOT coalesce(${cond}, false)` : cond;
    }
    case 'generic_parent_id': {
      const ids = values.map(parseInteger);
      const target = ctx.registry.model(argType);
      const parent = ctx.registry.field(target, argField!)!;
      const cond = `(${alias}.${ident(`${f.column}_type`)} = ${p(argType)}
        AND ${alias}.${ident(`${f.column}_id`)} IN (SELECT id FROM ${ident(target.table)}
        WHERE ${ident(parent.column!)} = ANY(${p(ids)}::bigint[])))`;
      return lookup === 'n' ? `NOT coalesce(${cond}, false)` : cond;
    }
    default:
      throw new Error(`${model.key}: unknown filter op ${f.op}`);
  }
}
