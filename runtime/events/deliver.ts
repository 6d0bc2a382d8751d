/**
 * One webhook delivery: render URL, headers and body, sign the body, send it, and retry with
 * exponential backoff inside the job (so deliveries for one object keep their order). 2xx is
 * success; any other status, a timeout or a connection error is a failed attempt.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Settings } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { jobKind } from '../jobs/task.ts';
import { renderHeaders, renderTemplate, TemplateError } from './render.ts';
import { readCaFile } from './ca-file.ts';
import { tables } from '../db/tables.ts';
import { query } from '../db/index.ts';
import { last } from '../collections.ts';

/** The job of one webhook delivery (tasks/deliver-webhook.ts runs it). */
export const deliverWebhookJob = jobKind<DeliveryPayload>('deliver_webhook');

export interface DeliveryPayload {
  readonly webhook_id: number;
  readonly event_rule_id: number;
  /** the template context (spec 6.3) */
  readonly context: Record<string, unknown>;
}

export interface Attempt {
  readonly attempt: number;
  readonly at: string;
  readonly status_code: number | null;
  readonly error: string | null;
  readonly response: string | null;
  readonly duration_ms: number;
}

export interface DeliveryResult {
  readonly ok: boolean;
  readonly data: Record<string, unknown>;
  readonly error: string;
}

interface WebhookRow {
  id: number;
  name: string;
  payload_url: string;
  http_method: string;
  http_content_type: string;
  additional_headers: string;
  body_template: string;
  secret: string;
  ssl_verification: boolean;
  ca_file_path: string | null;
}

export function hostAllowed(url: URL, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return true;
  return allowed.some((h) => h === url.hostname || (h.startsWith('*.') && url.hostname.endsWith(h.slice(1))));
}

/** A webhook's request as rendered, sent as it is on every attempt. */
interface Outgoing {
  readonly url: URL;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** How a request is sent: its TLS checks (with the webhook's own CA, if any) and how long an attempt may take. */
interface Transport {
  readonly tls: { readonly verify: boolean; readonly ca?: Buffer };
  readonly timeoutMs: number;
}

function send(
  { url, method, headers, body }: Outgoing,
  { tls, timeoutMs }: Transport,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const options: https.RequestOptions = {
      method,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      timeout: timeoutMs,
    };
    if (url.protocol === 'https:') {
      options.rejectUnauthorized = tls.verify;
      if (tls.ca) options.ca = tls.ca;
    }
    const req = lib.request(url, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        if (text.length < 2000) text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.slice(0, 1000) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

/** Renders and sends, retrying failed attempts with exponential backoff. */
export async function deliver(
  db: Db,
  settings: Settings,
  payload: DeliveryPayload,
  deliveryId: string,
  backoffMs = 1000,
): Promise<DeliveryResult> {
  const rows = await query(
    db,
    `SELECT id, name, payload_url, http_method, http_content_type, additional_headers,
    body_template, secret, ssl_verification, ca_file_path FROM public.${tables.webhook} WHERE id = $1`,
    [payload.webhook_id],
  );
  const hook = rows[0] as unknown as WebhookRow | undefined;
  if (!hook) return { ok: false, data: {}, error: `Webhook ${payload.webhook_id} no longer exists.` };
  let url: URL;
  let headers: Record<string, string>;
  let body: string;
  try {
    url = new URL((await renderTemplate(hook.payload_url, payload.context)).trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TemplateError(`unsupported URL scheme ${url.protocol}`);
    headers = {
      'Content-Type': hook.http_content_type,
      'User-Agent': 'netbox-compatible-webhooks',
      ...(await renderHeaders(hook.additional_headers, payload.context)),
    };
    body = hook.body_template
      ? await renderTemplate(hook.body_template, payload.context)
      : JSON.stringify(payload.context);
  } catch (e) {
    return {
      ok: false,
      data: { webhook: hook.name },
      error: e instanceof TemplateError ? e.message : `invalid URL: ${(e as Error).message}`,
    };
  }
  if (!hostAllowed(url, settings.webhookAllowedHosts)) {
    return {
      ok: false,
      data: { webhook: hook.name, url: url.toString() },
      error: `Host ${url.hostname} is not in WEBHOOK_ALLOWED_HOSTS.`,
    };
  }
  let ca: Buffer | undefined;
  if (url.protocol === 'https:' && hook.ca_file_path) {
    try {
      ca = await readCaFile(hook.ca_file_path, settings.webhookCaRoot);
    } catch (e) {
      return { ok: false, data: { webhook: hook.name, url: url.toString() }, error: (e as Error).message };
    }
  }
  headers['X-Hook-Delivery'] = deliveryId;
  if (hook.secret) headers['X-Hook-Signature'] = createHmac('sha512', hook.secret).update(body, 'utf8').digest('hex');
  const outgoing: Outgoing = { url, method: hook.http_method, headers, body };
  const transport: Transport = { tls: { verify: hook.ssl_verification, ca }, timeoutMs: settings.webhookTimeoutMs };
  const attempts: Attempt[] = [];
  for (let attempt = 1; attempt <= settings.webhookMaxAttempts; attempt++) {
    const started = Date.now();
    try {
      const res = await send(outgoing, transport);
      attempts.push({
        attempt,
        at: new Date(started).toISOString(),
        status_code: res.status,
        error: res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`,
        response: res.body,
        duration_ms: Date.now() - started,
      });
      if (res.status >= 200 && res.status < 300) {
        return {
          ok: true,
          data: {
            webhook: hook.name,
            url: url.toString(),
            method: hook.http_method,
            status_code: res.status,
            attempts,
          },
          error: '',
        };
      }
    } catch (e) {
      attempts.push({
        attempt,
        at: new Date(started).toISOString(),
        status_code: null,
        error: (e as Error).message,
        response: null,
        duration_ms: Date.now() - started,
      });
    }
    if (attempt < settings.webhookMaxAttempts) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (attempt - 1)));
  }
  const final = last(attempts);
  return {
    ok: false,
    data: {
      webhook: hook.name,
      url: url.toString(),
      method: hook.http_method,
      status_code: final.status_code,
      attempts,
    },
    error:
      `Delivery failed after ${attempts.length} attempt(s): ` +
      `${final.error}${final.response ? ` — ${final.response.slice(0, 200)}` : ''}`,
  };
}
