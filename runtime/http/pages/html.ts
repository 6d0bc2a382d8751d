/** HTML pages: one small layout, escaping, and the security headers every page carries. */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

export const securityHeaders: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors " +
    "'none'; base-uri 'self'; form-action 'self'",
};

const style = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#222}
header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #ddd;margin-bottom:1rem}
pre{background:#f6f8fa;padding:1rem;overflow:auto;border-radius:4px}a{color:#0b62a4}
.error{color:#b00020}label{display:block;margin:.5rem 0}input{margin-left:.5rem}.meta{color:#666;font-size:.9rem}
nav.meta{display:flex;gap:1rem}nav.crumbs{margin:.5rem 0;color:#666}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:0 1rem}
.grid label{display:flex;flex-direction:column}
.grid input,.grid select,.grid textarea{margin:0;font:inherit}textarea{width:100%;font-family:monospace}
#forms section,.filters{border:1px solid #ddd;border-radius:4px;padding:.5rem 1rem;margin:1rem 0}
.field-error{color:#b00020;font-size:.85rem}
button.danger{color:#fff;background:#b00020;border:0;padding:.3rem .8rem;border-radius:3px}`;

export function layout(title: string, body: string, user?: string | null, next?: string): string {
  const login = next ? `/login/?next=${encodeURIComponent(next)}` : '/login/';
  const who = user
    ? `${escapeHtml(user)} · <a href="/logout/">Log out</a>`
    : `<a href="${escapeHtml(login)}">Log in</a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${style}</style></head>
<body><header><h2><a href="/api/">API</a></h2>
<span>${who} · <a href="/api/schema/swagger-ui/">Swagger UI</a></span></header>
${body}</body></html>`;
}

export function htmlPage(
  c: Context<AppEnv>,
  title: string,
  body: string,
  status = 200,
  user?: string | null,
): Response {
  void c;
  return new Response(layout(title, body, user), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...securityHeaders },
  });
}
