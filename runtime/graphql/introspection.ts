/**
 * Introspection (`__schema`, `__type`), answered by graphql-js over the schema alone and bounded by the
 * values it reads: NetBox counts none of it in its limits, and a few nested `fields { type { ofType {
 * fields … } } }` would read the schema over and over. Every value an introspection field resolves counts
 * (graphql-js's own resolvers, wrapped once per thread); past MAX_VALUES the rest fails at once. The full
 * introspection query of GraphiQL or `getIntrospectionQuery()` reads about 100,000 of this schema.
 */
import {
  defaultFieldResolver,
  execute,
  GraphQLError,
  introspectionTypes,
  isObjectType,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FieldNodes } from './collect.ts';
import { errorJson, type GraphqlErrorJson } from './faults.ts';

/** The values one introspection field may read. */
export const MAX_VALUES = 250_000;

/** The values left to the introspection being executed (null: none is, nothing is counted). */
let meter: { left: number } | null = null;
let metered = false;

function meterResolvers(): void {
  if (metered) return;
  metered = true;
  for (const type of introspectionTypes) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        if (meter && --meter.left < 0)
          throw new GraphQLError(
            `The introspection query reads more than ${MAX_VALUES} values: ask for less ` +
              '(the full introspection query reads about 100,000).',
          );
        return resolve(source, args, context, info);
      };
    }
  }
}

export type Introspected = { readonly json: string } | { readonly errors: readonly GraphqlErrorJson[] };

/**
 * The JSON text of the introspection root field answered under `key` (the field nodes collected under it,
 * from fragments too), or its errors.
 */
export function introspect(
  schema: GraphQLSchema,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  field: { readonly key: string; readonly nodes: FieldNodes },
  variables: Record<string, unknown>,
): Introspected {
  meterResolvers();
  const { key, nodes } = field;
  const only = { ...op, selectionSet: { ...op.selectionSet, selections: nodes } };
  const definitions = doc.definitions.map((d) => (d === op ? only : d));
  meter = { left: MAX_VALUES };
  try {
    const document = { ...doc, definitions };
    const result = execute({ schema, document, variableValues: variables, operationName: op.name?.value });
    if ('then' in result) throw new Error('introspection resolved asynchronously');
    if (result.errors?.length) return { errors: result.errors.slice(0, 1).map((e) => errorJson(e)) };
    return { json: JSON.stringify(result.data?.[key] ?? null) };
  } finally {
    meter = null;
  }
}
