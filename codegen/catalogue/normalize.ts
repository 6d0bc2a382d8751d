/**
 * Turns a validated catalogue (models/*.yaml) into the frozen IR: defaults applied, names derived, wire order
 * fixed, reverse relations found. Everything the runtime needs is decided here, once.
 */
import type {
  ActionCall,
  Catalogue,
  CheckCall,
  ChoiceOption,
  ComputedDef,
  ExprAs,
  FieldCommon,
  FieldDef,
  ModelDef,
  NestedForm,
  OrderTerm,
  ReverseRelation,
  RuleDef,
  UniqueDef,
} from '../../runtime/catalogue/ir.ts';
import {
  actionArgs,
  checkArgs,
  type ActionOp,
  type CheckName,
  type FeatureName,
} from '../../runtime/catalogue/names.ts';
import { parseArgs, type RawArgs } from './args.ts';
import { rawApp, rawModel } from './lookup.ts';
import { pushTo } from '../../runtime/collections.ts';
import type { RawCatalogue, RawComputed, RawField, RawModel } from './schema.ts';
import { parseDisplay } from './display.ts';
import { expandExpression, expressionKey, type Expansion } from './expressions.ts';
import { placeFields, placementsOf } from './order.ts';
import {
  byCodePoint,
  capitalize,
  labelFromName,
  pluralize,
  sequenceName,
  tableName,
  verboseFromClass,
} from './names.ts';

const nullableByDefault = new Set([
  'integer',
  'bigint',
  'decimal',
  'date',
  'timestamp',
  'json',
  'fk',
  'choice',
  'ipaddress',
  'ipnetwork',
  'object_type',
]);

const defaultFeatures = {
  tags: false,
  customFields: false,
  changelog: false,
  branching: false,
  events: false,
  imageAttachments: false,
};

function throughTable(table: string, field: string): string {
  return `${table}_${field}`;
}

function m2mColumns(model: string, target: string): { source: string; target: string } {
  const targetModel = target.slice(target.indexOf('.') + 1);
  return model === targetModel
    ? { source: `from_${model}_id`, target: `to_${model}_id` }
    : { source: `${model}_id`, target: `${targetModel}_id` };
}

function allModels(raw: RawCatalogue): string[] {
  return Object.entries(raw.apps)
    .flatMap(([app, a]) => Object.keys(a.models).map((m) => `${app}.${m}`))
    .sort(byCodePoint);
}

function modelsWithFeature(raw: RawCatalogue, feature: FeatureName): string[] {
  const out: string[] = [];
  for (const [app, a] of Object.entries(raw.apps)) {
    for (const [name, m] of Object.entries(a.models)) if (m.features?.includes(feature)) out.push(`${app}.${name}`);
  }
  return out.sort(byCodePoint);
}

/** The keys of a field's own type that become the IR's common constraints (a length, bounds, a pattern). */
function ownKeys(f: RawField): {
  max_length?: number;
  min_length?: number;
  min?: number;
  max?: number;
  max_digits?: number;
  decimal_places?: number;
  pattern?: string;
  validators?: FieldCommon['validators'];
  item_refs?: Record<string, string>;
  natural_sort?: boolean;
} {
  switch (f.type) {
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'json':
    case 'list':
    case 'image':
      return f;
    default:
      return {};
  }
}

