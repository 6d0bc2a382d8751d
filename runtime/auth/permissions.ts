/**
 * Object permissions: which enabled permissions grant a user (directly, through a group, or by
 * DEFAULT_PERMISSIONS) an action on a model, and the SQL condition their constraints add (the OR of
 * every grant; one unconstrained grant wins).
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import type { Db, Params } from '../db/index.ts';
import type { AuthUser } from '../http/env.ts';
import { constraintSql, unconstrained } from './constraints.ts';

export interface Grant {
  readonly condition?: (alias: string, params: Params) => string;
  readonly unrestricted: boolean;
}

/** `users.token` + `view` → `users.view_token` (NetBox's permission name). */
export function permissionName(modelKey: string, action: string): string {
  const [app, model] = modelKey.split('.') as [string, string];
  return `${app}.${action}_${model}`;
}

export async function grantedConstraints(db: Db, settings: Settings, userId: number, modelKey: string, action: string): Promise<unknown[] | null> {
  const rows = await db.unsafe(
    `SELECT p.constraints FROM public.users_objectpermission p
      WHERE p.enabled AND $1 = ANY(p.object_types) AND $2 = ANY(p.actions)
        AND (EXISTS (SELECT 1 FROM public.users_objectpermission_users x WHERE x.objectpermission_id = p.id AND x.user_id = $3)
          OR EXISTS (SELECT 1 FROM public.users_objectpermission_groups g JOIN public.users_user_groups ug ON ug.group_id = g.group_id
                      WHERE g.objectpermission_id = p.id AND ug.user_id = $3))`,
    [modelKey, action, userId]);
  const grants: unknown[] = rows.map((r) => r.constraints);
  const defaults = settings.defaultPermissions[permissionName(modelKey, action)];
  if (defaults) grants.push(defaults.length ? [...defaults] : null);
  return grants.length ? grants : null;
}

export async function permissionCondition(db: Db, registry: Registry, settings: Settings, user: AuthUser, model: ModelDef, action: string): Promise<Grant | null> {
  const grants = await grantedConstraints(db, settings, user.id, model.key, action);
  if (!grants) return null;
  if (grants.some(unconstrained)) return { unrestricted: true };
  return {
    unrestricted: false,
    condition: (alias, params) => {
      const parts = grants.map((g) => {
        try {
          return constraintSql(registry, model, g, user.id, alias, params);
        } catch {
          return 'FALSE'; // a constraint that cannot be read grants nothing
        }
      });
      return `(${parts.join(' OR ')})`;
    },
  };
}

export async function hasPermission(db: Db, settings: Settings, user: AuthUser, modelKey: string, action: string): Promise<boolean> {
  if (user.isSuperuser) return true;
  return (await grantedConstraints(db, settings, user.id, modelKey, action)) !== null;
}
