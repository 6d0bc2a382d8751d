/**
 * JSON Schema of models.yaml. Structural rules live here; rules that need the whole catalogue
 * (unknown choice sets, relation targets, brief fields that do not exist) live in validate.ts.
 */

const identifier = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
const contentType = { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' } as const;
const fieldList = { type: 'array', items: { type: 'string' } } as const;

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

/** Detail actions the runtime implements (`runtime/rest/actions/`), switched on per model by `actions:`. */
export const actionOps = [
  'available_ips',
  'available_prefixes',
  'available_vlans',
  'available_asns',
  'trace',
  'paths',
  'render_config',
  'render_template',
] as const;

/** Model checks written once in runtime/write/checks/, switched on per model by a rule `{check: <name>, args}`. */
export const checkOps = ['primary_ip', 'keeps_primary_ip', 'rack_space', 'lag'] as const;

export const listItemTypes = ['string', 'integer', 'ipnetwork', 'object_type'] as const;

const field = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { enum: fieldTypes },
    label: { type: 'string' },
    help_text: { type: 'string' },
    // true: the request must give it; `model`: a value is needed, but it is checked only when the request
    // is otherwise valid (NetBox's model validation after its serializer's); `type` (a generic relation):
    // the type is required, the id is the model's
    required: { anyOf: [{ type: 'boolean' }, { enum: ['model', 'type'] }] },
    nullable: { type: 'boolean' },
    blank: { type: 'boolean' },
    default: {},
    unique: { type: 'boolean' },
    natural: { type: 'boolean' },
    natural_sort: { type: 'boolean' },
    index: { type: 'boolean' },
    max_length: { type: 'integer', minimum: 1 },
    min_length: { type: 'integer', minimum: 0 },
    min: { type: 'number' },
    max: { type: 'number' },
    max_digits: { type: 'integer', minimum: 1 },
    decimal_places: { type: 'integer', minimum: 0 },
    pattern: { type: 'string' },
    choices: { type: 'string' },
    plain: { type: 'boolean' },
    to: contentType,
    on_delete: { enum: ['cascade', 'set_null', 'protect', 'none'] },
    nested: fieldList,
    through: { type: 'string' },
    mirror: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' },
    via: { type: 'string' },
    item_refs: { type: 'object', additionalProperties: contentType },
    where: { type: 'object', additionalProperties: { type: 'string' } },
    item_field: { type: 'string' },
    write_ids: { type: 'boolean' },
    filter_name: identifier,
    types: { type: 'array', items: contentType, minItems: 1 },
    types_any: { type: 'boolean' },
    read_as: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    upload_to: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    width_field: { type: 'string' },
    height_field: { type: 'string' },
    size_field: { type: 'string' },
    types_with_feature: { enum: ['tags', 'custom_fields', 'changelog', 'branching', 'events', 'image_attachments'] },
    item: { enum: listItemTypes },
    read_only: { type: 'boolean' },
    write_only: { type: 'boolean' },
    hidden: { type: 'boolean' },
    virtual: { type: 'boolean' },
    empty_as_null: { type: 'boolean' },
    // true: a hidden column NetBox's change data shows all the same
    snapshot: { enum: [false, true, 'blank', 'ranges'] },
    validators: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pattern', 'message'],
        properties: {
          pattern: { type: 'string' },
          message: { type: 'string' },
          inverse: { type: 'boolean' },
          ci: { type: 'boolean' },
        },
      },
    },
    example: {},
  },
} as const;

