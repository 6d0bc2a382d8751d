/**
 * Accounts: permissions written on a user or a group as well as on the permission, no endpoint ever
 * showing a password hash or a v2 secret, and cookie sessions that need the CSRF token to write.
 * Object permissions and their constraints are in permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { permittedUser } from '../helpers/users.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await permittedUser(s, 'full', [{ object_types: ['dcim.site'], actions: ['view', 'add', 'change', 'delete'] }]);
});
afterAll(async () => s?.stop());

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
