/**
 * The browsable API: a GET from a browser (Accept preferring text/html, or `?format=api`) gets
 * the same JSON as a readable page — indented, every URL of this server a link, the allowed
 * methods, the pagination links and a login link. `?format=json` always gets JSON.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { escapeHtml, layout, securityHeaders } from './html.ts';

function quality(accept: string, type: string): number {
  let best = -1;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().split(';').map((x) => x.trim().toLowerCase());
    const matches = range === type || range === `${type.split('/')[0]}/*` || range === '*/*';
    if (!matches) continue;
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
    // an exact type outranks a wildcard of the same quality
    const score = q + (range === type ? 0.001 : 0);
    if (score > best) best = score;
  }
  return best;
}

export function wantsHtml(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const format = c.req.query('format');
  if (format) return format === 'api';
  const accept = c.req.header('accept') ?? '';
  if (!/text\/html/i.test(accept)) return false;
  return quality(accept, 'text/html') > quality(accept, 'application/json');
}

/** Indented JSON, escaped, with this server's URLs as links. */
function linkedJson(body: unknown, origin: string): string {
  const text = escapeHtml(JSON.stringify(body, null, 2) ?? 'null');
  const base = escapeHtml(origin);
  return text.replace(/&quot;(https?:\/\/[^\s<>]*?)&quot;/g, (whole, url: string) => (url.startsWith(`${base}/`) ? `&quot;<a href="${url}">${url}</a>&quot;` : whole));
}

function title(path: string, body: unknown): string {
  if (path === '/api/') return 'API Root';
  const parts = path.split('/').filter(Boolean).slice(1);
  if (parts.length === 1 || (parts[0] === 'plugins' && parts.length <= 2)) return `${parts.join(' ').replace(/^./, (ch) => ch.toUpperCase())}`;
  const last = /^\d+$/.test(parts[parts.length - 1] ?? '') ? parts.slice(-2) : parts.slice(-1);
  const name = (last[0] ?? 'API').replace(/-/g, ' ');
  const display = body && typeof body === 'object' && 'display' in body ? ` · ${String((body as { display: unknown }).display)}` : '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${last.length > 1 ? ' instance' : ' list'}${display}`;
}

export function browsablePage(c: Context<AppEnv>, status: number, body: unknown, headers: Record<string, string>): Response {
  const url = new URL(c.req.url);
  const allow = headers.Allow ?? headers.allow ?? 'GET, HEAD, OPTIONS';
  const paging = body && typeof body === 'object' && 'results' in body ? (body as { next?: string | null; previous?: string | null }) : undefined;
  const nav = paging
    ? `<nav class="meta">${paging.previous ? `<a href="${escapeHtml(paging.previous)}" rel="prev">« Previous</a>` : ''} ${paging.next ? `<a href="${escapeHtml(paging.next)}" rel="next">Next »</a>` : ''}</nav>`
    : '';
  const json = new URL(url);
  json.searchParams.set('format', 'json');
  const content = `<h1>${escapeHtml(title(url.pathname, body))}</h1>
<p class="meta"><strong>GET</strong> ${escapeHtml(url.pathname + url.search)} · <a href="${escapeHtml(json.pathname + json.search)}">json</a></p>
<pre class="meta">HTTP ${status}
Allow: ${escapeHtml(allow)}
Content-Type: application/json</pre>
${nav}
<pre id="response">${linkedJson(body, url.origin)}</pre>
${nav}`;
  const user = c.var.user?.username ?? null;
  return new Response(c.req.method === 'HEAD' ? null : layout(title(url.pathname, body), content, user, `${url.pathname}${url.search}`), {
    status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept', ...securityHeaders },
  });
}
