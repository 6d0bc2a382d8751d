/**
 * The names models/*.yaml may use for behaviour written in the runtime, declared once: the catalogue's
 * JSON Schema (codegen/catalogue/schema.ts) takes its enums from here, so a misspelt name fails
 * `npm run generate` at its YAML path, and the runtime's tables of implementations are typed by them,
 * so a name without an implementation fails the typecheck.
 */

/** Detail actions (`/<id>/<action>/`) of runtime/rest/actions/, switched on per model by `actions:`. */
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
export type ActionOp = (typeof actionOps)[number];

/** Model checks of runtime/write/checks/, switched on per model by a rule `{check: <name>, args}`. */
export const checkNames = ['primary_ip', 'keeps_primary_ip', 'rack_space', 'lag'] as const;
export type CheckName = (typeof checkNames)[number];

/** Hand-written model behaviour of runtime/hooks/, named by a model's `hooks:`. */
export const hookNames = [
  'users.user',
  'users.token',
  'users.objectpermission',
  'extras.webhook',
  'extras.eventrule',
  'branching.branch',
  'dcim.virtualchassis',
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
