/**
 * `/api/schema/`: the generated OpenAPI document, JSON by default or YAML with `?format=yaml`.
 * Open to anonymous callers: it describes the API, holds no data, and Swagger UI needs it to let a
 * user authorize.
 */
import { Hono } from 'hono';
import { stringify } from 'yaml';
import type { AppEnv } from './env.ts';
import { respond } from './render.ts';

export function createSchemaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  let yamlText: string | undefined;
  app.get('/api/schema/', (c) => {
    const { openapi } = c.var.services;
    const format = c.req.query('format');
    const wantsYaml = format === 'yaml' || (!format && /yaml/.test(c.req.header('accept') ?? ''));
    if (wantsYaml) {
      yamlText ??= stringify(openapi, { aliasDuplicateObjects: false });
      return new Response(yamlText, { headers: { 'Content-Type': 'application/vnd.oai.openapi; charset=utf-8' } });
    }
    if (format && format !== 'json' && format !== 'openapi')
      return respond(c, 400, { format: [`Unknown format "${format}"; use json or yaml.`] });
    return respond(c, 200, openapi);
  });
  return app;
}
