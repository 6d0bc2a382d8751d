/**
 * The bench of the webhook tests (tests/events/webhooks.test.ts and webhook-failures.test.ts): a test
 * server whose worker delivers in process, with a short backoff and three attempts, and a real receiver
 * on 127.0.0.1; before each test no event rules, no webhooks and nothing received. `hook` adds a webhook
 * to the receiver and a rule sending it every site event (or what `rule` says instead).
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startReceiver, type Receiver } from './receiver.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface WebhookBench {
  readonly s: TestServer;
  readonly rx: Receiver;
  /** the webhooks `hook` made in the current test, in order; a test adds those it makes itself */
  readonly hookIds: number[];
  hook(extra?: Record<string, unknown>, rule?: Record<string, unknown>): Promise<{ hook: any; rule: any }>;
}

function started<T>(x: T | undefined): T {
  if (x === undefined) throw new Error('the webhook bench starts in beforeAll');
  return x;
}

/** Registers the file's hooks that start, reset and stop the bench, and returns it. */
export function webhookBench(): WebhookBench {
  let server: TestServer | undefined;
  let receiver: Receiver | undefined;
  let ruleIds: number[] = [];
  let hookIds: number[] = [];
  let n = 0;
  const bench: WebhookBench = {
    get s() {
      return started(server);
    },
    get rx() {
      return started(receiver);
    },
    get hookIds() {
      return hookIds;
    },
    async hook(extra = {}, rule = {}) {
      n++;
      const h = await bench.s.request('POST', '/api/extras/webhooks/', {
        name: `hook-${n}`,
        payload_url: `${bench.rx.url}/hook`,
        ...extra,
      });
      expect(h.status, h.text).toBe(201);
      const r = await bench.s.request('POST', '/api/extras/event-rules/', {
        name: `rule-${n}`,
        object_types: ['dcim.site'],
        event_types: ['object_created', 'object_updated', 'object_deleted'],
        action_type: 'webhook',
        action_object_type: 'extras.webhook',
        action_object_id: h.body.id,
        ...rule,
      });
      expect(r.status, r.text).toBe(201);
      hookIds.push(h.body.id);
      ruleIds.push(r.body.id);
      return { hook: h.body, rule: r.body };
    },
  };
  beforeAll(async () => {
    // a first retry waits at least as long as its move to the pool for slow receivers takes (tens of
    // ms, more on a loaded host): the backoff is well above that, so its doubling shows
    server = await startTestServer({
      env: { WORKER_IN_PROCESS: 'true', WEBHOOK_BACKOFF_MS: '300', WEBHOOK_MAX_ATTEMPTS: '3' },
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });
  beforeEach(async () => {
    const s = bench.s;
    if (ruleIds.length)
      await s.request(
        'DELETE',
        '/api/extras/event-rules/',
        ruleIds.map((id) => ({ id })),
      );
    if (hookIds.length)
      await s.request(
        'DELETE',
        '/api/extras/webhooks/',
        hookIds.map((id) => ({ id })),
      );
    ruleIds = [];
    hookIds = [];
    bench.rx.received.length = 0;
    bench.rx.script([]);
  });
  return bench;
}
