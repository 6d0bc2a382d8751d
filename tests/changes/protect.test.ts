/**
 * Protected main and branch write scopes, over HTTP with users of different permissions: with
 * PROTECT_MAIN every write to a branchable model outside a branch is refused (403, the plugin's message,
 * nothing written) unless the user holds `bypass` on policies (superusers do); models that are not
 * branched stay writable; merges and reverts still write main. PROTECT_MAIN may name object types. With
 * BRANCH_WRITE_SCOPE=assigned a user writes only in branches they own or a `write` permission grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, readyBranch } from '../helpers/branch.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { People } from './people.ts';

const REFUSED = { detail: 'Changes directly to main are not permitted.' };
const sites = ['dcim.site', 'dcim.rack', 'ipam.prefix', 'users.group', 'netbox_branching.branch'];
const everything = [{ object_types: sites, actions: ['view', 'add', 'change', 'delete', 'merge', 'revert'] }];
const branchHeader = (b: { schema_id: string }) => ({ 'X-Service-Branch': b.schema_id });

describe('PROTECT_MAIN=true and BRANCH_WRITE_SCOPE=assigned', () => {
  let s: TestServer;
  let people: People;
  let existing: number;

  beforeAll(async () => {
    s = await startTestServer({
      env: { WORKER_IN_PROCESS: 'true', PROTECT_MAIN: 'true', BRANCH_WRITE_SCOPE: 'assigned' },
    });
    people = new People(s);
    await people.user('mallory', everything);
    await people.user('fixer', [...everything, { object_types: ['netbox_changes.policy'], actions: ['bypass'] }]);
    await people.user('contractor', everything);
    existing = (await created(s, '/api/dcim/sites/', { name: 'hq', slug: 'hq' })).id;
  });
  afterAll(async () => s?.stop());

  const count = async () => (await s.request('GET', '/api/dcim/sites/?limit=1')).body.count as number;

  it('refuses every write to main without bypass, writing nothing', async () => {
    const m = people.as('mallory');
    const before = await count();
    const attempts = [
      await m.request('POST', '/api/dcim/sites/', { name: 'x', slug: 'x' }),
      await m.request('POST', '/api/dcim/sites/', [{ name: 'y', slug: 'y' }]),
      await m.request('PATCH', `/api/dcim/sites/${existing}/`, { description: 'changed' }),
      await m.request('PATCH', '/api/dcim/sites/', [{ id: existing, description: 'changed' }]),
      await m.request('PUT', `/api/dcim/sites/${existing}/`, { name: 'hq', slug: 'hq' }),
      await m.request('DELETE', `/api/dcim/sites/${existing}/`),
      await m.request('DELETE', '/api/dcim/sites/', [{ id: existing }]),
    ];
    for (const r of attempts) {
      expect(r.status, r.text).toBe(403);
      expect(r.body).toEqual(REFUSED);
    }
    expect(await count()).toBe(before);
    expect((await s.request('GET', `/api/dcim/sites/${existing}/`)).body.description).toBe('');
  });

  it('lets users with bypass on policies, and superusers, write to main', async () => {
    const fixed = await people.as('fixer').request('PATCH', `/api/dcim/sites/${existing}/`, { description: 'hotfix' });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await s.request('POST', '/api/dcim/sites/', { name: 'admin', slug: 'admin' })).status).toBe(201);
  });

  it('leaves models that are not branched writable in main', async () => {
    const r = await people.as('mallory').request('POST', '/api/users/groups/', { name: 'not-branched' });
    expect(r.status, r.text).toBe(201);
  });

  it('lets a user write in a branch they own, and merge and revert it into protected main', async () => {
    const m = people.as('mallory');
    const branch = await readyBranch(m, 'mallory-work');
    const write = await m.request('POST', '/api/dcim/sites/', { name: 'm1', slug: 'm1' }, branchHeader(branch));
    expect(write.status, write.text).toBe(201);
    const merge = await m.request('POST', `/api/plugins/branching/branches/${branch.id}/merge/`, { commit: true });
    expect(merge.status, merge.text).toBe(200);
    expect((await finished(s, merge.body)).status.value).toBe('completed');
    expect((await s.request('GET', '/api/dcim/sites/?slug=m1')).body.count).toBe(1);
    const revert = await m.request('POST', `/api/plugins/branching/branches/${branch.id}/revert/`, { commit: true });
    expect(revert.status, revert.text).toBe(200);
    expect((await finished(s, revert.body)).status.value).toBe('completed');
    expect((await s.request('GET', '/api/dcim/sites/?slug=m1')).body.count).toBe(0);
  });

  it("refuses writes in another user's branch unless a write permission assigns it", async () => {
    const shared = await readyBranch(s, 'shared');
    const other = await readyBranch(s, 'other');
    const c = people.as('contractor');
    const refused = await c.request('POST', '/api/dcim/sites/', { name: 'c1', slug: 'c1' }, branchHeader(shared));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: 'You may not write in branch "shared": it is neither yours nor assigned to you.',
    });
    await created(s, '/api/users/permissions/', {
      name: 'contractor in shared',
      object_types: ['netbox_branching.branch'],
      actions: ['write'],
      constraints: { name: 'shared' },
      users: [people.id('contractor')],
    });
    const allowed = await c.request('POST', '/api/dcim/sites/', { name: 'c1', slug: 'c1' }, branchHeader(shared));
    expect(allowed.status, allowed.text).toBe(201);
    const elsewhere = await c.request('POST', '/api/dcim/sites/', { name: 'c2', slug: 'c2' }, branchHeader(other));
    expect(elsewhere.status).toBe(403);
    // reading a branch is not writing in it
    expect((await c.request('GET', '/api/dcim/sites/', undefined, branchHeader(other))).status).toBe(200);
    // the superuser writes anywhere
    expect((await s.request('POST', '/api/dcim/sites/', { name: 'a2', slug: 'a2' }, branchHeader(other))).status).toBe(
      201,
    );
  });
});

describe('PROTECT_MAIN naming object types', () => {
  let s: TestServer;
  let people: People;

  beforeAll(async () => {
    s = await startTestServer({ env: { PROTECT_MAIN: 'ipam.*,dcim.site' } });
    people = new People(s);
    await people.user('mallory', everything);
  });
  afterAll(async () => s?.stop());

  it('protects those types only', async () => {
    const m = people.as('mallory');
    expect((await m.request('POST', '/api/dcim/sites/', { name: 'x', slug: 'x' })).body).toEqual(REFUSED);
    expect((await m.request('POST', '/api/ipam/prefixes/', { prefix: '10.0.0.0/8' })).body).toEqual(REFUSED);
    const site = await created(s, '/api/dcim/sites/', { name: 'hq', slug: 'hq' });
    const rack = await m.request('POST', '/api/dcim/racks/', { name: 'r1', site: site.id });
    expect(rack.status, rack.text).toBe(201);
  });
});