function normalizeField(
  name: string,
  f: RawField,
  ctx: { model: string; table: string; raw: RawCatalogue },
): FieldDef[] {
  const required = f.required === true || f.required === 'type';
  const modelRequired = f.required === 'model' || f.required === 'type';
  // a value the model needs: never null, no default, whichever stage asks for it
  const needed = required || modelRequired;
  const nullable = f.nullable ?? (!needed && f.default === undefined && nullableByDefault.has(f.type));
  let def: unknown = f.default;
  if (def === undefined && !needed) {
    if (['string', 'text', 'slug'].includes(f.type) && !nullable) def = '';
    else if (f.type === 'boolean') def = false;
    else if (f.type === 'list') def = [];
    else if (nullable) def = null;
  }
  const c = ownKeys(f);
  const base: Omit<FieldCommon, 'name'> = {
    label: f.label ?? labelFromName(name),
    ...(f.help_text !== undefined ? { helpText: f.help_text } : {}),
    required,
    ...(modelRequired ? { modelRequired: true } : {}),
    nullable,
    blank: f.blank ?? (!needed && ['string', 'text', 'slug'].includes(f.type)),
    readOnly: f.read_only ?? false,
    writeOnly: f.write_only ?? false,
    unique: f.unique ?? false,
    ...(f.index ? { index: true } : {}),
    ...(def !== undefined ? { default: def } : {}),
    ...(c.max_length !== undefined ? { maxLength: c.max_length } : {}),
    ...(c.min_length !== undefined ? { minLength: c.min_length } : {}),
    ...(c.min !== undefined ? { min: c.min } : {}),
    ...(c.max !== undefined ? { max: c.max } : {}),
    ...(c.max_digits !== undefined ? { maxDigits: c.max_digits } : {}),
    ...(c.decimal_places !== undefined ? { decimalPlaces: c.decimal_places } : {}),
    ...(c.pattern !== undefined ? { pattern: c.pattern } : f.type === 'slug' ? { pattern: '^[-a-zA-Z0-9_]+$' } : {}),
    ...(f.example !== undefined ? { example: f.example } : {}),
    ...(c.validators ? { validators: c.validators } : {}),
    ...(c.item_refs ? { itemRefs: c.item_refs } : {}),
    ...(f.hidden ? { hidden: true } : {}),
    ...(f.snapshot !== undefined ? { snapshot: f.snapshot } : {}),
    ...(c.natural_sort ? { naturalSort: true } : {}),
    ...((f.empty_as_null ?? (f.unique && nullable && ['string', 'slug'].includes(f.type)))
      ? { emptyAsNull: true }
      : {}),
  };
  switch (f.type) {
    case 'fk':
      return [
        {
          name,
          kind: 'fk',
          column: `${name}_id`,
          ...base,
          to: f.to,
          onDelete: f.on_delete ?? (nullable ? 'set_null' : 'cascade'),
          ...(f.plain ? { plain: true } : {}),
          ...(f.nested ? nestedForm(f.nested) : {}),
        },
      ];
    case 'm2m': {
      const cols = m2mColumns(ctx.model, f.to);
      let through = { table: f.through ?? throughTable(ctx.table, name), ...cols };
      if (f.mirror) {
        // the other side's table, read from this side: its target column holds this model's ids
        const [app, model, field] = f.mirror.split('.') as [string, string, string];
        const other = rawModel(ctx.raw, app, model);
        const tf = other.fields[field];
        if (tf?.type !== 'm2m') throw new Error(`mirror: ${f.mirror} is not a many-to-many field`);
        const theirs = m2mColumns(model, tf.to);
        through = {
          table: tf.through ?? throughTable(other.table ?? tableName(app, model), field),
          source: theirs.target,
          target: theirs.source,
        };
      }
      return [
        {
          name,
          kind: 'm2m',
          ...base,
          default: [],
          nullable: false,
          to: f.to,
          writeIds: f.write_ids ?? true,
          through,
          ...(f.mirror ? { mirrors: f.mirror } : {}),
          ...(f.nested ? nestedForm(f.nested) : {}),
        },
      ];
    }
    case 'generic': {
      const types = f.types
        ? [...f.types]
        : f.types_any
          ? allModels(ctx.raw)
          : f.types_with_feature
            ? modelsWithFeature(ctx.raw, f.types_with_feature)
            : [];
      const typeColumn = `${name}_type`;
      const idColumn = `${name}_id`;
      const onDelete = f.on_delete ?? 'set_null';
      return [
        {
          name: typeColumn,
          kind: 'object_type',
          column: typeColumn,
          ...base,
          ...(f.required === 'type' ? { modelRequired: undefined } : {}),
          label: labelFromName(typeColumn),
          types,
        },
        // `required: type`: the type is the request's to give, the id the model's to need
        {
          name: idColumn,
          kind: 'bigint',
          column: idColumn,
          ...base,
          required: f.required === true,
          label: labelFromName(idColumn),
        },
        {
          name: f.read_as ?? name,
          kind: 'generic',
          ...base,
          readOnly: true,
          required: false,
          types,
          typeColumn,
          idColumn,
          onDelete,
        },
      ];
    }
    case 'choice':
      return [{ name, kind: 'choice', column: name, ...base, choices: f.choices, ...(f.plain ? { plain: true } : {}) }];
    case 'list':
      // a list is never null unless declared nullable (a list the runtime writes, null for none)
      return [{ name, kind: 'list', column: name, ...base, nullable: f.nullable === true, item: f.item }];
    case 'children':
      return [
        {
          name,
          kind: 'children',
          ...base,
          nullable: false,
          default: [],
          to: f.to,
          children: { via: f.via, where: f.where ?? {}, item: f.item_field },
        },
      ];
    case 'image':
      return [
        {
          name,
          kind: 'image',
          column: name,
          ...base,
          maxLength: f.max_length ?? 100,
          upload: {
            to: f.upload_to ?? `${ctx.model}-images`,
            ...(f.width_field ? { widthField: f.width_field } : {}),
            ...(f.height_field ? { heightField: f.height_field } : {}),
            ...(f.size_field ? { sizeField: f.size_field } : {}),
          },
        },
      ];
    default:
      if (f.type === 'object_type') return [{ name, kind: 'object_type', column: name, ...base }];
      return [f.virtual ? { name, kind: f.type, ...base } : { name, kind: f.type, column: name, ...base }];
  }
}

