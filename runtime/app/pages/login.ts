/**
 * Cookie login for the browsable API and Swagger UI: `/login/` (form), `/logout/`. The session id
 * is random and only its hash is stored; the CSRF token is a second cookie that pages send back in
 * the X-CSRFToken header on unsafe requests.
 */
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../http/env.ts';
import { verifyPassword, CSRF_COOKIE, SESSION_COOKIE, closeSession, openSession } from '../../auth/index.ts';
import { htmlPage, escapeHtml } from '../../http/pages/html.ts';
import { tables, query } from '../../db/index.ts';

const TWO_WEEKS = 14 * 24 * 3600;

function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/api/';
}

function form(next: string, error?: string): string {
  return `<h1>Log in</h1>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login/">
  <input type="hidden" name="next" value="${escapeHtml(next)}">
  <label>Username <input name="username" autocomplete="username" required autofocus></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Log in</button>
</form>`;
}

export function createLoginRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/login/', (c) => htmlPage(c, 'Log in', form(safeNext(c.req.query('next')))));
  app.post('/login/', async (c) => {
    const body = await c.req.parseBody();
    const username = String(body.username ?? '');
    const password = String(body.password ?? '');
    const next = safeNext(String(body.next ?? ''));
    const { sql } = c.var.services;
    const user = (
      await query(sql, `SELECT id, password, is_active FROM public.${tables.user} WHERE username = $1`, [username])
    )[0];
    const ok = await verifyPassword(password, (user?.password as string | undefined) ?? null);
    if (!user || !ok || !user.is_active) return htmlPage(c, 'Log in', form(next, 'Invalid username or password.'), 403);
    const { id, csrf } = await openSession(sql, user.id as number, TWO_WEEKS);
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, SESSION_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: TWO_WEEKS, secure });
    setCookie(c, CSRF_COOKIE, csrf, { httpOnly: false, sameSite: 'Lax', path: '/', maxAge: TWO_WEEKS, secure });
    return c.redirect(next, 302);
  });
  app.on(['GET', 'POST'], '/logout/', async (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    if (id) await closeSession(c.var.services.sql, id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    deleteCookie(c, CSRF_COOKIE, { path: '/' });
    return c.redirect('/login/', 302);
  });
  return app;
}
