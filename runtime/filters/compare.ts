/**
 * Comparisons of one SQL value with filter values, by lookup: strings, numbers and dates, emptiness.
 * `call` gives the lookup and the values (those of a FilterCall).
 */
import type { SqlParam, Params } from '../db/index.ts';
import { lookups, restLookup } from '../catalogue/index.ts';
import type { FilterCall } from './conditions.ts';
import { parseBoolean, type SqlType } from './values.ts';
import { last } from '../collections.ts';

interface HasParams {
  readonly params: Params;
}

type Compared = Pick<FilterCall, 'lookup' | 'values'>;

export function any(ctx: HasParams, values: readonly SqlParam[], type: string): string {
  return `ANY(${ctx.params.add(values)}::${type}[])`;
}

export function stringCondition(ctx: HasParams, col: string, call: Compared): string {
  const { lookup: name, values } = call;
  if (name === 'exact') {
    const nulls = values.includes('null');
    const rest = values.filter((v) => v !== 'null');
    const parts = [
      ...(rest.length ? [`${col}::text = ${any(ctx, rest, 'text')}`] : []),
      ...(nulls ? [`${col} IS NULL`] : []),
    ];
    return parts.join(' OR ');
  }
  const lookup = restLookup(name);
  if (!lookup) throw new Error(`lookup ${name}`);
  const l = lookups[lookup];
  return values.map((v) => l.sql(`${col}::text`, ctx.params.add(l.value(v)))).join(' OR ');
}

export function emptyCondition(col: string, values: string[], stringy: boolean): string {
  const yes = parseBoolean(last(values));
  if (stringy) return yes ? `(${col} IS NULL OR ${col}::text = '')` : `(${col} IS NOT NULL AND ${col}::text <> '')`;
  return yes ? `${col} IS NULL` : `${col} IS NOT NULL`;
}

/** `col` compared as `type` (its values parsed as that type), by the call's lookup. */
export function typedCondition(ctx: HasParams, col: string, call: Compared, type: SqlType): string {
  const parsed = call.values.map(type.parse);
  if (call.lookup === 'exact') return `${col} = ${any(ctx, parsed, type.cast)}`;
  const lookup = restLookup(call.lookup);
  if (!lookup) throw new Error(`lookup ${call.lookup}`);
  return parsed.map((v) => lookups[lookup].sql(col, `${ctx.params.add(v)}::${type.cast}`)).join(' OR ');
}
