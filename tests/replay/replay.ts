/**
 * Sends one corpus record to the server under test as the recorder sent it (same method, path,
 * headers, auth and body, after the substitutions; redirects not followed), repeats a polling request
 * every 0.5 s as the record says, and collects the webhook deliveries that follow a record with
 * `received` (up to 30 s for as many as NetBox sent, then 1 s more, as the recorder waited).
 */
import type { Received, Receiver } from '../helpers/receiver.ts';
import type { CorpusRecord, Poll } from './corpus.ts';
import type { Substitutions } from './substitute.ts';

export interface LiveAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** parsed JSON; the text when not JSON; null when empty */
  readonly body: unknown;
  readonly json: boolean;
  readonly deliveries?: readonly Received[];
  /** how many times the request was sent (polling) */
  readonly sent: number;
  readonly ms: number;
}

export interface ReplayTarget {
  readonly url: string;
  readonly token: string;
  readonly listener: Receiver;
  readonly subs: Substitutions;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long one request may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 60_000;

async function send(target: ReplayTarget, record: CorpusRecord) {
  const init: RequestInit = {
    method: record.method,
    headers: target.subs.headers(record, target.token),
    redirect: 'manual',
  };
  if (record.request_body !== null && record.request_body !== undefined)
    init.body = JSON.stringify(target.subs.body(record.request_body));
  init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${target.url}${target.subs.path(record.path)}`, init);
    text = await res.text();
  } catch (err) {
    // no HTTP answer (status 0, as the corpus writes it): the replay goes on with the next record
    const error = `no answer: ${String(err)}`;
    return { status: 0, headers: new Headers(), text: error, body: error, json: false };
  }
  let body: unknown = text === '' ? null : text;
  let json = text === '';
  if (text !== '') {
    try {
      body = JSON.parse(text);
      json = true;
    } catch {
      // not JSON (an HTML page): kept as text
    }
  }
  return { status: res.status, headers: res.headers, text, body, json };
}

/** The dotted field of a polled body; a string where `{value, label}` is expected counts as its value. */
export function polledValue(body: unknown, field: string): unknown {
  let v: unknown = body;
  for (const part of field.split('.')) {
    if (typeof v === 'string' && part === 'value') return v;
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function done(body: unknown, poll: Poll): boolean {
  const v = polledValue(body, poll.field);
  return typeof v === 'string' && poll.in.includes(v);
}

export async function replayRecord(target: ReplayTarget, record: CorpusRecord): Promise<LiveAnswer> {
  const started = Date.now();
  if (record.received) target.listener.received.length = 0;
  let answer = await send(target, record);
  let sent = 1;
  if (record.poll) {
    const until = started + record.poll.timeout_s * 1000;
    while (!done(answer.body, record.poll) && Date.now() < until) {
      await sleep(500);
      answer = await send(target, record);
      sent++;
    }
  }
  let deliveries: Received[] | undefined;
  if (record.received) {
    const until = Date.now() + 30_000;
    while (target.listener.received.length < record.received.length && Date.now() < until) await sleep(50);
    await sleep(1000);
    deliveries = [...target.listener.received];
    target.listener.received.length = 0;
  }
  target.subs.learn(record.response_body, answer.body);
  return { ...answer, ...(deliveries ? { deliveries } : {}), sent, ms: Date.now() - started };
}
