/**
 * The NetBox being copied, read over its REST API: a v1 (`Token …`) or v2 (`Bearer nbt_…`) token,
 * bounded concurrency (limiter.ts), and retries with growing pauses. A 429, a 5xx or a dropped
 * connection slows the import down and is tried again; only a source that keeps failing stops it.
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
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

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
const overloaded = (status: number) => status === 429 || status >= 500;

export class Source {
  readonly base: string;
  readonly limiter: Limiter;
  /** requests tried again after an overload or a failure */
  retries = 0;
  requests = 0;
  private readonly auth: string;

  constructor(private readonly options: SourceOptions) {
    this.base = options.url.replace(/\/+$/, '').replace(/\/api$/, '');
    this.auth = authorization(options.token);
    this.limiter = new Limiter(Math.max(1, options.concurrency));
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
    for (let attempt = 1; ; attempt++) {
      this.options.signal?.throwIfAborted();
      const pause = Math.min(30_000, base * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4);
      let failure: string;
      try {
        const res = await this.limiter.run(() => this.fetchOnce(url, accept, binary));
        if (!overloaded(res.status)) {
          this.limiter.succeeded();
          return res;
        }
        failure = `${res.status}`;
        const after = Number(res.retryAfter) * 1000;
        this.limiter.slowDown(Number.isFinite(after) && after > 0 ? Math.min(after, 120_000) : pause);
      } catch (e) {
        if (this.options.signal?.aborted) throw e;
        failure = (e as Error).message;
        this.limiter.slowDown(pause);
      }
      if (attempt >= attempts) throw new SourceError(`GET ${url} failed ${attempts} times (last: ${failure})`);
      this.retries++;
      await sleep(10);
    }
  }

  private async fetchOnce(
    url: string,
    accept: string,
    binary: boolean,
  ): Promise<{ status: number; text: string; bytes?: Buffer; retryAfter: string | null }> {
    this.requests++;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 300_000);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const res = await fetch(url, { headers: { Authorization: this.auth, Accept: accept }, signal, redirect: 'follow' });
    const retryAfter = res.headers.get('retry-after');
    if (binary && res.ok)
      return { status: res.status, text: '', bytes: Buffer.from(await res.arrayBuffer()), retryAfter };
    return { status: res.status, text: await res.text(), retryAfter };
  }
}
