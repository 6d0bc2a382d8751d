/**
 * The delivery log (issue 39 item 2) end to end, with a real receiver and the real queue: every attempt
 * kept with its fields, as the catalogue serves a read-only model (filters, brief, permissions); a
 * delivery that used up its attempts is `failed` and stays listed when its background task is gone;
 * `retry` sends it again and `replay` a range of changes, signed, under the original delivery ids;
 * rows are pruned with the change log.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { pruneDeliveries } from '../../runtime/events/log.ts';

const LOG = '/api/extras/webhook-deliveries/';
const SECRET = 'log-secret';
let s: TestServer;
let rx: Receiver;

beforeAll(async () => {
  s = await startTestServer({
    env: { WORKER_IN_PROCESS: 'true', WEBHOOK_BACKOFF_MS: '50', WEBHOOK_MAX_ATTEMPTS: '5' },
  });
  rx = await startReceiver();
});
// each test hears only its own rules
beforeEach(async () => {
  const rules = (await s.request('GET', '/api/extras/event-rules/?limit=0')).body.results;
  if (rules.length)
    await s.request(
      'DELETE',
      '/api/extras/event-rules/',
      rules.map((r: any) => ({ id: r.id })),
    );
  rx.script([]);
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

let n = 0;
/** A webhook (signed) and its rule for sites, receiving at its own path. */
async function hook(events = ['object_created', 'object_updated', 'object_deleted']) {
  n++;
  const h = await created(s, '/api/extras/webhooks/', {
    name: `log-${n}`,
    payload_url: `${rx.url}/log-${n}`,
    secret: SECRET,
  });
  const r = await created(s, '/api/extras/event-rules/', {
    name: `log-rule-${n}`,
    object_types: ['dcim.site'],
    event_types: events,
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: h.id,
  });
  return { hook: h, rule: r, path: `/log-${n}` };
}

const at = (path: string) => rx.received.filter((r) => r.path === path);
async function heard(path: string, count: number): Promise<void> {
  const until = Date.now() + 30_000;
  while (at(path).length < count && Date.now() < until) await new Promise((x) => setTimeout(x, 50));
}
async function rows(query: string, expected: number, ms = 30_000): Promise<any[]> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await s.request('GET', `${LOG}?${query}&limit=0`);
    expect(r.status, r.text).toBe(200);
    if (r.body.count >= expected || Date.now() > until) return (r.body.results as any[]).reverse();
    await new Promise((x) => setTimeout(x, 100));
  }
}
const signed = (body: string) => createHmac('sha512', SECRET).update(body).digest('hex');

