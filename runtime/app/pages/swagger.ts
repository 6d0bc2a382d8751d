/**
 * Swagger UI at `/api/schema/swagger-ui/`, its assets served from the swagger-ui-dist package
 * (nothing from the network). It reads `/api/schema/` and sends the token the user authorizes
 * with, or the session cookie with its CSRF header.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { securityHeaders } from '../../http/pages/html.ts';

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

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API documentation</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="${BASE}swagger-ui.css"><link rel="stylesheet" href="${BASE}index.css">
<link rel="icon" type="image/png" href="${BASE}favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="${BASE}swagger-ui-bundle.js"></script>
<script src="${BASE}swagger-ui-standalone-preset.js"></script>
<script src="${BASE}init.js"></script>
</body></html>`;

// a file, not an inline script: the pages' Content-Security-Policy allows scripts from 'self' only
const init = `window.ui = SwaggerUIBundle({
  url: '/api/schema/?format=json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  filter: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  requestInterceptor: function (req) {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
    if (m) req.headers['X-CSRFToken'] = decodeURIComponent(m[1]);
    return req;
  },
});
`;

export function createSwaggerRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  app.get(
    BASE,
    () => new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8', ...securityHeaders } }),
  );
  app.get(
    `${BASE}init.js`,
    () =>
      new Response(init, {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      }),
  );
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
