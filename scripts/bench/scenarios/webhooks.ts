/**
 * Webhook delivery, to a receiver that answers at once:
 * - a burst: N objects created in one request, time until every delivery is received (throughput);
 * - a steady stream: one object created every `intervalMs`, time from each response to its delivery
 *   (the latency a user sees when the queue is not backed up).
 */
import { createServer } from 'node:http';
import { api, type Result } from '../harness.ts';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A local receiver that answers at once, noting when each delivery arrived (and its body, when asked). */
interface Receiver {
  readonly port: number;
  readonly arrivals: number[];
  onBody?: (body: string, at: number) => void;
  close(): void;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      arrivals.push(at);
      receiver.onBody?.(Buffer.concat(chunks).toString('utf8'), at);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const receiver: Receiver = {
    port: (server.address() as { port: number }).port,
    arrivals,
    close: () => server.close(),
  };
  return receiver;
}

/** The burst: n sites in one request, and the time until every delivery is received. */
async function measureBurst(base: string, n: number, receiver: Receiver): Promise<Result> {
  const { arrivals } = receiver;
  const started = performance.now();
  await api(
    base,
    'POST',
    '/api/dcim/sites/',
    Array.from({ length: n }, (_, i) => ({ name: `hook-${i}`, slug: `hook-${i}` })),
  );
  const committed = performance.now();
  const deadline = Date.now() + 600_000;
  while (arrivals.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const latencies = arrivals.map((t) => t - committed).sort((a, b) => a - b);
  const seconds = (arrivals[arrivals.length - 1]! - committed) / 1000;
  const rate = Math.round(arrivals.length / seconds);
  return {
    scenario: `webhook delivery of ${n} events`,
    metrics: {
      'request ms': Math.round(committed - started),
      'deliveries/s': rate,
      'p50 ms from commit': Math.round(percentile(latencies, 50)),
      'p99 ms from commit': Math.round(percentile(latencies, 99)),
      delivered: arrivals.length,
    },
    target: '≥ 500 deliveries/s',
    met: rate >= 500,
  };
}

/** The steady stream: one site at a time, each delivery matched to its site by the body's id. */
async function measureSteady(base: string, n: number, receiver: Receiver): Promise<Result> {
  receiver.arrivals.length = 0;
  const byId = new Map<number, number>();
  const sentAt = new Map<number, number>();
  receiver.onBody = (body, at) => {
    const id = (JSON.parse(body) as { data?: { id?: number } }).data?.id;
    if (id !== undefined) byId.set(id, at);
  };
  const steady = Math.max(20, Math.min(200, Math.round(n / 10)));
  for (let i = 0; i < steady; i++) {
    const t = performance.now();
    const site = await api(base, 'POST', '/api/dcim/sites/', { name: `steady-${i}`, slug: `steady-${i}` });
    sentAt.set(site.id, performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - t))));
  }
  const until = Date.now() + 60_000;
  while (byId.size < steady && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  const waits = [...sentAt].flatMap(([id, at]) => (byId.has(id) ? [byId.get(id)! - at] : [])).sort((a, b) => a - b);
  const p50 = Math.round(percentile(waits, 50));
  return {
    scenario: `webhook latency, ${steady} events one every 50 ms`,
    metrics: {
      'p50 ms from commit': p50,
      'p99 ms from commit': Math.round(percentile(waits, 99)),
      delivered: waits.length,
    },
    target: 'p50 < 50 ms',
    met: p50 < 50 && waits.length === steady,
  };
}

export async function benchWebhooks(base: string, n: number): Promise<Result[]> {
  const receiver = await startReceiver();
  let hook: { id: number } | undefined;
  let rule: { id: number } | undefined;
  try {
    hook = await api(base, 'POST', '/api/extras/webhooks/', {
      name: 'bench',
      payload_url: `http://127.0.0.1:${receiver.port}/`,
    });
    rule = await api(base, 'POST', '/api/extras/event-rules/', {
      name: 'bench',
      object_types: ['dcim.site'],
      event_types: ['object_created'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: hook!.id,
    });
    const burst = await measureBurst(base, n, receiver);
    return [burst, await measureSteady(base, n, receiver)];
  } finally {
    // later scenarios create sites too: they must not queue deliveries
    if (rule) await api(base, 'DELETE', `/api/extras/event-rules/${rule.id}/`);
    if (hook) await api(base, 'DELETE', `/api/extras/webhooks/${hook.id}/`);
    receiver.close();
  }
}
