/**
 * `/api/` (open to anonymous clients: their version probe), `/api/<app>/`, `/api/plugins/…`
 * listings from the catalogue (with the endpoints that are not models), `/api/status/`, and the
 * small endpoints NetBox lists there: scripts, the user's preferences, the installed plugins.
 */
import { hostname } from 'node:os';
import { Hono, type Context } from 'hono';
import type { AppDef } from '../catalogue/index.ts';
import type { AppEnv } from '../http/env.ts';
import { respond } from '../http/render.ts';
import { requireUser } from '../auth/index.ts';
import { fetchObjects } from '../rest/index.ts';
import { tables, query } from '../db/index.ts';
import { forbidden } from '../errors/index.ts';
import { createScriptRoutes } from './scripts.ts';
import { createUserConfigRoutes } from './user-config.ts';

/** Endpoints of an app that are not models, as NetBox lists them (served by runtime/app and friends). */
const ENDPOINTS: Record<string, readonly string[]> = {
  core: ['background-queues', 'background-tasks', 'background-workers'],
  dcim: ['connected-device'],
  extras: ['scripts', 'scripts/upload'],
  users: ['config'],
  'plugins/branching': ['branchable-models'],
};

/** `{endpoint: url}` for the models of an app, its other endpoints, and older paths mounted there. */
function listing(c: Context<AppEnv>, app: AppDef): Record<string, string> {
  const { registry } = c.var.services;
  const base = new URL(c.req.url).origin;
  const entries: [string, string][] = app.models
    .map((k) => registry.model(k))
    .map((m) => [m.path, `${base}/api/${m.apiPath}/`]);
  for (const e of ENDPOINTS[app.apiPath] ?? []) entries.push([e, `${base}/api/${app.apiPath}/${e}/`]);
  for (const m of registry.all())
    for (const p of m.alsoMountedAt)
      if (p.startsWith(`${app.apiPath}/`)) entries.push([p.slice(app.apiPath.length + 1), `${base}/api/${p}/`]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

const plugins = (c: Context<AppEnv>) =>
  c.var.services.registry.catalogue.apps.filter((a) => a.apiPath.startsWith('plugins/'));

/** `/api/`: every app's listing, plugins and status. */
function apiRoot(c: Context<AppEnv>): Response {
  const base = new URL(c.req.url).origin;
  const names = [
    ...c.var.services.registry.catalogue.apps.filter((a) => !a.apiPath.startsWith('plugins/')).map((a) => a.apiPath),
    'plugins',
    'status',
  ].sort();
  return respond(c, 200, Object.fromEntries(names.map((n) => [n, `${base}/api/${n}/`])), {
    Allow: 'GET, HEAD, OPTIONS',
    Vary: 'Accept',
  });
}

/** `/api/status/` with NetBox's keys (`rq-workers-running`: our job workers; there is no Python or Django here). */
async function status(c: Context<AppEnv>): Promise<Response> {
  const { settings, version, registry } = c.var.services;
  if (settings.loginRequired) requireUser(c);
  const workers = await query(
    c.var.tx,
    `SELECT count(*) AS n FROM public.${tables.worker}
      WHERE heartbeat > now() - interval '30 seconds'`,
  );
  const running = Number(workers[0]?.n ?? 0);
  return respond(c, 200, {
    'django-version': null,
    hostname: process.env.HOSTNAME ?? hostname(),
    installed_apps: Object.fromEntries(registry.catalogue.apps.map((a) => [a.name, version])),
    'netbox-version': version,
    'netbox-full-version': version,
    plugins: Object.fromEntries(plugins(c).map((p) => [p.name, version])),
    'python-version': null,
    'rq-workers-running': running,
  });
}

/** `/api/plugins/`: the installed plugins' listing and each plugin's. */
function pluginsRoot(c: Context<AppEnv>): Response {
  requireUser(c);
  const base = new URL(c.req.url).origin;
  return respond(c, 200, {
    'installed-plugins': `${base}/api/plugins/installed-plugins/`,
    ...Object.fromEntries(plugins(c).map((p) => [p.apiPath.slice('plugins/'.length), `${base}/api/${p.apiPath}/`])),
  });
}

/** `/api/plugins/installed-plugins/`: superusers only, as in NetBox. */
function installedPlugins(c: Context<AppEnv>): Response {
  if (!requireUser(c).isSuperuser) throw forbidden();
  const { version } = c.var.services;
  return respond(
    c,
    200,
    plugins(c).map((p) => ({
      name: p.label,
      package: p.name,
      author: '',
      author_email: '',
      description: `${p.label}: ${p.models.length} models at /api/${p.apiPath}/`,
      version,
      release_track: '',
    })),
  );
}

export function createRootRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.route('/', createScriptRoutes());
  app.route('/', createUserConfigRoutes());
  app.get('/api/', apiRoot);
  // NetBox 4.6: who the credentials belong to (clients probe a token with it)
  app.get('/api/authentication-check/', async (c) => {
    const me = requireUser(c);
    const [user] = await fetchObjects(c, c.var.services.registry.model('users.user'), [me.id]);
    return respond(c, 200, user, { Allow: 'GET, HEAD, OPTIONS', Vary: 'Accept' });
  });
  app.get('/api/status/', status);
  app.get('/api/plugins/', pluginsRoot);
  app.get('/api/plugins/installed-plugins/', installedPlugins);
  app.get('/api/plugins/:plugin/', (c) => {
    requireUser(c);
    const p = plugins(c).find((a) => a.apiPath === `plugins/${c.req.param('plugin')}`);
    if (!p) return respond(c, 404, { detail: 'Not found.' });
    return respond(c, 200, listing(c, p));
  });
  app.get('/api/:app/', (c) => {
    const appDef = c.var.services.registry.catalogue.apps.find((a) => a.apiPath === c.req.param('app'));
    if (!appDef) return respond(c, 404, { detail: 'Not found.' });
    requireUser(c);
    return respond(c, 200, listing(c, appDef));
  });
  return app;
}
