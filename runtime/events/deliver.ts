/**
 * One webhook delivery: render URL, headers and body, sign the body, send it (send.ts), and retry
 * with exponential backoff inside the task (so deliveries for one object keep their order). 2xx is
 * success; any other status (a redirect is not followed), the deadline or a connection error is a
 * failed attempt. A delivery is first tried from the webhook pool; once an attempt has failed, the
 * rest are sent from the pool for slow receivers (slow-receivers.ts), where the task goes on.
 */
import { createHmac } from 'node:crypto';
import type { Settings } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { jobKind } from '../jobs/index.ts';
import { renderHeaders, renderTemplate, TemplateError } from './render.ts';
import { readCaFile } from './ca-file.ts';
import { tables, query } from '../db/index.ts';
import { last } from '../collections.ts';
import { send, type Outgoing, type Transport } from './send.ts';
import { noteAttempt } from './slow-receivers.ts';
import { logAttempt } from './log.ts';

/** The job of one webhook delivery (tasks/deliver-webhook.ts runs it). */
export const deliverWebhookJob = jobKind<DeliveryPayload>('deliver_webhook');
/** The same delivery, run from the pool for slow receivers: its retries, or all of it when its receiver is slow. */
export const deliverSlowWebhookJob = jobKind<DeliveryPayload>('deliver_webhook_slow');

export interface DeliveryPayload {
  readonly webhook_id: number;
  readonly event_rule_id: number;
  /** the change record the event is of, and the branch it was made in (none: main) */
  readonly change_id?: number | null;
  readonly branch_id?: number | null;
  /** the template context (spec 6.3) */
  readonly context: Record<string, unknown>;
  /** a retry's or a replay's: the delivery it sends again, whose id it carries (X-Hook-Delivery) */
  readonly delivery_id?: string;
  readonly kind?: 'retry' | 'replay';
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
  /** the run ended after a failed attempt with more to come (DeliveryOptions.oneTry) */
  readonly more?: boolean;
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

/** How a run of a delivery goes on from the runs before it. */
export interface DeliveryOptions {
  /** the wait before the second attempt (doubling for each one after) */
  readonly backoffMs: number;
  /** the attempts of the runs before: a delivery continued in another pool goes on from them */
  readonly prior?: readonly Attempt[];
  /** a failed attempt with more to come ends the run (`more`), so the rest can be sent from elsewhere */
  readonly oneTry?: boolean;
}

/** The request a delivery sends on every attempt, or why it sends none. */
async function prepare(
  db: Db,
  settings: Settings,
  payload: DeliveryPayload,
  deliveryId: string,
): Promise<{ hook: WebhookRow; outgoing: Outgoing; transport: Transport } | DeliveryResult> {
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
  return {
    hook,
    outgoing,
    transport: { tls: { verify: hook.ssl_verification, ca }, timeoutMs: settings.webhookTimeoutMs },
  };
}

async function attemptOnce(outgoing: Outgoing, transport: Transport, attempt: number): Promise<Attempt> {
  const started = Date.now();
  const at = new Date(started).toISOString();
  try {
    const res = await send(outgoing, transport);
    const ok = res.status >= 200 && res.status < 300;
    const error = ok ? null : `HTTP ${res.status}`;
    return { attempt, at, status_code: res.status, error, response: res.body, duration_ms: Date.now() - started };
  } catch (e) {
    const error = (e as Error).message;
    return { attempt, at, status_code: null, error, response: null, duration_ms: Date.now() - started };
  }
}

/** Until the next attempt is due: the backoff after attempt `previous`, from when it ended. */
function backoff(previous: Attempt, backoffMs: number): Promise<void> {
  const due = Date.parse(previous.at) + previous.duration_ms + backoffMs * 2 ** (previous.attempt - 1);
  return new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
}

/** Renders and sends, retrying failed attempts with exponential backoff. */
export async function deliver(
  db: Db,
  settings: Settings,
  payload: DeliveryPayload,
  deliveryId: string,
  { backoffMs, prior = [], oneTry = false }: DeliveryOptions,
): Promise<DeliveryResult> {
  const prepared = await prepare(db, settings, payload, deliveryId);
  if (!('outgoing' in prepared)) {
    // nothing could be sent: the log still says so, as an attempt that failed for good
    const n = prior.length + 1;
    const none = { attempt: n, at: new Date().toISOString(), status_code: null, response: null, duration_ms: 0 };
    await logAttempt(db, payload, deliveryId, { ...none, error: prepared.error }, 'failed');
    return prepared;
  }
  const { hook, outgoing, transport } = prepared;
  const attempts: Attempt[] = [...prior];
  const data = () => ({
    webhook: hook.name,
    url: outgoing.url.toString(),
    method: hook.http_method,
    status_code: last(attempts).status_code,
    attempts,
  });
  for (let n = attempts.length + 1; n <= settings.webhookMaxAttempts; n++) {
    if (attempts.length) await backoff(last(attempts), backoffMs);
    const attempt = await attemptOnce(outgoing, transport, n);
    attempts.push(attempt);
    noteAttempt(hook.id, attempt, transport.timeoutMs);
    const status = attempt.error === null ? 'delivered' : n < settings.webhookMaxAttempts ? 'retrying' : 'failed';
    await logAttempt(db, payload, deliveryId, attempt, status);
    if (attempt.error === null) return { ok: true, data: data(), error: '' };
    if (oneTry && n < settings.webhookMaxAttempts) return { ok: false, more: true, data: data(), error: attempt.error };
  }
  const final = last(attempts);
  return {
    ok: false,
    data: data(),
    error:
      `Delivery failed after ${attempts.length} attempt(s): ` +
      `${final.error}${final.response ? ` — ${final.response.slice(0, 200)}` : ''}`,
  };
}
