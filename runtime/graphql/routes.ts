/**
 * `/graphql/`: POST `{query, variables, operationName}` (JSON) or GET `?query=…`, answered as NetBox
 * answers (200 with `data` and `errors`); a browser's GET without a query gets GraphiQL. Anonymous
 * callers are refused while LOGIN_REQUIRED is on (a browser is sent to the login page); what a caller
 * sees is what its view permissions let REST list.
 */
import { Hono, type Context } from 'hono';
import { buildSchema } from 'graphql';
import type { AppEnv } from '../http/env.ts';
import { forbidden, invalidInput } from '../errors/index.ts';
import { isJson, readRaw } from '../http/body.ts';
import type { Settings } from '../config/index.ts';
import { executeGraphql, type GraphqlEngine, type GraphqlRequest } from './execute.ts';
import type { GraphqlDefinition } from './map.ts';
import { pageResponse } from './graphiql.ts';

export function createGraphqlEngine(def: GraphqlDefinition, settings: Settings): GraphqlEngine {
  const schema = buildSchema(def.sdl);
  const unionsOf = new Map(Object.entries(def.map.unions).map(([u, m]) => [u, new Set(Object.values(m))]));
  return { schema, map: def.map, unionsOf, limits: settings.graphql };
}

const wantsHtml = (c: Context<AppEnv>) => /text\/html/.test(c.req.header('accept') ?? '');

function requestOf(raw: unknown): GraphqlRequest {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidInput({ detail: 'The body must be a JSON object with "query" (and "variables", "operationName").' });
  if (typeof body.query !== 'string' || !body.query.trim())
    throw invalidInput({ detail: 'No GraphQL query found in the request: give "query" as a string.' });
  const variables = body.variables ?? null;
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
    throw invalidInput({ detail: '"variables" must be a JSON object.' });
  if (body.operationName != null && typeof body.operationName !== 'string')
    throw invalidInput({ detail: '"operationName" must be a string.' });
  return {
    query: body.query,
    variables: variables as Record<string, unknown> | null,
    operationName: (body.operationName as string | null | undefined) ?? null,
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ detail: `${what} is not valid JSON.` });
  }
}

function fromQueryString(c: Context<AppEnv>): GraphqlRequest {
  const q = new URL(c.req.url).searchParams;
  const vars = q.get('variables');
  return requestOf({
    query: q.get('query'),
    variables: vars ? parseJson(vars, '"variables"') : null,
    operationName: q.get('operationName'),
  });
}

export function createGraphqlRoutes(engine: GraphqlEngine): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  const answer = async (c: Context<AppEnv>, req: GraphqlRequest) => {
    if (!c.var.user && c.var.services.settings.loginRequired)
      throw forbidden('Authentication credentials were not provided.');
    const text = await executeGraphql(c, engine, req);
    return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  app.get('/graphql', (c) => c.redirect(`/graphql/${new URL(c.req.url).search}`, 302));
  app.get('/graphql/', (c) => {
    if (new URL(c.req.url).searchParams.has('query')) return answer(c, fromQueryString(c));
    if (!wantsHtml(c)) throw invalidInput({ detail: 'No GraphQL query found in the request: give ?query=….' });
    if (!c.var.user && c.var.services.settings.loginRequired) return c.redirect('/login/?next=/graphql/', 302);
    return pageResponse();
  });
  app.post('/graphql/', (c) => {
    const type = c.req.header('content-type');
    const text = readRaw(c);
    if ((type ?? '').split(';')[0].trim() === 'application/graphql') return answer(c, requestOf({ query: text }));
    if (!isJson(type))
      throw invalidInput({ detail: 'Send the query as application/json ({"query": …}) or application/graphql.' });
    return answer(c, requestOf(parseJson(text, 'The body')));
  });
  return app;
}
