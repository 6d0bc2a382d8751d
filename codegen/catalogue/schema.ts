/**
 * The format of the catalogue's files (models/<app>.yaml, models/bases.yaml), described once: a JSON Schema
 * written with TypeBox, from which the raw catalogue's TypeScript types come by inference (`Static`), and
 * which `npm run generate` writes to generated/models.schema.json for editors (it describes one file).
 * Structural rules live here; rules that need the whole catalogue (unknown choice sets, relation targets,
 * brief fields that do not exist, bases, the wire order) live in assemble.ts, bases.ts, validate.ts, order.ts.
 * The names of runtime behaviour (ops, checks, actions, hooks) come from runtime/catalogue/names.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { actionOps, featureNames, filterOps, hookNames } from '../../runtime/catalogue/names.ts';
import { objectTypeFeatures } from '../../runtime/catalogue/known-object-types.ts';
import {
  closed,
  contentType,
  fieldList,
  fieldPath,
  flag,
  identifier,
  mapOf,
  oneOf,
  strings,
  text,
  wireName,
} from './schema-parts.ts';
import { field } from './schema-fields.ts';

export { fieldTypes, listItemTypes, type RawField } from './schema-fields.ts';
import { computed, expressionKeys } from './schema-computed.ts';
import { modelOptions } from './schema-options.ts';
import { graphqlFile, graphqlModel, type RawGraphqlFile } from './schema-graphql.ts';
import { rule, unique } from './schema-rules.ts';

const { Array: List, Boolean: Bool, Integer, Object: Obj, Optional } = Type;
const { String: Str, Tuple, Union } = Type;

const path = Str({ pattern: '^_?[a-z][a-z0-9_]*(\\._?[a-z][a-z0-9_]*)*$' });

const reachKeys = {
  via: Optional(path),
  from: Optional(fieldPath),
  filter: Optional(identifier),
  types: Optional(List(contentType, { minItems: 1, description: 'generic relations on the way: only these types' })),
  inside: flag('a generic relation ending the path: objects inside the one named count too (a site’s locations)'),
  where: Optional(mapOf(Str(), undefined, { description: 'fixed values of the rows a `from` reaches' })),
  tree: flag(),
  natural: Optional(identifier),
};
const reach = closed(reachKeys);

const filter = closed(
  {
    ...reachKeys,
    any: Optional(List(Union([path, reach]), { minItems: 2 })),
    op: Optional(oneOf(filterOps)),
    arg: Optional(text()),
    field: Optional(text()),
    ...expressionKeys,
    lookups: Optional(fieldList()),
    type: Optional(oneOf(['string', 'integer', 'number', 'boolean'] as const)),
    description: Optional(text()),
  },
  'a runtime operation (`op`), or a filter reached through relations: `from` a relation of another model ' +
    'pointing here, then `via` fields, ending at a field, at another model’s `filter`, or at the object itself',
);

const alias = closed({ field: Str(), type: Optional(contentType), reason: Str() });

const action = Type.Unsafe<{ op: (typeof actionOps)[number] } & Record<string, string>>({
  type: 'object',
  required: ['op'],
  properties: { op: { enum: [...actionOps] } },
  additionalProperties: { type: 'string' },
});

const modelKeys = {
  class: Str({ pattern: '^[A-Z][A-Za-z0-9]*$' }),
  path: Str({ pattern: '^[a-z][a-z0-9-]*$' }),
  table: Optional(identifier),
  also_mounted_at: Optional(List(Str({ pattern: '^[a-z]+/[a-z][a-z0-9-]*$' }))),
  object_type: Optional(
    closed(
      {
        id: Integer({ minimum: 1 }),
        features: List(oneOf([...objectTypeFeatures, 'netbox'] as const)),
        internal: flag('not public (NetBox’s `public: false`)'),
      },
      "NetBox's object type of the model: its id and NetBox's feature names (`netbox`: its NetBoxFeatureSet)",
    ),
  ),
  verbose_name: Optional(text()),
  verbose_name_plural: Optional(text()),
  description: Optional(text()),
  tree: flag(),
  read_only: flag(),
  timestamps: Optional(
    Union([Bool(), oneOf(['created', 'last_updated', 'unlisted'] as const)], {
      description:
        '`created` and `last_updated` (true, the default), neither, only the one named, or both `unlisted`: ' +
        'kept and filtered on as NetBox’s model has them, but left out of the API as its serializer leaves them',
    }),
  ),
  display_url: Optional(
    Union([Bool(), Str({ pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)*$' })], {
      description:
        'false: no `display_url` (NetBox leaves it out of a few serializers); a path: the object’s page is ' +
        'there instead of under its API path (NetBox’s change records: `core/changelog`)',
    }),
  ),
  tags_as_slugs: flag('`tags` read and written as slugs, not nested tags (NetBox’s config contexts)'),
  hooks: Optional(oneOf(hookNames, 'hand-written behaviour of runtime/hooks/')),
  natural_key: Optional(text()),
  features: Optional(List(oneOf(featureNames))),
  fields: mapOf(field, identifier),
  computed: Optional(mapOf(computed, Str({ pattern: '^_?[a-z][a-z0-9_]*$' }))),
  unique_together: Optional(List(unique)),
  rules: Optional(List(rule)),
  brief: Optional(fieldList()),
  nested: Optional(fieldList()),
  generic_nested: Optional(
    fieldList(
      'the form a generic relation (an assigned object, a change record’s object) shows it in, where it ' +
        'differs from the nested one (NetBox’s brief serializer beside a legacy nested one: tags)',
    ),
  ),
  move: Optional(
    mapOf(closed({ after: wireName('the field it comes right after') }), Str({ pattern: '^_?[a-z][a-z0-9_]*$' }), {
      description:
        'fields the model does not declare itself (tags, custom_fields, created, last_updated, _depth, its ' +
        'base’s) placed right after another in the wire order',
    }),
  ),
  display: Union([Str({ minLength: 1 }), List(Str({ minLength: 1 }), { minItems: 1 })]),
  ordering: Optional(fieldList('fields (or keys) in order; `-name` descending')),
  keys: Optional(
    mapOf(
      Union([
        closed({ naturalize_interface: text("the field named as NetBox's naturalize_interface orders it") }),
        closed({ copy: text("`<foreign key>.<field>`: the related row's field, kept on this row") }),
      ]),
      Str({ pattern: '^_[a-z][a-z0-9_]*$' }),
      {
        description:
          'stored keys (runtime/catalogue/keys.ts): columns the write path keeps derived from each row, ' +
          "which ordering may name: NetBox's Interface._name, a device's name kept on its interfaces",
      },
    ),
  ),
  list_ordering: Optional(
    fieldList(
      "the list's own default order, where NetBox's view orders otherwise than its model (whose `ordering` other " +
        'models follow when they order by a relation to it)',
    ),
  ),
  search: Optional(fieldList()),
  filters: Optional(mapOf(filter)),
  aliases: Optional(mapOf(alias)),
  ignored_filters: Optional(mapOf(Str({ minLength: 1 }))),
  propagate_filters: Optional(
    mapOf(Union([path, Obj(reachKeys, { additionalProperties: false, required: ['via'] })]), undefined, {
      description: 'filters every model with a foreign key to this one gets, through that key (`region: region`)',
    }),
  ),
  template_of: Optional(contentType),
  totals: Optional(
    List(closed({ sum: Str(), into: path }), {
      description: "a parent's field kept equal to the sum of its children's (a VM's disk, its virtual disks' sizes)",
    }),
  ),
  reverse_filters: Optional(
    closed(
      { via: Str(), filters: strings },
      'filters this model gives every model its generic relation can name (contacts of an object): ' +
        'filter name → own fk field',
    ),
  ),
  instantiates: Optional(
    closed(
      {
        type: Str(),
        device: Optional(text()),
        placeholders: Optional(strings),
        replicate: Optional(text('boolean input: false skips the copying')),
        adopt: Optional(text("boolean input: true takes the device's like-named free components")),
      },
      'creating one of these copies the templates of its `type` into components (NetBox’s instantiation)',
    ),
  ),
  actions: Optional(
    mapOf(action, Str({ pattern: '^[a-z][a-z0-9-]*$' }), {
      description: 'detail actions (`/<id>/<name>/`): a runtime operation and the fields it works on',
    }),
  ),
  options: Optional(modelOptions),
  graphql: Optional(graphqlModel),
};

/** A model as the catalogue's checks and normalisation read it: its bases' keys applied (bases.ts). */
const model = closed(modelKeys);

