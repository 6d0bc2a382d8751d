/**
 * Webhook deliveries that must neither be turned against their receiver nor freeze the worker:
 * values rendered into headers cannot add headers, a CA file path naming a FIFO or device fails the
 * delivery at once, and one webhook's hanging receiver does not hold up another webhook's deliveries
 * of the same object.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let rx: Receiver;
let slow: Receiver;
const caRoot = mkdtempSync(join(tmpdir(), 'nb-ca-'));
beforeAll(async () => {
  s = await startTestServer({
    env: {
      WORKER_IN_PROCESS: 'true',
      WEBHOOK_BACKOFF_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '1',
      WEBHOOK_TIMEOUT_MS: '30000',
      WEBHOOK_CA_ROOT: caRoot,
    },
  });
  rx = await startReceiver();
  slow = await startReceiver();
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
  await slow?.close();
});

let n = 0;
/** A webhook and a rule firing it for sites; returns the webhook. */
async function hook(extra: Record<string, unknown>, events = ['object_created', 'object_updated']) {
  n++;
  const h = await created(s, '/api/extras/webhooks/', {
    name: `safety-${n}`,
    payload_url: `${rx.url}/h${n}`,
    ...extra,
  });
  await created(s, '/api/extras/event-rules/', {
    name: `safety-rule-${n}`,
    object_types: ['dcim.site'],
    event_types: events,
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: h.id,
  });
  return h;
}

async function unhook(h: { id: number }) {
  const rules = (await s.request('GET', `/api/extras/event-rules/?action_object_id=${h.id}`)).body.results;
  for (const r of rules) await s.request('DELETE', `/api/extras/event-rules/${r.id}/`);
  await s.request('DELETE', `/api/extras/webhooks/${h.id}/`);
}

/** The deliveries (background tasks) of one webhook, once `count` of them have ended. */
async function ended(hookId: number, count = 1, timeoutMs = 20_000): Promise<any[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const tasks = (await s.request('GET', '/api/core/background-tasks/?limit=0')).body.results.filter(
      (t: any) => t.kwargs.webhook_id === String(hookId) && ['finished', 'failed', 'scheduled'].includes(t.status),
    );
    if (tasks.length >= count) return tasks;
    if (Date.now() > until) throw new Error(`webhook ${hookId}: ${tasks.length} of ${count} deliveries ended`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('header templates', () => {
  it('fails a delivery whose rendered value would add headers, and sends nothing', async () => {
    const h = await hook({ additional_headers: 'X-Site: {{ data.name }}\nX-Fixed: yes' }, ['object_created']);
    try {
      const before = rx.received.length;
      await created(s, '/api/dcim/sites/', {
        name: 'x\nHost: evil.example\nAuthorization: Bearer forged',
        slug: 'injected',
      });
      const [task] = await ended(h.id);
      expect(task.status).toBe('failed');
      expect(task.exc_info).toMatch(/line break/);
      expect(rx.received.length).toBe(before);
    } finally {
      await unhook(h);
    }
  });

  it('fails a delivery whose `raw` value holds a line break as well', async () => {
    const h = await hook({ additional_headers: 'X-Site: {{ data.name | raw }}' }, ['object_created']);
    try {
      await created(s, '/api/dcim/sites/', { name: 'y\r\nX-Evil: 1', slug: 'injected-raw' });
      const [task] = await ended(h.id);
      expect(task.status).toBe('failed');
      expect(task.exc_info).toMatch(/line break/);
    } finally {
      await unhook(h);
    }
  });

  it("sends the template's own lines as headers, and a line that is not a header fails the delivery", async () => {
    const h = await hook(
      {
        additional_headers:
          'X-Site: {{ data.name }}\n\nX-Event: {{ event }}\nX-Safe: {{ data.description | header_safe }}',
      },
      ['object_created'],
    );
    try {
      await created(s, '/api/dcim/sites/', { name: 'plain', slug: 'plain', description: 'two\nlines' });
      const got = await rx.waitFor(1);
      const last = got.find((r) => r.path === `/h${n}`)!;
      expect(last.headers['x-site']).toBe('plain');
      expect(last.headers['x-event']).toBe('created');
      expect(last.headers['x-safe']).toBe('two lines');
    } finally {
      await unhook(h);
    }
    const bad = await hook({ additional_headers: 'Not a header line' }, ['object_created']);
    try {
      await created(s, '/api/dcim/sites/', { name: 'bad-line', slug: 'bad-line' });
      const [task] = await ended(bad.id);
      expect(task.status).toBe('failed');
      expect(task.exc_info).toMatch(/line 1 of additional_headers/);
    } finally {
      await unhook(bad);
    }
  });
});

describe('ca_file_path', () => {
  it('fails at once for a FIFO, while the API and other deliveries go on', async () => {
    const fifo = join(caRoot, 'ca.pem');
    execFileSync('mkfifo', [fifo]);
    const stuck = await hook({ payload_url: 'https://127.0.0.1:9/', ca_file_path: fifo }, ['object_created']);
    const fine = await hook({}, ['object_created']);
    try {
      await created(s, '/api/dcim/sites/', { name: 'fifo', slug: 'fifo' });
      const [task] = await ended(stuck.id);
      expect(task.status).toBe('failed');
      expect(task.exc_info).toMatch(/is not a regular file/);
      expect((await ended(fine.id))[0].status).toBe('finished');
      expect((await s.request('GET', '/api/status/')).status).toBe(200);
    } finally {
      await unhook(stuck);
      await unhook(fine);
    }
  });

  it('refuses a file outside WEBHOOK_CA_ROOT without reading it', async () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'nb-outside-')), 'ca.pem');
    writeFileSync(outside, 'not a certificate');
    const h = await hook({ payload_url: 'https://127.0.0.1:9/', ca_file_path: outside }, ['object_created']);
    try {
      await created(s, '/api/dcim/sites/', { name: 'outside', slug: 'outside' });
      const [task] = await ended(h.id);
      expect(task.exc_info).toMatch(/is not inside WEBHOOK_CA_ROOT/);
    } finally {
      await unhook(h);
    }
  });
});

describe('one receiver per webhook', () => {
  it("does not hold one webhook's deliveries of an object behind another webhook's hanging receiver", async () => {
    const site = await created(s, '/api/dcim/sites/', { name: 'two-hooks', slug: 'two-hooks' });
    const hanging = await hook({ payload_url: `${slow.url}/slow` }, ['object_updated']);
    const healthy = await hook({}, ['object_updated']);
    slow.delay(4000);
    const before = rx.received.length;
    try {
      const started = Date.now();
      for (let i = 1; i <= 3; i++) await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: `v${i}` });
      const got = await rx.waitFor(before + 3, 10_000);
      const mine = got.slice(before).filter((r) => JSON.parse(r.body).data.id === site.id);
      expect(mine.map((r) => JSON.parse(r.body).data.description)).toEqual(['v1', 'v2', 'v3']);
      // the healthy receiver had all three long before the hanging one answered its second
      expect(mine[2]!.at - started).toBeLessThan(4000);
      expect(slow.received.length).toBeLessThan(3);
    } finally {
      slow.delay(0);
      await unhook(hanging);
      await unhook(healthy);
    }
  }, 60_000);
});
