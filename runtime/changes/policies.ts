/**
 * Policies and their rules: one policy at most is the default (`A default policy already exists: <name>.`,
 * checked under a lock, so two requests cannot both make one), required checks are named once each, and a
 * rule's object types are types a branch can change (a rule on any other could never apply).
 */
import { query, tables } from '../db/index.ts';
import type { ModelHooks } from '../write/index.ts';

/** Serializes the writes that make a policy the default. */
const DEFAULT_LOCK = 4_608_000_000;

export const policyHooks: ModelHooks = {
  async prepare(ctx, _model, items) {
    let chosen: string | undefined;
    for (const p of items) {
      const checks = (p.values.required_checks ?? []) as string[];
      if (checks.some((c) => !c.trim())) p.errors.add('required_checks', 'A check name may not be blank.');
      p.values.required_checks = [...new Set(checks.map((c) => c.trim()))];
      if (!p.values.is_default || p.before?.is_default) continue;
      await query(ctx.db, 'SELECT pg_advisory_xact_lock($1::bigint)', [DEFAULT_LOCK]);
      const [other] = await query<{ name: string }>(
        ctx.db,
        `SELECT name FROM public.${tables.policy} WHERE is_default AND id <> $1 ORDER BY id LIMIT 1`,
        [p.id],
      );
      const name = other?.name ?? chosen;
      if (name !== undefined) p.errors.add('is_default', `A default policy already exists: ${name}.`);
      chosen ??= String(p.values.name);
    }
  },
};

export const policyRuleHooks: ModelHooks = {
  prepare(ctx, _model, items) {
    for (const p of items) {
      for (const type of (p.values.object_types ?? []) as string[]) {
        if (ctx.registry.has(type) && !ctx.registry.model(type).features.branching)
          p.errors.add('object_types', `${type} is not changed in branches: a rule on it would never apply.`);
      }
    }
  },
};
