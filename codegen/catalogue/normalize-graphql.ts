/**
 * The catalogue's `graphql:` keys (schema-graphql.ts) into the names the GraphQL emitters read
 * (runtime/catalogue/ir-graphql.ts): by model, only the models that give any, and by choice set.
 */
import type { GraphqlFilterInput, GraphqlModelNames, GraphqlNames } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue, RawModel } from './schema.ts';
import type { RawGraphqlFilter, RawGraphqlModel } from './schema-graphql.ts';
import { byCodePoint } from './names.ts';

/** A field's name in the IR: a generic relation's is the name it is read as. */
function irName(m: RawModel | undefined, field: string): string {
  const f = m?.fields[field];
  return f?.type === 'generic' ? (f.read_as ?? field) : field;
}

const byIrName = <T>(m: RawModel, o: Record<string, T> = {}) =>
  Object.fromEntries(Object.entries(o).map(([field, v]) => [irName(m, field), v]));

function filterInput(raw: RawCatalogue, name: string, f: RawGraphqlFilter): GraphqlFilterInput {
  if ('reverse' in f) {
    const [app = '', model = '', field = ''] = f.reverse.split('.');
    const holder = raw.apps[app]?.models[model];
    return { kind: 'reverse', name, model: `${app}.${model}`, field: irName(holder, field), byId: !!f.by_id };
  }
  if ('field' in f) return { kind: 'field', name, field: f.field };
  return {
    kind: 'rest',
    name,
    type: f.type,
    rest: f.rest ?? name,
    ...(f.rest_model ? { restModel: f.rest_model } : {}),
    ...(f.values ? { values: f.values } : {}),
  };
}

function modelNames(raw: RawCatalogue, m: RawModel, g: RawGraphqlModel): GraphqlModelNames {
  const related = Object.entries(g.related_names ?? {}).map(([field, r]) => [
    irName(m, field),
    typeof r === 'string' ? { name: r, one: false } : { name: r.name, one: true },
  ]);
  return {
    hidden: !!g.hidden,
    ...(g.root !== undefined ? { root: g.root } : {}),
    names: byIrName(m, g.names),
    unions: byIrName(m, g.unions),
    related: Object.fromEntries(related),
    cachedScope: !!g.cached_scope,
    filters: Object.entries(g.filters ?? {}).map(([name, f]) => filterInput(raw, name, f)),
  };
}

export function normalizeGraphql(raw: RawCatalogue): GraphqlNames {
  const models: Record<string, GraphqlModelNames> = {};
  for (const [app, a] of Object.entries(raw.apps))
    for (const [name, m] of Object.entries(a.models))
      if (m.graphql) models[`${app}.${name}`] = modelNames(raw, m, m.graphql);
  const sorted = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => byCodePoint(a, b)));
  const enums = Object.entries(raw.graphql.enums).map(([set, e]) => [set, { name: e.name, prefix: e.prefix ?? '' }]);
  return {
    models: sorted(models),
    enums: sorted(Object.fromEntries(enums)),
    choiceTypes: sorted(raw.graphql.choice_types),
  };
}