const computed = {
  type: 'object',
  additionalProperties: false,
  properties: {
    label: { type: 'string' },
    count: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' },
    cumulative: { type: 'boolean' },
    expr: { type: 'string' },
    as: { enum: ['integer', 'string', 'choice', 'fk', 'decimal', 'boolean', 'json'] },
    copy: { type: 'string' },
    choices: { type: 'string' },
    to: contentType,
    ip_depth: { type: 'string' },
    ip_children: { type: 'string' },
    vrf: { type: 'string' },
    reverse_list: { type: 'string' },
    snapshot: { type: 'boolean' },
    nested: fieldList,
    cable: { enum: ['cable', 'end', 'peers', 'peers_type', 'endpoints', 'endpoints_type', 'reachable', 'occupied'] },
    config_context: {
      type: 'object',
      additionalProperties: false,
      required: ['contexts', 'match'],
      properties: {
        contexts: contentType,
        local: { type: 'string' },
        match: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
} as const;

const unique = {
  type: 'object',
  additionalProperties: false,
  required: ['fields'],
  properties: {
    fields: { ...fieldList, minItems: 1 },
    ci: fieldList,
    when_set: fieldList,
    when_null: fieldList,
    nulls_distinct: { type: 'boolean' },
    message: { type: 'string' },
    key: { type: 'string' },
  },
} as const;

const rule = {
  type: 'object',
  additionalProperties: false,
  properties: {
    requires: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    same: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    one_of: { ...fieldList, minItems: 2 },
    // every one given when the object is created (a cable's two ends)
    all_of: { ...fieldList, minItems: 1 },
    less: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    ip_unique: {
      type: 'object',
      additionalProperties: false,
      required: ['field', 'vrf', 'what'],
      properties: {
        field: { type: 'string' },
        vrf: { type: 'string' },
        enforce: { type: 'string' },
        host: { type: 'boolean' },
        what: { type: 'string' },
        exempt_field: { type: 'string' },
        exempt: { type: 'array', items: { type: 'string' } },
      },
    },
    check: { enum: checkOps },
    args: {
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    },
    key: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

const path = { type: 'string', pattern: '^_?[a-z][a-z0-9_]*(\\._?[a-z][a-z0-9_]*)*$' } as const;

/** Operations of runtime/filters/special.ts a declared filter may name, and the change-log request filters. */
export const filterOps = [
  'time_after',
  'time_before',
  'net_within',
  'net_within_include',
  'net_contains',
  'family',
  'mask_length',
  'vrf_present',
  'generic_is',
  'generic_id',
  'generic_parent_id',
  'not_null',
  'not_empty',
  'has',
  'has_any',
  'missing',
  'list_has',
  'list_overlap',
  'list_number',
  'list_text',
  'for_object_type',
  'json_ref',
  'vc_interfaces',
  'range_contains',
  'range_within',
  'vid_in_ranges',
  'related_ip',
  'at_least',
  'at_most',
  'choice_group',
  'null_or_same',
  'usable',
  'available',
  'created_by_request',
  'updated_by_request',
  'modified_by_request',
  'tag',
] as const;

const reach = {
  via: path,
  from: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' },
  filter: identifier,
  types: { type: 'array', items: contentType, minItems: 1 },
  inside: { type: 'boolean' },
  where: { type: 'object', additionalProperties: { type: 'string' } },
  tree: { type: 'boolean' },
  natural: identifier,
} as const;

const filter = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...reach,
    any: {
      type: 'array',
      minItems: 2,
      items: { anyOf: [path, { type: 'object', additionalProperties: false, properties: reach }] },
    },
    op: { enum: filterOps },
    arg: { type: 'string' },
    field: { type: 'string' },
    expr: { type: 'string' },
    lookups: fieldList,
    type: { enum: ['string', 'integer', 'number', 'boolean'] },
    description: { type: 'string' },
  },
} as const;

/**
 * DRF's field metadata keys an `options.fields` entry may give (null removes what the rule derives);
 * `choices` may name a choice set.
 */
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
].concat(['list', 'nested object', 'image upload']);
const optionalNumber = { type: ['number', 'null'] } as const;
const fieldOptionKeys = {
  type: { enum: drfTypes },
  label: { type: 'string' },
  help_text: { type: ['string', 'null'] },
  min_length: optionalNumber,
  max_length: optionalNumber,
  min_value: optionalNumber,
  max_value: optionalNumber,
  max_digits: optionalNumber,
  decimal_places: optionalNumber,
  choices: {
    anyOf: [
      { type: 'null' },
      { type: 'string' },
      {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['value', 'display_name'],
          properties: { value: { type: ['string', 'integer', 'null'] }, display_name: { type: 'string' } },
        },
      },
    ],
  },
} as const;
const fieldOptions = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...fieldOptionKeys,
    // a list's item: keys merged into the rule's item, or the item's whole description (null: none)
    child: { type: ['object', 'null'] },
    // a nested object's fields by name: keys merged into the rule's, a new field, or null (none)
    children: { type: 'object', additionalProperties: { type: ['object', 'null'] } },
  },
} as const;

