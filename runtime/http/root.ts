/** `/api/` (open to anonymous clients: their version probe), `/api/<app>/` and `/api/status/`. */
import { hostname } from 'node:os';
import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { respond } from './render.ts';
import { requireUser } from '../rest/access.ts';

export interface RootOptions {
  /** extra entries of the root listing and their app listings (plugins) */
  readonly plugins: Record<string, Record<string, string>>;
}

export function createRootRoutes(options: RootOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/api/', (c) => {
    const base = new URL(c.req.url).origin;
    const names = [...c.var.services.registry.catalogue.apps.map((a) => a.name), 'plugins', 'status'].sort();
    const body: Record<string, string> = {};
    for (const n of names) body[n] = `${base}/api/${n}/`;
    return respond(c, 200, body, { Allow: 'GET, HEAD, OPTIONS', Vary: 'Accept' });
  });
  app.get('/api/status/', async (c) => {
    const { settings, version } = c.var.services;
    if (settings.loginRequired) requireUser(c);
    const workers = await c.var.tx.unsafe(
      "SELECT count(*) AS n FROM public.core_worker WHERE heartbeat > now() - interval '30 seconds'").catch(() => [{ n: 0 }]);
    return respond(c, 200, {
      'django-version': null,
      hostname: process.env.HOSTNAME ?? hostname(),
      'installed_apps': Object.fromEntries(c.var.services.registry.catalogue.apps.map((a) => [a.name, version])),
      'netbox-version': version,
      'netbox-full-version': version,
      'node-version': process.versions.node,
      'plugins': Object.fromEntries(Object.keys(options.plugins).map((p) => [p, version])),
      'python-version': null,
      'rq-workers-running': Number(workers[0]?.n ?? 0),
      'workers-running': Number(workers[0]?.n ?? 0),
    });
  });
  app.get('/api/plugins/', (c) => {
    requireUser(c);
    const base = new URL(c.req.url).origin;
    return respond(c, 200, Object.fromEntries(Object.keys(options.plugins).sort().map((p) => [p, `${base}/api/plugins/${p}/`])));
  });
  app.get('/api/plugins/:plugin/', (c) => {
    requireUser(c);
    const base = new URL(c.req.url).origin;
    const entries = options.plugins[c.req.param('plugin')];
    if (!entries) return respond(c, 404, { detail: 'Not found.' });
    return respond(c, 200, Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, `${base}${v}`])));
  });
  app.get('/api/:app/', (c) => {
    const { registry } = c.var.services;
    const appDef = registry.catalogue.apps.find((a) => a.name === c.req.param('app'));
    if (!appDef) return respond(c, 404, { detail: 'Not found.' });
    requireUser(c);
    const base = new URL(c.req.url).origin;
    const entries: [string, string][] = appDef.models.map((k) => registry.model(k)).map((m) => [m.path, `${base}/api/${m.app}/${m.path}/`]);
    for (const m of registry.all()) for (const p of m.alsoMountedAt) if (p.startsWith(`${appDef.name}/`)) entries.push([p.split('/')[1]!, `${base}/api/${p}/`]);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return respond(c, 200, Object.fromEntries(entries));
  });
  return app;
}
