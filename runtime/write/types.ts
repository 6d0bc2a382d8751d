/** Shared shapes of the write path. */
import type { FieldDef, ModelDef, Registry } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import type { Settings } from '../config/index.ts';
import type { ErrorBag } from '../errors/index.ts';
import type { Reference } from './related.ts';
import type { Params } from '../db/index.ts';

export interface Actor {
  readonly id: number | null;
  readonly username: string;
}

export type Action = 'create' | 'update' | 'delete';

/** Field values of an object as the change log stores them (wire names, relations as ids). */
export type Snapshot = Record<string, unknown>;

export interface Change {
  readonly model: ModelDef;
  readonly action: Action;
  readonly id: number;
  readonly before: Snapshot | null;
  readonly after: Snapshot | null;
  readonly repr: string;
  readonly message: string;
  /**
   * The save took no snapshot first (NetBox saving a related object from a signal): the change log
   * and webhooks show no data before it, though `before` still holds it for branching
   */
  readonly unsnapshotted?: boolean;
}

/** Something that reacts to changes inside the writing transaction: the change log, events. */
export interface ChangeObserver {
  /** every change of one write, after the rows are written */
  changed(ctx: WriteContext, changes: readonly Change[]): Promise<void>;
  /** objects about to be deleted (still readable), before anything of the delete is written */
  beforeDelete?(ctx: WriteContext, model: ModelDef, ids: readonly number[]): Promise<void>;
  /** a write of `model` is about to be made (a delete: of each model it deletes from): throws to refuse it */
  admit?(ctx: WriteContext, model: ModelDef, action: Action): Promise<void>;
}

/** Narrows which rows a write may reference or touch (object permissions). */
export interface WriteGuard {
  /** the condition limiting which rows of `model` attribute lookups may find (view permission) */
  viewCondition?(model: ModelDef): Promise<((alias: string, params: Params) => string) | undefined>;
  /** the condition rows must meet to be changed or deleted by this request (constraints) */
  rowCondition?(model: ModelDef, action: Action): ((alias: string, params: Params) => string) | undefined;
  /** called after rows are written, inside the transaction; throws to refuse */
  checkWritten?(ctx: WriteContext, model: ModelDef, action: Action, ids: number[]): Promise<void>;
}

export interface WriteContext {
  readonly db: Db;
  readonly registry: Registry;
  readonly settings: Settings;
  readonly actor: Actor | null;
  /** the system's own write (first start, management commands): it may set hidden fields */
  readonly system?: boolean;
  readonly requestId: string;
  /** the HTTP request the write answers (none for a job's writes): webhooks name it */
  readonly request?: { readonly method: string; readonly path: string };
  readonly observers: readonly ChangeObserver[];
  readonly hooks: HookRegistry;
  readonly guard?: WriteGuard;
  /** the branch the write goes to (events fire only for main) */
  readonly branch?: { readonly id: number; readonly schema: string };
  /** the write applies a branch operation: records it on change records, keeps it out of syncs */
  readonly operation?: { readonly branchId: number; readonly kind: 'sync' | 'merge' | 'revert' };
  /** runs work once the transaction has committed (removing replaced or deleted files) */
  readonly afterCommit?: (fn: () => Promise<void>) => void;
  /** reject unknown body keys (strict) or ignore them (NetBox) */
  readonly strictInput: boolean;
  /** unknown body keys ignored by a lenient write, for the response to name */
  readonly ignored?: Set<string>;
}

/** One object being created or updated. */
export interface Pending {
  readonly index: number;
  id: number;
  readonly input: Record<string, unknown>;
  /** final field values by field name (columns only) */
  values: Record<string, unknown>;
  /** the stored values before an update */
  before?: Record<string, unknown>;
  /** relation references still to resolve, by field name */
  refs: Map<string, Reference | null>;
  /** many-to-many ids (or references) by field name, when given */
  m2m: Map<string, unknown[]>;
  tags?: unknown[];
  tagIds?: number[];
  /** children fields given (a cable's terminations): the objects each names, in order */
  children?: Map<string, { type: string; id: number }[]>;
  /** NetBox 4.6 incremental tag changes: tags to add to and remove from the stored set */
  tagChanges?: { add: unknown[]; remove: unknown[] };
  customFields?: Record<string, unknown>;
  message: string;
  readonly errors: ErrorBag;
  /** values a hook keeps for the response (for example a token's plaintext) */
  extra: Record<string, unknown>;
}

/** Hand-written behaviour of one model, named by `hooks:` in its catalogue entry (models/<app>.yaml). */
export interface ModelHooks {
  /** after coercion, before validation: derive or replace values (hash a password, mint a key) */
  prepare?(ctx: WriteContext, model: ModelDef, items: Pending[], action: Action): Promise<void> | void;
  /** adds write-time data to the representation returned to the writer */
  present?(item: Pending, object: Record<string, unknown>): void;
  /** after new rows are written (same transaction): start work that follows a creation */
  afterCreate?(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void>;
  /**
   * before rows are deleted (same transaction): refuse (throw) or clean up outside the rows; `root`: these
   * are the objects asked for, not ones deleted along with them
   */
  beforeDelete?(ctx: WriteContext, model: ModelDef, ids: number[], root: boolean): Promise<void>;
  /** what the `context` of a webhook delivery about these objects adds (object id → keys) */
  eventContext?(
    ctx: WriteContext,
    model: ModelDef,
    ids: readonly number[],
  ): Promise<Map<number, Record<string, unknown>>>;
  /** adjusts every representation read from the database (row = the stored columns) */
  read?(settings: Settings, row: Record<string, unknown>, object: Record<string, unknown>): void;
}

export type HookRegistry = ReadonlyMap<string, ModelHooks>;

export type { FieldDef };
