/**
 * A model's `options:` in the catalogue's format (schema.ts): what NetBox's OPTIONS answer says where
 * runtime/rest/options/ cannot derive it from the fields (DRF's field metadata, the view's description).
 */
import { Type } from '@sinclair/typebox';
import { closed, mapOf, oneOf, text } from './schema-parts.ts';

const { Array: List, Boolean: Bool, Integer, Null, Number: Num, Object: Obj, Optional, String: Str, Union } = Type;

/** DRF's field metadata types an `options.fields` entry may give. */
const drfTypes = [
  'field',
  'boolean',
  'string',
  'url',
  'email',
  'slug',
  'integer',
  'decimal',
  'date',
  'datetime',
  'choice',
  'list',
  'nested object',
  'image upload',
] as const;
const optionalNumber = Optional(Union([Num(), Null()]));
const drfChoice = closed({ value: Union([Str(), Integer(), Null()]), display_name: Str() });
const objectOrNull = (description?: string) =>
  Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], ...(description ? { description } : {}) });

/** DRF's field metadata keys an `options.fields` entry may give (null removes what the rule derives). */
const fieldOptions = Obj(
  {
    type: Optional(oneOf(drfTypes)),
    required: Optional(Bool()),
    read_only: Optional(Bool({ description: "NetBox's serializer's flag, where its writes are no more than ours" })),
    label: Optional(text()),
    help_text: Optional(Union([Str(), Null()])),
    min_length: optionalNumber,
    max_length: optionalNumber,
    min_value: optionalNumber,
    max_value: optionalNumber,
    max_digits: optionalNumber,
    decimal_places: optionalNumber,
    choices: Optional(Union([Null(), Str({ description: 'a choice set' }), List(drfChoice)])),
    child: Optional(
      objectOrNull("a list's item: keys merged into the rule's item, or the item's whole description (null: none)"),
    ),
    children: Optional(
      mapOf(objectOrNull(), undefined, {
        description: "a nested object's fields by name: keys merged into the rule's, a new field, or null (none)",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const modelOptions = closed(
  {
    description: Optional(text()),
    type_choices: Optional(
      Union([Bool(), mapOf(Str({ pattern: '^[a-z_]+$' }))], {
        description:
          'true: every content-type field lists every object type; or field → the NetBox feature its types have',
      }),
    ),
    fields: Optional(
      mapOf(fieldOptions, Str({ pattern: '^_?[a-z][a-z0-9_]*$' }), {
        description:
          'by field; a name the model lacks is a field only NetBox’s serializer declares, described whole ' +
          '(type, required, read_only, label): listed by OPTIONS, never read or written',
      }),
    ),
  },
  "NetBox's OPTIONS answer where the rule cannot derive it: the view's description, object type choices, fields",
);
