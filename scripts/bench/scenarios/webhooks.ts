/** Webhook delivery: N objects created in one request, time until every delivery is received. */
import { createServer } from 'node:http';
import { api, type Result } from '../harness.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function benchWebhooks(base: string, n: number): Promise<Result[]> {
  const arrivals: number[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const port = (receiver.address() as { port: number }).port;
  let hook: { id: number } | undefined;
  let rule: { id: number } | undefined;
  try {
    hook = await api(base, 'POST', '/api/extras/webhooks/', { name: 'bench', payload_url: `http://127.0.0.1:${port}/` });
    rule = await api(base, 'POST', '/api/extras/event-rules/', { name: 'bench', object_types: ['dcim.site'], event_types: ['object_created'], action_object_type: 'extras.webhook', action_object_id: hook!.id });
    const started = performance.now();
    await api(base, 'POST', '/api/dcim/sites/', Array.from({ length: n }, (_, i) => ({ name: `hook-${i}`, slug: `hook-${i}` })));
    const committed = performance.now();
    const deadline = Date.now() + 600_000;
    while (arrivals.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const latencies = arrivals.map((t) => t - committed).sort((a, b) => a - b);
    const seconds = (arrivals[arrivals.length - 1]! - committed) / 1000;
    return [{
      scenario: `webhook delivery of ${n} events`,
      metrics: {
        'request ms': Math.round(committed - started),
        'deliveries/s': Math.round(arrivals.length / seconds),
        'p50 ms from commit': Math.round(percentile(latencies, 50)),
        'p99 ms from commit': Math.round(percentile(latencies, 99)),
        delivered: arrivals.length,
      },
    }];
  } finally {
    // later scenarios create sites too: they must not queue deliveries
    if (rule) await api(base, 'DELETE', `/api/extras/event-rules/${rule.id}/`);
    if (hook) await api(base, 'DELETE', `/api/extras/webhooks/${hook.id}/`);
    receiver.close();
  }
}
