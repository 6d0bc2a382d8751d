/**
 * The service's errors, in its own terms: what went wrong (a kind), the body NetBox clients expect
 * (a field → messages object, or `{detail}`), and for writes, every item's field errors with a code
 * per message. Nothing here knows HTTP: the edge (http/errors.ts) maps kinds to status codes and a
 * write error to a single or bulk body; branching reads the codes.
 */
import { present } from '../collections.ts';

/** What kind of failure: the HTTP edge gives each its status code. */
export type ErrorKind =
  | 'invalid' // the input is wrong (400)
  | 'forbidden' // not allowed, or no valid credentials (403)
  | 'not_found' // (404)
  | 'method_not_allowed' // (405)
  | 'conflict' // the current state refuses it (409)
  | 'too_large' // (413)
  | 'unsupported_media_type' // (415)
  | 'failed'; // the service could not do it (500)

/** Why one message of an item was given: branching sorts problems by it. */
export type ErrorCode = 'invalid' | 'unique' | 'missing_reference' | 'protected' | 'not_found';

export type FieldErrors = Record<string, unknown>;

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : kind);
  }
}

export const invalidInput = (body: unknown) => new ServiceError('invalid', body);
/** `{detail: message}` of a kind. */
export const failure = (kind: ErrorKind, message: string, headers?: Record<string, string>) =>
  new ServiceError(kind, { detail: message }, headers);
export const notFound = (message = 'Not found.') => failure('not_found', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  failure('forbidden', message);
export const conflict = (message: string) => failure('conflict', message);

/** Collects field errors, each message with its code; `throwIfAny` raises one `invalid` with all of them. */
export class ErrorBag {
  // no prototype: a body key such as `__proto__` is an ordinary key here
  readonly errors: FieldErrors = Object.create(null) as FieldErrors;
  readonly codes: Record<string, ErrorCode[]> = Object.create(null) as Record<string, ErrorCode[]>;

  add(key: string, message: string, code: ErrorCode = 'invalid'): void {
    const list = (Object.hasOwn(this.errors, key) ? (this.errors[key] as string[]) : undefined) ?? [];
    if (list.includes(message)) return;
    list.push(message);
    this.errors[key] = list;
    this.codes[key] = [...(this.codes[key] ?? []), code];
  }

  /** A whole value for `key` (nested errors, a `detail` text). */
  set(key: string, value: unknown, code: ErrorCode = 'invalid'): void {
    this.errors[key] = value;
    this.codes[key] = [code];
  }

  /** Whether `key` has a message. */
  has(key: string): boolean {
    return Object.hasOwn(this.errors, key);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw invalidInput(this.errors);
  }
}

/** One item's errors in a write that failed. */
export interface ItemErrors {
  readonly errors: FieldErrors;
  readonly codes: Readonly<Record<string, readonly ErrorCode[]>>;
}

/**
 * A write refused: one entry per item of the request (empty for the items that were fine), and
 * whether the request was a list (bulk). Its body is what the edge answers: a list aligned with
 * the request, or the one item's errors.
 */
export class WriteError extends ServiceError {
  constructor(
    kind: ErrorKind,
    readonly items: readonly ItemErrors[],
    readonly bulk: boolean,
    /** the item whose errors alone are the body (NetBox's answer to a failed bulk update) */
    only?: number,
  ) {
    super(
      kind,
      only !== undefined
        ? present(items[only], `errors of item ${only}`).errors
        : bulk
          ? items.map((i) => i.errors)
          : (items[0]?.errors ?? {}),
    );
    this.message = `${kind}: ${JSON.stringify(items.map((i) => i.errors)).slice(0, 500)}`;
  }
}

/** A write error of these items' bags. */
export function writeError(kind: ErrorKind, bags: readonly ErrorBag[], bulk: boolean, only?: number): WriteError {
  return new WriteError(
    kind,
    bags.map((b) => ({ errors: b.errors, codes: b.codes })),
    bulk,
    only,
  );
}
