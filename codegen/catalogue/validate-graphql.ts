/**
 * The catalogue's rules of its `graphql:` keys (schema-graphql.ts; validate.ts runs them): the fields, relations,
 * models and REST filters they name exist and are of the kind the name is for, and no two models take one
 * root field. What the names must look like is the schema's.
 */
import { modelAt } from './load.ts';
import type { RawModel } from './schema.ts';
import { eachModel, fieldOf, type Checked, type Fault, type Rule } from './validate-context.ts';

const isRelation = (type: string | undefined) => type === 'fk' || type === 'm2m' || type === 'generic';

/** `names`, `unions` and `related_names` name fields of the model that are of their kind. */
const graphqlFields = eachModel('graphql fields', (_c, { m, at }) => {
  const g = m.graphql;
  const out: Fault[] = [];
  for (const name of Object.keys(g?.names ?? {}))
    if (!m.fields[name] && !m.computed?.[name]) out.push(`${at}.graphql.names.${name}: unknown field "${name}"`);
  for (const name of Object.keys(g?.unions ?? {}))
    if (m.fields[name]?.type !== 'generic')
      out.push(`${at}.graphql.unions.${name}: "${name}" is not a generic relation`);
  for (const [name, r] of Object.entries(g?.related_names ?? {})) {
    const type = m.fields[name]?.type;
    if (!isRelation(type)) out.push(`${at}.graphql.related_names.${name}: "${name}" is not a relation`);
    else if (typeof r !== 'string' && type !== 'fk')
      out.push(`${at}.graphql.related_names.${name}: only a foreign key is one-to-one`);
  }
  return out;
});

/** What one declared filter field names: a relation of another model, an own relation, a model's REST filter. */
function filterFaults(c: Checked, m: RawModel, at: string): Fault[] {
  const out: Fault[] = [];
  for (const [name, f] of Object.entries(m.graphql?.filters ?? {})) {
    const where = `${at}.graphql.filters.${name}`;
    if ('reverse' in f) {
      const [app, model, field = ''] = f.reverse.split('.');
      if (!isRelation(fieldOf(c, `${app}.${model}`, field)?.type))
        out.push(`${where}.reverse: "${f.reverse}" is not a relation of the catalogue`);
    } else if ('field' in f) {
      const type = m.fields[f.field]?.type;
      if (type !== 'fk' && type !== 'm2m') out.push(`${where}.field: "${f.field}" is not a relation of the model`);
    } else {
      if (f.rest_model && !c.models.has(f.rest_model)) out.push(`${where}.rest_model: unknown model "${f.rest_model}"`);
      if (f.values && !f.type.endsWith('Enum')) out.push(`${where}.values: only an enum type (\`…Enum\`) has values`);
    }
  }
  return out;
}

const graphqlFilters = eachModel('graphql filters', (c, { m, at }) => filterFaults(c, m, at));

/** A root field is one model's; a model with no GraphQL type gives no other name. */
const graphqlRoots: Rule = {
  name: 'graphql roots',
  check: (c) => {
    const roots = new Map<string, string>();
    const out: Fault[] = [];
    for (const [key, m] of c.models) {
      const { hidden, root, ...rest } = m.graphql ?? {};
      const at = modelAt(c.raw, key);
      const given = [...(root !== undefined ? ['root'] : []), ...Object.keys(rest)];
      if (hidden && given.length) out.push(`${at}.graphql: a hidden model has no GraphQL names (${given.join(', ')})`);
      if (typeof root !== 'string') continue;
      const other = roots.get(root);
      if (other) out.push(`${at}.graphql.root: "${root}" is already the root field of ${other}`);
      roots.set(root, key);
    }
    return out;
  },
};

export const graphqlRules: readonly Rule[] = [graphqlFields, graphqlFilters, graphqlRoots];
