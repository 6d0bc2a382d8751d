/**
 * A model's field in the catalogue, by its `type`: each type takes the keys every field takes and those
 * of its own (a foreign key its `to`, a choice its `choices`, a list its `item`), so a key a type does not
 * take is an unknown key at its YAML path, a key it needs a missing one, and the raw type (`RawField`) is
 * a union that code narrows by `type`. The schema's `oneOf` has a `discriminator` on `type` (ajv picks the
 * one branch and reports its faults alone; editors read the `oneOf`).
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { featureNames } from '../../runtime/catalogue/names.ts';
import {
  closed,
  contentType,
  fieldPathPattern,
  flag,
  identifier,
  mapOf,
  nestedList,
  oneOf,
  strings,
  text,
  wireName,
} from './schema-parts.ts';

const { Array: List, Boolean: Bool, Integer, Number: Num, Optional } = Type;
const { String: Str, Union, Unknown } = Type;

export const fieldTypes = [
  'string',
  'text',
  'slug',
  'integer',
  'bigint',
  'decimal',
  'boolean',
  'date',
  'timestamp',
  'json',
  'choice',
  'fk',
  'm2m',
  'generic',
  'ipnetwork',
  'ipaddress',
  'list',
  'password',
  'object_type',
  'image',
  'children',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const listItemTypes = ['string', 'integer', 'ipnetwork', 'object_type'] as const;

const validator = closed({
  pattern: Str(),
  message: Str(),
  inverse: flag('the value must NOT match'),
  ci: flag('match case-insensitively'),
});

/** Keys every field takes. */
const common = {
  label: Optional(text()),
  help_text: Optional(text()),
  required: Optional(
    Union([Bool(), oneOf(['model', 'type'] as const)], {
      description:
        'true: the request must give it; `model`: a value is needed, but it is checked only when the request ' +
        "is otherwise valid (NetBox's model validation after its serializer's); `type` (a generic relation): " +
        "the type is required, the id is the model's",
    }),
  ),
  nullable: flag(),
  blank: flag(),
  default: Optional(Unknown()),
  unique: flag(),
  natural: flag("the model's natural key (what `<relation>=` filters compare with)"),
  index: flag(),
  read_only: flag(),
  write_only: flag(),
  hidden: flag('a column the API never reads or writes (secrets, hashes); only hooks touch it'),
  empty_as_null: flag(),
  snapshot: Optional(
    oneOf(
      [false, true, 'blank', 'ranges'] as const,
      "NetBox's snapshot of the object (change records, webhooks): true, a hidden column it shows all the same",
    ),
  ),
  example: Optional(Unknown()),
  after: Optional(wireName('the field this one comes right after in the wire order (default: as declared)')),
};

/** What a field with a column of its own takes: the name it had before, when it is renamed. */
const column = {
  renamed_from: Optional(
    wireName(
      'the name the field had before: `npm run generate` renames its column (drizzle-kit would drop and add ' +
        'it), and branches opened before the rename keep their changes to it',
    ),
  ),
};

/** A value in a column of its own type; `virtual`: a write-only input with no column (read by a hook). */
const value = { ...column, virtual: flag('write-only input with no column (read by a hook)') };
const textKeys = {
  ...value,
  max_length: Optional(Integer({ minimum: 1 })),
  min_length: Optional(Integer({ minimum: 0 })),
  pattern: Optional(text()),
  natural_sort: Optional(
    Union([Bool(), oneOf(['interface'] as const)], {
      description:
        "sorts naturally (`a2` before `a10`, case aside): NetBox's natural_sort collation; `interface`: by NetBox's " +
        'naturalize_interface key (slots and positions first, then the type, the id, channel and subinterface)',
    }),
  ),
  validators: Optional(List(validator, { description: 'further checks of the value, each with its own message' })),
};
const bounds = { ...value, min: Optional(Num()), max: Optional(Num()) };
const relationTarget = (description: string) =>
  Str({ pattern: '^(self|[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*)$', description });
const onDelete = Optional(oneOf(['cascade', 'set_null', 'protect', 'none'] as const));

