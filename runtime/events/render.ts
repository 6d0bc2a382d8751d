/**
 * Webhook templates (URL, headers, body) rendered with liquidjs in a sandbox: no file system or
 * includes, own properties only, and limits on template size, render time and output size.
 */
import { Liquid } from 'liquidjs';
import { fromJinja, registerJinjaFilters } from './jinja.ts';

const MAX_OUTPUT = 1024 * 1024;

const engine = new Liquid({
  templates: {}, // includes and layouts resolve nowhere: no file system access
  strictFilters: true,
  strictVariables: false,
  ownPropertyOnly: true,
  parseLimit: 100_000,
  renderLimit: 1_000,
  memoryLimit: 20_000_000,
});
engine.registerFilter('tojson', (v: unknown) => JSON.stringify(v));
engine.registerFilter('json', (v: unknown) => JSON.stringify(v));
registerJinjaFilters(engine);
engine.registerFilter('header_safe', (v: unknown) => String(v ?? '').replace(/[\r\n]/g, ' '));

export class TemplateError extends Error {}

export async function renderTemplate(template: string, context: Record<string, unknown>): Promise<string> {
  let out: string;
  try {
    out = await engine.parseAndRender(fromJinja(template), context);
  } catch (e) {
    throw new TemplateError(`template error: ${(e as Error).message}`);
  }
  if (out.length > MAX_OUTPUT) throw new TemplateError(`template output exceeds ${MAX_OUTPUT} bytes`);
  return out;
}

/** Checks a template parses, for validation when a webhook is saved. */
export function checkTemplate(template: string): string | undefined {
  try {
    engine.parse(fromJinja(template));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
