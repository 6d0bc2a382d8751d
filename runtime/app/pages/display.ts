/**
 * The pages `display_url` names, NetBox's web UI addresses: `/dcim/devices/1/` (or the path a model's
 * `display_url:` gives, `/core/changelog/1/`) and the list `/dcim/devices/` lead a browser to the
 * object's (the list's) browsable API page, `/api/dcim/devices/1/`, the query kept; so do those of the
 * models whose answers have no display_url (`/plugins/branching/branches/1/`). Anonymous callers go to
 * the login page first when LOGIN_REQUIRED is on, and come back here after it.
 */
import { Hono, type Context } from 'hono';
import type { Registry } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { sessionUser } from '../../auth/index.ts';

async function open(c: Context<AppEnv>, target: string): Promise<Response> {
  const url = new URL(c.req.url);
  if (c.var.services.settings.loginRequired && !c.req.header('authorization') && !(await sessionUser(c)))
    return c.redirect(`/login/?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`, 302);
  return c.redirect(`${target}${url.search}`, 302);
}

export function createDisplayRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  for (const m of registry.all()) {
    const page = `/${m.uiPath ?? m.apiPath}`;
    const api = `/api/${m.apiPath}/`;
    for (const list of [`${page}/`, page]) app.get(list, (c) => open(c, api));
    for (const one of [`${page}/:id{[0-9]+}/`, `${page}/:id{[0-9]+}`])
      app.get(one, (c) => open(c, `${api}${c.req.param('id')}/`));
  }
  return app;
}
