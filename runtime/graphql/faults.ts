/**
 * A request's GraphQL error as the answer's `errors` carries it: a message, and where known the
 * locations in the document and the response path. NetBox (strawberry) answers 200 with them.
 */
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
