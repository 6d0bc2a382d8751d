/**
 * Turns a validated catalogue (models/*.yaml) into the frozen IR: defaults applied, names derived, wire order
 * fixed, reverse relations found. Everything the runtime needs is decided here, once. A model's fields
 * are normalized in normalize-fields.ts, its computed values in normalize-computed.ts, its constraints
 * and rules in normalize-rules.ts.
 */
import type { Catalogue, ChoiceOption, ModelDef, NetboxObjectType, OrderTerm } from '../../runtime/catalogue/ir.ts';
import type { ReverseRelation } from '../../runtime/catalogue/ir.ts';
import { rawApp, rawModel } from './lookup.ts';
import { pushTo } from '../../runtime/collections.ts';
import type { RawCatalogue, RawModel } from './schema.ts';
import { parseDisplay } from './display.ts';
import { modelFields } from './normalize-model-fields.ts';
import { actionCall, rulesOf, uniquesOf } from './normalize-rules.ts';
import { resolveKeys } from './normalize-keys.ts';
import { byCodePoint, capitalize, pluralize, sequenceName, tableName, verboseFromClass } from './names.ts';
import { featureOrder, NETBOX_FEATURE_SET } from '../../runtime/catalogue/known-object-types.ts';

/** NetBox's object type as the catalogue says it: `netbox` is NetBox's feature set, the rest its own names. */
function objectType(o: NonNullable<RawModel['object_type']>): NetboxObjectType {
  const features = featureOrder(o.features.flatMap((f) => (f === 'netbox' ? NETBOX_FEATURE_SET : [f])));
  return { id: o.id, features, public: !o.internal };
}

function parseOrdering(list: string[]): OrderTerm[] {
  return list.map((term) => {
    const [field, ...flags] = term.split(' ') as [string, ...string[]];
    const desc = field.startsWith('-');
    return {
      field: desc ? field.slice(1) : field,
      desc,
      ...(flags.includes('nulls_first') ? { nullsFirst: true } : {}),
      // a relation by its id (NetBox's F('vrf')), not by the related model's own ordering
      ...(flags.includes('by_id') ? { byId: true } : {}),
    };
  });
}

/** Other names of a model's fields, each with the reason it exists. */
function aliasesOf(m: RawModel): ModelDef['aliases'] {
  return Object.entries(m.aliases ?? {}).map(([n, a]) => ({
    name: n,
    field: a.field,
    ...(a.type ? { type: a.type } : {}),
    reason: a.reason,
  }));
}

/** Sums kept on a related row (`into: via.field`). */
function totalsOf(totals: NonNullable<RawModel['totals']>): NonNullable<ModelDef['totals']> {
  return totals.map((t) => {
    const [via, field] = t.into.split('.') as [string, string];
    return { sum: t.sum, via, field };
  });
}

/** The model's actions (`POST …/<id>/<path>/`), by path. */
function actionsOf(m: RawModel): ModelDef['actions'] {
  return Object.entries(m.actions ?? {})
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([path, { op, ...args }]) => ({ path, ...actionCall(op, args) }));
}

/** What the model's OPTIONS answer says beyond its fields, where it says anything: `{options}` or nothing. */
function optionsOf(
  m: RawModel,
  serializerOnly: ReturnType<typeof modelFields>['serializerOnly'],
): Pick<ModelDef, 'options'> {
  const o = m.options;
  if (o?.description === undefined && !o?.type_choices && !serializerOnly.length) return {};
  return {
    options: {
      ...(o?.description !== undefined ? { description: o.description } : {}),
      ...(o?.type_choices ? { typeChoices: o.type_choices } : {}),
      ...(serializerOnly.length ? { serializerOnly: Object.fromEntries(serializerOnly) } : {}),
    },
  };
}

