/**
 * What every part of the OpenAPI document uses: references to components, a JSON body, and the
 * answers most operations share, each written once in `components.responses` and referred to.
 */
export type Json = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Json) => ({ 'application/json': { schema } });
/** A path's `{id}` of the object it names. */
export const idParam = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `A unique integer value identifying this ${what}.`,
  schema: { type: 'integer' },
});
export const detail = (description: string) => ({ description, content: json(ref('Detail')) });

/** The schemas of answers every endpoint may give: errors and OPTIONS metadata, and a bulk delete's item. */
export const baseSchemas: Record<string, Json> = {
  Detail: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
  ValidationError: {
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'object' }] },
  },
  Metadata: {
    type: 'object',
    required: ['name', 'description', 'renders', 'parses'],
    properties: {
      name: { type: 'string', description: 'The view: `Site List`, `Site Instance`' },
      description: { type: 'string' },
      renders: { type: 'array', items: { type: 'string' } },
      parses: { type: 'array', items: { type: 'string' } },
      actions: {
        type: 'object',
        description: 'POST (a list, for who may create) and PUT (for who may change): every field of the object',
        properties: {
          POST: { type: 'object', additionalProperties: ref('FieldMetadata') },
          PUT: { type: 'object', additionalProperties: ref('FieldMetadata') },
        },
      },
    },
  },
  FieldMetadata: {
    type: 'object',
    description: "A field as Django REST framework's metadata describes NetBox's serializer field",
    required: ['type', 'required', 'read_only'],
    properties: {
      type: {
        type: 'string',
        description: '`field` (related ids, choices, computed values), `nested object`, `list`, `string`, …',
      },
      required: { type: 'boolean' },
      read_only: { type: 'boolean' },
      label: { type: 'string' },
      help_text: { type: 'string' },
      min_length: { type: 'integer' },
      max_length: { type: 'integer' },
      min_value: { type: 'number' },
      max_value: { type: 'number' },
      max_digits: { type: 'integer' },
      decimal_places: { type: 'integer' },
      child: { ...ref('FieldMetadata'), description: "A list's item" },
      children: {
        type: 'object',
        description: "A nested object's fields",
        additionalProperties: ref('FieldMetadata'),
      },
      choices: {
        type: 'array',
        items: {
          type: 'object',
          required: ['value', 'display_name'],
          properties: { value: {}, display_name: { type: 'string' } },
        },
      },
    },
  },
  BulkDeleteItem: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' }, changelog_message: { type: 'string' } },
  },
};

const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The shared answers, by the name they have in `components.responses`. */
export const sharedResponses: Record<string, Json> = {
  ValidationError: {
    description:
      'Invalid input: an object mapping each bad field to its messages (for an array request, one such object per ' +
      'item, in order)',
    content: json({ anyOf: [ref('ValidationError'), { type: 'array', items: ref('ValidationError') }] }),
  },
  Forbidden: detail('Not authenticated or not permitted'),
  NotFound: detail('Not found'),
  Blocked: detail('Blocked by dependent objects'),
};

export const invalid = { '400': response('ValidationError') };
export const errorResponses = { ...invalid, '403': response('Forbidden') };
export const notFound = { '404': response('NotFound') };
export const blocked = { '409': response('Blocked') };
