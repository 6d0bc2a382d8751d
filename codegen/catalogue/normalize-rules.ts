/**
 * What a model requires of its objects, in the IR (part of normalize.ts): unique constraints, rules with
 * their messages, and the arguments of checks and actions in the catalogue's form.
 */
import type { ActionCall, CheckCall, FieldDef, RuleDef, UniqueDef } from '../../runtime/catalogue/ir.ts';
import { actionArgs, checkArgs, type ActionOp, type CheckName } from '../../runtime/catalogue/names.ts';
import { parseArgs, type RawArgs } from './args.ts';
import type { RawModel } from './schema.ts';
import { capitalize } from './names.ts';

/** A check with its arguments in the catalogue's form (validate.ts has checked them against the spec). */
function checkCall(check: CheckName, raw: RawArgs): CheckCall {
  return { check, args: parseArgs(checkArgs[check], raw) } as CheckCall;
}

export function actionCall(op: ActionOp, raw: RawArgs): ActionCall {
  return { op, args: parseArgs(actionArgs[op], raw) } as ActionCall;
}

/** The model's unique constraints: each unique field's, then `unique_together`'s, with NetBox's messages. */
export function uniquesOf(
  m: RawModel,
  declared: readonly FieldDef[],
  verboseName: string,
  label: (name: string) => string,
): UniqueDef[] {
  const uniques: UniqueDef[] = [];
  for (const f of declared) {
    if (f.unique && f.column) {
      uniques.push({
        fields: [f.name],
        nullsEqual: false,
        key: f.name,
        message: `${verboseName} with this ${f.label.toLowerCase()} already exists.`,
        fieldLevel: true,
        ...(f.nullable ? { whenSet: [f.name] } : {}),
      });
    }
  }
  for (const u of m.unique_together ?? []) {
    uniques.push({
      fields: u.fields,
      ...(u.ci ? { ci: u.ci } : {}),
      nullsEqual: u.nulls_distinct === false,
      ...(u.when_set ? { whenSet: u.when_set } : {}),
      ...(u.when_null ? { whenNull: u.when_null } : {}),
      key: u.key ?? '__all__',
      message: u.message ?? `${capitalize(verboseName)} with this ${u.fields.map(label).join(' and ')} already exists.`,
    });
  }
  return uniques;
}

/** The model's rules (requires, same, one_of, all_of, check, ip_unique, less), with NetBox's messages. */
export function rulesOf(m: RawModel, key: string, label: (name: string) => string): RuleDef[] {
  return (m.rules ?? []).map((r): RuleDef => {
    if (r.requires)
      return {
        type: 'requires',
        field: r.requires[0],
        requires: r.requires[1],
        message:
          r.message ??
          `Must specify ${label(r.requires[1]).toLowerCase()} when ${label(r.requires[0]).toLowerCase()} is set.`,
      };
    if (r.same)
      return {
        type: 'same',
        left: r.same[0].split('.'),
        right: r.same[1].split('.'),
        key: r.key ?? r.same[0].replace(/\..*$/, ''),
        message: r.message ?? `${label(r.same[0])} must match ${label(r.same[1])}.`,
      };
    if (r.one_of)
      return {
        type: 'one_of',
        fields: r.one_of,
        key: r.key ?? '__all__',
        message: r.message ?? `One of ${r.one_of.join(', ')} must be set.`,
      };
    if (r.all_of)
      return {
        type: 'all_of',
        fields: r.all_of,
        key: r.key ?? '__all__',
        message: r.message ?? `${r.all_of.join(', ')} must all be set.`,
      };
    if (r.check)
      return {
        type: 'check',
        ...checkCall(r.check, r.args ?? {}),
        key: r.key ?? '__all__',
        ...(r.message ? { message: r.message } : {}),
      };
    if (r.ip_unique) {
      const u = r.ip_unique;
      return {
        type: 'ip_unique',
        field: u.field,
        vrf: u.vrf,
        ...(u.enforce ? { enforce: u.enforce } : {}),
        host: u.host ?? false,
        key: r.key ?? u.field,
        what: u.what,
        ...(u.exempt_field ? { exemptField: u.exempt_field, exempt: u.exempt ?? [] } : {}),
      };
    }
    if (r.less)
      return {
        type: 'less',
        left: r.less[0],
        right: r.less[1],
        key: r.key ?? r.less[1],
        message: r.message ?? `${label(r.less[0])} must be lower than ${label(r.less[1])}.`,
      };
    throw new Error(`${key}: a rule of no known kind`);
  });
}
