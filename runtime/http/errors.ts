/** The HTTP edge of the service's errors (errors/): each kind's status code. */
import type { ErrorKind, ServiceError } from '../errors/index.ts';

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
