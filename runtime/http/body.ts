/**
 * Request bodies: JSON only (multipart where a route says so), within the size limit, parsed with
 * a clear 400 on malformed input (not UTF-8 included) and a 415 on other media types.
 *
 * A body is read whole (createBodyReader) before the request's transaction starts: a client that
 * sends it slowly then holds a socket, never a database connection.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { ServiceError, failure } from '../errors/index.ts';
import { SAFE_METHODS } from './middleware.ts';

export function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/** The largest body a request may send: an upload's file and its form around it, or JSON. */
function bodyLimit(c: Context<AppEnv>): number {
  const { settings } = c.var.services;
  return isMultipart(c.req.header('content-type')) ? settings.uploadLimitBytes + 1024 * 1024 : settings.bodyLimitBytes;
}

function tooLarge(limit: number, length?: number): ServiceError {
  return failure(
    'too_large',
    length === undefined
      ? `Request body too large: exceeds the limit of ${limit} bytes.`
      : `Request body too large: ${length} bytes exceeds the limit of ${limit} bytes.`,
  );
}

/** Reads the body of every request that may have one, up to its limit (413 as soon as it is passed). */
export function createBodyReader(): MiddlewareHandler<AppEnv> {
  return async function bodyReader(c, next) {
    if (SAFE_METHODS.has(c.req.method) || !c.req.raw.body) {
      c.set('body', new Uint8Array(0));
      return next();
    }
    const limit = bodyLimit(c);
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > limit) throw tooLarge(limit, length);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = c.req.raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
    c.set('body', Buffer.concat(chunks, size));
    await next();
  };
}

/** The request's body bytes (read by createBodyReader). */
export function bodyBytes(c: Context<AppEnv>): Uint8Array<ArrayBuffer> {
  return c.var.body ?? new Uint8Array(0);
}

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function readRaw(c: Context<AppEnv>): string {
  const bytes = bodyBytes(c);
  const limit = c.var.services.settings.bodyLimitBytes;
  if (bytes.byteLength > limit) throw tooLarge(limit, bytes.byteLength);
  try {
    return utf8.decode(bytes);
  } catch {
    throw failure('invalid', 'JSON parse error - the body is not valid UTF-8.');
  }
}

/** Deepest nesting of arrays and objects that a body may have (NetBox's JSON fields need far less). */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `max` (a scan of the text, no recursion). */
export function nestedDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > max) return true;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return false;
}

/** The parsed JSON body; `undefined` when the request has no body at all. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const raw = readRaw(c);
  if (raw.trim() === '') return undefined;
  const type = c.req.header('content-type');
  if (type && !isJson(type)) {
    throw new ServiceError('unsupported_media_type', {
      detail: `Unsupported media type "${type.split(';')[0].trim()}" in request.`,
    });
  }
  // before parsing: the parser and everything that walks its result would recurse that deep
  if (nestedDeeper(raw, MAX_JSON_DEPTH))
    throw failure(
      'invalid',
      `JSON parse error - arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw failure('invalid', `JSON parse error - ${(e as Error).message}`);
  }
}
