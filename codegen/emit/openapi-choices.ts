/**
 * A choice set's schemas, each written once in `components.schemas` and referred to wherever a field or
 * a filter uses the set: `<Set>Value` its values (what is written and filtered on), `<Set>` the
 * `{value, label}` object an answer shows.
 */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import { choicesOf } from '../catalogue/lookup.ts';
import { capitalize, camel } from '../catalogue/names.ts';
import { ref, type Json } from './openapi-common.ts';

const schemaName = (set: string) => capitalize(camel(set));

const numeric = (cat: Catalogue, set: string) => choicesOf(cat, set).every((c) => typeof c.value === 'number');

/** The set's values. */
export const choiceValue = (set: string): Json => ref(`${schemaName(set)}Value`);

/** The `{value, label}` object an answer shows. */
export const choiceObject = (set: string): Json => ref(schemaName(set));

/** A filter's value: the set's values as a query string carries them. */
export function choiceFilterValue(cat: Catalogue, set: string): Json {
  return numeric(cat, set)
    ? { type: 'string', enum: choicesOf(cat, set).map((c) => String(c.value)) }
    : choiceValue(set);
}

/** The schemas of the sets the document refers to (`text`: the rest of the document, printed). */
export function choiceSchemas(cat: Catalogue, text: string): Record<string, Json> {
  const used = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
  const out: Record<string, Json> = {};
  for (const set of Object.keys(cat.choices)) {
    const name = schemaName(set);
    const options = choicesOf(cat, set);
    if (used.has(`${name}Value`) || used.has(name))
      out[`${name}Value`] = { type: numeric(cat, set) ? 'integer' : 'string', enum: options.map((c) => c.value) };
    if (used.has(name))
      out[name] = {
        type: 'object',
        required: ['value', 'label'],
        properties: { value: choiceValue(set), label: { type: 'string', enum: options.map((c) => c.label) } },
      };
  }
  return out;
}
