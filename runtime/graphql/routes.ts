/**
 * `/graphql/`: POST `{query, variables, operationName}` (JSON) or GET `?query=…`, answered as NetBox
 * answers (200 with `data` and `errors`); a browser's GET without a query gets GraphiQL. Anonymous
 * callers are refused while LOGIN_REQUIRED is on (a browser is sent to the login page); what a caller
 * sees is what its view permissions let REST list.
 */
import { availableParallelism } from 'node:os';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { buildSchema } from 'graphql';
import type { AppEnv } from '../http/env.ts';
import { failure, forbidden, invalidInput } from '../errors/index.ts';
import { bodyBytes, isJson, MAX_JSON_DEPTH, nestedDeeper, readRaw } from '../http/body.ts';
import type { Settings } from '../config/index.ts';
import { executeGraphql, type GraphqlEngine, type GraphqlRequest } from './execute.ts';
import type { GraphqlDefinition } from './map.ts';
import { pageResponse } from './graphiql.ts';
import { createCheckPool } from './pool.ts';
import { VerdictCache } from './verdicts.ts';

/** Threads that check requests: one per core beside the one serving requests, at least two, at most four. */
const CHECKERS = Math.min(4, Math.max(2, availableParallelism() - 1));
/** A checking thread left without work this long ends (the next request starts one again). */
const CHECKER_IDLE_MS = 5 * 60_000;
/** The verdicts kept: room for the full introspection answer (1.7 MB) many times over. */
const VERDICT_CACHE_BYTES = 64 * 1024 * 1024;

export function createGraphqlEngine(def: GraphqlDefinition, settings: Settings): GraphqlEngine {
  const schema = buildSchema(def.sdl);
  const unionsOf = new Map(Object.entries(def.map.unions).map(([u, m]) => [u, new Set(Object.values(m))]));
  const pool = createCheckPool({
    sdl: def.sdl,
    limits: settings.graphql,
    size: CHECKERS,
    timeoutMs: settings.requestTimeoutMs,
    idleMs: CHECKER_IDLE_MS,
  });
  const verdicts = new VerdictCache(VERDICT_CACHE_BYTES);
  return { schema, map: def.map, unionsOf, pool, verdicts, maxTokens: settings.graphql.maxTokens };
}

/** A request larger than GRAPHQL_MAX_BODY_SIZE is refused before it is decoded or parsed. */
function checkSize(c: Context<AppEnv>, bytes: number): void {
  const limit = c.var.services.settings.graphql.maxBodyBytes;
  if (limit && bytes > limit)
    throw failure(
      'too_large',
      `GraphQL request too large: ${bytes} bytes exceeds the limit of ${limit} bytes (GRAPHQL_MAX_BODY_SIZE).`,
    );
}

const wantsHtml = (c: Context<AppEnv>) => /text\/html/.test(c.req.header('accept') ?? '');

/** Refuses a body its Content-Length says is too large before any of it is read. */
export function createSizeLimit(): MiddlewareHandler<AppEnv> {
  return async function graphqlSizeLimit(c, next) {
    checkSize(c, Number(c.req.header('content-length') ?? '0') || 0);
    await next();
  };
}

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
  // before parsing: coercing the variables, and the filters they hold, would recurse that deep
  if (nestedDeeper(text, MAX_JSON_DEPTH))
    throw invalidInput({ detail: `${what} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` });
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ detail: `${what} is not valid JSON.` });
  }
}

function fromQueryString(c: Context<AppEnv>): GraphqlRequest {
  const url = new URL(c.req.url);
  checkSize(c, url.search.length);
  const q = url.searchParams;
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
    const { body, gzipped } = await executeGraphql(c, engine, req);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (gzipped) Object.assign(headers, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    return new Response(body, { status: 200, headers });
  };
  app.get('/graphql', (c) => c.redirect(`/graphql/${new URL(c.req.url).search}`, 302));
  app.get('/graphql/', (c) => {
    if (new URL(c.req.url).searchParams.has('query')) return answer(c, fromQueryString(c));
    // GraphiQL (or the login before it) is opening: its introspection query comes next
    engine.pool.warm();
    if (!wantsHtml(c)) throw invalidInput({ detail: 'No GraphQL query found in the request: give ?query=….' });
    if (!c.var.user && c.var.services.settings.loginRequired) return c.redirect('/login/?next=/graphql/', 302);
    return pageResponse();
  });
  app.post('/graphql/', (c) => {
    const type = c.req.header('content-type');
    checkSize(c, bodyBytes(c).byteLength);
    const text = readRaw(c);
    if ((type ?? '').split(';')[0].trim() === 'application/graphql') return answer(c, requestOf({ query: text }));
    if (!isJson(type))
      throw invalidInput({ detail: 'Send the query as application/json ({"query": …}) or application/graphql.' });
    return answer(c, requestOf(parseJson(text, 'The body')));
  });
  return app;
}
