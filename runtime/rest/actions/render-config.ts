/**
 * `render-config` of a device or VM, and `render` of a config template (NetBox 4.x): the template
 * (the one asked for by `config_template_id`, else the object's, else its role's or platform's) is
 * rendered with the object's config context, the request body's keys and the object itself under
 * its model name. JSON `{configtemplate, content}`, or the bare text with `?format=txt` or
 * `Accept: text/plain`.
 * Args of render_config: `template` (the object's template relation), `fallbacks` (a list of
 * relations whose own `template` relation is tried next, in order), `context` (the config context
 * field), `code` (the template model's code field). Args of render_template: `code`.
 */
import type { SqlScalar } from '../../db/index.ts';
import type { Context } from 'hono';
import type { ActionDef, ModelDef } from '../../catalogue/index.ts';
import { ident, query } from '../../db/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidInput, failure } from '../../errors/index.ts';
import { readJson } from '../../http/body.ts';
import { respond } from '../../http/render.ts';
import { renderTemplate, TemplateError } from '../../events/index.ts';
import { fetchObjects } from '../read.ts';
import { loadParent } from './allocate.ts';

type RenderConfig = Extract<ActionDef, { op: 'render_config' }>;
type RenderTemplate = Extract<ActionDef, { op: 'render_template' }>;

async function bodyObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalidInput({ non_field_errors: ['Expected a dictionary of context data.'] });
  return body as Record<string, unknown>;
}

function wantsText(c: Context<AppEnv>): boolean {
  const format = new URL(c.req.url).searchParams.get('format');
  return format === 'txt' || (format === null && (c.req.header('accept') ?? '').startsWith('text/plain'));
}

async function answer(
  c: Context<AppEnv>,
  templates: ModelDef,
  templateId: number,
  code: string,
  context: Record<string, unknown>,
): Promise<Response> {
  let content: string;
  try {
    content = await renderTemplate(code, context);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    throw failure('failed', `An error occurred while rendering the template: ${e.message}`);
  }
  if (wantsText(c))
    return new Response(content, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const [configtemplate] = await fetchObjects(c, templates, [templateId], templates.brief);
  return respond(c, 200, { configtemplate, content });
}

export async function renderConfigHandler(
  c: Context<AppEnv>,
  model: ModelDef,
  action: RenderConfig,
): Promise<Response> {
  const a = action.args;
  const { registry } = c.var.services;
  const row = await loadParent(c, model, false);
  const body = await bodyObject(c);
  const templateField = registry.fieldOfKind(model, a.template, 'fk');
  const templates = registry.model(templateField.to);
  let id: unknown = body.config_template_id ?? row[templateField.column];
  for (const via of a.fallbacks ?? []) {
    if (id !== null && id !== undefined) break;
    const f = registry.fieldOfKind(model, via, 'fk');
    const target = registry.model(f.to);
    const ref = row[f.column];
    if (ref === null || ref === undefined) continue;
    // a related model without a template relation of its own gives none
    if (!registry.field(target, a.template)) continue;
    const hit = await query(
      c.var.tx,
      `SELECT ${ident(registry.columnOf(target, a.template))} AS v FROM ${ident(target.table)} WHERE id = $1`,
      [ref as SqlScalar],
    );
    id = hit[0]?.v ?? null;
  }
  if (id === null || id === undefined)
    throw invalidInput({ error: `No config template found for this ${model.verboseName}.` });
  if (!Number.isSafeInteger(Number(id))) throw invalidInput({ config_template_id: ['A valid integer is required.'] });
  const [template] = await query(
    c.var.tx,
    `SELECT id, ${ident(registry.columnOf(templates, a.code))} AS code
    FROM ${ident(templates.table)} WHERE id = $1`,
    [Number(id)],
  );
  if (!template)
    throw invalidInput({
      config_template_id: [`Related object not found using the provided numeric ID: ${String(id)}`],
    });
  const [object] = await fetchObjects(c, model, [Number(row.id)]);
  const { config_template_id: _, ...extra } = body;
  void _;
  const context = { ...((object?.[a.context] ?? {}) as Record<string, unknown>), ...extra, [model.model]: object };
  return answer(c, templates, Number(template.id), String(template.code ?? ''), context);
}

export async function renderTemplateHandler(
  c: Context<AppEnv>,
  model: ModelDef,
  action: RenderTemplate,
): Promise<Response> {
  const row = await loadParent(c, model, false);
  const body = await bodyObject(c);
  return answer(
    c,
    model,
    Number(row.id),
    String(row[c.var.services.registry.columnOf(model, action.args.code)] ?? ''),
    body,
  );
}