/** A key validate.ts has made sure of (a computed IP depth's `vrf`): its value. */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`a computed value lacks ${what}`);
  return value;
}

/** What an expression is read as (in the IR's key order: the choice set or target after `as`). */
function exprAs(e: Expansion): ExprAs {
  if (e.as === 'choice') return { as: 'choice', choices: e.choices };
  if (e.as === 'fk') return { as: 'fk', to: e.to };
  return { as: e.as };
}

function normalizeComputed(name: string, c: RawComputed, raw: RawCatalogue, key: string): FieldDef {
  let computed: ComputedDef;
  if (c.count) {
    const [app, model, field] = c.count.split('.') as [string, string, string];
    const target = rawModel(raw, app, model);
    const tf = target.fields[field];
    const through =
      tf?.type === 'm2m'
        ? {
            table: tf.through ?? throughTable(target.table ?? tableName(app, model), field),
            ...m2mColumns(model, tf.to),
          }
        : undefined;
    computed = {
      type: 'count',
      model: `${app}.${model}`,
      field,
      cumulative: c.cumulative ?? false,
      ...(through ? { through } : {}),
    };
  } else if (expressionKey(c)) {
    const e = expandExpression(c, { raw, key }) as Expansion;
    computed = { type: 'expr', sql: e.sql, ...exprAs(e) };
  } else if (c.copy) {
    computed = { type: 'copy', field: c.copy };
  } else if (c.ip_depth) {
    computed = { type: 'ip_depth', field: c.ip_depth, vrf: need(c.vrf, 'vrf') };
  } else if (c.config_context) {
    computed = { type: 'config_context', ...c.config_context };
  } else if (c.cable) {
    computed = { type: 'cable', part: c.cable };
  } else if (c.ip_children) {
    computed = { type: 'ip_children', field: c.ip_children, vrf: need(c.vrf, 'vrf') };
  } else {
    const [app, model, field] = need(c.reverse_list, 'what it computes').split('.') as [string, string, string];
    computed = { type: 'reverse_list', model: `${app}.${model}`, field };
  }
  return {
    name,
    kind: 'computed',
    label: c.label ?? labelFromName(name),
    required: false,
    nullable: true,
    blank: true,
    readOnly: true,
    writeOnly: false,
    unique: false,
    computed,
    ...(computed.type === 'expr' && computed.as === 'choice' ? { choices: computed.choices } : {}),
    ...(computed.type === 'expr' && computed.as === 'fk' ? { to: computed.to } : {}),
    ...(c.nested ? nestedForm(c.nested) : {}),
    ...(c.snapshot ? { snapshot: true } : {}),
  };
}

/** A `nested:` list: its field names, and the forms of their own it gives some of them. */
export function nestedForm(list: readonly unknown[]): { nested: string[]; forms?: Record<string, NestedForm> } {
  const nested: string[] = [];
  const forms: Record<string, NestedForm> = {};
  for (const item of list) {
    if (typeof item === 'string') {
      nested.push(item);
      continue;
    }
    for (const [name, form] of Object.entries(item as Record<string, unknown>).slice(0, 1)) {
      nested.push(name);
      forms[name] = form === 'plain' ? 'plain' : nestedForm(form as unknown[]);
    }
  }
  return Object.keys(forms).length ? { nested, forms } : { nested };
}

/** What the fields every model has (`id`, `url`, `tags`, timestamps, …) say of themselves: read-only, not null. */
function envelope(name: string, label = labelFromName(name)): Omit<FieldCommon, 'name'> {
  return { label, required: false, nullable: false, blank: true, readOnly: true, writeOnly: false, unique: false };
}

/** A check with its arguments in the catalogue's form (validate.ts has checked them against the spec). */
function checkCall(check: CheckName, raw: RawArgs): CheckCall {
  return { check, args: parseArgs(checkArgs[check], raw) } as CheckCall;
}

