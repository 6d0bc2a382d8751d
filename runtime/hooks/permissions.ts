/** Object permissions: actions must be named, and constraints must be filter expressions that read. */
import type { ModelHooks } from '../write/index.ts';
import { constraintSql, ConstraintError } from '../auth/constraints.ts';
import { Params } from '../db/index.ts';

export const permissionHooks: ModelHooks = {
  prepare(ctx, _model, items) {
    for (const p of items) {
      const actions = (p.values.actions ?? []) as string[];
      if (!actions.length) p.errors.add('actions', 'At least one action must be selected.');
      for (const a of actions) if (!/^[a-z_]+$/.test(a)) p.errors.add('actions', `Invalid action "${a}".`);
      const constraints = p.values.constraints;
      if (constraints === null || constraints === undefined) continue;
      if (typeof constraints !== 'object') {
        p.errors.add('constraints', 'Constraints must be a JSON object or a list of objects.');
        continue;
      }
      for (const type of (p.values.object_types ?? []) as string[]) {
        try {
          const row = { model: ctx.registry.model(type), alias: 't' };
          constraintSql({ registry: ctx.registry, params: new Params(), userId: 0 }, row, constraints);
        } catch (e) {
          if (!(e instanceof ConstraintError)) throw e;
          p.errors.add('constraints', `Invalid filter for ${type}: ${e.message}`);
        }
      }
    }
  },
};
