/**
 * Query parameters of the list and detail operations: paging, ordering, search, the response's
 * shape and every filter with its lookups (a lookup's meaning is told once, in the document's
 * description). Each operation spells its parameters out, as NetBox's document does: clients read
 * them by name (the Ansible inventory takes `p["name"]` of every devices parameter), so none is a
 * `$ref`.
 */
import type { Catalogue, FilterDef, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { Json } from './openapi-common.ts';
import { choiceFilterValue } from './openapi-choices.ts';

// a query parameter is optional, `style: form` and `explode: true` unless it says otherwise: it does not say so
function queryParam(name: string, schema: Json, description?: string): Json {
  return { name, in: 'query', ...(description ? { description } : {}), schema };
}

function filterParams(filters: readonly FilterDef[], cat: Catalogue): Json[] {
  const out: Json[] = [];
  for (const f of filters) {
    const item: Json = f.kind === 'choice' ? choiceFilterValue(cat, f.choices) : { type: f.type };
    const multi = !['boolean', 'request', 'special'].includes(f.kind) || f.lookups.length > 0;
    out.push(queryParam(f.name, multi ? { type: 'array', items: item } : { type: f.type }, f.description));
    for (const l of f.lookups)
      out.push(queryParam(`${f.name}__${l}`, l === 'empty' ? { type: 'boolean' } : { type: 'array', items: item }));
  }
  return out;
}

export const shapingParams: Json[] = [
  queryParam('fields', { type: 'string' }, 'Comma-separated field names to return'),
  queryParam('omit', { type: 'string' }, 'Comma-separated field names to leave out (fields wins when both are given)'),
  queryParam('brief', { type: 'string' }, 'Return the brief representation (any non-empty value: true or 1)'),
];

export function listParams(m: ModelDef, filters: readonly FilterDef[], cat: Catalogue): Json[] {
  const count = { type: 'integer', minimum: 0 };
  return [
    queryParam('limit', count, 'Number of results to return per page (0 = the maximum page size)'),
    queryParam('offset', count, 'The initial index from which to return the results'),
    queryParam('ordering', { type: 'string' }, 'Field(s) to order by, comma-separated; prefix with - for descending'),
    queryParam('q', { type: 'string' }, 'Free-text search'),
    ...shapingParams,
    ...(m.fields.some((f) => f.name === 'config_context')
      ? [queryParam('exclude', { type: 'string' }, 'config_context: leave out the rendered configuration context')]
      : []),
    ...filterParams(filters, cat),
  ];
}
