/**
 * Object permissions: which enabled permissions grant a user (directly or through a group) an
 * action on a model, and the SQL condition their constraints add (OR of all grants).
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { Db, Params } from '../db/index.ts';
import type { AuthUser } from '../http/env.ts';
import { constraintSql, unconstrained } from './constraints.ts';
import type { Registry } from '../catalogue/index.ts';

export interface Grant {
  readonly condition?: (alias: string, params: Params) => string;
  readonly unrestricted: boolean;
}

export async function grantedConstraints(db: Db, userId: number, modelKey: string, action: string): Promise<unknown[] | null> {
  const rows = await db.unsafe(
    `SELECT p.constraints FROM public.users_objectpermission p
      WHERE p.enabled AND $1 = ANY(p.object_types) AND $2 = ANY(p.actions)
        AND (EXISTS (SELECT 1 FROM public.users_objectpermission_users x WHERE x.objectpermission_id = p.id AND x.user_id = $3)
          OR EXISTS (SELECT 1 FROM public.users_objectpermission_groups g JOIN public.users_user_groups ug ON ug.group_id = g.group_id
                      WHERE g.objectpermission_id = p.id AND ug.user_id = $3))`,
    [modelKey, action, userId]);
  return rows.length ? rows.map((r) => r.constraints) : null;
}

export async function permissionCondition(db: Db, registry: Registry, user: AuthUser, model: ModelDef, action: string): Promise<Grant | null> {
  const grants = await grantedConstraints(db, user.id, model.key, action);
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

export async function hasPermission(db: Db, user: AuthUser, modelKey: string, action: string): Promise<boolean> {
  if (user.isSuperuser) return true;
  return (await grantedConstraints(db, user.id, modelKey, action)) !== null;
}
