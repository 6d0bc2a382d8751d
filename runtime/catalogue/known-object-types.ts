/**
 * NetBox 4.6's object types with the ids its migrations give them: clients see these ids in
 * /api/core/object-types/, in `*_type_id` filters and in change records' snapshots, so a type keeps
 * NetBox's id here. A catalogue model NetBox has takes its row (id, verbose names, features, public);
 * NetBox's types we have no model for are rows all the same, as in NetBox, where every installed model
 * has one. A model NetBox does not have gets an id after these (object-types.ts), never one of them.
 * The data is NetBox's recorded answer (the corpus's object-type list), not its descriptions.
 */

/** One of NetBox's object types. */
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
  /** the list endpoint of a type the catalogue has no model for (a model's own path wins) */
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

const BASE =
  'bookmarks change_logging cloning custom_fields custom_links custom_validation event_rules export_templates ' +
  'journaling notifications tags';
const OBJECT = `${BASE} branching`;
const WITH_CONTACTS = `${OBJECT} contacts`;
const WITH_IMAGES = `${OBJECT} image_attachments`;
const WITH_CONTACTS_IMAGES = `${OBJECT} contacts image_attachments`;
const COMPONENT = 'change_logging custom_validation event_rules branching';
const EXTRAS = 'change_logging cloning custom_validation event_rules export_templates';
const ASSIGNMENT = 'change_logging custom_fields custom_validation event_rules export_templates tags branching';
const TERMINATION = `${ASSIGNMENT} custom_links`;
const OWNERS = 'bookmarks cloning custom_links custom_validation event_rules export_templates notifications';

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
  const set = new Set(features.split(' ').filter(Boolean));
  const sorted = [...set].filter((f) => f !== 'branching').sort();
  return {
    id,
    app,
    model,
    name,
    plural,
    features: set.has('branching') ? [...sorted, 'branching'] : sorted,
    public: !opts.internal,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
  };
}

