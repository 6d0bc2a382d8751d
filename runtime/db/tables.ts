/**
 * The tables the runtime reads and writes by name: its own (sessions, workers, tagged items, branch
 * diffs…) and the few catalogued models it needs outside the generic paths (users, tokens, jobs,
 * change records, branches…). Everything else is reached through the catalogue's definitions.
 * One list, so a rename is one edit, and a test checks each catalogued one against the catalogue.
 */
export const tables = {
  user: 'users_user',
  userGroups: 'users_user_groups',
  token: 'users_token',
  session: 'users_session',
  userConfig: 'users_userconfig',
  objectPermission: 'users_objectpermission',
  objectPermissionUsers: 'users_objectpermission_users',
  objectPermissionGroups: 'users_objectpermission_groups',
  job: 'core_job',
  backgroundTask: 'core_backgroundtask',
  worker: 'core_worker',
  objectChange: 'core_objectchange',
  objectChangeEpoch: 'core_objectchange_epoch',
  objectType: 'core_objecttype',
  tag: 'extras_tag',
  taggedItem: 'extras_taggeditem',
  customField: 'extras_customfield',
  customFieldChoiceSet: 'extras_customfieldchoiceset',
  eventRule: 'extras_eventrule',
  webhook: 'extras_webhook',
  webhookDelivery: 'extras_webhookdelivery',
  branch: 'netbox_branching_branch',
  branchEvent: 'netbox_branching_branchevent',
  changeDiff: 'netbox_branching_changediff',
} as const;
