/** JSON responses: compact by default, indented on `Accept: application/json; indent=N`. */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { browsablePage, wantsHtml } from './pages/browsable.ts';

export function indentOf(accept: string | undefined): number {
  const m = accept ? /indent\s*=\s*(\d+)/.exec(accept) : null;
  return m ? Math.min(8, Number(m[1])) : 0;
}

export function jsonText(body: unknown, indent: number): string {
  return indent ? JSON.stringify(body, null, indent) : JSON.stringify(body);
}

export function respond(
  c: Context<AppEnv>,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  if (wantsHtml(c)) return browsablePage(c, status, body, headers);
  const text = jsonText(body, indentOf(c.req.header('accept')));
  return new Response(c.req.method === 'HEAD' ? null : text, {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A body already printed as JSON: sent as it is, unless a browser page or indentation wants the object. */
export function respondText(
  c: Context<AppEnv>,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Response {
  if (wantsHtml(c) || indentOf(c.req.header('accept'))) return respond(c, status, JSON.parse(text), headers);
  return new Response(c.req.method === 'HEAD' ? null : text, {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
