/**
 * Cookie sessions for the browsable API and Swagger UI. A session id is random; the database keeps
 * only its SHA-256. Unsafe methods with a session also need the CSRF token (double submit).
 * Every statement on the session rows is here: opened at login, read by each request, closed at logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, AuthUser } from '../http/env.ts';
import { forbidden } from '../errors/index.ts';
import { SAFE_METHODS } from '../http/middleware.ts';
import { sameSecret } from './tokens.ts';
import { tables, query, type Db } from '../db/index.ts';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';

export function sessionHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Logs the user in: a new session for `seconds` (its id and CSRF token, for the cookies), and their last login. */
export async function openSession(db: Db, userId: number, seconds: number): Promise<{ id: string; csrf: string }> {
  const id = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await query(
    db,
    `INSERT INTO public.${tables.session} (key_hash, user_id, csrf, expires) VALUES ($1, $2, $3,
        now() + make_interval(secs => $4))`,
    [sessionHash(id), userId, csrf, seconds],
  );
  await query(db, `UPDATE public.${tables.user} SET last_login = now() WHERE id = $1`, [userId]);
  return { id, csrf };
}

/** Logs out: the session is gone. */
export async function closeSession(db: Db, id: string): Promise<void> {
  await query(db, `DELETE FROM public.${tables.session} WHERE key_hash = $1`, [sessionHash(id)]);
}

export async function sessionUser(c: Context<AppEnv>): Promise<AuthUser | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id || id.length > 200) return null;
  // before the request's transaction (auth runs first): one query on the pool
  const rows = await query(
    c.var.services.sql,
    `SELECT u.id, u.username, u.is_superuser, u.is_active, s.csrf FROM public.${tables.session} s
      JOIN public.${tables.user} u ON u.id = s.user_id
      WHERE s.key_hash = $1 AND s.expires > now()`,
    [sessionHash(id)],
  );
  const row = rows[0];
  if (!row || !row.is_active) return null;
  if (!SAFE_METHODS.has(c.req.method)) {
    const sent = c.req.header('x-csrftoken') ?? '';
    if (!sent || !sameSecret(sent, row.csrf as string))
      throw forbidden('CSRF Failed: CSRF token missing or incorrect.');
  }
  return {
    id: row.id as number,
    username: row.username as string,
    isSuperuser: row.is_superuser as boolean,
    isActive: true,
  };
}
