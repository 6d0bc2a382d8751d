/**
 * Model behaviour that is not generic, registered under the names the catalogue gives in `hooks:` (declared
 * in runtime/catalogue/names.ts).
 * Keep this list short: most needs are better met by a general capability of the write path.
 */
import type { HookName } from '../catalogue/index.ts';
import type { HookRegistry, ModelHooks } from '../write/index.ts';
import { tokenHooks, userHooks, type TokenHookOptions } from './users.ts';
import { permissionHooks } from './permissions.ts';
import { eventRuleHooks, webhookHooks } from './events.ts';
import { branchHooks } from './branches.ts';
import { virtualChassisHooks } from './virtual-chassis.ts';
import {
  changeRequestHooks,
  commentHooks,
  replyHooks,
  reviewHooks,
  policyHooks,
  policyRuleHooks,
} from '../changes/index.ts';

/** One entry per name of runtime/catalogue/names.ts (the YAML's `hooks:` can name no other). */
export function createHooks(options: TokenHookOptions, extra: Record<string, ModelHooks> = {}): HookRegistry {
  const hooks: Record<HookName, ModelHooks> = {
    'users.user': userHooks,
    'users.token': tokenHooks(options),
    'users.objectpermission': permissionHooks,
    'extras.webhook': webhookHooks,
    'extras.eventrule': eventRuleHooks,
    'branching.branch': branchHooks,
    'dcim.virtualchassis': virtualChassisHooks,
    'changes.changerequest': changeRequestHooks,
    'changes.policy': policyHooks,
    'changes.policyrule': policyRuleHooks,
    'changes.review': reviewHooks,
    'changes.comment': commentHooks,
    'changes.commentreply': replyHooks,
  };
  return new Map<string, ModelHooks>([...Object.entries(hooks), ...Object.entries(extra)]);
}
