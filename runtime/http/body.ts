/**
 * Request bodies: JSON only (multipart where a route says so), within the size limit, parsed with
 * a clear 400 on malformed input and a 415 on other media types.
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { ServiceError, failure } from '../errors/index.ts';

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

export async function readRaw(c: Context<AppEnv>): Promise<string> {
  const limit = c.var.services.settings.bodyLimitBytes;
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > limit)
    throw failure('too_large', `Request body too large: ${length} bytes exceeds the limit of ${limit} bytes.`);
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > limit)
    throw failure('too_large', `Request body too large: exceeds the limit of ${limit} bytes.`);
  return new TextDecoder('utf-8', { fatal: false }).decode(buf);
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
  const raw = await readRaw(c);
  if (raw.trim() === '') return undefined;
  const type = c.req.header('content-type');
  if (type && !isJson(type)) {
    throw new ServiceError('unsupported_media_type', {
      detail: `Unsupported media type "${type.split(';')[0]!.trim()}" in request.`,
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