function actionCall(op: ActionOp, raw: RawArgs): ActionCall {
  return { op, args: parseArgs(actionArgs[op], raw) } as ActionCall;
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

function normalizeModel(app: string, name: string, m: RawModel, raw: RawCatalogue): ModelDef {
  const key = `${app}.${name}`;
  const table = m.table ?? tableName(app, name);
  const features = { ...defaultFeatures };
  for (const f of m.features ?? []) {
    features[
      (
        { custom_fields: 'customFields', image_attachments: 'imageAttachments' } as Record<
          string,
          keyof typeof features
        >
      )[f] ?? (f as keyof typeof features)
    ] = true;
  }
  const timestamps = m.timestamps ?? true;
  // kept, filtered on and shown in GraphQL as NetBox's model has them; not in its serializer's answers
  const unlisted = timestamps === 'unlisted' ? { unlisted: true } : {};
  const declared = Object.entries(m.fields).flatMap(([n, f]) => normalizeField(n, f, { model: name, table, raw }));
  const computed = Object.entries(m.computed ?? {}).map(([n, c]) => normalizeComputed(n, c, raw, key));
  const timestamp = (n: 'created' | 'last_updated'): FieldDef => ({
    name: n,
    kind: 'timestamp',
    ...envelope(n),
    column: n,
    nullable: true,
    ...unlisted,
  });
  const all: FieldDef[] = [
    { name: 'id', kind: 'id', ...envelope('id', 'ID'), column: 'id' },
    { name: 'url', kind: 'url', ...envelope('url', 'URL') },
    ...(m.display_url === false
      ? []
      : [{ name: 'display_url', kind: 'display_url', ...envelope('display_url', 'Display URL') } as const]),
    { name: 'display', kind: 'display', ...envelope('display') },
    ...declared,
    ...(features.tags
      ? [
          {
            name: 'tags',
            kind: 'tags',
            ...envelope('tags'),
            readOnly: false,
            default: [],
            ...(m.tags_as_slugs ? { plain: true } : {}),
          } as const,
        ]
      : []),
    ...(features.customFields
      ? [
          {
            name: 'custom_fields',
            kind: 'custom_fields',
            ...envelope('custom_fields'),
            readOnly: false,
            column: 'custom_field_data',
            default: {},
          } as const,
        ]
      : []),
    ...(timestamps === true || timestamps === 'created' || timestamps === 'unlisted' ? [timestamp('created')] : []),
    ...(timestamps === true || timestamps === 'last_updated' || timestamps === 'unlisted'
      ? [timestamp('last_updated')]
      : []),
    ...computed,
    ...(m.tree
      ? [
          {
            name: '_depth',
            kind: 'computed',
            ...envelope('_depth', 'Depth'),
            computed: { type: 'tree_depth' },
          } as const,
        ]
      : []),
  ];
  // the wire order: the default one with the `after:` and `move:` placements (order.ts)
  let fields = placeFields(all, placementsOf(raw, key));
  const fieldOptions = m.options?.fields ?? {};
  fields = fields.map((f) => (fieldOptions[f.name] ? { ...f, options: fieldOptions[f.name] } : f));
  // described whole, for a name the model lacks: a field only NetBox's serializer has
  const serializerOnly = Object.entries(fieldOptions).filter(([n]) => !fields.some((f) => f.name === n));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const computedOf = (n: string) => {
    const f = byName.get(n);
    return f?.kind === 'computed' ? f.computed : undefined;
  };
  const isCount = (n: string) => computedOf(n)?.type === 'count';
  // a subtree count (NetBox's annotation of a tree) stays in the nested form, where it reads 0; any
  // other count is left out of it unless `nested:` names it
  const isSubtreeCount = (n: string) => {
    const c = computedOf(n);
    return c?.type === 'count' && c.cumulative;
  };
  const brief = m.brief ?? [
    'id',
    'url',
    'display',
    ...(byName.has('name') ? ['name'] : []),
    ...(byName.has('slug') ? ['slug'] : []),
    ...(byName.has('description') ? ['description'] : []),
  ];
  const nested = m.nested ?? brief.filter((n) => !isCount(n) || isSubtreeCount(n));
  const verboseName = m.verbose_name ?? verboseFromClass(m.class);
  const label = (n: string) => byName.get(n)?.label ?? n;

  const uniques: UniqueDef[] = [];
  for (const f of declared) {
    if (f.unique && f.column) {
      uniques.push({
        fields: [f.name],
        nullsEqual: false,
        key: f.name,
        message: `${verboseName} with this ${f.label.toLowerCase()} already exists.`,
        ...(f.nullable ? { whenSet: [f.name] } : {}),
      });
    }
  }
  for (const u of m.unique_together ?? []) {
    uniques.push({
      fields: u.fields,
      ...(u.ci ? { ci: u.ci } : {}),
      nullsEqual: u.nulls_distinct === false,
      ...(u.when_set ? { whenSet: u.when_set } : {}),
      ...(u.when_null ? { whenNull: u.when_null } : {}),
      key: u.key ?? '__all__',
      message: u.message ?? `${capitalize(verboseName)} with this ${u.fields.map(label).join(' and ')} already exists.`,
    });
  }
  const rules: RuleDef[] = (m.rules ?? []).map((r) => {
    if (r.requires)
      return {
        type: 'requires',
        field: r.requires[0],
        requires: r.requires[1],
        message:
          r.message ??
          `Must specify ${label(r.requires[1]).toLowerCase()} when ${label(r.requires[0]).toLowerCase()} is set.`,
      };
    if (r.same)
      return {
        type: 'same',
        left: r.same[0].split('.'),
        right: r.same[1].split('.'),
        key: r.key ?? r.same[0].replace(/\..*$/, ''),
        message: r.message ?? `${label(r.same[0])} must match ${label(r.same[1])}.`,
      };
    if (r.one_of)
      return {
        type: 'one_of',
        fields: r.one_of,
        key: r.key ?? '__all__',
        message: r.message ?? `One of ${r.one_of.join(', ')} must be set.`,
      };
    if (r.all_of)
      return {
        type: 'all_of',
        fields: r.all_of,
        key: r.key ?? '__all__',
        message: r.message ?? `${r.all_of.join(', ')} must all be set.`,
      };
    if (r.check)
      return {
        type: 'check',
        ...checkCall(r.check, r.args ?? {}),
        key: r.key ?? '__all__',
        ...(r.message ? { message: r.message } : {}),
      };
    if (r.ip_unique) {
      const u = r.ip_unique;
      return {
        type: 'ip_unique',
        field: u.field,
        vrf: u.vrf,
        ...(u.enforce ? { enforce: u.enforce } : {}),
        host: u.host ?? false,
        key: r.key ?? u.field,
        what: u.what,
        ...(u.exempt_field ? { exemptField: u.exempt_field, exempt: u.exempt ?? [] } : {}),
      };
    }
    if (r.less)
      return {
        type: 'less',
        left: r.less[0],
        right: r.less[1],
        key: r.key ?? r.less[1],
        message: r.message ?? `${label(r.less[0])} must be lower than ${label(r.less[1])}.`,
      };
    throw new Error(`${key}: a rule of no known kind`);
  });
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
    tree: m.tree ?? false,
    ...(naturalKey ? { naturalKey } : {}),
    fields,
    brief,
    nested,
    ...(m.generic_nested ? { genericNested: m.generic_nested } : {}),
    display: parseDisplay(m.display),
    ordering: parseOrdering(m.ordering ?? defaultOrdering),
    uniques,
    rules,
    search,
    aliases: Object.entries(m.aliases ?? {}).map(([n, a]) => ({
      name: n,
      field: a.field,
      ...(a.type ? { type: a.type } : {}),
      reason: a.reason,
    })),
    ignoredParams: Object.entries(m.ignored_filters ?? {}).map(([n, reason]) => ({ name: n, reason })),
    reverse: [],
    ...(m.template_of ? { templateOf: m.template_of } : {}),
    ...(m.totals
      ? {
          totals: m.totals.map((t) => {
            const [via, field] = t.into.split('.') as [string, string];
            return { sum: t.sum, via, field };
          }),
        }
      : {}),
    ...(m.instantiates ? { instantiates: m.instantiates } : {}),
    actions: Object.entries(m.actions ?? {})
      .sort(([a], [b]) => byCodePoint(a, b))
      .map(([path, { op, ...args }]) => ({ path, ...actionCall(op, args) })),
    ...(m.options?.description !== undefined || m.options?.type_choices || serializerOnly.length
      ? {
          options: {
            ...(m.options?.description !== undefined ? { description: m.options.description } : {}),
            ...(m.options?.type_choices ? { typeChoices: m.options.type_choices } : {}),
            ...(serializerOnly.length ? { serializerOnly: Object.fromEntries(serializerOnly) } : {}),
          },
        }
      : {}),
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
  const sortedModels: Record<string, ModelDef> = {};
  for (const [k, m] of Object.entries(models).sort(([a], [b]) => byCodePoint(a, b))) sortedModels[k] = m;
  const choices: Record<string, ChoiceOption[]> = {};
  for (const [k, options] of Object.entries(raw.choices ?? {}).sort(([a], [b]) => byCodePoint(a, b))) {
    choices[k] = options.map(([value, label]) => ({ value, label }));
  }
  return { apps, models: sortedModels, choices };
}
