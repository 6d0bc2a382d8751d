/**
 * Query parameters of the list and detail operations: paging, ordering, search, the response's
 * shape and every filter with its lookups (a lookup's meaning is told once, in the document's
 * description). Parameters several operations declare alike are written once, in
 * `components.parameters`, and referred to (shareParameters).
 */
import type { Catalogue, FilterDef, ModelDef } from '../../runtime/catalogue/ir.ts';
import { byCodePoint } from '../catalogue/names.ts';
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

/** The lists of parameters in the paths: a path item's own and each operation's. */
function* parameterLists(paths: Record<string, Json>): Generator<Json[]> {
  for (const item of Object.values(paths))
    for (const [key, value] of Object.entries(item)) {
      const list = key === 'parameters' ? value : (value as Json).parameters;
      if (Array.isArray(list)) yield list as Json[];
    }
}

/** The same path items with each parameter list mapped (new objects: lists may be shared constants). */
function mapParameterLists(paths: Record<string, Json>, f: (list: Json[]) => Json[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [path, item] of Object.entries(paths)) {
    const mapped: Json = {};
    for (const [key, value] of Object.entries(item)) {
      const op = value as Json;
      if (key === 'parameters') mapped[key] = f(value as Json[]);
      else mapped[key] = Array.isArray(op.parameters) ? { ...op, parameters: f(op.parameters as Json[]) } : op;
    }
    out[path] = mapped;
  }
  return out;
}

/**
 * Every parameter declared the same way by two operations or more, written once in
 * `components.parameters` (named after it: `id__n`; of a name declared in different ways, the most
 * common one) and referred to from the paths.
 */
export function shareParameters(paths: Record<string, Json>): {
  paths: Record<string, Json>;
  parameters: Record<string, Json>;
} {
  const uses = new Map<string, number>();
  for (const list of parameterLists(paths))
    for (const p of list) {
      const text = JSON.stringify(p);
      uses.set(text, (uses.get(text) ?? 0) + 1);
    }
  const chosen = new Map<string, { text: string; n: number }>();
  for (const [text, n] of uses) {
    const p = JSON.parse(text) as { name: string; in: string };
    const key = p.in === 'query' ? p.name : `${p.in}.${p.name}`;
    const best = chosen.get(key);
    if (n < 2 || !/^[\w.-]+$/.test(key)) continue;
    if (!best || n > best.n || (n === best.n && byCodePoint(text, best.text) < 0)) chosen.set(key, { text, n });
  }
  const byText = new Map([...chosen].map(([key, { text }]) => [text, key]));
  const shared = mapParameterLists(paths, (list) =>
    list.map((p) => {
      const key = byText.get(JSON.stringify(p));
      return key ? { $ref: `#/components/parameters/${key}` } : p;
    }),
  );
  const parameters: Record<string, Json> = {};
  for (const [key, c] of [...chosen].sort(([a], [b]) => byCodePoint(a, b)))
    parameters[key] = JSON.parse(c.text) as Json;
  return { paths: shared, parameters };
}
