/**
 * Object permissions: a matrix of users × models × actions × constrained/unconstrained objects.
 * Exactly the allowed cells succeed; every other cell is refused and writes nothing. Also exemptions,
 * OPTIONS and attribute lookups as a user sees them, and constraints on bulk writes and the change log.
 * Permissions on users and groups, secrets and cookie sessions are in accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { permittedUser, type PermissionGrant } from '../helpers/users.ts';

let s: TestServer;
const auth: Record<string, { Authorization: string }> = {};
const ids: Record<string, number> = {};

async function user(name: string, permissions: PermissionGrant[], group = false) {
  auth[name] = await permittedUser(s, name, permissions, group);
}

beforeAll(async () => {
  s = await startTestServer({ env: { EXEMPT_VIEW_PERMISSIONS: 'dcim.region' } });
  const sites = (
    await s.request('POST', '/api/dcim/sites/', [
      { name: 'active-1', slug: 'active-1', status: 'active' },
      { name: 'planned-1', slug: 'planned-1', status: 'planned' },
    ])
  ).body;
  ids.active = sites[0].id;
  ids.planned = sites[1].id;
  ids.prefix = (await s.request('POST', '/api/ipam/prefixes/', { prefix: '10.9.0.0/16' })).body.id;
  await user('full', [{ object_types: ['dcim.site'], actions: ['view', 'add', 'change', 'delete'] }]);
  await user('limited', [
    { object_types: ['dcim.site'], actions: ['view', 'add', 'change', 'delete'], constraints: { status: 'active' } },
    { object_types: ['dcim.rack'], actions: ['view', 'add'] },
  ]);
  await user('viewer', [{ object_types: ['dcim.site', 'ipam.prefix'], actions: ['view'] }]);
  await user(
    'grouped',
    [
      {
        object_types: ['dcim.site'],
        actions: ['view', 'add'],
        constraints: [{ name__startswith: 'g-' }, { slug: 'planned-1' }],
      },
    ],
    true,
  );
  await user('nobody', []);
});
afterAll(async () => s?.stop());

type Cell = [user: string, action: string, target: string, allowed: boolean];
// target: which object the action touches; "inside" objects match the user's constraints
const matrix: Cell[] = [
  ['full', 'list', 'active', true],
  ['full', 'get', 'planned', true],
  ['full', 'add', 'active', true],
  ['full', 'change', 'planned', true],
  ['full', 'delete', 'fresh', true],
  ['limited', 'list', 'active', true],
  ['limited', 'list', 'planned', false],
  ['limited', 'get', 'active', true],
  ['limited', 'get', 'planned', false],
  ['limited', 'add', 'active', true],
  ['limited', 'add', 'planned', false],
  ['limited', 'change', 'active', true],
  ['limited', 'change', 'planned', false],
  ['limited', 'change-out', 'active', false],
  ['limited', 'delete', 'fresh', true],
  ['limited', 'delete', 'planned', false],
  ['viewer', 'list', 'active', true],
  ['viewer', 'get', 'planned', true],
  ['viewer', 'add', 'active', false],
  ['viewer', 'change', 'active', false],
  ['viewer', 'delete', 'active', false],
  ['viewer', 'get-prefix', 'prefix', true],
  ['grouped', 'get', 'planned', true],
  ['grouped', 'get', 'active', false],
  ['grouped', 'add', 'g-', true],
  ['grouped', 'add', 'active', false],
  ['grouped', 'change', 'planned', false],
  ['nobody', 'list', 'active', false],
  ['nobody', 'get', 'active', false],
  ['nobody', 'add', 'active', false],
  ['nobody', 'get-prefix', 'prefix', false],
  ['limited', 'get-prefix', 'prefix', false],
];

let n = 0;
async function attempt(
  who: string,
  action: string,
  target: string,
): Promise<{ ok: boolean; status: number; written: boolean }> {
  const h = auth[who]!;
  n++;
  const before = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
  let status: number;
  let ok: boolean;
  switch (action) {
    case 'list': {
      const r = await s.request('GET', '/api/dcim/sites/?limit=0', undefined, h);
      status = r.status;
      ok = r.status === 200 && r.body.results.some((o: any) => o.id === ids[target]);
      break;
    }
    case 'get': {
      const r = await s.request('GET', `/api/dcim/sites/${ids[target]}/`, undefined, h);
      status = r.status;
      ok = r.status === 200;
      break;
    }
    case 'get-prefix': {
      const r = await s.request('GET', `/api/ipam/prefixes/${ids.prefix}/`, undefined, h);
      status = r.status;
      ok = r.status === 200;
      break;
    }
    case 'add': {
      const name = target === 'g-' ? `g-${n}` : `${target}-new-${n}`;
      const r = await s.request(
        'POST',
        '/api/dcim/sites/',
        { name, slug: `s-${n}`, status: target === 'planned' ? 'planned' : 'active' },
        h,
      );
      status = r.status;
      ok = r.status === 201;
      break;
    }
    case 'change':
    case 'change-out': {
      const body = action === 'change-out' ? { status: 'planned' } : { description: `d${n}` };
      const id = ids[target]!;
      const r = await s.request('PATCH', `/api/dcim/sites/${id}/`, body, h);
      status = r.status;
      ok = r.status === 200;
      if (ok && action === 'change-out') await s.request('PATCH', `/api/dcim/sites/${id}/`, { status: 'active' });
      break;
    }
    default: {
      const id =
        target === 'fresh'
          ? (await s.request('POST', '/api/dcim/sites/', { name: `fresh-${n}`, slug: `fresh-${n}`, status: 'active' }))
              .body.id
          : ids[target]!;
      const mid = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
      const r = await s.request('DELETE', `/api/dcim/sites/${id}/`, undefined, h);
      status = r.status;
      ok = r.status === 204;
      const after = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
      return { ok, status, written: after !== mid };
    }
  }
  const after = (await s.request('GET', '/api/core/object-changes/?limit=1')).body.count;
  return { ok, status, written: after !== before };
}

describe('permission matrix', () => {
  it.each(matrix)('%s %s %s → allowed: %s', async (who, action, target, allowed) => {
    const r = await attempt(who, action, target);
    expect(r.ok, `status ${r.status}`).toBe(allowed);
    if (!allowed) {
      expect([403, 404, 200]).toContain(r.status);
      expect(r.written).toBe(false);
    }
  });

  it('refuses with a clear message when the user has no permission at all', async () => {
    const r = await s.request('GET', '/api/dcim/sites/', undefined, auth.nobody);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('lets anyone authenticated read models listed in EXEMPT_VIEW_PERMISSIONS', async () => {
    expect((await s.request('GET', '/api/dcim/regions/', undefined, auth.nobody)).status).toBe(200);
  });

  it('shows OPTIONS actions only to users allowed to add', async () => {
    expect((await s.request('OPTIONS', '/api/dcim/sites/', undefined, auth.full)).body.actions?.POST).toBeDefined();
    expect((await s.request('OPTIONS', '/api/dcim/sites/', undefined, auth.viewer)).body.actions).toBeUndefined();
  });

  it('lets attribute lookups find only objects the caller may view (ids are not, as in NetBox)', async () => {
    const hidden = await s.request(
      'POST',
      '/api/dcim/racks/',
      { name: 'r', site: { slug: 'planned-1' } },
      auth.limited,
    );
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({
      site: ["Related object not found using the provided attributes: {'slug': 'planned-1'}"],
    });
    const visible = await s.request(
      'POST',
      '/api/dcim/racks/',
      { name: 'r', site: { slug: 'active-1' } },
      auth.limited,
    );
    expect(visible.status).toBe(201);
    const byId = await s.request('POST', '/api/dcim/racks/', { name: 'r2', site: ids.planned }, auth.limited);
    expect(byId.status).toBe(201);
  });
});

describe('constraints on every path', () => {
  it('passes over objects outside the constraint in a bulk update or delete, as if they did not exist', async () => {
    const patch = await s.request(
      'PATCH',
      '/api/dcim/sites/',
      [
        { id: ids.active, description: 'bulk' },
        { id: ids.planned, description: 'bulk' },
      ],
      auth.limited,
    );
    // NetBox's queryset is restricted to what the caller may change: the other object is not there,
    // exactly as an id that does not exist (so the answer tells nothing of it)
    expect(patch.status, patch.text).toBe(200);
    expect(patch.body.map((o: any) => o.id)).toEqual([ids.active]);
    expect((await s.request('GET', `/api/dcim/sites/${ids.planned}/`)).body.description).not.toBe('bulk');
    const spare = (await s.request('POST', '/api/dcim/sites/', { name: 'spare', slug: 'spare', status: 'active' }))
      .body;
    const del = await s.request('DELETE', '/api/dcim/sites/', [{ id: spare.id }, { id: ids.planned }], auth.limited);
    expect(del.status).toBe(204);
    expect((await s.request('GET', `/api/dcim/sites/${spare.id}/`)).status).toBe(404);
    expect((await s.request('GET', `/api/dcim/sites/${ids.planned}/`)).status).toBe(200);
  });

  it('filters the change log by the constraints of core.view_objectchange', async () => {
    await user('auditor', [
      { object_types: ['core.objectchange'], actions: ['view'], constraints: { action: 'create' } },
      { object_types: ['dcim.site'], actions: ['view'] },
    ]);
    const all = (await s.request('GET', '/api/core/object-changes/?limit=0')).body.results as {
      id: number;
      action: { value: string };
    }[];
    const update = all.find((c) => c.action.value === 'update')!;
    expect(update).toBeDefined();
    const seen = await s.request('GET', '/api/core/object-changes/?limit=0', undefined, auth.auditor);
    expect(seen.status).toBe(200);
    expect(seen.body.count).toBe(all.filter((c) => c.action.value === 'create').length);
    expect(seen.body.results.every((c: { action: { value: string } }) => c.action.value === 'create')).toBe(true);
    expect((await s.request('GET', `/api/core/object-changes/${update.id}/`, undefined, auth.auditor)).status).toBe(
      404,
    );
    // a filter cannot widen what the constraint allows
    expect(
      (await s.request('GET', '/api/core/object-changes/?action=update', undefined, auth.auditor)).body.count,
    ).toBe(0);
    expect((await s.request('GET', '/api/core/object-changes/', undefined, auth.viewer)).status).toBe(403);
  });
});
