/**
 * OPTIONS on list and detail URLs, in NetBox's (DRF's) metadata shape. `actions` is present only
 * for a caller allowed to add (POST) or change (PUT) objects of the model.
 */
import type { Context } from 'hono';
import type { FieldDef, ModelDef, Registry } from '../../catalogue/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respond } from '../../http/render.ts';
import { hasPermission } from '../../auth/permissions.ts';
import { requireUser } from '../access.ts';
import { allowHeader } from '../read.ts';

function fieldType(f: FieldDef): string {
  switch (f.kind) {
    case 'id':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'datetime';
    case 'slug':
      return 'slug';
    case 'string':
    case 'text':
    case 'password':
    case 'ipaddress':
    case 'ipnetwork':
    case 'url':
    case 'display_url':
    case 'display':
      return 'string';
    case 'm2m':
    case 'children':
    case 'list':
    case 'tags':
      return 'list';
    case 'image':
      return 'image upload';
    default:
      return 'field';
  }
}

export function fieldMetadata(registry: Registry, f: FieldDef): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    type: fieldType(f),
    required: f.required,
    read_only: f.readOnly || f.kind === 'computed' || ['id', 'url', 'display_url', 'display'].includes(f.kind),
    label: f.label,
  };
  if (f.helpText) meta.help_text = f.helpText;
  if (f.maxLength !== undefined) meta.max_length = f.maxLength;
  if (f.minLength !== undefined) meta.min_length = f.minLength;
  if (f.min !== undefined) meta.min_value = f.min;
  if (f.max !== undefined) meta.max_value = f.max;
  if (f.maxDigits !== undefined) meta.max_digits = f.maxDigits;
  if (f.decimalPlaces !== undefined) meta.decimal_places = f.decimalPlaces;
  const choices = f.choices
    ? registry.choices(f.choices)
    : f.kind === 'object_type' && f.types
      ? f.types.map((t) => ({ value: t, label: t }))
      : undefined;
  if (choices) meta.choices = choices.map((c) => ({ value: c.value, display_name: String(c.label) }));
  return meta;
}

export function actionFields(registry: Registry, model: ModelDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of model.fields) {
    if (f.hidden || f.kind === 'generic') continue;
    out[f.name] = fieldMetadata(registry, f);
  }
  for (const a of model.aliases) {
    const f = registry.field(model, a.field);
    if (f && f.kind !== 'generic') out[a.name] = { ...fieldMetadata(registry, f), label: `${f.label} (older name)` };
  }
  return out;
}

export async function optionsHandler(c: Context<AppEnv>, model: ModelDef, list: boolean): Promise<Response> {
  requireUser(c);
  const { registry } = c.var.services;
  const user = c.var.user!;
  const canWrite = !model.readOnly && (!c.var.token || c.var.token.writeEnabled);
  const actions: Record<string, unknown> = {};
  if (canWrite) {
    const fields = actionFields(registry, model);
    if (list && (await hasPermission(c.var.tx, c.var.services.settings, user, model.key, 'add', c.var.services.cache)))
      actions.POST = fields;
    if (await hasPermission(c.var.tx, c.var.services.settings, user, model.key, 'change', c.var.services.cache))
      actions.PUT = fields;
  }
  const name = `${model.verboseName.replace(/(^|\s)\S/g, (s) => s.toUpperCase())} ${list ? 'List' : 'Instance'}`;
  return respond(
    c,
    200,
    {
      name,
      description: model.description,
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'multipart/form-data'],
      ...(Object.keys(actions).length ? { actions } : {}),
    },
    { Allow: allowHeader(model, list) },
  );
}
