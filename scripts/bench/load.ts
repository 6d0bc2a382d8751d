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
  connections = 8,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors };
}
