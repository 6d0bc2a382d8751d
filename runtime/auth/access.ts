/**
 * Who may do what on an endpoint: anonymous reads only when allowed, read-only tokens never write,
 * superusers everything, other users what their object permissions grant (with constraints
 * returned as SQL conditions, applied in the same query).
 */
import type { Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import type { Params } from '../db/index.ts';
import type { AppEnv, AuthUser } from '../http/env.ts';
import { forbidden } from '../errors/index.ts';
import { permissionCondition } from './permissions.ts';

export type PermissionAction = 'view' | 'add' | 'change' | 'delete';

export interface Access {
  /** extra WHERE condition on `alias` limiting the rows this request may act on; undefined = all */
  readonly condition?: (alias: string, params: Params) => string;
  readonly unrestricted: boolean;
}

const NOT_PROVIDED = 'Authentication credentials were not provided.';
const all: Access = { unrestricted: true };

/** `*` in EXEMPT_VIEW_PERMISSIONS never covers the users app's secrets. */
const neverExemptByWildcard = new Set(['users.user', 'users.group', 'users.objectpermission', 'users.token']);

export function isExempt(c: Context<AppEnv>, model: ModelDef): boolean {
  const list = c.var.services.settings.exemptViewPermissions;
  return list.includes(model.key) || (list.includes('*') && !neverExemptByWildcard.has(model.key));
}

export async function authorize(c: Context<AppEnv>, model: ModelDef, action: PermissionAction): Promise<Access> {
  const user = c.var.user;
  const { settings } = c.var.services;
  if (!user) {
    if (action === 'view' && !settings.loginRequired && isExempt(c, model)) return all;
    throw forbidden(NOT_PROVIDED);
  }
  if (action !== 'view' && c.var.token && !c.var.token.writeEnabled) throw forbidden();
  if (settings.maintenanceMode && action !== 'view')
    throw forbidden('The service is in maintenance mode; writes are disabled.');
  if (user.isSuperuser) return all;
  if (action === 'view' && isExempt(c, model)) return all;
  const { registry, cache } = c.var.services;
  const grant = await permissionCondition({ db: c.var.tx, registry, settings, cache }, user, model, action);
  if (!grant) throw forbidden();
  return grant;
}

/** The caller, or the error an anonymous or unauthenticated caller gets. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  if (!c.var.user) throw forbidden(NOT_PROVIDED);
  return c.var.user;
}
