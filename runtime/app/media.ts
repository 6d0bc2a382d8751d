/**
 * `GET /media/<path>`: stored uploads, to signed-in users (token or session) when LOGIN_REQUIRED
 * is on. Served with a type from the file's own bytes and headers that stop a browser from
 * treating an upload as a page.
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { respond } from '../http/render.ts';
import { requireUser } from '../auth/index.ts';
import { imageInfo, resolveStored } from '../media/index.ts';

export function createMediaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/media/*', async (c) => {
    const { settings } = c.var.services;
    if (settings.loginRequired) requireUser(c);
    const relative = decodeURIComponent(new URL(c.req.url).pathname.slice('/media/'.length));
    const full = relative && !relative.includes('\0') ? resolveStored(settings.mediaRoot, relative) : null;
    const bytes = full ? await readFile(full).catch(() => null) : null;
    if (!bytes) return respond(c, 404, { detail: 'Not found.' });
    const info = imageInfo(bytes);
    return new Response(bytes, {
      headers: {
        'Content-Type': info ? `image/${info.format}` : 'application/octet-stream',
        'Content-Length': String(bytes.length),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, max-age=3600',
      },
    });
  });
  return app;
}
