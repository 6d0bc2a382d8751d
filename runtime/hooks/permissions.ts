/**
 * Object permissions: actions must be named, and constraints must be a filter expression (an object, or
 * a list of objects) whose lookups get values of the shape they take. As NetBox's API, a constraint
 * naming a field some (or all) of the object types lack is accepted: it grants nothing on those types.
 */
import type { ModelHooks } from '../write/index.ts';
import { compileConstraints, MalformedConstraint, shapeFault } from '../auth/index.ts';
import { Params } from '../db/index.ts';

export const permissionHooks: ModelHooks = {
  prepare(ctx, _model, items) {
    for (const p of items) {
      const actions = (p.values.actions ?? []) as string[];
      if (!actions.length) p.errors.add('actions', 'At least one action must be selected.');
      for (const a of actions) if (!/^[a-z_]+$/.test(a)) p.errors.add('actions', `Invalid action "${a}".`);
      const constraints = p.values.constraints;
      if (constraints === null || constraints === undefined) continue;
      const shape = shapeFault(constraints);
      if (shape) {
        p.errors.add('constraints', shape.message);
        continue;
      }
      const messages = new Set<string>();
      for (const type of (p.values.object_types ?? []) as string[]) {
        if (!ctx.registry.has(type)) continue;
        const row = { model: ctx.registry.model(type), alias: 't' };
        const read = compileConstraints({ registry: ctx.registry, params: new Params(), userId: 0 }, row, constraints);
        for (const f of read.faults) if (f instanceof MalformedConstraint) messages.add(f.message);
      }
      for (const m of messages) p.errors.add('constraints', m);
    }
  },
};
