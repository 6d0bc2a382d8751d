/** The change log: one record per changed object, in the same transaction, with snapshots. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const byRequest = async (id: string | null) =>
  (await s.request('GET', `/api/core/object-changes/?request_id=${id}&ordering=id`)).body.results;

describe('change records', () => {
  it('records a create with the request id, user, repr, message and post-change snapshot', async () => {
    const r = await s.request('POST', '/api/dcim/sites/', {
      name: 'Log1',
      slug: 'log1',
      changelog_message: 'first site',
    });
    const rid = r.headers.get('x-request-id');
    const [c] = await byRequest(rid);
    expect(c).toMatchObject({
      user: { username: 'admin' },
      user_name: 'admin',
      request_id: rid,
      action: { value: 'create', label: 'Created' },
      changed_object_type: 'dcim.site',
      changed_object_id: r.body.id,
      changed_object: { id: r.body.id, name: 'Log1' },
      object_repr: 'Log1',
      message: 'first site',
      // NetBox's API shows no data as {} (before a creation, after a deletion)
      prechange_data: {},
      display: 'DCIM | site Log1 created by admin',
    });
    expect(c.postchange_data).toMatchObject({ name: 'Log1', slug: 'log1', status: 'active', region: null, tags: [] });
    expect(c.postchange_data).not.toHaveProperty('created');
    expect(c.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
  });

  it('records updates with pre- and post-change data, and skips updates that change nothing', async () => {
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'Log2', slug: 'log2' })).body;
    const u = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'now described' });
    const [c] = await byRequest(u.headers.get('x-request-id'));
    expect(c.action.value).toBe('update');
    expect(c.prechange_data.description).toBe('');
    expect(c.postchange_data.description).toBe('now described');
    const same = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'now described' });
    expect(await byRequest(same.headers.get('x-request-id'))).toEqual([]);
  });

  it('records deletes; the changed object then reads as null', async () => {
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'Log3', slug: 'log3' })).body;
    const d = await s.request('DELETE', `/api/dcim/sites/${site.id}/`, { changelog_message: 'gone' });
    const [c] = await byRequest(d.headers.get('x-request-id'));
    expect(c).toMatchObject({
      action: { value: 'delete' },
      changed_object: null,
      postchange_data: {},
      message: 'gone',
      object_repr: 'Log3',
    });
    expect(c.prechange_data.name).toBe('Log3');
  });

  it('carries a per-item changelog_message in bulk requests', async () => {
    const r = await s.request('POST', '/api/tenancy/tenants/', [
      { name: 'A', slug: 'a', changelog_message: 'one' },
      { name: 'B', slug: 'b', changelog_message: 'two' },
    ]);
    expect((await byRequest(r.headers.get('x-request-id'))).map((c: any) => c.message)).toEqual(['one', 'two']);
    const u = await s.request(
      'PATCH',
      '/api/tenancy/tenants/',
      r.body.map((t: any, i: number) => ({ id: t.id, description: 'x', changelog_message: `u${i}` })),
    );
    expect((await byRequest(u.headers.get('x-request-id'))).map((c: any) => c.message)).toEqual(['u0', 'u1']);
    const d = await s.request(
      'DELETE',
      '/api/tenancy/tenants/',
      r.body.map((t: any, i: number) => ({ id: t.id, changelog_message: `d${i}` })),
    );
    expect((await byRequest(d.headers.get('x-request-id'))).map((c: any) => c.message)).toEqual(['d0', 'd1']);
  });

  it('writes nothing for a rejected request', async () => {
    const before = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
    await s.request('POST', '/api/dcim/sites/', [{ name: 'ok', slug: 'ok' }, { name: 'bad' }]);
    expect((await s.request('GET', '/api/core/object-changes/?limit=1')).body.count).toBe(before);
  });

  it('is served read-only at /api/core/object-changes/ and /api/extras/object-changes/, with filters', async () => {
    const extras = await s.request('GET', '/api/extras/object-changes/?changed_object_type=dcim.site&action=create');
    const core = await s.request('GET', '/api/core/object-changes/?changed_object_type=dcim.site&action=create');
    expect(extras.status).toBe(200);
    expect(extras.body.count).toBe(core.body.count);
    expect(extras.body.count).toBeGreaterThanOrEqual(3);
    expect((await s.request('GET', '/api/core/object-changes/?user=admin&limit=1')).body.count).toBeGreaterThan(0);
    expect((await s.request('GET', '/api/core/object-changes/?user_id=999&limit=1')).status).toBe(400);
    expect((await s.request('GET', '/api/core/object-changes/?q=Log3')).body.count).toBe(2);
    expect(
      (await s.request('GET', '/api/core/object-changes/?time__gte=2000-01-01T00:00:00Z&limit=1')).body.count,
    ).toBeGreaterThan(0);
    expect((await s.request('GET', '/api/core/object-changes/?time_after=2999-01-01T00:00:00Z')).body.count).toBe(0);
    expect((await s.request('POST', '/api/core/object-changes/', {})).status).toBe(405);
  });
});

describe('changelog_message', () => {
  it('refuses NUL characters by name, like any field', async () => {
    const r = await s.request('POST', '/api/dcim/sites/', {
      name: 'NulMessage',
      slug: 'nul-message',
      changelog_message: 'a\u0000b',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ changelog_message: ['Null characters are not allowed.'] });
    const field = await s.request('POST', '/api/dcim/sites/', { name: 'Nul\u0000Name', slug: 'nul-name' });
    expect(field.body).toEqual({ name: ['Null characters are not allowed.'] });
  });
});

describe('retention', () => {
  it('deletes records older than CHANGELOG_RETENTION days and keeps the rest', async () => {
    const { pruneChangelog } = await import('../../runtime/changelog/prune.ts');
    await s.request('POST', '/api/dcim/sites/', { name: 'Old', slug: 'old' });
    const total = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
    await s.sql.unsafe("UPDATE core_objectchange SET time = now() - interval '100 days' WHERE object_repr = 'Old'");
    expect(await pruneChangelog(s.sql, 0)).toBe(0);
    expect(await pruneChangelog(s.sql, 90)).toBe(1);
    expect((await s.request('GET', '/api/core/object-changes/?limit=1')).body.count).toBe(total - 1);
  });
});
