/**
 * Event rules and webhook deliveries, end to end with a real HTTP receiver on 127.0.0.1: the default
 * body of created, updated and deleted events, liquid bodies, headers and signatures, and the rules
 * (conditions, disabled rules, refused conditions, nothing for a rolled-back request). Retries, failures,
 * order and volume are webhook-failures.test.ts; the bench is tests/helpers/webhooks.ts.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Receiver } from '../helpers/receiver.ts';
import type { TestServer } from '../helpers/server.ts';
import { webhookBench } from '../helpers/webhooks.ts';

const bench = webhookBench();
let s: TestServer;
let rx: Receiver;
beforeAll(() => {
  ({ s, rx } = bench);
});

describe('default deliveries', () => {
  it('sends created, updated and deleted events with the default JSON body', async () => {
    await bench.hook();
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'Hook1', slug: 'hook1' })).body;
    const up = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { status: 'planned' });
    await s.request('DELETE', `/api/dcim/sites/${site.id}/`);
    const got = await rx.waitFor(3);
    expect(got.map((r) => JSON.parse(r.body).event)).toEqual(['created', 'updated', 'deleted']);
    const [created, updated, deleted] = got.map((r) => JSON.parse(r.body));
    // NetBox 4.6's keys, and the spec's `model`
    expect(Object.keys(created)).toEqual([
      'event',
      'timestamp',
      'model',
      'object_type',
      'username',
      'request_id',
      'data',
      'request',
      'snapshots',
      'context',
    ]);
    expect(created).toMatchObject({
      model: 'site',
      object_type: 'dcim.site',
      username: 'admin',
      data: { id: site.id, name: 'Hook1', url: `/api/dcim/sites/${site.id}/` },
      request: { id: created.request_id, method: 'POST', path: '/api/dcim/sites/', user: 'admin' },
      context: { active_branch: null },
    });
    expect(created.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00$/);
    // a new object's data has no related-object counts (NetBox serializes the instance it saved)
    expect('device_count' in created.data).toBe(false);
    expect(updated.data.device_count).toBe(0);
    expect(deleted.data.device_count).toBe(0);
    expect(created.snapshots.prechange).toBeNull();
    expect(created.snapshots.postchange.name).toBe('Hook1');
    // snapshots carry the creation time to the millisecond, first
    expect(Object.keys(created.snapshots.postchange)[0]).toBe('created');
    expect(created.snapshots.postchange.created).toBe(new Date(site.created).toISOString());
    expect(updated.snapshots.prechange.created).toBe(created.snapshots.postchange.created);
    expect(deleted.snapshots.prechange.created).toBe(created.snapshots.postchange.created);
    expect(updated.request_id).toBe(up.headers.get('x-request-id'));
    expect(updated.request).toEqual({
      id: up.headers.get('x-request-id'),
      method: 'PATCH',
      path: `/api/dcim/sites/${site.id}/`,
      user: 'admin',
    });
    expect(updated.snapshots.prechange.status).toBe('active');
    expect(updated.data.status).toEqual({ value: 'planned', label: 'Planned' });
    expect(deleted.snapshots.postchange).toBeNull();
    expect(deleted.request.method).toBe('DELETE');
    expect(deleted.data).toMatchObject({ id: site.id, name: 'Hook1', status: { value: 'planned' } });
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.method).toBe('POST');
    const ids = got.map((r) => r.headers['x-hook-delivery']);
    expect(new Set(ids).size).toBe(3);
    expect(got[0]!.headers['x-hook-signature']).toBeUndefined();
  });

  it('renders a liquid body, URL and headers, and signs the body', async () => {
    await bench.hook(
      {
        payload_url: `${rx.url}/sites/{{ data.slug }}`,
        http_method: 'PUT',
        http_content_type: 'text/plain',
        additional_headers: 'X-Event: {{ event }}\nX-Model: {{ object_type }}',
        body_template: '{{ event }} {{ data.name }} by {{ username }} ({{ snapshots.postchange.status }})',
        secret: 's3cret',
      },
      { event_types: ['object_created'] },
    );
    await s.request('POST', '/api/dcim/sites/', { name: 'Tmpl', slug: 'tmpl' });
    const [r] = await rx.waitFor(1);
    expect(r).toMatchObject({ method: 'PUT', path: '/sites/tmpl', body: 'created Tmpl by admin (active)' });
    expect(r!.headers['x-event']).toBe('created');
    expect(r!.headers['x-model']).toBe('dcim.site');
    expect(r!.headers['content-type']).toBe('text/plain');
    expect(r!.headers['x-hook-signature']).toBe(createHmac('sha512', 's3cret').update(r!.body).digest('hex'));
    const h = await s.request('GET', `/api/extras/webhooks/${bench.hookIds[0]}/`);
    expect('secret' in h.body).toBe(false);
  });
});

describe('rules', () => {
  it('fires only when conditions match, and not for disabled rules', async () => {
    await bench.hook(
      {},
      {
        conditions: {
          and: [
            { attr: 'status.value', value: 'active' },
            { attr: 'name', value: 'skip', negate: true },
          ],
        },
        event_types: ['object_created'],
      },
    );
    await bench.hook({ payload_url: `${rx.url}/disabled` }, { enabled: false, event_types: ['object_created'] });
    await s.request('POST', '/api/dcim/sites/', [
      { name: 'yes', slug: 'yes' },
      { name: 'planned', slug: 'planned', status: 'planned' },
      { name: 'skip', slug: 'skip' },
    ]);
    await rx.waitFor(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(rx.received.map((r) => JSON.parse(r.body).data.name)).toEqual(['yes']);
  });

  it('refuses invalid conditions and unknown event types', async () => {
    const h = (await s.request('POST', '/api/extras/webhooks/', { name: 'v', payload_url: 'http://x.invalid/' })).body;
    bench.hookIds.push(h.id);
    const bad = await s.request('POST', '/api/extras/event-rules/', {
      name: 'bad',
      object_types: ['dcim.site'],
      event_types: ['object_exploded'],
      conditions: { attr: 'name', value: 'x', op: 'gt' },
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: h.id,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['conditions', 'event_types']);
  });

  it('sends nothing for a request that rolls back', async () => {
    await bench.hook();
    const r = await s.request('POST', '/api/dcim/sites/', [{ name: 'rb1', slug: 'rb1' }, { name: 'rb2' }]);
    expect(r.status).toBe(400);
    await new Promise((r2) => setTimeout(r2, 1500));
    expect(rx.received).toEqual([]);
  });
});
