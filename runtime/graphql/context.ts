/**
 * What compiling one GraphQL request needs: the schema and its map, the request's permissions per model
 * (each model's view constraint, as REST applies it, looked up once per request), the operation's
 * fragments and variables, and the page cap.
 */
import type { Context } from 'hono';
import type { GraphQLSchema } from 'graphql';
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { Params } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { authorize, type Access } from '../auth/index.ts';
import { readContext } from '../http/read-context.ts';
import { ServiceError } from '../errors/index.ts';
import type { ReadContext } from '../read/index.ts';
import type { CollectContext } from './collect.ts';
import type { GraphqlMap } from './map.ts';

/**
 * A value PostgreSQL cannot compute (a merged config context), filled in by the server afterwards; or,
 * with `refusal`, a value the caller may not read, which fails the request when an answer holds it.
 */
export interface Deferred {
  readonly model: ModelDef;
  readonly field: string;
  readonly refusal?: string;
}

export interface QueryContext {
  readonly schema: GraphQLSchema;
  readonly map: GraphqlMap;
  readonly registry: Registry;
  readonly read: ReadContext;
  readonly collect: CollectContext;
  /** union → its member types */
  readonly unionsOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** the largest page of any list (MAX_PAGE_SIZE; 0: none) */
  readonly maxPage: number;
  /** the request's view access to a model: its constraint, or null when it may see none of its rows */
  access(model: ModelDef): Promise<Access | null>;
  readonly userId: number | null;
  /** values to fill in after the query, by slot */
  readonly deferred: Deferred[];
  /** lets the event loop run when compiling has held it for a while (a query of many thousand fields) */
  pause(): Promise<void>;
}

/**
 * Compiling one root field's statement: the request's context and the statement's parameters, which
 * number its `$n` values and its aliases in the order they are asked for.
 */
export interface StatementContext extends QueryContext {
  readonly params: Params;
}

/** A new statement of the request (it shares the request's values: `deferred` is the request's list). */
export function statementContext(qc: QueryContext): StatementContext {
  return { ...qc, params: new Params() };
}

/** NOTE a model the caller may not view reads as no rows, as NetBox's restricted querysets do. */
function accessOf(c: Context<AppEnv>): (model: ModelDef) => Promise<Access | null> {
  const memo = new Map<string, Promise<Access | null>>();
  return (model) => {
    let hit = memo.get(model.key);
    if (!hit) {
      hit = authorize(c, model, 'view').catch((e: unknown) => {
        if (e instanceof ServiceError && e.kind === 'forbidden') return null;
        throw e;
      });
      memo.set(model.key, hit);
    }
    return hit;
  };
}

/** Compiling holds the event loop for at most this long at a time. */
const SLICE_MS = 10;

function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

export function queryContext(
  c: Context<AppEnv>,
  schema: GraphQLSchema,
  map: GraphqlMap,
  collect: CollectContext,
  unionsOf: ReadonlyMap<string, ReadonlySet<string>>,
): QueryContext {
  const { registry, settings } = c.var.services;
  return {
    schema,
    map,
    registry,
    read: readContext(c),
    collect,
    unionsOf,
    maxPage: settings.maxPageSize,
    access: accessOf(c),
    userId: c.var.user?.id ?? null,
    deferred: [],
    pause: pacer(),
  };
}
