/**
 * NetBox 4.6's object types as its migrations number them: clients see these ids in /api/core/object-types/,
 * in `*_type_id` filters and in change records' snapshots, so a type keeps NetBox's id. A catalogue model
 * NetBox has says its id and NetBox's features itself (`object_type:` in models/*.yaml); the types listed here
 * are NetBox's that no catalogue model stands for, rows all the same, as in NetBox every installed model has
 * one. A model NetBox does not have gets an id after these (object-types.ts), never one of them. The data is
 * NetBox's recorded answer (the corpus's object-type list), not its descriptions.
 */

/** One of NetBox's object types that no catalogue model stands for. */
export interface KnownObjectType {
  readonly id: number;
  readonly app: AppLabel;
  readonly model: string;
  /** the model's verbose names, as NetBox writes them (lower case unless a word is an acronym) */
  readonly name: string;
  readonly plural: string;
  /** NetBox's feature names: sorted, `branching` (the plugin's) last */
  readonly features: readonly string[];
  readonly public: boolean;
  /** the list endpoint, where NetBox has one */
  readonly endpoint?: string;
}

/** NetBox's app verbose names (the `app_name` of its object types, and the first half of a change's display). */
export const APP_NAMES = {
  account: 'Account',
  auth: 'Authentication and Authorization',
  circuits: 'Circuits',
  contenttypes: 'Content Types',
  core: 'Core',
  dcim: 'DCIM',
  django_rq: 'Django_Rq',
  extras: 'Extras',
  ipam: 'IPAM',
  netbox_branching: 'NetBox Branching',
  sessions: 'Sessions',
  social_django: 'Python Social Auth',
  taggit: 'Taggit',
  tenancy: 'Tenancy',
  thumbnail: 'Thumbnail',
  users: 'Users',
  virtualization: 'Virtualization',
  vpn: 'VPN',
  wireless: 'Wireless',
} as const satisfies Readonly<Record<string, string>>;
export type AppLabel = keyof typeof APP_NAMES;

/** Apps whose models are a plugin's in NetBox (`is_plugin_model`). */
export const PLUGIN_APPS: ReadonlySet<string> = new Set(['netbox_branching']);

/** NetBox's feature names of object types (`object_type.features` of the catalogue; `netbox` is a set of them). */
export const objectTypeFeatures = [
  'bookmarks',
  'branching',
  'change_logging',
  'cloning',
  'contacts',
  'custom_fields',
  'custom_links',
  'custom_validation',
  'event_rules',
  'export_templates',
  'image_attachments',
  'jobs',
  'journaling',
  'notifications',
  'synced_data',
  'tags',
] as const;

/** NetBox's NetBoxFeatureSet (its NetBoxModel's features), named `netbox` in `object_type.features`. */
export const NETBOX_FEATURE_SET: readonly string[] = [
  'bookmarks',
  'change_logging',
  'cloning',
  'custom_fields',
  'custom_links',
  'custom_validation',
  'event_rules',
  'export_templates',
  'journaling',
  'notifications',
  'tags',
];

/** Feature names in NetBox's order: each once, sorted, the plugin's `branching` last. */
export function featureOrder(features: Iterable<string>): string[] {
  const set = new Set(features);
  const sorted = [...set].filter((f) => f !== 'branching').sort();
  return set.has('branching') ? [...sorted, 'branching'] : sorted;
}

function t(
  id: number,
  key: `${AppLabel}.${string}`,
  names: string | readonly [string, string],
  features: string,
  opts: { internal?: boolean; endpoint?: string } = {},
): KnownObjectType {
  // the key's type says its first half is an app label
  const [app, model] = key.split('.') as [AppLabel, string];
  const [name, plural] = typeof names === 'string' ? [names, `${names}s`] : names;
  return {
    id,
    app,
    model,
    name,
    plural,
    features: featureOrder(features.split(' ').filter(Boolean)),
    public: !opts.internal,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
  };
}

/** In NetBox's id order (id 4, a type its migrations made and removed again, is not used). */
export const OTHER_OBJECT_TYPES: readonly KnownObjectType[] = [
  t(2, 'extras.script', 'script', 'event_rules jobs', { endpoint: '/api/extras/scripts/' }),
  t(3, 'extras.scriptmodule', 'script module', 'jobs synced_data', {
    internal: true,
    endpoint: '/api/extras/scripts/upload/',
  }),
  t(5, 'core.managedfile', 'managed file', 'synced_data', { internal: true }),
  t(13, 'auth.permission', 'permission', '', { internal: true }),
  t(14, 'auth.group', 'group', '', { internal: true }),
  t(15, 'contenttypes.contenttype', 'content type', '', { internal: true }),
  t(16, 'sessions.session', 'session', '', { internal: true }),
  t(17, 'social_django.usersocialauth', 'user social auth', '', { internal: true }),
  t(18, 'social_django.nonce', 'nonce', '', { internal: true }),
  t(19, 'social_django.association', 'association', '', { internal: true }),
  t(20, 'social_django.code', 'code', '', { internal: true }),
  t(21, 'social_django.partial', 'partial', '', { internal: true }),
  t(22, 'thumbnail.kvstore', 'kv store', '', { internal: true }),
  t(23, 'taggit.tag', 'tag', '', { internal: true }),
  t(24, 'taggit.taggeditem', 'tagged item', '', { internal: true }),
  t(27, 'core.configrevision', 'config revision', ''),
  t(30, 'core.autosyncrecord', 'auto sync record', '', { internal: true }),
  t(32, 'account.usertoken', 'token', '', { internal: true }),
  t(46, 'dcim.portmapping', 'port mapping', 'change_logging branching', { internal: true }),
  t(56, 'dcim.cablepath', 'cable path', 'branching', { internal: true }),
  t(62, 'dcim.porttemplatemapping', 'port template mapping', 'change_logging branching', { internal: true }),
  t(113, 'extras.dashboard', 'dashboard', ''),
  t(125, 'extras.cachedvalue', 'cached value', 'branching', { internal: true }),
  t(135, 'users.userconfig', ['user preferences', 'user preferences'], '', {
    internal: true,
    endpoint: '/api/users/config/',
  }),
  t(157, 'django_rq.dashboard', ['Django-RQ', 'Django-RQ'], '', { internal: true }),
  t(158, 'netbox_branching.objectchange', 'object change', ''),
  t(160, 'netbox_branching.appliedchange', 'applied change', ''),
];

/** The last of NetBox's ids: a type NetBox does not have is numbered after it. */
export const LAST_KNOWN_ID = 162;
