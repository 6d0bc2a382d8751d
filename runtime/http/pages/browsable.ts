/**
 * The browsable API: a GET from a browser (Accept preferring text/html, or `?format=api`) gets
 * the same JSON as a readable page — indented, every URL of this server a link, the allowed
 * methods, the pagination links and a login link. `?format=json` always gets JSON.
 */
import type { Context } from 'hono';
import type { ModelDef } from '../../catalogue/index.ts';
import type { AppEnv } from '../env.ts';
import { escapeHtml, layout, securityHeaders } from './html.ts';

function quality(accept: string, type: string): number {
  let best = -1;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part
      .trim()
      .split(';')
      .map((x) => x.trim().toLowerCase());
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
  return text.replace(/&quot;(https?:\/\/[^\s<>]*?)&quot;/g, (whole, url: string) =>
    url.startsWith(`${base}/`) ? `&quot;<a href="${url}">${url}</a>&quot;` : whole,
  );
}

function words(segment: string): string {
  const text = segment.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function title(path: string, body: unknown): string {
  if (path === '/api/') return 'API Root';
  const parts = path.split('/').filter(Boolean).slice(1);
  if (parts.length === 1 || (parts[0] === 'plugins' && parts.length <= 2))
    return `${parts.join(' ').replace(/^./, (ch) => ch.toUpperCase())}`;
  const last = /^\d+$/.test(parts[parts.length - 1] ?? '') ? parts.slice(-2) : parts.slice(-1);
  const name = words(last[0] ?? 'API');
  const shown =
    body && typeof body === 'object' && 'display' in body ? (body as { display: unknown }).display : undefined;
  const display = shown === undefined ? '' : ` · ${String(shown)}`;
  return `${name}${last.length > 1 ? ' instance' : ' list'}${display}`;
}

/** API Root › Dcim › Sites › the object: each step a link but the last. */
function breadcrumbs(path: string, body: unknown): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'api') return '';
  const steps: string[] = [];
  for (const [i, part] of parts.entries()) {
    const href = `/${parts.slice(0, i + 1).join('/')}/`;
    const isObject =
      i === parts.length - 1 && /^\d+$/.test(part) && body && typeof body === 'object' && 'display' in body;
    const label = i === 0 ? 'API Root' : isObject ? String((body as { display: unknown }).display) : words(part);
    steps.push(
      i === parts.length - 1
        ? `<span aria-current="page">${escapeHtml(label)}</span>`
        : `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`,
    );
  }
  return `<nav class="crumbs" aria-label="Breadcrumbs">${steps.join(' › ')}</nav>`;
}

/** The model a list or detail URL belongs to, and which of the two it is. */
function pageModel(c: Context<AppEnv>, path: string): { model: ModelDef; kind: 'list' | 'detail' } | undefined {
  const m = /^\/api\/(.+?)\/(?:(\d+)\/)?$/.exec(path);
  if (!m) return undefined;
  const model = c.var.services.registry.all().find((x) => x.apiPath === m[1]);
  return model ? { model, kind: m[2] ? 'detail' : 'list' } : undefined;
}

const FILTER_KINDS = new Set(['string', 'choice', 'boolean', 'fk_natural', 'tree_natural', 'tag', 'ip']);

/** A GET form of the list's plainer filters (its own fields, named relations, tags) and `q`. */
function filterForm(c: Context<AppEnv>, model: ModelDef, query: URLSearchParams): string {
  const { registry } = c.var.services;
  const chosen = [...registry.filters(model).values()]
    .filter((f) => FILTER_KINDS.has(f.kind) && f.path.length <= 1)
    .slice(0, 24);
  const input = (label: string, control: string) => `<label>${escapeHtml(label)} ${control}</label>`;
  const value = (name: string) => escapeHtml(query.get(name) ?? '');
  const controls = chosen.map((f) => {
    const options =
      f.kind === 'choice' && f.choices
        ? registry.choices(f.choices).map((o) => ({ value: String(o.value), label: String(o.label) }))
        : f.kind === 'boolean'
          ? [
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]
          : undefined;
    if (options) {
      const opts = [{ value: '', label: '—' }, ...options].map((o) => {
        const selected = query.get(f.name) === o.value && o.value ? ' selected' : '';
        return `<option value="${escapeHtml(o.value)}"${selected}>${escapeHtml(o.label)}</option>`;
      });
      return input(f.name, `<select name="${escapeHtml(f.name)}">${opts.join('')}</select>`);
    }
    return input(f.name, `<input name="${escapeHtml(f.name)}" value="${value(f.name)}">`);
  });
  const open = [...query.keys()].some((k) => k !== 'format' && k !== 'limit' && k !== 'offset') ? ' open' : '';
  const q = input('Search (q)', `<input name="q" value="${value('q')}">`);
  return `<details class="filters"${open}><summary>Filters</summary>
<form method="get" id="filter-form" class="grid">${q}${controls.join('')}
<p><button type="submit">Apply filters</button> <a href="?">Clear</a></p></form></details>`;
}

export function browsablePage(
  c: Context<AppEnv>,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): Response {
  const url = new URL(c.req.url);
  const allow = headers.Allow ?? headers.allow ?? 'GET, HEAD, OPTIONS';
  const paging =
    body && typeof body === 'object' && 'results' in body
      ? (body as { next?: string | null; previous?: string | null })
      : undefined;
  const link = (href: string | null | undefined, rel: string, text: string) =>
    href ? `<a href="${escapeHtml(href)}" rel="${rel}">${text}</a>` : '';
  const nav = paging
    ? `<nav class="meta">${link(paging.previous, 'prev', '« Previous')} ${link(paging.next, 'next', 'Next »')}</nav>`
    : '';
  const json = new URL(url);
  json.searchParams.set('format', 'json');
  const page = status < 400 ? pageModel(c, url.pathname) : undefined;
  // the forms are built in the browser from OPTIONS (public/browsable.js), for callers allowed to write
  const forms =
    page && c.var.user
      ? `<section id="forms" data-kind="${page.kind}" data-allow="${escapeHtml(allow)}"
  data-model="${escapeHtml(page.model.verboseName)}"></section>
<script src="/static/browsable.js" defer></script>`
      : '';
  const content = `${breadcrumbs(url.pathname, body)}
<h1>${escapeHtml(title(url.pathname, body))}</h1>
<p class="meta"><strong>GET</strong> ${escapeHtml(url.pathname + url.search)} ·
  <a href="${escapeHtml(json.pathname + json.search)}">json</a></p>
<pre class="meta">HTTP ${status}
Allow: ${escapeHtml(allow)}
Content-Type: application/json</pre>
${page?.kind === 'list' ? filterForm(c, page.model, url.searchParams) : ''}
${nav}
<pre id="response">${linkedJson(body, url.origin)}</pre>
${nav}
${forms}`;
  const user = c.var.user?.username ?? null;
  return new Response(
    c.req.method === 'HEAD' ? null : layout(title(url.pathname, body), content, user, `${url.pathname}${url.search}`),
    {
      status,
      headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept', ...securityHeaders },
    },
  );
}
