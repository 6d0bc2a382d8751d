/**
 * NetBox 4.6 API additions clients use: cursor pagination (`?start=`), `/api/authentication-check/`
 * and incremental tag changes (`add_tags`, `remove_tags`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('cursor pagination', () => {
  it('pages by id from start, with a null count and a next link after the last row', async () => {
    const made = await s.request(
      'POST',
      '/api/tenancy/tenants/',
      Array.from({ length: 5 }, (_, i) => ({ name: `cursor-${i}`, slug: `cursor-${i}` })),
    );
    const ids = made.body.map((t: any) => t.id).sort((a: number, b: number) => a - b);
    const first = await s.request('GET', `/api/tenancy/tenants/?start=${ids[0]}&limit=2&name__isw=cursor-`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.count).toBeNull();
    expect(first.body.previous).toBeNull();
    expect(first.body.results.map((t: any) => t.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next).toBe(`${s.url}/api/tenancy/tenants/?limit=2&name__isw=cursor-&start=${ids[1] + 1}`);
    const second = await s.request('GET', new URL(first.body.next).pathname + new URL(first.body.next).search);
    expect(second.body.results.map((t: any) => t.id)).toEqual(ids.slice(2, 4));
    const last = await s.request('GET', `/api/tenancy/tenants/?start=${ids[4]}&limit=2&name__isw=cursor-`);
    expect(last.body.results.map((t: any) => t.id)).toEqual([ids[4]]);
    expect(last.body.next).toBeNull();
  });

  it('refuses a bad start, start with offset, and start with ordering, with array bodies', async () => {
    expect((await s.request('GET', '/api/tenancy/tenants/?start=-1')).body).toEqual([
      "Invalid 'start' parameter: must be a non-negative integer.",
    ]);
    expect((await s.request('GET', '/api/tenancy/tenants/?start=abc')).status).toBe(400);
    expect((await s.request('GET', '/api/tenancy/tenants/?start=1&offset=5')).body).toEqual([
      "'start' and 'offset' are mutually exclusive.",
    ]);
    expect((await s.request('GET', '/api/tenancy/tenants/?start=1&ordering=name')).body).toEqual([
      'Ordering cannot be specified in conjunction with cursor-based pagination.',
    ]);
  });
});

describe('unknown body keys', () => {
  it('are ignored as NetBox ignores them, and named in X-Ignored-Fields', async () => {
    const r = await s.request('POST', '/api/dcim/sites/', {
      name: 'lenient',
      slug: 'lenient',
      site_group: 1,
      bogus: true,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('x-ignored-fields')).toBe('bogus, site_group');
    const patched = await s.request('PATCH', `/api/dcim/sites/${r.body.id}/`, { description: 'd' });
    expect(patched.headers.get('x-ignored-fields')).toBeNull();
  });

  it('are refused naming the key with STRICT_BODY=true', async () => {
    const strict = await startTestServer({ env: { STRICT_BODY: 'true' } });
    try {
      const r = await strict.request('POST', '/api/dcim/sites/', { name: 'strict', slug: 'strict', site_group: 1 });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ site_group: ['Unknown field.'] });
    } finally {
      await strict.stop();
    }
  });
});

describe('NetBox 4.6 filters', () => {
  it('tag__any matches one of the tags; counts filter like numbers; ancestor finds a subtree', async () => {
    const [red, blue] = (
      await s.request('POST', '/api/extras/tags/', [
        { name: 'f-red', slug: 'f-red' },
        { name: 'f-blue', slug: 'f-blue' },
      ])
    ).body;
    await s.request('POST', '/api/tenancy/tenant-groups/', { name: 'fg', slug: 'fg' });
    const made = (
      await s.request('POST', '/api/tenancy/tenants/', [
        { name: 'f-1', slug: 'f-1', tags: [red.id] },
        { name: 'f-2', slug: 'f-2', tags: [blue.id] },
        { name: 'f-3', slug: 'f-3', tags: [red.id, blue.id] },
        { name: 'f-4', slug: 'f-4' },
      ])
    ).body;
    const names = async (q: string) =>
      (await s.request('GET', `/api/tenancy/tenants/?name__isw=f-&${q}`)).body.results.map((t: any) => t.name).sort();
    expect(await names('tag=f-red&tag=f-blue')).toEqual(['f-3']);
    expect(await names('tag__any=f-red&tag__any=f-blue')).toEqual(['f-1', 'f-2', 'f-3']);
    expect(await names(`tag_id__any=${blue.id}`)).toEqual(['f-2', 'f-3']);
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'fsite', slug: 'fsite', tenant: made[0].id }))
      .body;
    void site;
    expect(
      (await s.request('GET', '/api/tenancy/tenants/?site_count__gte=1&name__isw=f-')).body.results.map(
        (t: any) => t.name,
      ),
    ).toEqual(['f-1']);
    expect((await s.request('GET', '/api/tenancy/tenants/?site_count=0&name__isw=f-')).body.count).toBe(3);
    const top = (await s.request('POST', '/api/dcim/regions/', { name: 'f-top', slug: 'f-top' })).body;
    const mid = (await s.request('POST', '/api/dcim/regions/', { name: 'f-mid', slug: 'f-mid', parent: top.id })).body;
    await s.request('POST', '/api/dcim/regions/', { name: 'f-low', slug: 'f-low', parent: mid.id });
    expect(
      (await s.request('GET', `/api/dcim/regions/?ancestor_id=${top.id}`)).body.results.map((r: any) => r.name).sort(),
    ).toEqual(['f-low', 'f-mid']);
    expect((await s.request('GET', '/api/dcim/regions/?ancestor=f-mid')).body.results.map((r: any) => r.name)).toEqual([
      'f-low',
    ]);
  });
});

describe('contact filters', () => {
  it('finds the objects a contact is assigned to, by contact and by role', async () => {
    const contact = (await s.request('POST', '/api/tenancy/contacts/', { name: 'Noc' })).body;
    const role = (await s.request('POST', '/api/tenancy/contact-roles/', { name: 'Ops', slug: 'ops' })).body;
    const [s1, s2] = (
      await s.request('POST', '/api/dcim/sites/', [
        { name: 'c-1', slug: 'c-1' },
        { name: 'c-2', slug: 'c-2' },
      ])
    ).body;
    const r = await s.request('POST', '/api/tenancy/contact-assignments/', {
      object_type: 'dcim.site',
      object_id: s2.id,
      contact: contact.id,
      role: role.id,
    });
    expect(r.status, r.text).toBe(201);
    expect(
      (await s.request('GET', `/api/dcim/sites/?contact=${contact.id}`)).body.results.map((x: any) => x.id),
    ).toEqual([s2.id]);
    expect(
      (await s.request('GET', `/api/dcim/sites/?contact_role=${role.id}`)).body.results.map((x: any) => x.id),
    ).toEqual([s2.id]);
    expect(
      (await s.request('GET', `/api/dcim/sites/?name__isw=c-&contact__n=${contact.id}`)).body.results.map(
        (x: any) => x.id,
      ),
    ).toEqual([s1.id]);
  });
});

describe('authentication check', () => {
  it('returns the user the token belongs to, and 403 without credentials', async () => {
    const r = await s.request('GET', '/api/authentication-check/');
    expect(r.status).toBe(200);
    // NetBox 4.6's user representation: no is_superuser or is_staff
    expect(r.body).toMatchObject({ username: 'admin', is_active: true });
    expect(r.body).not.toHaveProperty('is_superuser');
    expect(r.body.url).toMatch(/\/api\/users\/users\/\d+\/$/);
    const anon = await fetch(`${s.url}/api/authentication-check/`);
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('add_tags and remove_tags', () => {
  it('adds to and removes from the stored tags without replacing them', async () => {
    const tags = (
      await s.request(
        'POST',
        '/api/extras/tags/',
        ['red', 'green', 'blue'].map((n) => ({ name: `t-${n}`, slug: `t-${n}` })),
      )
    ).body;
    const [red, green, blue] = tags;
    const site = await s.request('POST', '/api/dcim/sites/', {
      name: 'tagged',
      slug: 'tagged',
      add_tags: [red.id, { name: 't-green' }],
    });
    expect(site.status, site.text).toBe(201);
    expect(site.body.tags.map((t: any) => t.name).sort()).toEqual(['t-green', 't-red']);
    const patched = await s.request('PATCH', `/api/dcim/sites/${site.body.id}/`, {
      add_tags: [blue.id],
      remove_tags: [{ slug: 't-red' }],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.tags.map((t: any) => t.name).sort()).toEqual(['t-blue', 't-green']);
    void green;
  });

  it('refuses tags together with them, remove_tags on create, and a tag in both', async () => {
    const [tag] = (await s.request('POST', '/api/extras/tags/', [{ name: 'x-one', slug: 'x-one' }])).body;
    const both = await s.request('POST', '/api/dcim/sites/', {
      name: 'x1',
      slug: 'x1',
      tags: [tag.id],
      add_tags: [tag.id],
    });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ tags: ['Cannot specify "tags" together with "add_tags" or "remove_tags".'] });
    const removeOnCreate = await s.request('POST', '/api/dcim/sites/', {
      name: 'x2',
      slug: 'x2',
      remove_tags: [tag.id],
    });
    expect(removeOnCreate.status).toBe(400);
    expect(Object.keys(removeOnCreate.body)).toEqual(['remove_tags']);
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'x3', slug: 'x3' })).body;
    const inBoth = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, {
      add_tags: [tag.id],
      remove_tags: [tag.id],
    });
    expect(inBoth.status).toBe(400);
    expect(inBoth.body).toEqual({
      remove_tags: ['Tags may not be present in both "add_tags" and "remove_tags": x-one'],
    });
    const unknown = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, { add_tags: [99999999] });
    expect(unknown.body).toEqual({ add_tags: ['Related object not found using the provided numeric ID: 99999999'] });
  });
});
