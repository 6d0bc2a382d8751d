/**
 * `/api/users/config/` (NetBox's UserConfig): the requesting user's preferences, an object they read
 * (GET) and deep-merge into (PATCH); nobody else's. A user who never set any has `{}`.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { forbidden, invalidInput } from '../errors/index.ts';
import { readJson } from '../http/body.ts';
import { respond } from '../http/render.ts';
import { requireUser } from '../auth/index.ts';
import { tables, query } from '../db/index.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `into` with `from` merged in, objects key by key at every depth, anything else replaced. */
export function deepMerge(into: Json, from: Json): Json {
  const out: Json = { ...into };
  for (const [k, v] of Object.entries(from)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

async function current(c: Context<AppEnv>, userId: number): Promise<Json> {
  const rows = await query(c.var.tx, `SELECT data FROM public.${tables.userConfig} WHERE user_id = $1`, [userId]);
  return (rows[0]?.data as Json | undefined) ?? {};
}

const ALLOW = { Allow: 'GET, PATCH, HEAD, OPTIONS' };

export function createUserConfigRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/api/users/config/', async (c) => {
    const user = requireUser(c);
    return respond(c, 200, await current(c, user.id), ALLOW);
  });
  app.patch('/api/users/config/', async (c) => {
    const user = requireUser(c);
    if (c.var.token && !c.var.token.writeEnabled) throw forbidden();
    const body = await readJson(c);
    if (!isObject(body)) throw invalidInput({ non_field_errors: ['Expected a JSON object of preferences.'] });
    const data = deepMerge(await current(c, user.id), body);
    await query(
      c.var.tx,
      `INSERT INTO public.${tables.userConfig} (user_id, data) VALUES ($1, $2::text::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`,
      [user.id, JSON.stringify(data)],
    );
    return respond(c, 200, data, ALLOW);
  });
  return app;
}
