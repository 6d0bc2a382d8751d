/**
 * Object permissions: which enabled permissions grant a user (directly, through a group, or by
 * DEFAULT_PERMISSIONS) an action on a model, and the SQL condition their constraints add (the OR of
 * every grant; one unconstrained grant wins). With the shared cache, a user's grants for a model
 * and action are read once per process and kept until a permission, group membership or user
 * changes anywhere (cache-triggers.ts), so a request needs no query for them.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import type { CachedModels, Db, Params, SharedCache } from '../db/index.ts';
import type { AuthUser } from '../http/env.ts';
import { constraintSql, unconstrained } from './constraints.ts';
import { tables, query } from '../db/index.ts';

/**
 * Where a user's grants are read: the connection (the shared cache's, when there is one and it has
 * them not) and the settings (DEFAULT_PERMISSIONS).
 */
export interface GrantSource {
  readonly db: Db;
  readonly settings: Settings;
  readonly cache?: SharedCache;
}

export interface Grant {
  readonly condition?: (alias: string, params: Params) => string;
  readonly unrestricted: boolean;
}

/** `users.token` + `view` → `users.view_token` (NetBox's permission name). */
export function permissionName(modelKey: string, action: string): string {
  const [app, model] = modelKey.split('.') as [string, string];
  return `${app}.${action}_${model}`;
}

/** What the `auth` cache topic holds: tokens, users, groups and permissions (their tables' triggers notify). */
export const authCache: CachedModels = {
  topic: 'auth',
  models: new Set(['users.token', 'users.user', 'users.group', 'users.objectpermission']),
};

/** Kept at most this long even without a notice (a backstop for one lost with its connection). */
export const AUTH_CACHE_MAX_AGE_MS = 60_000;

async function grantRows(db: Db, userId: number, modelKey: string, action: string): Promise<unknown[]> {
  const rows = await query(
    db,
    `SELECT p.constraints FROM public.${tables.objectPermission} p
      WHERE p.enabled AND $1 = ANY(p.object_types) AND $2 = ANY(p.actions)
        AND (EXISTS (SELECT 1 FROM public.${tables.objectPermissionUsers} x WHERE x.objectpermission_id = p.id
      AND x.user_id = $3)
          OR EXISTS (SELECT 1 FROM public.${tables.objectPermissionGroups} g
      JOIN public.${tables.userGroups} ug ON ug.group_id = g.group_id
                      WHERE g.objectpermission_id = p.id AND ug.user_id = $3))`,
    [modelKey, action, userId],
  );
  return rows.map((r) => r.constraints);
}

export async function grantedConstraints(
  { db, settings, cache }: GrantSource,
  userId: number,
  modelKey: string,
  action: string,
): Promise<unknown[] | null> {
  const grants = cache
    ? [
        ...(await cache.get(
          'auth',
          `perm\0${userId}\0${modelKey}\0${action}`,
          () => grantRows(cache.pool, userId, modelKey, action),
          AUTH_CACHE_MAX_AGE_MS,
        )),
      ]
    : await grantRows(db, userId, modelKey, action);
  const defaults = settings.defaultPermissions[permissionName(modelKey, action)];
  if (defaults) grants.push(defaults.length ? [...defaults] : null);
  return grants.length ? grants : null;
}

/** The condition `user`'s grants put on rows of `model` for `action`; null when nothing is granted. */
export async function permissionCondition(
  from: GrantSource & { readonly registry: Registry },
  user: AuthUser,
  model: ModelDef,
  action: string,
): Promise<Grant | null> {
  const grants = await grantedConstraints(from, user.id, model.key, action);
  if (!grants) return null;
  if (grants.some(unconstrained)) return { unrestricted: true };
  return {
    unrestricted: false,
    condition: (alias, params) => {
      // what of a grant does not apply to this model grants nothing here (constraints.ts)
      const parts = grants.map((g) =>
        constraintSql({ registry: from.registry, params, userId: user.id }, { model, alias }, g),
      );
      return `(${parts.join(' OR ')})`;
    },
  };
}

export async function hasPermission(
  from: GrantSource,
  user: AuthUser,
  modelKey: string,
  action: string,
): Promise<boolean> {
  if (user.isSuperuser) return true;
  return (await grantedConstraints(from, user.id, modelKey, action)) !== null;
}
