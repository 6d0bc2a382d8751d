/**
 * A GraphQL request, start to end: its verdict first (check.ts on the worker threads of pool.ts, or the
 * cache of verdicts): parsing, the limits, validation, the variables and introspection are settled there,
 * and a request they refuse is answered with their errors alone. A request they let through is parsed
 * again here (within the limits it has been found to keep) and each data root field is compiled into one
 * SQL statement whose JSON text goes into the answer as PostgreSQL wrote it. Errors come back as NetBox
 * gives them: HTTP 200, `data` null, `errors` with message and locations.
 */
import type { Context } from 'hono';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { AppEnv } from '../http/env.ts';
import { acceptsGzip, wholeAnswer, type GraphqlAnswer } from './answers.ts';
import { dataAnswer, fragmentsOf, type GraphqlRequest } from './check.ts';
import { collectFields, type CollectContext } from './collect.ts';
import { queryContext } from './context.ts';
import { fillDeferred } from './deferred.ts';
import { errorJson, failed, GraphqlFault } from './faults.ts';
import type { GraphqlMap } from './map.ts';
import type { CheckPool } from './pool.ts';
import { parseDocument } from './parse.ts';
import { rootValue } from './roots.ts';
import { ownTurn } from './turns.ts';
import type { VerdictCache } from './verdicts.ts';

export type { GraphqlRequest } from './check.ts';

export interface GraphqlEngine {
  readonly schema: GraphQLSchema;
  readonly map: GraphqlMap;
  readonly unionsOf: ReadonlyMap<string, ReadonlySet<string>>;
  readonly pool: CheckPool;
  readonly verdicts: VerdictCache;
  /** the token limit the checked documents keep (GRAPHQL_MAX_TOKENS) */
  readonly maxTokens: number;
}

/** A checked operation to execute: its document, the operation, its coerced variables and introspection answers. */
interface Operation {
  readonly doc: DocumentNode;
  readonly op: OperationDefinitionNode;
  readonly variables: Record<string, unknown>;
  readonly introspection: Readonly<Record<string, string>>;
}

async function run(c: Context<AppEnv>, engine: GraphqlEngine, o: Operation): Promise<string> {
  const { doc, op, variables, introspection } = o;
  const collect: CollectContext = { fragments: fragmentsOf(doc), variables };
  const qc = queryContext(c, engine.schema, engine.map, collect, engine.unionsOf);
  const fields = collectFields(collect, op.selectionSet, (t) => t === 'Query');
  const value = async (key: string, nodes: [FieldNode, ...FieldNode[]]) => {
    const name = nodes[0].name.value;
    if (name === '__typename') return '"Query"';
    if (name === '__schema' || name === '__type') return introspection[key] ?? 'null';
    const root = engine.map.roots[name];
    if (!root) throw new GraphqlFault(`Cannot query field '${name}' on type 'Query'.`);
    return rootValue(qc, root, key, nodes);
  };
  const pieces = await Promise.all([...fields].map(async ([key, nodes]) => [key, await value(key, nodes)] as const));
  return fillDeferred(qc, dataAnswer(pieces));
}

/** The answer's JSON (always HTTP 200, as NetBox answers). */
export async function executeGraphql(
  c: Context<AppEnv>,
  engine: GraphqlEngine,
  req: GraphqlRequest,
): Promise<GraphqlAnswer> {
  const verdict = await engine.verdicts.verdict(req, () => engine.pool.check(req));
  // the requests that waited on one check go on one per turn of the event loop (turns.ts)
  await ownTurn();
  if ('errors' in verdict) return { body: failed(verdict.errors) };
  if ('answer' in verdict) return wholeAnswer(verdict, verdict.answer, acceptsGzip(c.req.header('accept-encoding')));
  return { body: await answerOf(c, engine, req, verdict.introspection) };
}

/** The answer of a request found valid, its introspection fields answered already. */
async function answerOf(
  c: Context<AppEnv>,
  engine: GraphqlEngine,
  req: GraphqlRequest,
  introspection: Readonly<Record<string, string>>,
): Promise<string> {
  try {
    // the aliases were counted on the checking thread
    const doc = parseDocument(req.query, { maxTokens: engine.maxTokens, maxAliases: 0 });
    const op = getOperationAST(doc, req.operationName ?? undefined);
    if (!op) throw new GraphqlFault('The operation the query was checked with is gone.');
    const coerced = getVariableValues(engine.schema, op.variableDefinitions ?? [], req.variables ?? {});
    if (coerced.errors) return failed(coerced.errors.map((e) => errorJson(e)));
    return await run(c, engine, { doc, op, variables: coerced.coerced, introspection });
  } catch (e) {
    if (e instanceof GraphqlFault) return failed([e.toJson()]);
    if (e instanceof GraphQLError) return failed([errorJson(e)]);
    throw e;
  }
}
