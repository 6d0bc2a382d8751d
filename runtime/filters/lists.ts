/**
 * Filters on list columns, as NetBox's on its array fields: a fixed member (a permission's actions),
 * any of the values (an event rule's event types, a choice set's values and labels), a port number
 * (NumericArrayFilter: contains, or compares the whole array), the list's text, object types a row is
 * limited to (or none), and ids named in a
 * JSON list of objects (a front port's rear port mappings), from either side.
 */
import type { SqlParam } from '../db/index.ts';
import type { SpecialFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident, likeEscape, tables } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { FilterValueError, parseBoolean, parseInteger } from './values.ts';

const compare: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

export function listCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>): string {
  const { model, filter: f, lookup, values, alias } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  const field = ctx.registry.field(model, f.column);
  const col = `${alias}.${ident(field?.column ?? f.column)}`;
  const given = last(values);
  switch (f.op) {
    case 'list_has': {
      const cond = `${p(f.value)} = ANY(${col})`;
      return parseBoolean(given) ? cond : `NOT coalesce(${cond}, false)`;
    }
    case 'list_overlap': {
      if (field?.kind !== 'json') return `${col} && ${p(values)}::text[]`;
      // a JSON list of strings or of [value, label] pairs: any of its strings
      return `EXISTS (SELECT 1 FROM jsonb_path_query(coalesce(${col}, '[]'), 'lax $[*][*]') v
        WHERE v #>> '{}' = ANY(${p(values)}::text[]))`;
    }
    case 'list_number': {
      if (lookup === 'empty') return parseBoolean(given) ? `${col} IS NULL` : `${col} IS NOT NULL`;
      const n = parseInteger(given);
      if (lookup === 'exact') return `${p(n)}::int = ANY(${col})`;
      // as Django compares an array field with [n]: element by element
      return `${col} ${compare[lookup]} ARRAY[${p(n)}::int]`;
    }
    case 'for_object_type': {
      // a list of object types that limits what the row applies to (a tag): those types, or no limit
      const types = `SELECT app_label || '.' || model FROM public.${tables.objectType}
        WHERE id = ANY(${p(values.map(parseInteger))}::bigint[])`;
      return `(${col} && ARRAY(${types}) OR coalesce(cardinality(${col}), 0) = 0)`;
    }
    case 'list_text':
      return `${col}::text ILIKE ${p(`%${likeEscape(given)}%`)}`;
    case 'json_ref': {
      const ids = values.map(parseInteger);
      const m = ctx.params.alias('m');
      if (!f.owner)
        return `EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(${col}, '[]')) ${m}
          WHERE (${m}->>${p(f.key)})::bigint = ANY(${p(ids)}::bigint[]))`;
      // the rows of another model whose list names this object
      const owner = ctx.registry.model(f.owner.model);
      const list = ident(ctx.registry.columnOf(owner, f.owner.field));
      const o = ctx.params.alias('o');
      return `EXISTS (SELECT 1 FROM ${ident(owner.table)} ${o}, jsonb_array_elements(coalesce(${o}.${list}, '[]')) ${m}
        WHERE ${o}.id = ANY(${p(ids)}::bigint[]) AND (${m}->>${p(f.key)})::bigint = ${alias}.id)`;
    }
    default:
      throw new FilterValueError(`unknown list filter ${f.op}`);
  }
}
