/**
 * Model checks that need more than a declarative rule: each is written once here and switched on
 * per model in models/<app>.yaml (`rules: [{check: <name>, args: {…}}]`), naming the fields it works on.
 */
import type { ModelDef, RuleDef } from '../../catalogue/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import { checkKeepsPrimaryIp } from './keeps-primary-ip.ts';
import { checkLag } from './lag.ts';
import { checkPrimaryIp } from './primary-ip.ts';
import { checkRackSpace } from './rack-space.ts';

export type CheckRule = Extract<RuleDef, { type: 'check' }>;

type Check = (ctx: WriteContext, model: ModelDef, rule: CheckRule, items: Pending[]) => Promise<void>;

const checks: Readonly<Record<CheckRule['check'], Check>> = {
  primary_ip: checkPrimaryIp,
  keeps_primary_ip: checkKeepsPrimaryIp,
  rack_space: checkRackSpace,
  lag: checkLag,
};

export function runCheck(ctx: WriteContext, model: ModelDef, rule: CheckRule, items: Pending[]): Promise<void> {
  return checks[rule.check](ctx, model, rule, items);
}
