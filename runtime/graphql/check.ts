/**
 * Everything about a GraphQL request that needs the schema alone, in the order that keeps each step
 * bounded by the ones before it: parse within the token and alias limits (parse.ts), measure depth,
 * aliases and cost (limits.ts, as long as the document), validate, pick the operation, coerce the
 * variables, and answer the introspection fields. It runs on the worker threads of pool.ts, never on
 * the thread that serves requests; its verdict is the request's errors, or the introspection answers the
 * rest of the request goes with.
 */
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import { collectFields } from './collect.ts';
import { errorJson, GraphqlFault, type GraphqlErrorJson } from './faults.ts';
import { introspect } from './introspection.ts';
import { checkLimits, type Limits } from './limits.ts';
import { parseDocument, type ParseLimits } from './parse.ts';

export interface GraphqlRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown> | null;
  readonly operationName?: string | null;
}

export type CheckLimits = Limits & ParseLimits;

/**
 * A request's errors (the whole request fails with them; `transient`: the check itself could not be done,
 * the same request may pass later); or its whole answer, when every root field is introspection; or the
 * JSON text of each introspection field by key, for a request whose other fields are read from the database.
 */
export type Verdict =
  | { readonly errors: readonly GraphqlErrorJson[]; readonly transient?: boolean }
  | { readonly answer: string }
  | { readonly introspection: Readonly<Record<string, string>> };

/** The answer `{"data": …}` of the JSON texts of the root fields, by key in order. */
export const dataAnswer = (fields: readonly (readonly [string, string])[]) =>
  `{"data":{${fields.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}}`;

export function fragmentsOf(doc: DocumentNode): Record<string, FragmentDefinitionNode> {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
}

const refused = (message: string): Verdict => ({ errors: [{ message }] });

function parsed(req: GraphqlRequest, limits: CheckLimits): DocumentNode | Verdict {
  try {
    return parseDocument(req.query, limits);
  } catch (e) {
    if (e instanceof GraphQLError) return { errors: [errorJson(e)] };
    throw e;
  }
}

/** The verdict on a request (see the module's comment). */
export function checkRequest(schema: GraphQLSchema, req: GraphqlRequest, limits: CheckLimits): Verdict {
  const doc = parsed(req, limits);
  if (!('kind' in doc)) return doc;
  const fragments = fragmentsOf(doc);
  const op = getOperationAST(doc, req.operationName ?? undefined);
  try {
    if (op) checkLimits(schema, op, fragments, req.variables ?? {}, limits);
  } catch (e) {
    if (e instanceof GraphqlFault) return { errors: [e.toJson()] };
    throw e;
  }
  const invalid = validate(schema, doc);
  if (invalid.length) return { errors: invalid.map((e) => errorJson(e, true)) };
  if (!op)
    return refused(
      req.operationName
        ? `Unknown operation named '${req.operationName}'.`
        : 'Must provide operation name if query contains multiple operations.',
    );
  if (op.operation !== 'query') return refused(`This service answers queries only, not ${op.operation}s.`);
  const coerced = getVariableValues(schema, op.variableDefinitions ?? [], req.variables ?? {}, { maxErrors: 50 });
  if (coerced.errors) return { errors: coerced.errors.map((e) => errorJson(e)) };
  const variables = coerced.coerced;
  const introspection: Record<string, string> = {};
  const fields: [string, string][] = [];
  const roots = collectFields({ fragments, variables }, op.selectionSet, (t) => t === 'Query');
  for (const [key, nodes] of roots) {
    const name = nodes[0].name.value;
    if (name === '__typename') fields.push([key, '"Query"']);
    if (name !== '__schema' && name !== '__type') continue;
    const answer = introspect(schema, doc, op, { key, nodes }, variables);
    if ('errors' in answer) return answer;
    introspection[key] = answer.json;
    fields.push([key, answer.json]);
  }
  return fields.length === roots.size ? { answer: dataAnswer(fields) } : { introspection };
}
