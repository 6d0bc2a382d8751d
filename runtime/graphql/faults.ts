/**
 * A request's GraphQL error as the answer's `errors` carries it: a message, and where known the
 * locations in the document and the response path. NetBox (strawberry) answers 200 with them.
 */
import type { GraphQLError } from 'graphql';

export interface GraphqlErrorJson {
  readonly message: string;
  readonly locations?: readonly { readonly line: number; readonly column: number }[];
  readonly path?: readonly (string | number)[];
}

/** A fault found while compiling or running a query: the whole request fails with it. */
export class GraphqlFault extends Error {
  constructor(
    message: string,
    readonly locations?: GraphqlErrorJson['locations'],
    readonly path?: GraphqlErrorJson['path'],
  ) {
    super(message);
  }

  toJson(): GraphqlErrorJson {
    return {
      message: this.message,
      ...(this.locations ? { locations: this.locations } : {}),
      ...(this.path ? { path: this.path } : {}),
    };
  }
}

/** graphql-js quotes names with `"`, graphql-core (NetBox) with `'`. */
const netboxQuotes = (m: string) => m.replace(/"([^"\n]*)"/g, "'$1'");

/** A graphql-js error as the answer carries it (`quotes`: a validation message, quoted as NetBox quotes). */
export function errorJson(e: GraphQLError, quotes = false): GraphqlErrorJson {
  return {
    message: quotes ? netboxQuotes(e.message) : e.message,
    ...(e.locations ? { locations: e.locations.map((l) => ({ line: l.line, column: l.column })) } : {}),
    ...(e.path ? { path: e.path } : {}),
  };
}

/** The answer of a request that failed as a whole: `data` null and its errors. */
export const failed = (errors: readonly GraphqlErrorJson[]) => JSON.stringify({ data: null, errors });