function normalizeModel(app: string, name: string, m: RawModel, raw: RawCatalogue): ModelDef {
  const key = `${app}.${name}`;
  const table = m.table ?? tableName(app, name);
  const { features, declared, fields, byName, serializerOnly, brief, nested } = modelFields(key, name, m, {
    raw,
    table,
  });
  const verboseName = m.verbose_name ?? verboseFromClass(m.class);
  const label = (n: string) => byName.get(n)?.label ?? n;

  const uniques = uniquesOf(m, declared, verboseName, label);
  const rules = rulesOf(m, key, label);
  const hasName = byName.has('name');
  const defaultOrdering = m.tree ? ['_tree'] : hasName ? ['name'] : ['id'];
  const search =
    m.search ?? ['name', 'slug', 'description', ...(m.tree ? ['comments'] : [])].filter((n) => byName.get(n)?.column);
  const naturalKey =
    m.natural_key ?? (m.fields.slug ? 'slug' : Object.entries(m.fields).find(([, f]) => f.natural)?.[0]);

  return {
    key,
    app,
    model: name,
    className: m.class,
    verboseName,
    verboseNamePlural: m.verbose_name_plural ?? pluralize(verboseName),
    description: m.description ?? '',
    path: m.path,
    apiPath: `${rawApp(raw, app).api_path ?? app}/${m.path}`,
    ...(typeof m.display_url === 'string' ? { uiPath: m.display_url } : {}),
    alsoMountedAt: m.also_mounted_at ?? [],
    table,
    sequence: sequenceName(table),
    readOnly: m.read_only ?? false,
    ...(m.hooks ? { hooks: m.hooks } : {}),
    features,
    ...(m.object_type ? { objectType: objectType(m.object_type) } : {}),
    tree: m.tree ?? false,
    ...(naturalKey ? { naturalKey } : {}),
    fields,
    brief,
    nested,
    ...(m.generic_nested ? { genericNested: m.generic_nested } : {}),
    display: parseDisplay(m.display),
    ordering: parseOrdering(m.ordering ?? defaultOrdering),
    ...(m.list_ordering ? { listOrdering: parseOrdering(m.list_ordering) } : {}),
    uniques,
    rules,
    search,
    aliases: aliasesOf(m),
    ignoredParams: Object.entries(m.ignored_filters ?? {}).map(([n, reason]) => ({ name: n, reason })),
    reverse: [],
    ...(m.template_of ? { templateOf: m.template_of } : {}),
    ...(m.totals ? { totals: totalsOf(m.totals) } : {}),
    ...(m.instantiates ? { instantiates: m.instantiates } : {}),
    actions: actionsOf(m),
    ...optionsOf(m, serializerOnly),
  };
}

function findReverse(models: Record<string, ModelDef>): void {
  const reverse = new Map<string, ReverseRelation[]>();
  const add = (to: string, r: ReverseRelation) => pushTo(reverse, to, r);
  for (const m of Object.values(models)) {
    for (const f of m.fields) {
      if (f.kind === 'fk' && !f.readOnly)
        add(f.to, { model: m.key, field: f.name, column: f.column, onDelete: f.onDelete, kind: 'fk' });
      // a mirror is the other side of a many-to-many field, which has its reverse relation already
      if (f.kind === 'm2m' && !f.mirrors)
        add(f.to, {
          model: m.key,
          field: f.name,
          column: f.through.target,
          onDelete: 'cascade',
          kind: 'm2m',
          through: f.through,
        });
      if (f.kind === 'generic') {
        for (const t of f.types)
          add(t, { model: m.key, field: f.name, column: f.idColumn, onDelete: f.onDelete, kind: 'generic' });
      }
    }
  }
  for (const [key, list] of reverse) {
    (models[key] as unknown as { reverse: ReverseRelation[] }).reverse = list.sort((a, b) =>
      byCodePoint(`${a.model}.${a.field}`, `${b.model}.${b.field}`),
    );
  }
}

export function normalizeCatalogue(raw: RawCatalogue): Catalogue {
  const models: Record<string, ModelDef> = {};
  const apps = Object.keys(raw.apps)
    .sort(byCodePoint)
    .map((app) => {
      const a = rawApp(raw, app);
      const names = Object.keys(a.models).sort(byCodePoint);
      for (const n of names) models[`${app}.${n}`] = normalizeModel(app, n, rawModel(raw, app, n), raw);
      return {
        name: app,
        label: a.label ?? capitalize(app),
        apiPath: a.api_path ?? app,
        models: names.map((n) => `${app}.${n}`),
      };
    });
  findReverse(models);
  resolveKeys(raw, models);
  const sortedModels: Record<string, ModelDef> = {};
  for (const [k, m] of Object.entries(models).sort(([a], [b]) => byCodePoint(a, b))) sortedModels[k] = m;
  const choices: Record<string, ChoiceOption[]> = {};
  for (const [k, options] of Object.entries(raw.choices ?? {}).sort(([a], [b]) => byCodePoint(a, b))) {
    choices[k] = options.map(([value, label]) => ({ value, label }));
  }
  return { apps, models: sortedModels, choices };
}