describe('the delivery log', () => {
  it('keeps an attempt: rule, webhook, object, change, request, time, duration, status, answer', async () => {
    const { hook: h, rule, path } = await hook(['object_created']);
    const r = await s.request('POST', '/api/dcim/sites/', { name: 'log-a', slug: 'log-a' });
    const [row] = await rows(`webhook_id=${h.id}`, 1);
    const [got] = at(path);
    const change = (await s.request('GET', `/api/core/object-changes/?request_id=${r.headers.get('x-request-id')}`))
      .body.results[0];
    expect(row).toMatchObject({
      delivery_id: got!.headers['x-hook-delivery'],
      webhook: { id: h.id, name: h.name },
      event_rule: { id: rule.id },
      object_type: 'dcim.site',
      object_id: r.body.id,
      object: { id: r.body.id, name: 'log-a' },
      event: { value: 'created', label: 'Created' },
      change_id: change.id,
      request_id: r.headers.get('x-request-id'),
      branch: null,
      kind: { value: 'event' },
      attempt: 1,
      status: { value: 'delivered', label: 'Delivered' },
      status_code: 200,
      error: '',
      response: 'ok',
    });
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(row.time)).toBeLessThanOrEqual(got!.at);
    // the payload it keeps for retries is not shown; the model is read-only
    expect('payload' in row).toBe(false);
    expect((await s.request('POST', LOG, {})).status).toBe(405);
    expect((await s.request('DELETE', `${LOG}${row.id}/`)).status).toBe(405);
    const brief = await s.request('GET', `${LOG}${row.id}/?brief=true`);
    expect(Object.keys(brief.body)).toEqual([
      'id',
      'url',
      'display',
      'delivery_id',
      'attempt',
      'status',
      'time',
      'status_code',
    ]);
  });

  it('keeps every attempt of a receiver that fails five times, the last `failed`, and retry delivers it', async () => {
    const { hook: h, path } = await hook(['object_created']);
    rx.script([500, 500, 500, 500, 500]);
    await s.request('POST', '/api/dcim/sites/', { name: 'log-b', slug: 'log-b' });
    const attempts = await rows(`webhook_id=${h.id}`, 5);
    expect(attempts.map((a) => [a.attempt, a.status.value, a.status_code, a.error, a.response])).toEqual([
      [1, 'retrying', 500, 'HTTP 500', 'nope'],
      [2, 'retrying', 500, 'HTTP 500', 'nope'],
      [3, 'retrying', 500, 'HTTP 500', 'nope'],
      [4, 'retrying', 500, 'HTTP 500', 'nope'],
      [5, 'failed', 500, 'HTTP 500', 'nope'],
    ]);
    const id = attempts[0].delivery_id;
    expect(new Set(attempts.map((a) => a.delivery_id))).toEqual(new Set([id]));
    // the failed delivery stays listed once its background task is gone
    await s.sql.unsafe("DELETE FROM core_backgroundtask WHERE task_id = $1 AND status = 'failed'", [id]);
    expect((await rows(`status=failed&delivery_id=${id}`, 1)).map((a) => a.attempt)).toEqual([5]);
    const first = at(path)[0]!;
    // retry: signed, the same body and delivery id
    const retried = await s.request('POST', `${LOG}${attempts[4].id}/retry/`);
    expect(retried.status, retried.text).toBe(202);
    expect(retried.body).toMatchObject({ delivery_id: id, kind: 'retry' });
    await heard(path, 6);
    const again = at(path)[5]!;
    expect(again.headers['x-hook-delivery']).toBe(id);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-hook-signature']).toBe(signed(again.body));
    const [done] = await rows(`delivery_id=${id}&kind=retry`, 1);
    expect(done).toMatchObject({ attempt: 1, status: { value: 'delivered' }, status_code: 200 });
    // a delivered delivery is not retried
    const twice = await s.request('POST', `${LOG}${attempts[4].id}/retry/`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toMatch(/delivered/);
    expect((await s.request('POST', `${LOG}999999/retry/`)).status).toBe(404);
  });

  it('replays a range of changes to one webhook, signed, under the original delivery ids', async () => {
    const { hook: h, path } = await hook();
    const other = await hook();
    const site = await created(s, '/api/dcim/sites/', { name: 'log-c', slug: 'log-c' });
    await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'one' });
    await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'two' });
    const sent = await rows(`webhook_id=${h.id}`, 3);
    await rows(`webhook_id=${other.hook.id}`, 3);
    const originals = at(path);
    expect(originals).toHaveLength(3);
    const changes = sent.map((r) => r.change_id);
    const replay = await s.request('POST', `/api/extras/webhooks/${h.id}/replay/`, {
      start: changes[1],
      end: changes[2],
    });
    expect(replay.status, replay.text).toBe(202);
    expect(replay.body.results.map((r: any) => r.delivery_id)).toEqual([sent[1].delivery_id, sent[2].delivery_id]);
    await heard(path, 5);
    const replayed = await rows(`webhook_id=${h.id}&kind=replay`, 2);
    expect(replayed.map((r) => [r.delivery_id, r.change_id, r.status.value])).toEqual([
      [sent[1].delivery_id, changes[1], 'delivered'],
      [sent[2].delivery_id, changes[2], 'delivered'],
    ]);
    const resent = at(path).slice(3);
    expect(resent.map((r) => r.headers['x-hook-delivery'])).toEqual([sent[1].delivery_id, sent[2].delivery_id]);
    expect(resent.map((r) => r.body)).toEqual([originals[1]!.body, originals[2]!.body]);
    for (const r of resent) expect(r.headers['x-hook-signature']).toBe(signed(r.body));
    // only this webhook's receiver heard it
    expect(at(other.path)).toHaveLength(3);
  });

  it('names every fault of a replay at once, and checks the range against MAX_BULK_ITEMS first', async () => {
    const { hook: h } = await hook();
    const bad = await s.request('POST', `/api/extras/webhooks/${h.id}/replay/`, { start: 'x', extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['end', 'extra', 'start']);
    const backwards = await s.request('POST', `/api/extras/webhooks/${h.id}/replay/`, { start: 5, end: 4 });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toHaveProperty('end');
    expect((await s.request('POST', '/api/extras/webhooks/999999/replay/', { start: 1, end: 2 })).status).toBe(404);
  });

  it('filters like any list, and gives a user only what its permissions let it view and do', async () => {
    const mine = await hook(['object_created']);
    const theirs = await hook(['object_created']);
    await s.request('POST', '/api/dcim/sites/', { name: 'log-d', slug: 'log-d' });
    const [row] = await rows(`webhook_id=${mine.hook.id}`, 1);
    await rows(`webhook_id=${theirs.hook.id}`, 1);
    expect((await rows(`change_id=${row.change_id}&webhook_id=${mine.hook.id}`, 1)).map((r) => r.id)).toEqual([row.id]);
    expect(await rows(`status=delivered&event=created&kind=event&webhook_id=${mine.hook.id}`, 1)).toHaveLength(1);
    expect((await s.request('GET', `${LOG}?status=nonsense`)).status).toBe(400);
    const user = await created(s, '/api/users/users/', { username: `log-user-${n}`, password: 'log-user-password-1' });
    await created(s, '/api/users/permissions/', {
      name: `log-view-${n}`,
      object_types: ['extras.webhookdelivery'],
      actions: ['view'],
      constraints: { webhook_id: mine.hook.id },
      users: [user.id],
    });
    const auth = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: user.id })).token}` };
    const seen = await s.request('GET', `${LOG}?limit=0`, undefined, auth);
    expect(seen.body.results.map((r: any) => r.webhook.id)).toEqual([mine.hook.id]);
    // viewing is not retrying: that is its own permission
    expect((await s.request('POST', `${LOG}${row.id}/retry/`, undefined, auth)).status).toBe(403);
    const nobody = await created(s, '/api/users/users/', {
      username: `log-none-${n}`,
      password: 'log-none-password-1',
    });
    const none = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: nobody.id })).token}` };
    expect((await s.request('GET', LOG, undefined, none)).status).toBe(403);
  });

  it('prunes rows older than CHANGELOG_RETENTION, failed or not', async () => {
    const { hook: h } = await hook(['object_created']);
    await s.request('POST', '/api/dcim/sites/', { name: 'log-e', slug: 'log-e' });
    const [row] = await rows(`webhook_id=${h.id}`, 1);
    const before = (await s.request('GET', `${LOG}?limit=1`)).body.count;
    expect(await pruneDeliveries(s.sql, 90)).toBe(0);
    await s.sql.unsafe("UPDATE extras_webhookdelivery SET time = now() - interval '91 days' WHERE id = $1", [row.id]);
    expect(await pruneDeliveries(s.sql, 0)).toBe(0);
    expect(await pruneDeliveries(s.sql, 90)).toBe(1);
    expect((await s.request('GET', `${LOG}?limit=1`)).body.count).toBe(before - 1);
  });
});
