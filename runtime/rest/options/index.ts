/**
 * OPTIONS on list and detail URLs, in NetBox's (DRF's) metadata shape: the view's name and
 * description, what it renders and parses, and — only for a caller allowed to add (POST) or change
 * (PUT) objects of the model — every field of the model as NetBox's serializer describes it.
 */
import type { Context } from 'hono';
import type { ModelDef, Registry } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respondText } from '../../http/render.ts';
import { hasPermission, requireUser } from '../../auth/index.ts';
import { allowHeader } from '../read.ts';
import { declaredInfo, fieldInfo, title, type Info } from './fields.ts';

/**
 * Every field the model's serializer has, in its order (never hidden columns or older names), then
 * those only NetBox's serializer declares (a circuit's `assignments`).
 */
export function actionFields(registry: Registry, model: ModelDef): Info {
  const out: Info = {};
  for (const f of model.fields) if (!f.hidden && !f.unlisted) out[f.name] = fieldInfo(registry, model, f);
  for (const [name, o] of Object.entries(model.options?.serializerOnly ?? {})) out[name] = declaredInfo(registry, o);
  return out;
}

/** JSON with bigint values written exactly (the bounds of bigint columns are beyond a double's precision). */
function jsonWithBigints(body: unknown): string {
  return JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(-?\d+)\\u0000"/g,
    '$1',
  );
}

/** The fields' description depends on the catalogue alone: printed once per model. */
const printed = new WeakMap<Registry, Map<string, string>>();

function fieldsText(registry: Registry, model: ModelDef): string {
  let byModel = printed.get(registry);
  if (!byModel) printed.set(registry, (byModel = new Map()));
  let text = byModel.get(model.key);
  if (text === undefined) byModel.set(model.key, (text = jsonWithBigints(actionFields(registry, model))));
  return text;
}

export async function optionsHandler(c: Context<AppEnv>, model: ModelDef, list: boolean): Promise<Response> {
  const user = requireUser(c);
  const { registry, settings, cache } = c.var.services;
  const canWrite = !model.readOnly && (!c.var.token || c.var.token.writeEnabled);
  const methods: string[] = [];
  if (canWrite) {
    const grants = { db: c.var.tx, settings, cache };
    if (list && (await hasPermission(grants, user, model.key, 'add'))) methods.push('POST');
    if (await hasPermission(grants, user, model.key, 'change')) methods.push('PUT');
  }
  const head = JSON.stringify({
    name: `${title(model.verboseName)} ${list ? 'List' : 'Instance'}`,
    description: model.options?.description ?? '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'multipart/form-data'],
  });
  const fields = methods.length ? fieldsText(registry, model) : '';
  const actions = methods.map((m) => `"${m}":${fields}`).join(',');
  const text = methods.length ? `${head.slice(0, -1)},"actions":{${actions}}}` : head;
  return respondText(c, 200, text, { Allow: allowHeader(model, list) });
}
