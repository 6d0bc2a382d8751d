/**
 * The one typed way to run SQL built as text: `query(db, text, params)`. postgres.js types `unsafe`'s
 * parameters as its own serialisable values, which leaves out arrays (`= ANY($1::bigint[])`), so every
 * such call needed an `as never`; the cast lives here, once, behind a type that says what a statement
 * may be given: scalars, arrays of them, and JSON objects (sent as text, cast in the SQL).
 */
import type postgres from 'postgres';

export type SqlScalar = string | number | bigint | boolean | null | Date | Uint8Array;
/** Arrays go as PostgreSQL arrays, whatever their items' static type (often ids read from other rows). */
export type SqlParam = SqlScalar | readonly unknown[] | { readonly [key: string]: unknown };

/** A connection that runs statements: the pool, a transaction, a savepoint or a reserved connection. */
export type Runner = Pick<postgres.Sql, 'unsafe'>;

export interface QueryOptions {
  /** run as a named (prepared) statement: runtime/db/named.ts decides which */
  readonly prepare?: boolean;
  readonly simple?: boolean;
}

export function query<T extends object = postgres.Row>(
  db: Runner,
  text: string,
  params: readonly SqlParam[] = [],
  options?: QueryOptions,
): postgres.PendingQuery<T[]> {
  return db.unsafe<T[]>(text, params as postgres.ParameterOrJSON<never>[], options);
}

/** The row a statement always returns (an aggregate, a `SELECT` of expressions): an error if none came. */
export async function queryRow<T extends object = postgres.Row>(
  db: Runner,
  text: string,
  params: readonly SqlParam[] = [],
  options?: QueryOptions,
): Promise<T> {
  const [row] = await query<T>(db, text, params, options);
  if (!row) throw new Error(`no row from: ${text.slice(0, 100)}`);
  return row;
}
