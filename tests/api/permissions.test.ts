/**
 * Object permissions: a matrix of users × models × actions × constrained/unconstrained objects.
 * Exactly the allowed cells succeed; every other cell is refused and writes nothing. Also: no
 * endpoint ever shows a password hash or a v2 secret, exemptions, and cookie sessions with CSRF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const auth: Record<string, { Authorization: string }> = {};
const ids: Record<string, number> = {};

async function user(
  name: string,
  permissions: { object_types: string[]; actions: string[]; constraints?: unknown }[],
  group = false,
) {
  const u = (await s.request('POST', '/api/users/users/', { username: name, password: `${name}-password-x` })).body;
  const g = group ? (await s.request('POST', '/api/users/groups/', { name: `${name}-group` })).body : undefined;
  if (g) await s.request('PATCH', `/api/users/users/${u.id}/`, { groups: [g.id] });
  for (const [i, p] of permissions.entries()) {
    const r = await s.request('POST', '/api/users/permissions/', {
      name: `${name}-${i}`,
      ...p,
      ...(g ? { groups: [g.id] } : { users: [u.id] }),
    });
    if (r.status !== 201) throw new Error(r.text);
  }
  const t = (await s.request('POST', '/api/users/tokens/', { user: u.id })).body;
  auth[name] = { Authorization: `Bearer ${t.token}` };
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

describe('permissions of users and groups', () => {
  it('are written on the user or group as well as on the permission, and grant what they say', async () => {
    const perm = await created(s, '/api/users/permissions/', {
      name: 'view tenants via user',
      object_types: ['tenancy.tenant'],
      actions: ['view'],
    });
    const group = await created(s, '/api/users/groups/', { name: 'perm-group', permissions: [perm.id] });
    expect(group.permissions.map((p: any) => p.id)).toEqual([perm.id]);
    const user = await created(s, '/api/users/users/', {
      username: 'perm-user',
      password: 'perm-user-password-1',
      permissions: [perm.id],
    });
    expect(user.permissions.map((p: any) => p.name)).toEqual(['view tenants via user']);
    const shown = (await s.request('GET', `/api/users/permissions/${perm.id}/`)).body;
    expect([shown.users.map((u: any) => u.id), shown.groups.map((g: any) => g.id)]).toEqual([[user.id], [group.id]]);
    const auth = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: user.id })).token}` };
    expect((await s.request('GET', '/api/tenancy/tenants/', undefined, auth)).status).toBe(200);
    const patched = await s.request('PATCH', `/api/users/users/${user.id}/`, { permissions: [] });
    expect(patched.body.permissions).toEqual([]);
    expect((await s.request('GET', '/api/tenancy/tenants/', undefined, auth)).status).toBe(403);
  });
});

describe('secrets are never shown', () => {
  it('returns no password hash or v2 secret from any endpoint', async () => {
    const made = (await s.request('POST', '/api/users/tokens/', { user: 1 })).body;
    const secret = made.token.split('.')[1];
    const hash = String((await s.sql.unsafe("SELECT password FROM users_user WHERE username = 'full'"))[0]!.password);
    const hmac = String(
      (await s.sql.unsafe(`SELECT hmac_digest FROM users_token WHERE id = $1`, [made.id]))[0]!.hmac_digest,
    );
    const pages = [
      '/api/users/users/?limit=0',
      '/api/users/users/1/',
      '/api/users/tokens/?limit=0',
      `/api/users/tokens/${made.id}/`,
      '/api/core/object-changes/?limit=0',
      '/api/schema/?format=json',
      '/api/users/tokens/?brief=1',
    ];
    for (const p of pages) {
      const r = await s.request('GET', p);
      expect(r.status, p).toBe(200);
      for (const needle of [secret, hash, hmac, 'scrypt$'])
        expect(r.text.includes(needle), `${p} shows ${needle.slice(0, 8)}`).toBe(false);
    }
    for (const p of ['/api/users/users/', '/api/users/tokens/']) {
      const o = await s.request('OPTIONS', p);
      expect(o.text.includes(hash)).toBe(false);
    }
  });
});

describe('cookie sessions', () => {
  it('logs in with a form, reads with the cookie, and needs the CSRF token to write', async () => {
    const login = await fetch(`${s.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'full', password: 'full-password-x', next: '/api/dcim/sites/' }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/api/dcim/sites/');
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const cookie = cookies.join('; ');
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!.split('=')[1]!;
    expect(login.headers.getSetCookie().find((c) => c.startsWith('sessionid='))).toMatch(/HttpOnly/);
    const read = await s.request('GET', '/api/dcim/sites/', undefined, { Authorization: '', Cookie: cookie });
    expect(read.status).toBe(200);
    const noCsrf = await s.request(
      'POST',
      '/api/dcim/sites/',
      { name: 'cookie', slug: 'cookie' },
      { Authorization: '', Cookie: cookie },
    );
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.detail).toMatch(/^CSRF Failed/);
    const withCsrf = await s.request(
      'POST',
      '/api/dcim/sites/',
      { name: 'cookie', slug: 'cookie' },
      { Authorization: '', Cookie: cookie, 'X-CSRFToken': csrf },
    );
    expect(withCsrf.status).toBe(201);
    const bad = await fetch(`${s.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'full', password: 'wrong' }),
    });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('x-frame-options')).toBe('DENY');
    await fetch(`${s.url}/logout/`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect((await s.request('GET', '/api/dcim/sites/', undefined, { Authorization: '', Cookie: cookie })).status).toBe(
      403,
    );
  });
});
