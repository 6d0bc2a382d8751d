/**
 * A GraphQL request, start to end: graphql-js parses and validates it against the generated schema;
 * the limits are checked; introspection is answered by graphql-js from memory; each data root field
 * is compiled into one SQL statement whose JSON text goes into the answer as PostgreSQL wrote it.
 * Errors come back as NetBox gives them: HTTP 200, `data` null, `errors` with message and locations.
 */
import type { Context } from 'hono';
import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { AppEnv } from '../http/env.ts';
import { collectFields, type CollectContext } from './collect.ts';
import { queryContext } from './context.ts';
import { fillDeferred } from './deferred.ts';
import { GraphqlFault, type GraphqlErrorJson } from './faults.ts';
import { checkLimits, type Limits } from './limits.ts';
import type { GraphqlMap } from './map.ts';
import { rootValue } from './roots.ts';

export interface GraphqlEngine {
  readonly schema: GraphQLSchema;
  readonly map: GraphqlMap;
  readonly unionsOf: ReadonlyMap<string, ReadonlySet<string>>;
  readonly limits: Limits;
}

export interface GraphqlRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown> | null;
  readonly operationName?: string | null;
}

/** graphql-js quotes names with `"`, graphql-core (NetBox) with `'`. */
const netboxQuotes = (m: string) => m.replace(/"([^"\n]*)"/g, "'$1'");

function errorJson(e: GraphQLError, quotes = false): GraphqlErrorJson {
  return {
    message: quotes ? netboxQuotes(e.message) : e.message,
    ...(e.locations ? { locations: e.locations.map((l) => ({ line: l.line, column: l.column })) } : {}),
    ...(e.path ? { path: e.path } : {}),
  };
}

const failed = (errors: readonly GraphqlErrorJson[]) => JSON.stringify({ data: null, errors });

function fragmentsOf(doc: DocumentNode): Record<string, FragmentDefinitionNode> {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
}

/** Introspection fields answered by graphql-js over the schema alone. */
async function introspect(
  engine: GraphqlEngine,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  key: string,
  variables: Record<string, unknown>,
) {
  const selection = op.selectionSet.selections.filter(
    (s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === key,
  );
  const only = { ...op, selectionSet: { ...op.selectionSet, selections: selection } };
  const definitions = doc.definitions.map((d) => (d === op ? only : d));
  const result = await execute({
    schema: engine.schema,
    document: { ...doc, definitions },
    variableValues: variables,
    operationName: op.name?.value,
  });
  return JSON.stringify(result.data?.[key] ?? null);
}

async function run(
  c: Context<AppEnv>,
  engine: GraphqlEngine,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Promise<string> {
  const fragments = fragmentsOf(doc);
  checkLimits(engine.schema, op, fragments, variables, engine.limits);
  const collect: CollectContext = { fragments, variables };
  const qc = queryContext(c, engine.schema, engine.map, collect, engine.unionsOf);
  const fields = collectFields(collect, op.selectionSet, (t) => t === 'Query');
  const pieces = await Promise.all(
    [...fields].map(async ([key, nodes]) => {
      const name = nodes[0].name.value;
      if (name === '__typename') return '"Query"';
      if (name === '__schema' || name === '__type') return introspect(engine, doc, op, key, variables);
      const root = engine.map.roots[name];
      if (!root) throw new GraphqlFault(`Cannot query field '${name}' on type 'Query'.`);
      return rootValue(qc, root, key, nodes);
    }),
  );
  const keys = [...fields.keys()];
  const data = `{${pieces.map((v, i) => `${JSON.stringify(keys[i])}:${v}`).join(',')}}`;
  return `{"data":${await fillDeferred(qc, data)}}`;
}

/** The answer's JSON text (always HTTP 200, as NetBox answers). */
export async function executeGraphql(c: Context<AppEnv>, engine: GraphqlEngine, req: GraphqlRequest): Promise<string> {
  let doc: DocumentNode;
  try {
    doc = parse(req.query);
  } catch (e) {
    if (e instanceof GraphQLError) return failed([errorJson(e)]);
    throw e;
  }
  const invalid = validate(engine.schema, doc);
  if (invalid.length) return failed(invalid.map((e) => errorJson(e, true)));
  const op = getOperationAST(doc, req.operationName ?? undefined);
  if (!op)
    return failed([
      {
        message: req.operationName
          ? `Unknown operation named '${req.operationName}'.`
          : 'Must provide operation name if query contains multiple operations.',
      },
    ]);
  if (op.operation !== 'query')
    return failed([{ message: `This service answers queries only, not ${op.operation}s.` }]);
  const coerced = getVariableValues(engine.schema, op.variableDefinitions ?? [], req.variables ?? {}, {
    maxErrors: 50,
  });
  if (coerced.errors) return failed(coerced.errors.map((e) => errorJson(e)));
  try {
    return await run(c, engine, doc, op, coerced.coerced);
  } catch (e) {
    if (e instanceof GraphqlFault) return failed([e.toJson()]);
    if (e instanceof GraphQLError) return failed([errorJson(e)]);
    throw e;
  }
}