/** What NetBox's OPTIONS answer says that the rule in runtime/rest/options cannot derive from the catalogue. */
const modelOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    description: { type: 'string' },
    // true: every content-type field lists every object type; or field → the NetBox feature its types have (`all`)
    type_choices: {
      anyOf: [{ type: 'boolean' }, { type: 'object', additionalProperties: { type: 'string', pattern: '^[a-z_]+$' } }],
    },
    fields: {
      type: 'object',
      propertyNames: { type: 'string', pattern: '^_?[a-z][a-z0-9_]*$' },
      additionalProperties: fieldOptions,
    },
  },
} as const;

const model = {
  type: 'object',
  additionalProperties: false,
  required: ['class', 'path', 'fields', 'display'],
  properties: {
    class: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
    path: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    table: identifier,
    also_mounted_at: { type: 'array', items: { type: 'string', pattern: '^[a-z]+/[a-z][a-z0-9-]*$' } },
    verbose_name: { type: 'string' },
    verbose_name_plural: { type: 'string' },
    description: { type: 'string' },
    tree: { type: 'boolean' },
    read_only: { type: 'boolean' },
    timestamps: { anyOf: [{ type: 'boolean' }, { enum: ['created', 'last_updated'] }] },
    display_url: { anyOf: [{ type: 'boolean' }, { type: 'string', pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)*$' }] },
    tags_as_slugs: { type: 'boolean' },
    hooks: { type: 'string' },
    natural_key: { type: 'string' },
    features: {
      type: 'array',
      items: { enum: ['tags', 'custom_fields', 'changelog', 'branching', 'events', 'image_attachments'] },
    },
    fields: { type: 'object', additionalProperties: field, propertyNames: identifier },
    computed: {
      type: 'object',
      additionalProperties: computed,
      propertyNames: { type: 'string', pattern: '^_?[a-z][a-z0-9_]*$' },
    },
    unique_together: { type: 'array', items: unique },
    rules: { type: 'array', items: rule },
    brief: fieldList,
    nested: fieldList,
    // the form a generic relation (an assigned object, a change record's object) shows it in, where it
    // differs from the nested one (NetBox's brief serializer beside a legacy nested one: tags)
    generic_nested: fieldList,
    order: fieldList,
    display: {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      ],
    },
    ordering: fieldList,
    search: fieldList,
    filters: { type: 'object', additionalProperties: filter },
    aliases: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'reason'],
        properties: { field: { type: 'string' }, type: contentType, reason: { type: 'string' } },
      },
    },
    ignored_filters: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
    propagate_filters: {
      type: 'object',
      additionalProperties: {
        anyOf: [path, { type: 'object', additionalProperties: false, required: ['via'], properties: reach }],
      },
    },
    template_of: contentType,
    // a parent's field kept equal to the sum of its children's (a VM's disk, its virtual disks' sizes)
    totals: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sum', 'into'],
        properties: { sum: { type: 'string' }, into: path },
      },
    },
    reverse_filters: {
      type: 'object',
      additionalProperties: false,
      required: ['via', 'filters'],
      properties: { via: { type: 'string' }, filters: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    instantiates: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { type: 'string' },
        device: { type: 'string' },
        placeholders: { type: 'object', additionalProperties: { type: 'string' } },
        replicate: { type: 'string' },
        adopt: { type: 'string' },
      },
    },
    actions: {
      type: 'object',
      propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
      additionalProperties: {
        type: 'object',
        required: ['op'],
        properties: { op: { enum: actionOps } },
        additionalProperties: { type: 'string' },
      },
    },
    options: modelOptions,
  },
} as const;

const choiceOption = {
  type: 'array',
  minItems: 2,
  maxItems: 2,
  items: [{ type: ['string', 'integer'] }, { type: 'string' }],
} as const;

export const catalogueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['apps'],
  properties: {
    choices: { type: 'object', additionalProperties: { type: 'array', items: choiceOption, minItems: 1 } },
    apps: {
      type: 'object',
      propertyNames: identifier,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['models'],
        properties: {
          label: { type: 'string' },
          api_path: { type: 'string', pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)?$' },
          models: { type: 'object', propertyNames: identifier, additionalProperties: model },
        },
      },
    },
  },
} as const;