/** In NetBox's id order (id 4, a type its migrations made and removed again, is not used). */
export const KNOWN_OBJECT_TYPES: readonly KnownObjectType[] = [
  t(1, 'extras.webhook', 'webhook', 'change_logging custom_fields custom_validation event_rules export_templates tags'),
  t(2, 'extras.script', 'script', 'event_rules jobs', { endpoint: '/api/extras/scripts/' }),
  t(3, 'extras.scriptmodule', 'script module', 'jobs synced_data', {
    internal: true,
    endpoint: '/api/extras/scripts/upload/',
  }),
  t(5, 'core.managedfile', 'managed file', 'synced_data', { internal: true }),
  t(6, 'dcim.site', 'site', WITH_CONTACTS_IMAGES),
  t(7, 'dcim.interface', 'interface', OBJECT),
  t(8, 'circuits.providernetwork', 'provider network', OBJECT),
  t(9, 'circuits.circuit', 'circuit', WITH_CONTACTS_IMAGES),
  t(10, 'virtualization.vminterface', 'interface', OBJECT),
  t(11, 'dcim.device', 'device', WITH_CONTACTS_IMAGES),
  t(12, 'virtualization.virtualmachine', 'virtual machine', WITH_CONTACTS_IMAGES),
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
  t(25, 'core.objecttype', 'object type', ''),
  t(26, 'core.objectchange', 'object change', ''),
  t(27, 'core.configrevision', 'config revision', ''),
  t(28, 'core.datasource', 'data source', `${BASE} jobs`),
  t(29, 'core.datafile', 'data file', ''),
  t(30, 'core.autosyncrecord', 'auto sync record', '', { internal: true }),
  t(31, 'core.job', 'job', ''),
  t(32, 'account.usertoken', 'token', '', { internal: true }),
  t(33, 'circuits.circuittype', 'circuit type', OBJECT),
  t(34, 'circuits.circuitgroup', 'circuit group', OBJECT),
  t(35, 'circuits.circuitgroupassignment', 'Circuit group assignment', ASSIGNMENT),
  t(36, 'circuits.circuittermination', 'circuit termination', TERMINATION),
  t(37, 'circuits.provider', 'provider', WITH_CONTACTS),
  t(38, 'circuits.provideraccount', 'provider account', WITH_CONTACTS),
  t(39, 'circuits.virtualcircuittype', 'virtual circuit type', OBJECT),
  t(40, 'circuits.virtualcircuit', 'virtual circuit', WITH_CONTACTS),
  t(41, 'circuits.virtualcircuittermination', 'virtual circuit termination', TERMINATION),
  t(42, 'dcim.consoleport', 'console port', OBJECT),
  t(43, 'dcim.consoleserverport', 'console server port', OBJECT),
  t(44, 'dcim.powerport', 'power port', OBJECT),
  t(45, 'dcim.poweroutlet', 'power outlet', OBJECT),
  t(46, 'dcim.portmapping', 'port mapping', 'branching change_logging', { internal: true }),
  t(47, 'dcim.frontport', 'front port', OBJECT),
  t(48, 'dcim.rearport', 'rear port', OBJECT),
  t(49, 'dcim.modulebay', 'module bay', OBJECT),
  t(50, 'dcim.devicebay', 'device bay', OBJECT),
  t(51, 'dcim.inventoryitemrole', 'inventory item role', OBJECT),
  t(52, 'dcim.inventoryitem', 'inventory item', OBJECT),
  t(53, 'dcim.cablebundle', 'cable bundle', OBJECT),
  t(54, 'dcim.cable', 'cable', OBJECT),
  t(55, 'dcim.cabletermination', 'cable termination', COMPONENT),
  t(56, 'dcim.cablepath', 'cable path', 'branching', { internal: true }),
  t(57, 'dcim.consoleporttemplate', 'console port template', COMPONENT),
  t(58, 'dcim.consoleserverporttemplate', 'console server port template', COMPONENT),
  t(59, 'dcim.powerporttemplate', 'power port template', COMPONENT),
  t(60, 'dcim.poweroutlettemplate', 'power outlet template', COMPONENT),
  t(61, 'dcim.interfacetemplate', 'interface template', COMPONENT),
  t(62, 'dcim.porttemplatemapping', 'port template mapping', 'branching change_logging', { internal: true }),
  t(63, 'dcim.frontporttemplate', 'front port template', COMPONENT),
  t(64, 'dcim.rearporttemplate', 'rear port template', COMPONENT),
  t(65, 'dcim.modulebaytemplate', 'module bay template', COMPONENT),
  t(66, 'dcim.devicebaytemplate', 'device bay template', COMPONENT),
  t(67, 'dcim.inventoryitemtemplate', 'inventory item template', COMPONENT),
  t(68, 'dcim.moduletypeprofile', 'module type profile', OBJECT),
  t(69, 'dcim.moduletype', 'module type', WITH_IMAGES),
  t(70, 'dcim.module', 'module', OBJECT),
  t(71, 'dcim.manufacturer', 'manufacturer', WITH_CONTACTS),
  t(72, 'dcim.devicetype', 'device type', WITH_IMAGES),
  t(73, 'dcim.devicerole', 'device role', OBJECT),
  t(74, 'dcim.platform', 'platform', OBJECT),
  t(75, 'dcim.virtualchassis', ['virtual chassis', 'virtual chassis'], OBJECT),
  t(76, 'dcim.virtualdevicecontext', 'virtual device context', OBJECT),
  t(77, 'dcim.macaddress', ['MAC address', 'MAC addresses'], OBJECT),
  t(78, 'dcim.powerpanel', 'power panel', WITH_CONTACTS_IMAGES),
  t(79, 'dcim.powerfeed', 'power feed', OBJECT),
  t(80, 'dcim.rackgroup', 'rack group', OBJECT),
  t(81, 'dcim.racktype', 'rack type', WITH_IMAGES),
  t(82, 'dcim.rackrole', 'rack role', OBJECT),
  t(83, 'dcim.rack', 'rack', WITH_CONTACTS_IMAGES),
  t(84, 'dcim.rackreservation', 'rack reservation', OBJECT),
  t(85, 'dcim.region', 'region', WITH_CONTACTS),
  t(86, 'dcim.sitegroup', 'site group', WITH_CONTACTS),
  t(87, 'dcim.location', 'location', WITH_CONTACTS_IMAGES),
  t(88, 'ipam.asnrange', 'ASN range', OBJECT),
  t(89, 'ipam.asn', 'ASN', WITH_CONTACTS),
  t(90, 'ipam.fhrpgroup', 'FHRP group', OBJECT),
  t(91, 'ipam.fhrpgroupassignment', 'FHRP group assignment', COMPONENT),
  t(92, 'ipam.rir', 'RIR', OBJECT),
  t(93, 'ipam.aggregate', 'aggregate', WITH_CONTACTS),
  t(94, 'ipam.role', 'role', OBJECT),
  t(95, 'ipam.prefix', ['prefix', 'prefixes'], WITH_CONTACTS),
  t(96, 'ipam.iprange', 'IP range', WITH_CONTACTS),
  t(97, 'ipam.ipaddress', ['IP address', 'IP addresses'], WITH_CONTACTS),
  t(98, 'ipam.servicetemplate', 'application service template', OBJECT),
  t(99, 'ipam.service', 'application service', WITH_CONTACTS),
  t(100, 'ipam.vlangroup', 'VLAN group', OBJECT),
  t(101, 'ipam.vlan', 'VLAN', OBJECT),
  t(102, 'ipam.vlantranslationpolicy', ['VLAN translation policy', 'VLAN translation policies'], OBJECT),
  t(103, 'ipam.vlantranslationrule', 'VLAN translation rule', OBJECT),
  t(104, 'ipam.vrf', 'VRF', OBJECT),
  t(105, 'ipam.routetarget', 'route target', OBJECT),
  t(106, 'extras.tag', 'tag', 'branching change_logging cloning custom_validation event_rules export_templates'),
  t(107, 'extras.taggeditem', 'tagged item', 'branching', { internal: true }),
  t(108, 'extras.configcontextprofile', 'config context profile', `${BASE} branching synced_data`),
  t(
    109,
    'extras.configcontext',
    'config context',
    'branching change_logging cloning custom_links custom_validation event_rules synced_data',
  ),
  t(
    110,
    'extras.configtemplate',
    'config template',
    'branching change_logging custom_links custom_validation event_rules export_templates synced_data tags',
  ),
  t(111, 'extras.customfield', 'custom field', EXTRAS),
  t(112, 'extras.customfieldchoiceset', 'custom field choice set', EXTRAS),
  t(113, 'extras.dashboard', 'dashboard', ''),
  t(
    114,
    'extras.eventrule',
    'event rule',
    'change_logging custom_fields custom_validation event_rules export_templates tags',
  ),
  t(115, 'extras.customlink', 'custom link', EXTRAS),
  t(
    116,
    'extras.exporttemplate',
    'export template',
    'change_logging cloning custom_validation event_rules export_templates synced_data',
  ),
  t(117, 'extras.savedfilter', 'saved filter', EXTRAS),
  t(118, 'extras.tableconfig', 'table config', 'branching change_logging cloning custom_validation event_rules', {
    endpoint: '/api/extras/table-configs/',
  }),
  t(119, 'extras.imageattachment', 'image attachment', COMPONENT),
  t(120, 'extras.journalentry', ['journal entry', 'journal entries'], TERMINATION),
  t(121, 'extras.bookmark', 'bookmark', ''),
  t(122, 'extras.notification', 'notification', ''),
  t(123, 'extras.notificationgroup', 'notification group', 'change_logging custom_validation event_rules'),
  t(124, 'extras.subscription', 'subscription', ''),
  t(125, 'extras.cachedvalue', 'cached value', 'branching', { internal: true }),
  t(126, 'tenancy.contactgroup', 'contact group', OBJECT),
  t(127, 'tenancy.contactrole', 'contact role', OBJECT),
  t(128, 'tenancy.contact', 'contact', OBJECT),
  t(129, 'tenancy.contactassignment', 'contact assignment', ASSIGNMENT),
  t(130, 'tenancy.tenantgroup', 'tenant group', OBJECT),
  t(131, 'tenancy.tenant', 'tenant', WITH_CONTACTS),
  t(132, 'users.ownergroup', 'owner group', OWNERS),
  t(133, 'users.owner', 'owner', OWNERS),
  t(134, 'users.objectpermission', 'permission', 'cloning'),
  t(135, 'users.userconfig', ['user preferences', 'user preferences'], '', {
    internal: true,
    endpoint: '/api/users/config/',
  }),
  t(136, 'users.token', 'token', ''),
  t(137, 'users.group', 'group', ''),
  t(138, 'users.user', 'user', ''),
  t(139, 'virtualization.clustertype', 'cluster type', OBJECT),
  t(140, 'virtualization.clustergroup', 'cluster group', WITH_CONTACTS),
  t(141, 'virtualization.cluster', 'cluster', WITH_CONTACTS),
  t(142, 'virtualization.virtualmachinetype', 'virtual machine type', WITH_IMAGES),
  t(143, 'virtualization.virtualdisk', 'virtual disk', OBJECT),
  t(144, 'vpn.ikeproposal', 'IKE proposal', OBJECT),
  t(145, 'vpn.ikepolicy', ['IKE policy', 'IKE policies'], OBJECT),
  t(146, 'vpn.ipsecproposal', 'IPSec proposal', OBJECT),
  t(147, 'vpn.ipsecpolicy', ['IPSec policy', 'IPSec policies'], OBJECT),
  t(148, 'vpn.ipsecprofile', 'IPSec profile', OBJECT),
  t(149, 'vpn.l2vpn', 'L2VPN', WITH_CONTACTS),
  t(150, 'vpn.l2vpntermination', 'L2VPN termination', OBJECT),
  t(151, 'vpn.tunnelgroup', 'tunnel group', WITH_CONTACTS),
  t(152, 'vpn.tunnel', 'tunnel', WITH_CONTACTS),
  t(
    153,
    'vpn.tunneltermination',
    'tunnel termination',
    'branching change_logging custom_fields custom_links custom_validation event_rules tags',
  ),
  t(154, 'wireless.wirelesslangroup', 'wireless LAN group', OBJECT),
  t(155, 'wireless.wirelesslan', 'wireless LAN', OBJECT),
  t(156, 'wireless.wirelesslink', 'wireless link', OBJECT),
  t(157, 'django_rq.dashboard', ['Django-RQ', 'Django-RQ'], '', { internal: true }),
  t(158, 'netbox_branching.objectchange', 'object change', ''),
  t(159, 'netbox_branching.changediff', 'change diff', ''),
  t(160, 'netbox_branching.appliedchange', 'applied change', ''),
  t(161, 'netbox_branching.branch', ['branch', 'branches'], `${BASE} jobs`),
  t(162, 'netbox_branching.branchevent', 'branch event', ''),
];

/** The last of NetBox's ids: a type NetBox does not have is numbered after it. */
export const LAST_KNOWN_ID = 162;
