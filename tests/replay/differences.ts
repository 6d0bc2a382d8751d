/**
 * The declared differences from NetBox 4.6.8: each a rule covering a class of findings, with its
 * reason. A finding no rule covers fails the replay, and so does a rule that covers no finding, so
 * this list can only shrink. Each says which recordings show it (`seenIn`: the corpus replayed, NetBox's
 * demo data imported; the corpus by default), and each of their comparisons fails on a rule of its own that
 * no longer matches. The matchers are in matchers.ts, legacy.ts and demo-matchers.ts.
 */
import { lastKey, parentAt } from './json-path.ts';
import type { DeclaredDifference } from './outcome.ts';
import { olderKey, scopedBySite } from './legacy.ts';
import { deliveryLogModel, eventRuleBranchChoice } from './additions.ts';
import { addedByChangesPlugin } from './changes-plugin.ts';
import {
  agreeWhereBothHave,
  inChangeData,
  isBranch,
  isChoice,
  isObjectType,
  isUuid,
  jobOfLog,
  pathOnly,
  rendersModel,
  strategyLine,
} from './matchers.ts';
import { madeAgain, orderTies, treeRootsByName } from './demo-matchers.ts';

export const differences: readonly DeclaredDifference[] = [
  {
    id: 'missing-slash-302',
    reason:
      'spec §4 and §7: a path without its trailing slash answers a 302 redirect (NetBox: 301); ' +
      'the Location is the same',
    applies: (f, x) => f.kind === 'status' && f.recorded === 301 && f.ours === 302 && !pathOnly(x).endsWith('/'),
  },
  {
    id: 'extras-object-changes',
    reason:
      'spec §2.14 and §4.5: change records are served at /api/extras/object-changes/ ' +
      '(NetBox 4.6: only /api/core/object-changes/, the other is a 404 page), and /api/extras/ lists them',
    applies: (f, x) =>
      (f.kind === 'status' && f.recorded === 404 && f.ours === 200 && pathOnly(x) === '/api/extras/object-changes/') ||
      // and the extras root lists it
      (f.kind === 'body' && f.path === 'object-changes' && f.missing === 'recorded' && pathOnly(x) === '/api/extras/'),
  },
  {
    id: 'branch-status-string',
    reason: "spec §2.12: a branch's status is a plain string (the NetBox plugin: {value, label})",
    applies: (f, x) =>
      f.kind === 'body' &&
      lastKey(f.path) === 'status' &&
      isChoice(f.recorded) &&
      f.ours === f.recorded.value &&
      isBranch(parentAt(x.recorded.body, f.path)),
  },
  {
    id: 'job-display-uuid',
    reason: "spec §2.13: a background job's display is its UUID (NetBox: the job's name, e.g. `Sync branch`)",
    seenIn: ['corpus', 'demo'],
    applies: (f, x) => {
      // normalised (the corpus) or as it is (the demo data's objects, compared field for field)
      if (f.kind !== 'body' || lastKey(f.path) !== 'display' || !isUuid(f.ours)) return false;
      const job = parentAt(x.recorded.body, f.path);
      return (
        typeof job === 'object' && job !== null && 'job_id' in job && (job as { name?: unknown }).name === f.recorded
      );
    },
  },
  {
    id: 'webhook-body-model',
    reason: 'spec §6.4: the default webhook body has a `model` key (NetBox 4.6: none)',
    applies: (f) => f.kind === 'delivery' && /^\[\d+\]\.body\.model$/.test(f.path) && f.missing === 'recorded',
  },
  {
    id: 'webhook-template-model',
    reason:
      'spec §6.3: `{{ model }}` in webhook templates (URL, headers, body) is the model that changed ' +
      '(NetBox 4.6 renders it empty)',
    applies: (f) => rendersModel(f),
  },
  {
    id: 'object-type-description',
    seenIn: ['corpus', 'demo'],
    reason:
      "an object type's description is the catalogue's own description of the model (empty for NetBox's types we " +
      "have no model for); NetBox shows its Python classes' docstrings, source text we do not copy",
    applies: (f, x) =>
      f.kind === 'body' &&
      lastKey(f.path) === 'description' &&
      pathOnly(x).startsWith('/api/core/object-types/') &&
      isObjectType(parentAt(x.recorded.body, f.path)),
  },
  {
    id: 'snapshot-decimal-string',
    reason:
      'a decimal in change data is always a string with its places ("1.0", as Django writes a stored decimal); ' +
      "NetBox writes a number where its serializer's float default filled the field at creation (device type " +
      'u_height 1.0)',
    applies: (f) =>
      f.kind === 'body' &&
      inChangeData(f.path) &&
      typeof f.recorded === 'number' &&
      typeof f.ours === 'string' &&
      /^-?\d+\.\d+$/.test(f.ours) &&
      Number(f.ours) === f.recorded,
  },
  {
    id: 'netbox-3x-keys',
    seenIn: ['corpus', 'demo'],
    reason:
      'devices show `device_role`, and prefixes, VLAN groups and clusters `site` (read-only copies of role and of ' +
      "a site scope): Debian's Ansible netbox.netbox 3.13 (CI runs it) writes those names and compares them with " +
      'what it reads back, so without them every run reports every such object changed',
    applies: (f, x) => olderKey(f, x),
  },
  {
    id: 'netbox-3x-site-scope',
    reason:
      '`site` written to a prefix, VLAN group or cluster (NetBox 3.x, Ansible 3.13) sets its scope to that site; ' +
      'NetBox 4.6 drops it silently and leaves the object unscoped. Its scope fields, change data and the ' +
      "site's prefix count follow",
    applies: (f, x) => scopedBySite(f, x),
  },
  {
    id: 'anonymous-api-root',
    reason:
      'GET /api/ answers without credentials (NetBox: 403): pynetbox 7.0 (Debian stable) reads the API version ' +
      'from it before it sends a token',
    applies: (f, x) =>
      f.kind === 'status' &&
      f.recorded === 403 &&
      f.ours === 200 &&
      x.record.path === '/api/' &&
      x.record.auth === 'none',
  },
  {
    id: 'bulk-create-counts',
    reason:
      "the counters nested in a bulk create's answer are those after the request (NetBox shows each object's " +
      'related counter as it was before that object was saved: device_type.device_count 0, 1, 2 for three devices)',
    applies: (f, x) =>
      f.kind === 'body' &&
      x.record.method === 'POST' &&
      Array.isArray(x.record.request_body) &&
      /^\[(id=)?\d+\]\.[a-z_]+\.[a-z_]+_count$/.test(f.path) &&
      typeof f.recorded === 'number' &&
      typeof f.ours === 'number' &&
      f.ours > f.recorded,
  },
  {
    id: 'webhook-secret-write-only',
    reason:
      "a webhook's secret is write-only (SECURITY.md): it signs deliveries and is never read back; NetBox returns " +
      'it in plain text to anyone who may read webhooks',
    applies: (f, x) =>
      f.kind === 'body' &&
      lastKey(f.path) === 'secret' &&
      f.missing === 'ours' &&
      pathOnly(x).startsWith('/api/extras/webhooks/'),
  },
  {
    id: 'branch-provision-log',
    reason:
      "a branch provisioning job's log names our own tables and steps (creating, copying and analysing each " +
      "table); the plugin's also names Django's tables, indexes and constraints, which differ by nature",
    applies: (f, x) =>
      f.kind === 'body' && /(^|\.)data\.log(\[|$)/.test(f.path) && jobOfLog(x, f.path)?.name === 'Provision branch',
  },
  {
    id: 'branchable-models-catalogue',
    reason:
      'branchable-models lists the models of our catalogue copied into branches: the plugin also lists models we ' +
      'do not have (cable paths and port mappings are computed, the search cache is not a model), and we branch ' +
      'custom links, export templates and saved filters with the rest (README: every catalogued model is copied but ' +
      'users, permissions, jobs, webhooks and event rules); the models both have are listed alike',
    applies: (f, x) =>
      f.kind === 'body' && pathOnly(x) === '/api/plugins/branching/branchable-models/' && agreeWhereBothHave(x),
  },
  {
    id: 'server-kept-fields',
    reason:
      "a token's last use and pepper id and a user's join and last login times are the server's: a write to them " +
      "is ignored, so OPTIONS describes them read-only (NetBox takes a client's value: a pepper id that no longer " +
      'verifies the token, audit times a client made up)',
    applies: (f, x) =>
      f.kind === 'body' &&
      x.record.method === 'OPTIONS' &&
      ['/api/users/tokens/', '/api/users/users/'].includes(pathOnly(x)) &&
      /^actions\.(POST|PUT)\.(last_used|pepper_id|date_joined|last_login)\.(read_only|min_value|max_value)$/.test(
        f.path,
      ),
  },
  {
    id: 'written-from-the-other-side',
    reason:
      "a provider's accounts and a rear port's (or rear port template's) front port mappings are written from " +
      "their other side only (an account's provider, a front port's rear_ports), so OPTIONS says read-only; " +
      "NetBox's serializer also takes them there, moving the accounts to the provider (a bulk update with no " +
      'change record) or reconciling the mappings',
    applies: (f, x) =>
      f.kind === 'body' &&
      x.record.method === 'OPTIONS' &&
      ['/api/circuits/providers/', '/api/dcim/rear-ports/', '/api/dcim/rear-port-templates/'].includes(pathOnly(x)) &&
      /^actions\.(POST|PUT)\.(accounts|front_ports)\.read_only$/.test(f.path) &&
      f.recorded === false &&
      f.ours === true,
  },
  {
    id: 'netbox-3x-mac-address',
    reason:
      "an interface's (and VM interface's) mac_address is writable, as NetBox 3.x clients (Debian's pynetbox 7.0 " +
      'and Ansible netbox.netbox 3.13) still write it: it is stored, read back, and filters find it with the MAC ' +
      "address objects; NetBox 4.6 ignores a write and shows the primary MAC address object's",
    applies: (f, x) =>
      f.kind === 'body' &&
      x.record.method === 'OPTIONS' &&
      ['/api/dcim/interfaces/', '/api/virtualization/interfaces/'].includes(pathOnly(x)) &&
      /^actions\.(POST|PUT)\.mac_address\.read_only$/.test(f.path) &&
      f.recorded === true &&
      f.ours === false,
  },
  {
    id: 'merged-object-times',
    reason:
      "an object a merge creates in main keeps the branch's created and last_updated, to the microsecond; the " +
      'plugin saves the object it deserialized, cutting created to milliseconds and leaving last_updated null, ' +
      'which NetBox shows for no object it saved itself',
    applies: (f, x) =>
      f.kind === 'body' &&
      x.record.part === 'branching' &&
      x.record.method === 'GET' &&
      lastKey(f.path) === 'last_updated' &&
      f.recorded === null &&
      f.ours === '<ts>',
  },
  {
    id: 'changes-plugin',
    reason:
      'change control (NetBox Labs\' Changes plugin, README "Change control") is always served: /api/plugins/ ' +
      'lists it, its models are object types (in every list and choice of object types) and its lifecycle ' +
      'events are event types; the corpus was recorded with the branching plugin alone',
    applies: addedByChangesPlugin,
  },
  {
    id: 'merge-strategy-logged',
    reason:
      'a merge and a revert log the strategy they use (`Merging using iterative strategy`, as the job data says ' +
      "`merge_strategy: iterative`); the plugin logs the branch's unset strategy field: `None`",
    applies: (f) =>
      f.kind === 'body' && /(^|\.)data\.log\[\d+\]$/.test(f.path) && strategyLine(f.recorded) && strategyLine(f.ours),
  },
  {
    id: 'webhook-delivery-log',
    reason:
      'issue 39: every webhook delivery attempt is kept at /api/extras/webhook-deliveries/ (NetBox keeps none, ' +
      '#12327), a model of its own: /api/extras/ lists it, and it is one more object type (and object type choice)',
    applies: deliveryLogModel,
  },
  {
    id: 'event-rule-fire-in-branches',
    reason:
      "issue 39: an event rule's fire_in_branches says whether changes inside branches fire it (default false, what " +
      'netbox-branching #132 asks for; NetBox with the plugin has no such choice)',
    applies: eventRuleBranchChoice,
  },
  {
    id: 'default-order-ties',
    reason:
      "NetBox's default order of module bays (by their tree root's name) and of tagged objects (by the tag's weight " +
      "and name) leaves objects tied, which it lists in PostgreSQL's order of the moment (and may page twice or " +
      'skip); here they come by id, so every page is the same',
    seenIn: ['demo'],
    applies: (f, x) => orderTies(f, x),
  },
  {
    id: 'tree-order-of-migrated-trees',
    reason:
      "a tree (device roles, regions…) lists its objects in NetBox's tree order, which its API does not show: by " +
      'name at each level for a tree NetBox built itself, as here, but in id order for one its migrations built ' +
      '(device roles became a tree in NetBox 4.3); the copy orders it as NetBox orders the trees it builds',
    seenIn: ['demo'],
    applies: (f, x) => treeRootsByName(f, x),
  },
  {
    id: 'token-made-again',
    reason:
      'a token whose secret NetBox does not show is not copied (import-netbox lists it, to be made again); the one ' +
      'made again here with its 40 characters and description is created and used anew',
    seenIn: ['demo'],
    applies: (f, x) => madeAgain(f, x),
  },
];
