/**
 * The one place errors become responses: API errors with their bodies, database errors mapped to
 * 400/409/503 with a message, anything else a logged 500 with a JSON body (never HTML).
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { ServiceError } from '../errors/index.ts';
import { errorStatus } from './errors.ts';
import { respond } from './render.ts';
import { isUnavailable } from '../db/index.ts';

interface PgError {
  code?: string;
  constraint_name?: string;
  detail?: string;
  message: string;
}

export function errorResponse(c: Context<AppEnv>, err: unknown): Response {
  if (err instanceof ServiceError) return respond(c, errorStatus(err), err.body, err.headers);
  const e = err as PgError;
  const code = e.code ?? '';
  if (isUnavailable(err))
    return respond(c, 503, { detail: 'The database is unavailable; try again shortly.' }, { 'Retry-After': '1' });
  if (code === '23505') {
    const unique = c.var.services?.registry ? constraintMessage(c, e.constraint_name) : undefined;
    return respond(
      c,
      400,
      unique ?? {
        __all__: [
          `An object with these values already exists (${e.detail ?? e.constraint_name ?? 'unique constraint'}).`,
        ],
      },
    );
  }
  if (code === '23503')
    return respond(c, 409, { detail: `A related object changed concurrently: ${e.detail ?? e.message}` });
  if (code === '40001' || code === '40P01')
    return respond(c, 409, { detail: 'The request conflicted with a concurrent request; retry it.' });
  if (code === '2201B') return respond(c, 400, { detail: `Invalid regular expression: ${e.message}` });
  if (code.startsWith('22')) return respond(c, 400, { detail: `Invalid value: ${e.message}` });
  if (code === '57014') return respond(c, 503, { detail: 'The request took too long and was cancelled.' });
  console.error(`[${c.var.requestId ?? '-'}] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return respond(c, 500, {
    error: 'Internal server error',
    exception: (err as Error)?.name ?? 'Error',
    request_id: c.var.requestId,
  });
}

/** A unique-constraint violation that raced past validation, reported like the validation would. */
function constraintMessage(c: Context<AppEnv>, name: string | undefined): Record<string, string[]> | undefined {
  if (!name) return undefined;
  for (const m of c.var.services.registry.all()) {
    if (!name.startsWith(`${m.table}_`)) continue;
    for (const u of m.uniques) {
      if (name.startsWith(`${m.table}_${u.fields.join('_')}`)) return { [u.key]: [u.message] };
    }
  }
  return undefined;
}
