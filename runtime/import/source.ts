/**
 * The NetBox being copied, read over its REST API: a v1 (`Token …`) or v2 (`Bearer nbt_…`) token,
 * bounded concurrency (limiter.ts), and retries with growing pauses. A 429, a 5xx, a dropped
 * connection or an answer not complete by its deadline slows the import down and is tried again; only
 * a source that keeps failing stops it. Every wait ends: each try has a deadline from connecting to the
 * last byte, and a request's tries together (pauses included) another; `close` ends those in flight.
 */
import { Limiter } from './limiter.ts';

export interface SourceOptions {
  /** the NetBox's address, as in the browser (`https://netbox.example.com`, or with its base path) */
  readonly url: string;
  readonly token: string;
  readonly concurrency: number;
  /** tries per request before the import stops (default 8) */
  readonly attempts?: number;
  /** the first retry's pause, doubled each time up to 30 s (default 500 ms) */
  readonly backoffMs?: number;
  /** one try's deadline, from connecting to the answer's last byte (default 120 s) */
  readonly requestTimeoutMs?: number;
  /** how long a request is tried, from its first try to the end of its last, pauses included (default 300 s) */
  readonly retryTimeMs?: number;
  readonly signal?: AbortSignal;
}

export const REQUEST_TIMEOUT_MS = 120_000;
export const RETRY_TIME_MS = 300_000;

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface Answer {
  readonly status: number;
  readonly body: any;
}

/** `Token <40 hex>` for v1 tokens, `Bearer <key>.<secret>` for v2; a full header value is kept as given. */
export function authorization(token: string): string {
  if (/^(Token|Bearer) /.test(token)) return token;
  return /^(nbt|svt)_|\./.test(token) ? `Bearer ${token}` : `Token ${token}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
/** A try cut off by its deadline, or by the retry time's end (a last try gets what is left of it). */
const late = (timeout: number, perTry: number) =>
  timeout < perTry
    ? 'no complete answer before the retry time ran out'
    : `no complete answer within ${seconds(perTry)}`;
const overloaded = (status: number) => status === 429 || status >= 500;

export class Source {
  readonly base: string;
  readonly limiter: Limiter;
  /** requests tried again after an overload or a failure */
  retries = 0;
  requests = 0;
  private readonly auth: string;
  /** ends every request: the caller's signal (Ctrl-C), or `close` */
  private readonly stop = new AbortController();
  private readonly signal: AbortSignal;

  constructor(private readonly options: SourceOptions) {
    this.base = options.url.replace(/\/+$/, '').replace(/\/api$/, '');
    this.auth = authorization(options.token);
    this.limiter = new Limiter(Math.max(1, options.concurrency));
    this.signal = options.signal ? AbortSignal.any([options.signal, this.stop.signal]) : this.stop.signal;
  }

  /** Ends the requests still in flight (pages read ahead of a failure): nothing is left waiting on the source. */
  close(): void {
    this.stop.abort(new SourceError('the import ended'));
  }

  /** GET of an API path (`/api/dcim/sites/?limit=1`) or an absolute URL; 404 is an answer, other 4xx errors. */
  async get(path: string): Promise<Answer> {
    const url = /^https?:/.test(path) ? path : `${this.base}${path}`;
    const res = await this.fetchRetrying(url, 'application/json');
    if (res.status === 404) return { status: 404, body: null };
    const text = res.text;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new SourceError(`GET ${url}: the answer is not JSON (${res.status}): ${text.slice(0, 200)}`, res.status);
    }
    if (res.status >= 400) {
      const detail = JSON.stringify(body).slice(0, 300);
      throw new SourceError(`GET ${url} → ${res.status}: ${detail}`, res.status, body);
    }
    return { status: res.status, body };
  }

  /** A file (an image under /media/), with the same token, retries and limits. */
  async bytes(url: string): Promise<Buffer> {
    const res = await this.fetchRetrying(url, '*/*', true);
    if (res.status >= 400 || !res.bytes) throw new SourceError(`GET ${url} → ${res.status}`, res.status);
    return res.bytes;
  }

  private async fetchRetrying(
    url: string,
    accept: string,
    binary = false,
  ): Promise<{ status: number; text: string; bytes?: Buffer }> {
    const attempts = this.options.attempts ?? 8;
    const base = this.options.backoffMs ?? 500;
    const perTry = this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    const budget = this.options.retryTimeMs ?? RETRY_TIME_MS;
    const started = performance.now();
    let failure = 'the source asked for pauses all along';
    for (let tries = 0; ;) {
      this.signal.throwIfAborted();
      const pause = Math.min(30_000, base * 2 ** tries) * (0.8 + Math.random() * 0.4);
      const left = Math.max(1, Math.ceil(budget - (performance.now() - started)));
      const timeout = Math.min(perTry, left);
      // the wait for a slot and the try end with the budget, and at once on Ctrl-C or close
      const deadline = AbortSignal.any([this.signal, AbortSignal.timeout(left)]);
      let tried = false;
      try {
        const res = await this.limiter.run(() => {
          tried = true;
          return this.fetchOnce(url, accept, binary, timeout);
        }, deadline);
        if (!overloaded(res.status)) {
          this.limiter.succeeded();
          return res;
        }
        failure = `${res.status}`;
        const after = Number(res.retryAfter) * 1000;
        this.limiter.slowDown(Number.isFinite(after) && after > 0 ? Math.min(after, 120_000) : pause);
      } catch (e) {
        if (this.signal.aborted) throw this.signal.reason;
        // the budget ran out while waiting for a slot or a pause: the last try's failure stands
        if (tried) {
          if ((e as Error).name !== 'TimeoutError') failure = (e as Error).message;
          // a last try cut short by the retry time says less than the whole tries before it
          else if (timeout === perTry || !tries) failure = late(timeout, perTry);
          this.limiter.slowDown(pause);
        }
      }
      if (tried) tries++;
      const spent = performance.now() - started;
      if (!tried || tries >= attempts || spent >= budget)
        throw new SourceError(
          `${failure}; tried ${tries} time${tries === 1 ? '' : 's'} in ${seconds(spent)} ` +
            `(each try may take ${seconds(perTry)}, all of them ${seconds(budget)}): GET ${url}`,
        );
      this.retries++;
      await sleep(10);
    }
  }

  private async fetchOnce(
    url: string,
    accept: string,
    binary: boolean,
    timeoutMs: number,
  ): Promise<{ status: number; text: string; bytes?: Buffer; retryAfter: string | null }> {
    this.requests++;
    // one deadline from connecting to the body's last byte: a source that trickles is cut off too
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), this.signal]);
    const res = await fetch(url, { headers: { Authorization: this.auth, Accept: accept }, signal, redirect: 'follow' });
    const retryAfter = res.headers.get('retry-after');
    if (binary && res.ok)
      return { status: res.status, text: '', bytes: Buffer.from(await res.arrayBuffer()), retryAfter };
    return { status: res.status, text: await res.text(), retryAfter };
  }
}
