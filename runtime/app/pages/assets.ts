/**
 * What the pages need outside the API: `/` sends a browser to the API root, and the scripts of the
 * browsable API (`public/browsable.js`) and of Swagger UI (`public/swagger-ui-init.js`), files because
 * the pages' Content-Security-Policy allows scripts from this server only, are served from `/static/`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

/** The project's folder: the nearest above this module (or the bundle in dist/) with a package.json. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const files: Record<string, string> = {
  'browsable.js': 'text/javascript; charset=utf-8',
  'swagger-ui-init.js': 'text/javascript; charset=utf-8',
};

export function createPageAssets(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  const root = projectRoot();
  const cache = new Map<string, string>();
  app.get('/', (c) => c.redirect('/api/', 302));
  app.get('/static/:file', async (c) => {
    const file = c.req.param('file');
    const type = files[file];
    if (!type) return c.json({ detail: 'Not found.' }, 404);
    let text = cache.get(file);
    if (text === undefined) {
      text = await readFile(join(root, 'public', file), 'utf8');
      cache.set(file, text);
    }
    return new Response(text, {
      headers: { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  return app;
}
