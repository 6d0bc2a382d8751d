/**
 * GraphiQL at `/graphql/` for a browser, served from the graphiql, react and react-dom packages
 * (their browser bundles; nothing from the network). It posts to `/graphql/` with the session cookie
 * and its CSRF header, as Swagger UI does.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { securityHeaders } from '../http/pages/html.ts';

export const ASSETS = '/static/graphiql/';
const require = createRequire(import.meta.url);
const dir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));

const files: Record<string, readonly [string, string, string]> = {
  'react.js': ['react', 'umd/react.production.min.js', 'text/javascript; charset=utf-8'],
  'react-dom.js': ['react-dom', 'umd/react-dom.production.min.js', 'text/javascript; charset=utf-8'],
  'graphiql.js': ['graphiql', 'graphiql.min.js', 'text/javascript; charset=utf-8'],
  'graphiql.css': ['graphiql', 'graphiql.min.css', 'text/css; charset=utf-8'],
};

export const graphiqlPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GraphiQL</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>
<link rel="stylesheet" href="${ASSETS}graphiql.css"></head>
<body><div id="graphiql">Loading GraphiQL…</div>
<script src="${ASSETS}react.js"></script>
<script src="${ASSETS}react-dom.js"></script>
<script src="${ASSETS}graphiql.js"></script>
<script src="${ASSETS}init.js"></script>
</body></html>`;

// a file, not an inline script: the pages' Content-Security-Policy allows scripts from 'self' only
const init = `(function () {
  var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
  var headers = m ? { 'X-CSRFToken': decodeURIComponent(m[1]) } : {};
  var fetcher = GraphiQL.createFetcher({ url: '/graphql/', headers: headers });
  var example = '# NetBox-compatible GraphQL: Ctrl-Enter runs the query\\n' +
    '{\\n  device_list(pagination: {limit: 10}) {\\n    id\\n    name\\n    site { name }\\n' +
    '    interfaces { name ip_addresses { address } }\\n  }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: example }),
  );
})();
`;

/** The pages' policy, and GraphiQL's fonts: its stylesheet carries them inline as data: URLs. */
const headers = {
  'Content-Type': 'text/html; charset=utf-8',
  ...securityHeaders,
  'Content-Security-Policy': `${securityHeaders['Content-Security-Policy']}; font-src 'self' data:`,
};

export function pageResponse(): Response {
  return new Response(graphiqlPage, { headers });
}

export function createGraphiqlAssets(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  app.get(
    `${ASSETS}init.js`,
    () =>
      new Response(init, {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      }),
  );
  app.get(`${ASSETS}:file`, async (c) => {
    const entry = files[c.req.param('file')];
    if (!entry) return c.json({ detail: 'Not found.' }, 404);
    const [pkg, path, type] = entry;
    let bytes = cache.get(path);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(dir(pkg), path)));
      cache.set(path, bytes);
    }
    return new Response(bytes, {
      headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  return app;
}
