/**
 * Swagger UI at `/api/schema/swagger-ui/`, its assets served from the swagger-ui-dist package
 * (nothing from the network). It shows one app's part of `/api/schema/` at a time, the apps being the
 * document's tags, and sends the token the user authorizes with, or the session cookie with its CSRF
 * header (public/swagger-ui-init.js).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { escapeHtml, securityHeaders } from '../../http/pages/html.ts';
import { tagsOf } from '../../http/openapi-views.ts';

const BASE = '/api/schema/swagger-ui/';
const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/** The page: Swagger UI's files and ours (public/swagger-ui-init.js), and the apps to choose from. */
const page = (apps: readonly string[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API documentation</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="${BASE}swagger-ui.css"><link rel="stylesheet" href="${BASE}index.css">
<link rel="icon" type="image/png" href="${BASE}favicon-32x32.png"></head>
<body><div id="swagger-ui" data-apps="${escapeHtml(JSON.stringify(apps))}"></div>
<script src="${BASE}swagger-ui-bundle.js"></script>
<script src="${BASE}swagger-ui-standalone-preset.js"></script>
<script src="/static/swagger-ui-init.js"></script>
</body></html>`;

export function createSwaggerRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  let html: string | undefined;
  app.get(BASE, (c) => {
    html ??= page(tagsOf(c.var.services.openapi));
    return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', ...securityHeaders } });
  });
  app.get(`${BASE}:file`, async (c) => {
    const file = c.req.param('file');
    const type = assets[file];
    if (!type) return c.json({ detail: 'Not found.' }, 404);
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(dist, file)));
      cache.set(file, bytes);
    }
    return new Response(bytes, {
      headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  return app;
}
