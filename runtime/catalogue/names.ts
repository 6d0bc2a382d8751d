/**
 * The names models/*.yaml may use for behaviour written in the runtime, declared once: the catalogue's
 * JSON Schema (codegen/catalogue/schema.ts) takes its enums from here, so a misspelt name fails
 * `npm run generate` at its YAML path, and the runtime's tables of implementations are typed by them,
 * so a name without an implementation fails the typecheck.
 */

/**
 * How an operation's argument is written in the catalogue (models/*.yaml), and what it becomes in the catalogue:
 * `field`, a field of the model (`?`: optional); `fields?`, several, comma-separated; `model`, a content
 * type (`app.model`); `ref`, a field of another model (`app.model.field`, becoming a FieldRef); `refs`,
 * a list of those; `text`, a value, or a name the operation reads on another model.
 */
export type ArgKind = 'field' | 'field?' | 'fields?' | 'model' | 'model?' | 'ref' | 'refs' | 'text' | 'text?';
export type ArgSpec = Readonly<Record<string, ArgKind>>;

/** A field of another model, written `app.model.field`. */
export interface FieldRef {
  /** content type, `app.model` */
  readonly model: string;
  readonly field: string;
}

type ArgValue<K extends ArgKind> = K extends 'ref'
  ? FieldRef
  : K extends 'refs'
    ? readonly FieldRef[]
    : K extends 'fields?'
      ? readonly string[]
      : string;
type RequiredArgs<S extends ArgSpec> = {
  readonly [K in keyof S as S[K] extends `${string}?` ? never : K]: ArgValue<S[K]>;
};
type OptionalArgs<S extends ArgSpec> = {
  readonly [K in keyof S as S[K] extends `${string}?` ? K : never]?: ArgValue<S[K]>;
};
/** An operation's arguments as the catalogue holds them, from its spec. */
export type ArgsOf<S extends ArgSpec> = RequiredArgs<S> & OptionalArgs<S>;

/** Detail actions (`/<id>/<action>/`) of runtime/rest/actions/, switched on per model by `actions:`. */
export const actionArgs = {
  available_ips: {
    creates: 'model',
    vrf: 'field',
    network: 'field?',
    status: 'field?',
    pool: 'field?',
    ranges: 'model?',
    start: 'field?',
    end: 'field?',
    populated: 'field?',
  },
  available_prefixes: { creates: 'model', vrf: 'field', network: 'field', status: 'field?' },
  available_vlans: { creates: 'model', ranges: 'field' },
  available_asns: { creates: 'model', start: 'field', end: 'field', rir: 'field' },
  trace: {},
  paths: {},
  /** `template`: the object's template relation, also looked for on each of `fallbacks`; `code`: the template's text */
  render_config: { template: 'field', fallbacks: 'fields?', context: 'field', code: 'text' },
  render_template: { code: 'field' },
  /** a change request's lifecycle event sent again (`event_retriggered`) */
  retrigger: {},
} as const satisfies Readonly<Record<string, ArgSpec>>;
export type ActionOp = keyof typeof actionArgs;
export const actionOps = Object.keys(actionArgs) as ActionOp[];

/** Model checks of runtime/write/checks/, switched on per model by a rule `{check: <name>, args}`. */
export const checkArgs = {
  /** a primary IP (`field`) is an address of the object's own interfaces (or a NAT of one), of `family` */
  primary_ip: {
    field: 'field',
    family: 'text?',
    interfaces: 'ref',
    address: 'text',
    assigned: 'text',
    nat_inside: 'text',
    chassis: 'field?',
    mgmt_only: 'text?',
  },
  /** an address that is an object's primary IP (`holders`) stays on that object's interfaces (`parents`) */
  keeps_primary_ip: { assigned: 'field', holders: 'refs', parents: 'refs' },
  /** a device fits in its rack's free units */
  rack_space: {
    rack: 'field',
    position: 'field',
    face: 'field',
    type: 'field',
    height: 'text',
    full_depth: 'text',
    rack_height: 'text',
    starting_unit: 'text',
  },
  /** an interface's LAG is a LAG interface of the same device or virtual chassis */
  lag: { field: 'field', device: 'field', type: 'field', lag_type: 'text', virtual_type: 'text', chassis: 'text?' },
} as const satisfies Readonly<Record<string, ArgSpec>>;
export type CheckName = keyof typeof checkArgs;
export const checkNames = Object.keys(checkArgs) as CheckName[];

/** Hand-written model behaviour of runtime/hooks/, named by a model's `hooks:`. */
export const hookNames = [
  'users.user',
  'users.token',
  'users.objectpermission',
  'extras.webhook',
  'extras.eventrule',
  'branching.branch',
  'dcim.virtualchassis',
  'changes.changerequest',
  'changes.policy',
  'changes.policyrule',
  'changes.review',
  'changes.comment',
  'changes.commentreply',
] as const;
export type HookName = (typeof hookNames)[number];

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
export type FilterOp = (typeof filterOps)[number];

/** NetBox's model features a model may have (`features:`), and a generic relation may select by. */
export const featureNames = ['tags', 'custom_fields', 'changelog', 'branching', 'events', 'image_attachments'] as const;
export type FeatureName = (typeof featureNames)[number];