/** The branch of fields whose `type` is one of `types`, with the keys of `own` besides the common ones. */
function kind<const T extends readonly FieldType[], P extends TProperties>(types: T, own: P, description: string) {
  return closed({ type: oneOf(types), ...common, ...own }, description);
}

const branches = [
  kind(['string', 'text', 'slug', 'password'], textKeys, 'text'),
  kind(['integer', 'bigint'], bounds, 'a whole number'),
  kind(
    ['decimal'],
    { ...bounds, max_digits: Integer({ minimum: 1 }), decimal_places: Integer({ minimum: 0 }) },
    'a decimal number of `max_digits` digits, `decimal_places` of them after the point',
  ),
  kind(['boolean', 'date', 'timestamp', 'ipnetwork', 'ipaddress'], value, 'a value'),
  kind(
    ['json'],
    {
      ...value,
      item_refs: Optional(
        mapOf(contentType, undefined, {
          description: 'json lists of objects: keys whose values name objects of a model (copied templates map them)',
        }),
      ),
    },
    'JSON',
  ),
  kind(['object_type'], column, 'a content type `app.model`'),
  kind(
    ['choice'],
    {
      ...column,
      choices: text('the choice set'),
      plain: flag('read as its bare value rather than {value, label}'),
    },
    'one value of a choice set',
  ),
  kind(
    ['fk'],
    {
      ...column,
      to: relationTarget('the model (`app.model`); `self`: the model itself (a base’s tree parent)'),
      on_delete: onDelete,
      nested: Optional(nestedList('the fields of the target shown when nested')),
      plain: flag('read as its id (DRF’s primary-key field)'),
    },
    'a foreign key',
  ),
  kind(
    ['m2m'],
    {
      to: relationTarget('the model (`app.model`); `self`: the model itself'),
      through: Optional(text('the link table (default: `<table>_<field>`)')),
      mirror: Optional(
        Str({
          pattern: fieldPathPattern,
          description: "the other side of another model's m2m field (`app.model.field`), sharing its table",
        }),
      ),
      nested: Optional(nestedList('the fields of the target shown when nested')),
      write_ids: flag(),
      filter_name: Optional(identifier),
    },
    'a many-to-many relation',
  ),
  kind(
    ['generic'],
    {
      types: Optional(List(contentType, { minItems: 1 })),
      types_any: flag('any model of the catalogue'),
      types_with_feature: Optional(oneOf(featureNames, 'every model that has this feature')),
      read_as: Optional(
        Str({
          pattern: '^[a-z][a-z0-9_]*$',
          description: "the nested object's name on read (columns keep the field's name: `<name>_type`, `_id`)",
        }),
      ),
      on_delete: onDelete,
    },
    'a generic relation: an object of one of `types` (or `types_any`, or `types_with_feature`)',
  ),
  kind(
    ['children'],
    {
      to: relationTarget('the child model (`app.model`)'),
      via: text("the child model's relation to this one"),
      where: Optional(strings),
      item_field: text("the child's generic field naming the object"),
    },
    'rows of another model written with the object, each naming one object',
  ),
  kind(
    ['list'],
    { ...column, item: oneOf(listItemTypes), max_length: Optional(Integer({ minimum: 1 })) },
    'a list of values',
  ),
  kind(
    ['image'],
    {
      ...column,
      max_length: Optional(Integer({ minimum: 1 })),
      upload_to: Optional(Str({ pattern: '^[a-z][a-z0-9-]*$', description: 'the folder under MEDIA_ROOT' })),
      width_field: Optional(text("the field that gets the stored image's width")),
      height_field: Optional(text("the field that gets the stored image's height")),
      size_field: Optional(text("the field that gets the stored image's size in bytes")),
    },
    'an uploaded image',
  ),
];

type Branch = (typeof branches)[number];
const union = Union(branches as unknown as [Branch, ...Branch[]]);

/** A field, one branch per type (ajv's discriminator selects it by `type`). */
export const field = Type.Unsafe<Static<typeof union>>({
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: branches as TObject[],
});
export type RawField = Static<typeof field>;
