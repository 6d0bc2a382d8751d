/**
 * The soak's requests, and what they got: each status, the first unexpected answers, and when each
 * normal request began and how long it took (the abuse phase's p99, phase.ts). A request without an
 * answer within 30 s counts as status 0.
 */
import http from 'node:http';
import type { Timing } from './phase.ts';

export interface Tally {
  requests: number;
  readonly statuses: Record<string, number>;
  readonly unexpected: string[];
  readonly timings: Timing[];
}

export interface Calls {
  readonly tally: Tally;
  /** the answer's body when the status is the expected one (null for an empty body), else undefined */
  call(method: string, path: string, body: unknown, expected: number): Promise<any>;
  /** one write on a connection of its own; the status, or 0 when no answer came within 30 s */
  fresh(method: string, path: string, body: unknown): Promise<number>;
  /** a list's count, -1 when it could not be read */
  count(path: string): Promise<number>;
}

/**
 * One request on a keep-alive connection of its own (what a client that has just connected sends);
 * its status, or 0 when no answer came within `timeoutMs`.
 */
export function alone(
  url: URL,
  method: string,
  headers: Record<string, string>,
  data: Buffer,
  timeoutMs: number,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<number>((resolve) => {
    const req = http.request(
      url,
      { method, agent, headers: { ...headers, 'Content-Length': String(data.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    const timer = setTimeout(() => req.destroy(), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => resolve(0));
    req.end(data);
  }).finally(() => agent.destroy());
}

export function soakCalls(base: string, token: string): Calls {
  const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
  const tally: Tally = { requests: 0, statuses: {}, unexpected: [], timings: [] };
  const note = (status: number) => (tally.statuses[status] = (tally.statuses[status] ?? 0) + 1);

  async function call(method: string, path: string, body: unknown, expected: number): Promise<any> {
    tally.requests++;
    const at = Date.now();
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
      status = res.status;
    } catch (e) {
      text = `no answer: ${(e as Error).message}`;
    }
    tally.timings.push({ at, ms: performance.now() - started });
    note(status);
    if (status !== expected && tally.unexpected.length < 20)
      tally.unexpected.push(`${method} ${path} → ${status} ${text.slice(0, 200)}`);
    if (status !== expected) return undefined;
    return text ? JSON.parse(text) : null;
  }

  function fresh(method: string, path: string, body: unknown): Promise<number> {
    tally.requests++;
    return alone(new URL(path, base), method, headers, Buffer.from(JSON.stringify(body)), 30_000).then((status) => {
      note(status);
      return status;
    });
  }

  const count = async (path: string) =>
    ((await call('GET', path, undefined, 200)) as { count: number } | undefined)?.count ?? -1;
  return { tally, call, fresh, count };
}
