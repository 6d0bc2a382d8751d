/** Drives one URL with autocannon on 127.0.0.1 for a bounded time: requests/s, p50 and p99 latency. */
import autocannon from 'autocannon';

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 10,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors };
}

/**
 * Warms a URL as the measurement will load it: ten requests on each of the connections, so every
 * connection of the pools behind it has run the page's statements past PostgreSQL's first five custom
 * plans to the kept generic one (a second's warm-up on one connection left the other nine planning —
 * 20 ms and more for a page's joins — inside the measured seconds).
 */
export async function warm(url: string, headers: Record<string, string>, connections = 10): Promise<void> {
  await autocannon({ url, headers, amount: connections * 10, connections, pipelining: 1 });
}
