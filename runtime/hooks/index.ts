/**
 * Model behaviour that is not generic, registered under the names models.yaml gives in `hooks:`.
 * Keep this list short: most needs are better met by a general capability of the write path.
 */
import type { HookRegistry, ModelHooks } from '../write/index.ts';
import { tokenHooks, userHooks, type TokenHookOptions } from './users.ts';
import { permissionHooks } from './permissions.ts';
import { eventRuleHooks, webhookHooks } from './events.ts';
import { branchHooks } from './branches.ts';
import { virtualChassisHooks } from './virtual-chassis.ts';

export function createHooks(options: TokenHookOptions, extra: Record<string, ModelHooks> = {}): HookRegistry {
  return new Map<string, ModelHooks>([
    ['users.user', userHooks],
    ['users.token', tokenHooks(options)],
    ['users.objectpermission', permissionHooks],
    ['extras.webhook', webhookHooks],
    ['extras.eventrule', eventRuleHooks],
    ['branching.branch', branchHooks],
    ['dcim.virtualchassis', virtualChassisHooks],
    ...Object.entries(extra),
  ]);
}
