/**
 * Webhook templates (URL, headers, body) rendered with liquidjs in a sandbox: no file system or
 * includes, own properties only, and limits on template size, render time and output size.
 */
import { Liquid } from 'liquidjs';
import { fromJinja, registerJinjaFilters } from './jinja.ts';

const MAX_OUTPUT = 1024 * 1024;

export class TemplateError extends Error {}

/** A value written by `{{ … }}` into a header template broke its line: refused, never a new header. */
class LineBreakInValue extends Error {}

function newEngine(outputEscape?: (v: unknown) => string): Liquid {
  const engine = new Liquid({
    templates: {}, // includes and layouts resolve nowhere: no file system access
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    parseLimit: 100_000,
    renderLimit: 1_000,
    memoryLimit: 20_000_000,
    ...(outputEscape ? { outputEscape } : {}),
  });
  engine.registerFilter('tojson', (v: unknown) => JSON.stringify(v));
  engine.registerFilter('json', (v: unknown) => JSON.stringify(v));
  registerJinjaFilters(engine);
  engine.registerFilter('header_safe', (v: unknown) => String(v ?? '').replace(/[\r\n]/g, ' '));
  return engine;
}

const engine = newEngine();
/**
 * Header templates: every value a template writes is checked before it joins the text, so only the
 * template's own line breaks separate headers (`raw` is an ordinary filter here: nothing skips the check).
 */
const headerEngine = newEngine((v) => {
  const text = v === null || v === undefined ? '' : String(v);
  if (/[\r\n]/.test(text)) throw new LineBreakInValue();
  return text;
});
headerEngine.registerFilter('raw', (v: unknown) => v);

async function render(on: Liquid, template: string, context: Record<string, unknown>): Promise<string> {
  let out: string;
  try {
    out = await on.parseAndRender(fromJinja(template), context);
  } catch (e) {
    const cause = (e as { originalError?: unknown }).originalError ?? e;
    if (cause instanceof LineBreakInValue || e instanceof LineBreakInValue)
      throw new TemplateError(
        'header error: a value rendered into additional_headers contains a line break (CR or LF); ' +
          'nothing was sent (use the header_safe filter to replace line breaks by spaces)',
      );
    throw new TemplateError(`template error: ${(e as Error).message}`);
  }
  if (out.length > MAX_OUTPUT) throw new TemplateError(`template output exceeds ${MAX_OUTPUT} bytes`);
  return out;
}

export function renderTemplate(template: string, context: Record<string, unknown>): Promise<string> {
  return render(engine, template, context);
}

/** An HTTP header name (RFC 7230 `token`). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `additional_headers` rendered: one `Name: value` a line, names RFC 7230 tokens, values without
 * control characters (tab aside). Anything else fails the delivery with the line named.
 */
export async function renderHeaders(
  template: string,
  context: Record<string, unknown>,
): Promise<Record<string, string>> {
  const text = await render(headerEngine, template, context);
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name))
      throw new TemplateError(
        `header error: line ${i + 1} of additional_headers is not "Name: value" with a valid name`,
      );
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value))
      throw new TemplateError(`header error: the value of ${name} contains a control character`);
    out[name] = value;
  });
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
