/**
 * OPTIONS on list and detail URLs, in NetBox's (DRF's) metadata shape: the view's name and
 * description, what it renders and parses, and — only for a caller allowed to add (POST) or change
 * (PUT) objects of the model — every field of the model as NetBox's serializer describes it.
 */
import type { Context } from 'hono';
import type { ModelDef, Registry } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respondText } from '../../http/render.ts';
import { hasPermission } from '../../auth/permissions.ts';
import { requireUser } from '../access.ts';
import { allowHeader } from '../read.ts';
import { fieldInfo, title, type Info } from './fields.ts';

/** Every field the model's serializer has, in its order (never hidden columns or older names). */
export function actionFields(registry: Registry, model: ModelDef): Info {
  const out: Info = {};
  for (const f of model.fields) if (!f.hidden) out[f.name] = fieldInfo(registry, model, f);
  return out;
}

/** JSON with bigint values written exactly (the bounds of bigint columns are beyond a double's precision). */
function jsonWithBigints(body: unknown): string {
  return JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(-?\d+)\\u0000"/g,
    '$1',
  );
}

export async function optionsHandler(c: Context<AppEnv>, model: ModelDef, list: boolean): Promise<Response> {
  requireUser(c);
  const { registry, settings, cache } = c.var.services;
  const user = c.var.user!;
  const canWrite = !model.readOnly && (!c.var.token || c.var.token.writeEnabled);
  const actions: Record<string, unknown> = {};
  if (canWrite) {
    const fields = actionFields(registry, model);
    if (list && (await hasPermission(c.var.tx, settings, user, model.key, 'add', cache))) actions.POST = fields;
    if (await hasPermission(c.var.tx, settings, user, model.key, 'change', cache)) actions.PUT = fields;
  }
  const body = {
    name: `${title(model.verboseName)} ${list ? 'List' : 'Instance'}`,
    description: model.options?.description ?? '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'multipart/form-data'],
    ...(Object.keys(actions).length ? { actions } : {}),
  };
  return respondText(c, 200, jsonWithBigints(body), { Allow: allowHeader(model, list) });
}
