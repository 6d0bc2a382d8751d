/**
 * A commit reaches the stream without waiting for the sequencer's next tick (issue 39 item 4): the write's
 * notice, delivered when it commits, wakes the sequencer. The server here ticks once every ten minutes, so
 * an event that arrives within seconds was sequenced because its write committed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { openStream, type SseClient } from '../helpers/sse.ts';

let s: TestServer;
const open: SseClient[] = [];

beforeAll(async () => {
  s = await startTestServer({ env: { STREAM_INTERVAL_MS: '600000' } });
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.stop();
});

it('sends each commit at once, without waiting for the next tick', async () => {
  const c = await openStream(s.url, '/api/core/object-changes/stream/?changed_object_type=tenancy.tenant', AUTH);
  open.push(c);
  expect(c.status).toBe(200);
  const a = await s.request('POST', '/api/tenancy/tenants/', { name: 'wake-a', slug: 'wake-a' });
  expect(a.status, a.text).toBe(201);
  await c.waitFor((x) => x.events.length >= 1, 15_000, 'the create');
  const bulk = await s.request('PATCH', '/api/tenancy/tenants/', [{ id: a.body.id, description: 'woken' }]);
  expect(bulk.status, bulk.text).toBe(200);
  await c.waitFor((x) => x.events.length >= 2, 15_000, 'the update');
  expect((await s.request('DELETE', `/api/tenancy/tenants/${a.body.id}/`)).status).toBe(204);
  await c.waitFor((x) => x.events.length >= 3, 15_000, 'the delete');
  expect(c.events.map((e) => e.event)).toEqual(['create', 'update', 'delete']);
  expect(c.json().map((r) => r.changed_object_id)).toEqual([a.body.id, a.body.id, a.body.id]);
});

it('sends nothing of a write that did not commit', async () => {
  const c = await openStream(s.url, '/api/core/object-changes/stream/?changed_object_type=tenancy.tenant', AUTH);
  open.push(c);
  // the second item is refused, so the first is rolled back with it
  const refused = await s.request('POST', '/api/tenancy/tenants/', [
    { name: 'wake-rolled-back', slug: 'wake-rolled-back' },
    { name: '', slug: '' },
  ]);
  expect(refused.status).toBe(400);
  const b = await s.request('POST', '/api/tenancy/tenants/', { name: 'wake-b', slug: 'wake-b' });
  expect(b.status, b.text).toBe(201);
  await c.waitFor((x) => x.events.length >= 1, 15_000, 'the create');
  await new Promise((r) => setTimeout(r, 300));
  expect(c.json().map((r) => r.object_repr)).toEqual(['wake-b']);
});
