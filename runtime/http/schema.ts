/**
 * `/api/schema/`: the generated OpenAPI document, JSON by default or YAML with `?format=yaml`;
 * `?app=dcim` one app's part of it (what Swagger UI shows one at a time), `?openapi=3.0` the same in
 * OpenAPI 3.0.3. Each text is made once per process, the first time it is asked for, a piece at a time
 * (openapi-views.ts, openapi-text.ts); later requests get the same text. Open to anonymous callers:
 * it describes the API, holds no data, and Swagger UI needs it to let a user authorize.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from './env.ts';
import { indentOf, respond } from './render.ts';
import { wantsHtml } from './pages/browsable.ts';
import { tagDocument, tagsOf, ticker } from './openapi-views.ts';
import { toOpenApi30 } from './openapi-30.ts';
import { jsonText, yamlText } from './openapi-text.ts';

type Json = Record<string, unknown>;

const FORMATS: Record<string, 'json' | 'yaml'> = { json: 'json', openapi: 'json', yaml: 'yaml' };
const DIALECTS = ['3.0', '3.1'];

interface Choice {
  readonly app?: string;
  readonly dialect: string;
  readonly format: 'json' | 'yaml';
}

/** What the query asks for, or every fault in it. */
function choose(
  c: Context<AppEnv>,
  apps: readonly string[],
): { choice: Choice } | { faults: Record<string, string[]> } {
  const { app, format, openapi } = c.req.query();
  const faults: Record<string, string[]> = {};
  if (app !== undefined && !apps.includes(app)) faults.app = [`Unknown app "${app}"; use one of ${apps.join(', ')}.`];
  if (format && !FORMATS[format]) faults.format = [`Unknown format "${format}"; use json or yaml.`];
  if (openapi !== undefined && !DIALECTS.includes(openapi))
    faults.openapi = [`Unknown OpenAPI version "${openapi}"; use ${DIALECTS.join(' or ')}.`];
  if (Object.keys(faults).length) return { faults };
  const yaml = format ? FORMATS[format] === 'yaml' : /yaml/.test(c.req.header('accept') ?? '');
  return { choice: { app, dialect: openapi ?? '3.1', format: yaml ? 'yaml' : 'json' } };
}

/** The documents of one process: each text made when first asked for, then kept. */
class Documents {
  private readonly texts = new Map<string, Promise<string>>();
  private tags?: string[];

  constructor(private readonly doc: Json) {}

  apps(): string[] {
    return (this.tags ??= tagsOf(this.doc));
  }

  async object(app: string | undefined, dialect: string, tick = ticker()): Promise<Json> {
    const part = app === undefined ? this.doc : await tagDocument(this.doc, app, tick);
    return dialect === '3.0' ? toOpenApi30(part, tick) : part;
  }

  text(choice: Choice): Promise<string> {
    const key = `${choice.app ?? ''} ${choice.dialect} ${choice.format}`;
    let made = this.texts.get(key);
    if (!made) {
      const tick = ticker();
      made = this.object(choice.app, choice.dialect, tick).then((d) =>
        choice.format === 'yaml' ? yamlText(d, tick) : jsonText(d, tick),
      );
      this.texts.set(key, made);
    }
    return made;
  }
}

export function createSchemaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  let documents: Documents | undefined;
  app.get('/api/schema/', async (c) => {
    documents ??= new Documents(c.var.services.openapi);
    const chosen = choose(c, documents.apps());
    if ('faults' in chosen) return respond(c, 400, chosen.faults);
    const { choice } = chosen;
    // a browser's page of the document, or indented JSON: printed from the object
    if (choice.format === 'json' && (wantsHtml(c) || indentOf(c.req.header('accept'))))
      return respond(c, 200, await documents.object(choice.app, choice.dialect));
    const text = await documents.text(choice);
    const type = choice.format === 'yaml' ? 'application/vnd.oai.openapi; charset=utf-8' : 'application/json';
    return new Response(c.req.method === 'HEAD' ? null : text, { headers: { 'Content-Type': type } });
  });
  return app;
}
