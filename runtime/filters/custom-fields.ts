/**
 * `cf_<name>[__<lookup>]`: filters over custom field values, by the definition's type and
 * `filter_logic` (loose text = case-insensitive contains; exact = equality; disabled = unknown).
 */
import type { SqlParam } from '../db/index.ts';
import { customFieldDefinitions } from '../custom-fields/index.ts';
import type { ModelRow } from '../catalogue/index.ts';
import { lookups, negated, numberLookups, restLookup, restNegates, stringLookups } from '../catalogue/index.ts';
import type { FilterContext } from './conditions.ts';
import { FilterValueError, parseBoolean, parseDate, parseDecimal, parseInteger, parseTimestamp } from './values.ts';
import { last } from '../collections.ts';

const textLookups = new Set<string>(['exact', ...stringLookups]);
const valueLookups = new Set<string>(['exact', ...numberLookups]);

/** The condition of the parameter `key` at the row; undefined when it names no filterable custom field. */
export async function customFieldCondition(
  ctx: FilterContext,
  row: ModelRow,
  key: string,
  values: string[],
): Promise<string | undefined> {
  const { model, alias } = row;
  if (!model.features.customFields) return undefined;
  const [name, lookup = 'exact', ...rest] = key.slice(3).split('__');
  if (rest.length) return undefined;
  const def = (await customFieldDefinitions(ctx.db, model.key)).find((d) => d.name === name);
  if (!def || def.filter_logic === 'disabled') return undefined;
  const p = (v: SqlParam) => ctx.params.add(v);
  const cfKey = `${p(def.name)}::text`;
  const text = `(${alias}.custom_field_data->>${cfKey})`;
  const json = `(${alias}.custom_field_data->${cfKey})`;
  const negates = restNegates(lookup);
  const base = restLookup(negates ?? lookup) ?? 'exact';
  const wrap = (cond: string) => (negates ? negated(cond) : `(${cond})`);
  const compare = (left: string, v: string) => lookups[base].sql(left, p(lookups[base].value(v)));
  if (lookup === 'empty') {
    const yes = parseBoolean(last(values));
    return yes ? `(${text} IS NULL OR ${text} = '')` : `(${text} IS NOT NULL AND ${text} <> '')`;
  }
  const nullMatch = values.includes('null') ? [`${text} IS NULL`] : [];
  const rest2 = values.filter((v) => v !== 'null');
  const or = (parts: string[]) => [...parts, ...nullMatch].join(' OR ') || 'FALSE';
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url':
    case 'select': {
      if (def.filter_logic === 'loose' && def.type !== 'select') {
        if (lookup !== 'exact')
          throw new FilterValueError(`Lookups are not available for loosely matched custom field "${name}".`);
        return `(${or(rest2.map((v) => lookups.icontains.sql(text, p(lookups.icontains.value(v)))))})`;
      }
      if (!textLookups.has(lookup))
        throw new FilterValueError(`Unsupported lookup "${lookup}" for custom field "${name}".`);
      return wrap(or(rest2.map((v) => compare(text, v))));
    }
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime': {
      if (!valueLookups.has(lookup))
        throw new FilterValueError(`Unsupported lookup "${lookup}" for custom field "${name}".`);
      const [cast, parse] =
        def.type === 'integer'
          ? (['numeric', parseInteger] as const)
          : def.type === 'decimal'
            ? (['numeric', parseDecimal] as const)
            : def.type === 'date'
              ? (['date', parseDate] as const)
              : (['timestamptz', parseTimestamp] as const);
      return wrap(or(rest2.map((v) => lookups[base].sql(`(${text})::${cast}`, `${p(parse(v))}::${cast}`))));
    }
    case 'boolean':
      return `(${text})::boolean = ${p(parseBoolean(last(values)))}::boolean`;
    case 'multiselect':
      return wrap(or(rest2.map((v) => `${json} ? ${p(v)}`)));
    case 'object':
      return wrap(or(rest2.map((v) => `(${text})::bigint = ${p(parseInteger(v))}`)));
    case 'multiobject':
      return wrap(or(rest2.map((v) => `${json} @> to_jsonb(${p(parseInteger(v))}::bigint)`)));
    default:
      return undefined;
  }
}
