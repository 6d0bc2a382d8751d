/**
 * Model checks that need more than a declarative rule: each is written once here and switched on
 * per model in models/<app>.yaml (`rules: [{check: <name>, args: {…}}]`), naming the fields it works on.
 */
import type { CheckName, ModelDef, RuleDef } from '../../catalogue/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import { checkKeepsPrimaryIp } from './keeps-primary-ip.ts';
import { checkLag } from './lag.ts';
import { checkPrimaryIp } from './primary-ip.ts';
import { checkRackSpace } from './rack-space.ts';

export type CheckRule = Extract<RuleDef, { type: 'check' }>;

/** The rule of one check, its `args` typed by that check's spec. */
export type CheckRuleOf<C extends CheckName> = Extract<CheckRule, { check: C }>;

export function runCheck(ctx: WriteContext, model: ModelDef, rule: CheckRule, items: Pending[]): Promise<void> {
  switch (rule.check) {
    case 'primary_ip':
      return checkPrimaryIp(ctx, model, rule, items);
    case 'keeps_primary_ip':
      return checkKeepsPrimaryIp(ctx, model, rule, items);
    case 'rack_space':
      return checkRackSpace(ctx, model, rule, items);
    case 'lag':
      return checkLag(ctx, model, rule, items);
  }
}
