/**
 * Filters that are not a plain column comparison, named by `op` in models.yaml: IP containment,
 * mask lengths, families, and generic-relation assignments (`interface_id`, `device_id`, …).
 */
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import type { FilterContext } from './conditions.ts';
import { FilterValueError, parseBoolean, parseInteger, parseIp, parsePrefix, parseTimestamp } from './values.ts';

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
  const p = (v: unknown) => ctx.params.add(v);
  const field = ctx.registry.field(model, f.column);
  const col = field?.column ? `${alias}.${ident(field.column)}` : `${alias}.${ident(f.column)}`;
  const [argType, argField] = (f.arg ?? '').split(':') as [string, string | undefined];
  switch (f.op) {
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
    case 'vrf_present': {
      const ids = values.map(parseInteger);
      return `(${col} = ANY(${p(ids)}::bigint[]) OR ${col} IS NULL)`;
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
      const cond = cols.map((c) => `${c} IS NOT NULL`).join(' OR ');
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
