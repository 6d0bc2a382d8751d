/**
 * Errors that mean the database cannot be reached (down, restarting, the connection cut), as
 * opposed to errors of the statement: callers answer 503 or retry rather than report a fault.
 */
const codes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ETIMEDOUT',
]);

/** node-postgres (graphile-worker's client) says a cut connection in words only, with no code. */
const cut = /^Connection terminated( unexpectedly)?$/;

export function isUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return codes.has(String(code ?? '')) || cut.test(String(message ?? ''));
}