const extendsKey = Optional(
  Str({
    pattern: '^[a-z][a-z0-9_]*$',
    description:
      'a base of models/bases.yaml (after NetBox’s abstract models) whose keys this starts from: its `fields` ' +
      'come after the own ones unless declared here (a field of the same name replaces the base’s), and every ' +
      'other key given here replaces the base’s',
  }),
);

/** A model as a file declares it: `fields` and `display` may come from its base. */
const modelEntry = closed({
  extends: extendsKey,
  ...modelKeys,
  fields: Optional(modelKeys.fields),
  display: Optional(modelKeys.display),
});

/** What makes a model itself (its class, path, table, names) is never a base's. */
const identity = [
  'class',
  'path',
  'object_type',
  'table',
  'also_mounted_at',
  'verbose_name',
  'verbose_name_plural',
  'description',
] as const;
const base = Type.Partial(Type.Omit(Obj({ extends: extendsKey, ...modelKeys }), identity), {
  additionalProperties: false,
  description:
    'keys shared by the models that extend it (`extends: <base>`); a field given `to: self` points at the ' +
    'model itself (a tree’s parent)',
});

const choiceOption = Tuple([Union([Str(), Integer()]), Str()]);

const choiceSet = List(choiceOption, { minItems: 1 });

/** One file of the catalogue: `models/<app>.yaml` (an app, named by the file) or `models/bases.yaml`. */
export const catalogueFileSchema = closed(
  {
    label: Optional(text('an app’s name in the API’s pages (default: the file’s name, capitalised)')),
    api_path: Optional(
      Str({
        pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)?$',
        description: 'URL segment(s) below /api/ (default: the app name), e.g. `plugins/branching`',
      }),
    ),
    choices: Optional(
      mapOf(choiceSet, undefined, {
        description: 'choice sets (value, label), one namespace for the whole catalogue: each declared in one file',
      }),
    ),
    graphql: Optional(graphqlFile),
    models: Optional(mapOf(modelEntry, identifier, { description: 'an app file’s models: class, path, fields…' })),
    bases: Optional(mapOf(base, identifier, { description: 'models/bases.yaml only: the bases models extend' })),
  },
  'One file of the model catalogue: models/<app>.yaml holds an app (its models and the choice sets they use), ' +
    'models/bases.yaml the bases its models extend (NetBox’s abstract models)',
);

export type RawFile = Static<typeof catalogueFileSchema>;
export type RawModelEntry = Static<typeof modelEntry>;
export type RawBase = Static<typeof base>;
export type RawChoiceSet = Static<typeof choiceSet>;
export type RawModel = Static<typeof model>;
export interface RawApp {
  readonly label?: string;
  readonly api_path?: string;
  readonly models: Record<string, RawModel>;
}

/** The catalogue's files read together: every app with its models' bases applied, and where each came from. */
export interface RawCatalogue {
  readonly choices: Record<string, RawChoiceSet>;
  /** the choice sets' GraphQL names, from the files that declare them */
  readonly graphql: Required<RawGraphqlFile>;
  readonly apps: Record<string, RawApp>;
  /** by app: the file it was read from, for faults */
  readonly files: Record<string, string>;
  /** by model (`app.model`), then field: the base path of a field the model has from a base, for faults */
  readonly inherited: Record<string, Record<string, string>>;
}
export type { RawComputed, RawExpression } from './schema-computed.ts';
export type { RawGraphqlFile, RawGraphqlFilter, RawGraphqlModel } from './schema-graphql.ts';
export type RawFilter = Static<typeof filter>;
export type { RawRule, RawUnique } from './schema-rules.ts';
