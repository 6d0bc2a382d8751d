/**
 * A receiver that does not answer holds only the webhook pool: with every webhook slot waiting on it,
 * a branch is still provisioned (its job runs in the main pool) while the deliveries are still out.
 * With one shared pool the branch job could only start once a delivery had given up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyBranch, until } from '../helpers/branch.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let rx: Receiver;

beforeAll(async () => {
  s = await startTestServer({
    env: {
      WORKER_IN_PROCESS: 'true',
      WORKER_CONCURRENCY: '2',
      WEBHOOK_CONCURRENCY: '2',
      WEBHOOK_TIMEOUT_MS: '8000',
      WEBHOOK_MAX_ATTEMPTS: '1',
    },
  });
  rx = await startReceiver();
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

describe('a receiver that does not answer', () => {
  it('never holds up branch jobs', async () => {
    rx.delay(6000);
    const hook = (await s.request('POST', '/api/extras/webhooks/', { name: 'stuck', payload_url: `${rx.url}/` })).body;
    const rule = await s.request('POST', '/api/extras/event-rules/', {
      name: 'stuck',
      object_types: ['dcim.site'],
      event_types: ['object_created'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: hook.id,
    });
    expect(rule.status).toBe(201);
    const sites = Array.from({ length: 4 }, (_, i) => ({ name: `stuck-${i}`, slug: `stuck-${i}` }));
    expect((await s.request('POST', '/api/dcim/sites/', sites)).status).toBe(201);
    // both webhook slots are taken by deliveries the receiver holds
    await rx.waitFor(2);
    const b = await readyBranch(s, 'beside-a-dead-receiver');
    const tasks = (await s.request('GET', '/api/core/background-tasks/?limit=0')).body.results.filter(
      (t: any) => t.func_name === 'deliver_webhook',
    );
    expect(tasks).toHaveLength(4);
    // the provisioning started while both webhook slots were still held: before any delivery ended
    const [job] = (await s.request('GET', `/api/core/jobs/?object_id=${b.id}&object_type=netbox_branching.branch`)).body
      .results;
    rx.delay(0);
    // the held deliveries end when the receiver answers (6 s): the first end is after the job's start
    const ended = await until('the held deliveries to end', async () => {
      const all = (await s.request('GET', '/api/core/background-tasks/?limit=0')).body.results;
      const ends = all.filter((t: any) => t.func_name === 'deliver_webhook' && t.ended_at);
      return ends.length >= 2 ? ends.map((t: any) => Date.parse(t.ended_at)) : undefined;
    });
    expect(Date.parse(job.started)).toBeLessThan(Math.min(...ended));
  }, 60_000);
});
