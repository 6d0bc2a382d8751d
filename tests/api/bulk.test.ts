/**
 * Bulk create, update and delete: all or none. A failed create reports every failing item in place;
 * a failed update or delete reports, as NetBox does, the first failing object in the model's
 * ordering; objects a bulk update or delete names that do not exist are passed over (NetBox 200/204).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const count = async (path: string) => (await s.request('GET', `${path}?limit=1`)).body.count as number;
const changes = async () => count('/api/core/object-changes/');

describe('bulk create', () => {
  it('creates an array and returns the objects in request order', async () => {
    const r = await s.request('POST', '/api/dcim/sites/', [
      { name: 'b1', slug: 'b1' },
      { name: 'a2', slug: 'a2' },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.map((o: any) => o.name)).toEqual(['b1', 'a2']);
    expect(r.body[0].id).toBeLessThan(r.body[1].id);
    expect((await s.request('POST', '/api/dcim/sites/', [])).body).toEqual([]);
  });

  it('writes nothing when any item fails, and reports each failing item by position', async () => {
    const before = [await count('/api/dcim/sites/'), await changes()];
    const r = await s.request('POST', '/api/dcim/sites/', [
      { name: 'ok1', slug: 'ok1' },
      { name: 'bad', slug: 'bad slug' },
      { name: 'ok2', slug: 'ok2' },
      { slug: 'noname', region: 999999 },
      'not an object',
      { name: 'ok1', slug: 'dup-in-batch' },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual([
      {},
      { slug: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'] },
      {},
      // every fault of an item at once, as NetBox's serializer names them
      { name: ['This field is required.'], region: ['Related object not found using the provided numeric ID: 999999'] },
      { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] },
      { name: ['site with this name already exists.'] },
    ]);
    const r2 = await s.request('POST', '/api/dcim/sites/', [
      { name: 'ok1', slug: 'ok1' },
      { name: 'x', slug: 'x', region: 999999 },
      { name: 'ok1', slug: 'dup' },
    ]);
    expect(r2.body).toEqual([
      {},
      { region: ['Related object not found using the provided numeric ID: 999999'] },
      { name: ['site with this name already exists.'] },
    ]);
    const r3 = await s.request('POST', '/api/dcim/sites/', [
      { name: 'ok1', slug: 'ok1' },
      { name: 'ok1', slug: 'dup' },
    ]);
    expect(r3.body).toEqual([{}, { name: ['site with this name already exists.'] }]);
    expect([await count('/api/dcim/sites/'), await changes()]).toEqual(before);
  });

  it('refuses more items than MAX_BULK_ITEMS with 400', async () => {
    const small = await startTestServer({ env: { MAX_BULK_ITEMS: '3' } });
    try {
      const r = await small.request(
        'POST',
        '/api/dcim/sites/',
        Array.from({ length: 4 }, (_, i) => ({ name: `n${i}`, slug: `n${i}` })),
      );
      expect(r.status).toBe(400);
      expect(r.body.non_field_errors[0]).toMatch(/bulk limit of 3/);
    } finally {
      await small.stop();
    }
  });
});

describe('bulk update', () => {
  let ids: number[];
  beforeAll(async () => {
    const r = await s.request(
      'POST',
      '/api/tenancy/tenants/',
      Array.from({ length: 4 }, (_, i) => ({ name: `t${i}`, slug: `t${i}` })),
    );
    ids = r.body.map((o: any) => o.id);
  });

  it('applies items that change different fields', async () => {
    const r = await s.request('PATCH', '/api/tenancy/tenants/', [
      { id: ids[0], description: 'first' },
      { id: ids[1], name: 'renamed' },
    ]);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((o: any) => [o.id, o.name, o.description])).toEqual([
      [ids[0], 't0', 'first'],
      [ids[1], 'renamed', ''],
    ]);
  });

  it('changes nothing when any item fails, answering the first failing object in the ordering', async () => {
    const before = await changes();
    const seq = async () =>
      Number((await s.sql.unsafe('SELECT last_value FROM core_objectchange_id_seq'))[0]!.last_value);
    const seqBefore = await seq();
    // tenants are ordered by name: t2 is saved, then t3 fails (t0's bad slug is never reached)
    const r = await s.request('PATCH', '/api/tenancy/tenants/', [
      { id: ids[0], slug: 'not valid!' },
      { id: ids[3], name: 'x'.repeat(101) },
      { id: 999999, description: 'missing' },
      { id: ids[2], description: 'would change' },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ slug: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'] });
    const r2 = await s.request('PATCH', '/api/tenancy/tenants/', [
      { id: ids[3], name: 'x'.repeat(101) },
      { id: ids[2], description: 'would change' },
    ]);
    expect(r2.body).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    expect((await s.request('GET', `/api/tenancy/tenants/${ids[2]}/`)).body.description).toBe('');
    expect(await changes()).toBe(before);
    // the change record t2's save would have written used up its id, as NetBox's sequence does
    expect(await seq()).toBe(seqBefore + 1);
  });

  it('answers a list when an item is not an object with an id', async () => {
    const r = await s.request('PATCH', '/api/tenancy/tenants/', [{ id: ids[0] }, { description: 'no id' }]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual([{}, { id: ['This field is required.'] }]);
  });

  it('passes over ids that do not exist, answering the objects updated in their ordering', async () => {
    const r = await s.request('PATCH', '/api/tenancy/tenants/', [
      { id: ids[3], description: 'last' },
      { id: 999999, description: 'missing' },
      { id: ids[2], description: 'first' },
      { id: ids[3], description: 'later wins' },
    ]);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((o: any) => [o.id, o.description])).toEqual([
      [ids[2], 'first'],
      [ids[3], 'later wins'],
    ]);
    const none = await s.request('PATCH', '/api/tenancy/tenants/', [{ id: 999999, description: 'missing' }]);
    expect([none.status, none.body]).toEqual([200, []]);
  });

  it('needs a list, and PUT needs every required field', async () => {
    const r = await s.request('PATCH', '/api/tenancy/tenants/', { id: ids[0] });
    expect(r.body).toEqual({ non_field_errors: ['Expected a list of items but got type "dict".'] });
    const put = await s.request('PUT', '/api/tenancy/tenants/', [{ id: ids[0], description: 'only this' }]);
    expect(put.body).toEqual({ name: ['This field is required.'], slug: ['This field is required.'] });
  });

  it('serializes concurrent bulk updates of overlapping objects: no half-applied mix', async () => {
    const made = await s.request(
      'POST',
      '/api/dcim/sites/',
      Array.from({ length: 60 }, (_, i) => ({ name: `c${i}`, slug: `c${i}` })),
    );
    const all: number[] = made.body.map((o: any) => o.id);
    for (let round = 0; round < 5; round++) {
      const a = all.slice(0, 40).map((id) => ({ id, description: `A${round}` }));
      const b = all
        .slice(20)
        .reverse()
        .map((id) => ({ id, description: `B${round}` }));
      const [ra, rb] = await Promise.all([
        s.request('PATCH', '/api/dcim/sites/', a),
        s.request('PATCH', '/api/dcim/sites/', b),
      ]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      const got = (
        await s.request('GET', `/api/dcim/sites/?limit=100&id__gte=${all[20]}&id__lte=${all[39]}`)
      ).body.results.map((o: any) => o.description);
      expect(new Set(got).size).toBe(1);
    }
  });
});

describe('bulk delete', () => {
  it('refuses bare ids: each item is an object naming one', async () => {
    const t = (await s.request('POST', '/api/extras/tags/', { name: 'bare', slug: 'bare' })).body;
    const r = await s.request('DELETE', '/api/extras/tags/', [t.id, { id: t.id }]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual([{ non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] }, {}]);
    expect((await s.request('GET', `/api/extras/tags/${t.id}/`)).status).toBe(200);
  });

  it('deletes a list of {id} with 204', async () => {
    const made = await s.request('POST', '/api/extras/tags/', [
      { name: 'd1', slug: 'd1' },
      { name: 'd2', slug: 'd2' },
    ]);
    const r = await s.request(
      'DELETE',
      '/api/extras/tags/',
      made.body.map((o: any) => ({ id: o.id })),
    );
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });

  it('deletes nothing when any object is protected, attributing blockers to their items', async () => {
    const tenants = (
      await s.request('POST', '/api/tenancy/tenants/', [
        { name: 'p0', slug: 'p0' },
        { name: 'p1', slug: 'p1' },
      ])
    ).body;
    const site = (
      await s.request('POST', '/api/dcim/sites/', { name: 'uses-p1', slug: 'uses-p1', tenant: tenants[1].id })
    ).body;
    const r2 = await s.request('DELETE', '/api/tenancy/tenants/', [
      { id: tenants[0].id },
      { id: tenants[1].id },
      { id: 999999 },
    ]);
    expect(r2.status).toBe(409);
    expect(r2.body).toEqual({
      detail: `Unable to delete object. 1 dependent object was found: uses-p1 (site ${site.id})`,
    });
    expect((await s.request('GET', `/api/tenancy/tenants/${tenants[0].id}/`)).status).toBe(200);
    // an id that does not exist is passed over
    const r = await s.request('DELETE', '/api/tenancy/tenants/', [{ id: tenants[0].id }, { id: 999999 }]);
    expect(r.status).toBe(204);
    expect((await s.request('GET', `/api/tenancy/tenants/${tenants[0].id}/`)).status).toBe(404);
  });
});
