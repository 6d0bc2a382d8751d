/** Everything the HTTP layer keeps on a request's context, declared once. */
import type { Registry } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import type { SharedCache, Sql, Tx } from '../db/index.ts';
import type { ChangeObserver, HookRegistry } from '../write/index.ts';

/** The authenticated principal of a request. */
export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly isSuperuser: boolean;
  readonly isActive: boolean;
}

export interface AuthToken {
  readonly id: number;
  readonly writeEnabled: boolean;
}

/** The request headers naming the branch a request works in (the plugin's own name is the one pynetbox sends). */
export const BRANCH_HEADER = 'x-service-branch';
export const NETBOX_BRANCH_HEADER = 'x-netbox-branch';

export interface BranchContext {
  readonly id: number;
  readonly schemaId: string;
  readonly schema: string;
  readonly name: string;
}

/** Long-lived services shared by every request (no request state). */
export interface Services {
  readonly sql: Sql;
  readonly registry: Registry;
  readonly settings: Settings;
  readonly hooks: HookRegistry;
  readonly observers: readonly ChangeObserver[];
  /** release number, e.g. `4.6.0` */
  readonly version: string;
  readonly openapi: Record<string, unknown>;
  /** rarely changed rows, cleared in every process on change */
  readonly cache?: SharedCache;
}

/** Work that must wait for the request's transaction to end: file removals, cleanups. */
export interface TxEffects {
  readonly commit: (() => Promise<void>)[];
  readonly rollback: (() => Promise<void>)[];
}

export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    tx: Tx;
    user: AuthUser | null;
    token: AuthToken | null;
    branch: BranchContext | null;
    effects: TxEffects;
    /** the request's body, read before its transaction starts (body.ts) */
    body?: Uint8Array<ArrayBuffer>;
    /** body keys a write ignored */
    ignored?: Set<string>;
  };
}
