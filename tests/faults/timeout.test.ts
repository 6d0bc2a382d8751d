/**
 * REQUEST_TIMEOUT_MS: a request whose database work outlasts it is cancelled in PostgreSQL and
 * answered 503; nothing of it is written, and the server goes on serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../../runtime/db/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let locker: Sql;
beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_TIMEOUT_MS: '500' } });
  locker = connect(t.databaseUrl, { max: 1 });
});
afterAll(async () => {
  await locker.end();
  await t.stop();
});

describe('request timeout', () => {
  it('cancels a write stuck behind a lock and leaves the object as it was', async () => {
    const site = (await t.request('POST', '/api/dcim/sites/', { name: 'locked', slug: 'locked' })).body;
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // another session holds the row for longer than the request may wait
    const holder = locker.begin(async (tx) => {
      await tx.unsafe('SELECT id FROM dcim_site WHERE id = $1 FOR UPDATE', [site.id]);
      locked();
      await released;
    });
    await isLocked;
    const started = Date.now();
    const r = await t.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'changed' });
    const took = Date.now() - started;
    release();
    await holder;
    expect(r.status).toBe(503);
    expect(r.body.detail).toMatch(/took too long/);
    expect(took).toBeLessThan(10_000);
    const after = await t.request('GET', `/api/dcim/sites/${site.id}/`);
    expect(after.body.description).toBe('');
    const changes = await t.request(
      'GET',
      `/api/core/object-changes/?changed_object_type=dcim.site&changed_object_id=${site.id}`,
    );
    expect(changes.body.count).toBe(1); // the create only
  });

  it('goes on serving after a cancelled request', async () => {
    const r = await t.request('GET', '/api/dcim/sites/');
    expect(r.status).toBe(200);
  });
});
