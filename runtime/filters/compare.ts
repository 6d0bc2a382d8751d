/** Comparisons of one SQL value with filter values, by lookup: strings, numbers and dates, emptiness. */
import type { SqlParam } from '../db/query.ts';
import type { Params } from '../db/index.ts';
import { likeEscape } from '../db/index.ts';
import { parseBoolean } from './values.ts';
import { last } from '../collections.ts';

interface HasParams {
  readonly params: Params;
}

export function any(ctx: HasParams, values: readonly SqlParam[], type: string): string {
  return `ANY(${ctx.params.add(values)}::${type}[])`;
}

export function stringCondition(ctx: HasParams, col: string, lookup: string, values: string[]): string {
  const p = (v: SqlParam) => ctx.params.add(v);
  switch (lookup) {
    case 'exact': {
      const nulls = values.includes('null');
      const rest = values.filter((v) => v !== 'null');
      const parts = [
        ...(rest.length ? [`${col}::text = ${any(ctx, rest, 'text')}`] : []),
        ...(nulls ? [`${col} IS NULL`] : []),
      ];
      return parts.join(' OR ');
    }
    case 'ic':
      return values.map((v) => `${col}::text ILIKE ${p(`%${likeEscape(v)}%`)}`).join(' OR ');
    case 'isw':
      return values.map((v) => `${col}::text ILIKE ${p(`${likeEscape(v)}%`)}`).join(' OR ');
    case 'iew':
      return values.map((v) => `${col}::text ILIKE ${p(`%${likeEscape(v)}`)}`).join(' OR ');
    case 'ie':
      return values.map((v) => `lower(${col}::text) = lower(${p(v)})`).join(' OR ');
    case 'regex':
      return values.map((v) => `${col}::text ~ ${p(v)}`).join(' OR ');
    case 'iregex':
      return values.map((v) => `${col}::text ~* ${p(v)}`).join(' OR ');
    default:
      throw new Error(`lookup ${lookup}`);
  }
}

export function emptyCondition(col: string, values: string[], stringy: boolean): string {
  const yes = parseBoolean(last(values));
  if (stringy) return yes ? `(${col} IS NULL OR ${col}::text = '')` : `(${col} IS NOT NULL AND ${col}::text <> '')`;
  return yes ? `${col} IS NULL` : `${col} IS NOT NULL`;
}

const compare: Record<string, string> = { exact: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

export function typedCondition(
  ctx: HasParams,
  col: string,
  lookup: string,
  values: string[],
  type: string,
  parse: (v: string) => SqlParam,
): string {
  const parsed = values.map(parse);
  if (lookup === 'exact') return `${col} = ${any(ctx, parsed, type)}`;
  return parsed.map((v) => `${col} ${compare[lookup]} ${ctx.params.add(v)}::${type}`).join(' OR ');
}
