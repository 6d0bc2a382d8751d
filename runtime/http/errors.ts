/**
 * The HTTP edge of the service's errors (errors/): each kind's status code, and the body a write
 * error becomes — the one item's field errors, or a list aligned with a bulk request.
 */
import { ServiceError, WriteError, type ErrorKind } from '../errors/index.ts';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  failed: 500,
};

export function errorStatus(e: ServiceError): number {
  return STATUS[e.kind];
}

export function errorBody(e: ServiceError): unknown {
  if (e instanceof WriteError) return e.bulk ? e.items.map((i) => i.errors) : (e.items[0]?.errors ?? {});
  return e.body;
}
