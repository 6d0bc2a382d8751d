/**
 * `POST /api/users/tokens/provision/`: exchange a username and password for a new write-enabled
 * token (no Authorization header). Wrong credentials get the same 403 whether or not the user
 * exists, after the same amount of work.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { invalidInput, forbidden } from '../errors/index.ts';
import { readJson } from '../http/body.ts';
import { respond } from '../http/render.ts';
import { createObjects } from '../write/index.ts';
import { fetchObjects, writeContext } from '../rest/index.ts';
import { verifyPassword, hasPermission } from '../auth/index.ts';
import { tables, query } from '../db/index.ts';
import { present } from '../collections.ts';

const INVALID = 'Invalid username/password';
const allowed = new Set(['version', 'description', 'expires', 'enabled', 'write_enabled', 'allowed_ips', 'token']);

export function createProvisionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.post('/api/users/tokens/provision/', async (c) => {
    const body = await readJson(c);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidInput({ non_field_errors: ['Expected a JSON object with username and password.'] });
    const { username, password, ...rest } = body as Record<string, unknown>;
    const missing: Record<string, string[]> = {};
    if (typeof username !== 'string' || !username) missing.username = ['This field is required.'];
    if (typeof password !== 'string' || !password) missing.password = ['This field is required.'];
    for (const k of Object.keys(rest)) if (!allowed.has(k)) missing[k] = ['Unknown field.'];
    if (Object.keys(missing).length) throw invalidInput(missing);
    const { registry, settings, hooks } = c.var.services;
    const rows = await query(
      c.var.tx,
      `SELECT id, username, password, is_active, is_superuser
      FROM public.${tables.user} WHERE username = $1`,
      [username as string],
    );
    const user = rows[0];
    // verify against a dummy hash when the user does not exist: the same time either way
    const ok = await verifyPassword(password as string, (user?.password as string | undefined) ?? null);
    if (!user || !ok || !user.is_active) throw forbidden(INVALID);
    const principal = {
      id: user.id as number,
      username: user.username as string,
      isSuperuser: user.is_superuser as boolean,
      isActive: true,
    };
    if (
      !(await hasPermission({ db: c.var.tx, settings, cache: c.var.services.cache }, principal, 'users.token', 'add'))
    )
      throw forbidden('You do not have permission to create tokens.');
    c.set('user', principal);
    const ctx = {
      ...writeContext(c, { unrestricted: true }),
      actor: { id: principal.id, username: principal.username },
    };
    const model = registry.model('users.token');
    const [created] = await createObjects(ctx, model, [{ write_enabled: true, ...rest, user: principal.id }], {
      bulk: false,
    });
    const item = present(created, 'the created token');
    const object = present((await fetchObjects(c, model, [item.id]))[0], `token ${item.id}`);
    hooks.get('users.token')?.present?.(item, object);
    return respond(c, 201, object, { Location: String(object.url) });
  });
  return app;
}
