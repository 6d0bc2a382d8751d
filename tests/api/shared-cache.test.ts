/**
 * Custom field definitions are cached per process and cleared everywhere on change: the writer's
 * own next request sees the change at once, another process on the same database within moments
 * (NOTIFY at commit).
 *
 * Tokens, users and permissions are cached too (a request needs no query to authenticate): a change
 * made on one process — through the API or in SQL — is enforced by another sharing the database
 * on its very next request, with no waiting in between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../helpers/branch.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  // processes of one deployment share their peppers (README: Running at scale)
  const env = { API_TOKEN_PEPPERS: `1:${'p'.repeat(50)}` };
  a = await startTestServer({ env });
  b = await startTestServer({ env, database: a.database });
});
afterAll(async () => {
  await b?.server.stop();
  await a?.stop();
});

describe('cached custom field definitions', () => {
  it('follow creates and deletes, in this process at once and in another soon after', async () => {
    const site = (await a.request('POST', '/api/dcim/sites/', { name: 'cached', slug: 'cached' })).body;
    const fields = async (s: TestServer) =>
      Object.keys((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.custom_fields);
    expect(await fields(a)).toEqual([]);
    expect(await fields(b)).toEqual([]);
    const cf = await a.request('POST', '/api/extras/custom-fields/', {
      name: 'rack_count_target',
      type: 'integer',
      object_types: ['dcim.site'],
    });
    expect(cf.status, cf.text).toBe(201);
    expect(await fields(a)).toEqual(['rack_count_target']);
    await until(
      'the other process to see the new field',
      async () => ((await fields(b)).length === 1 ? true : undefined),
      5000,
    );
    expect((await a.request('DELETE', `/api/extras/custom-fields/${cf.body.id}/`)).status).toBe(204);
    expect(await fields(a)).toEqual([]);
    await until(
      'the other process to drop the field',
      async () => ((await fields(b)).length === 0 ? true : undefined),
      5000,
    );
  });
});

describe('cached authentication and permissions', () => {
  let user: any;
  let perm: any;
  const bearer = (t: any) => ({ Authorization: `Bearer ${t.token}` });
  const get = (srv: TestServer, t: any, path = '/api/dcim/sites/') => srv.request('GET', path, undefined, bearer(t));
  const token = async (body: Record<string, unknown> = {}) => {
    const r = await a.request('POST', '/api/users/tokens/', { user: user.id, ...body });
    expect(r.status, r.text).toBe(201);
    return r.body;
  };
  /**
   * Waits for `srv` to answer as expected. The other process learns of a change from the NOTIFY
   * PostgreSQL sends at commit, which arrives within a millisecond or so (a few on a loaded
   * machine): well inside the bound, while an entry that is not cleared lives for a minute.
   */
  const soon = (what: string, probe: () => Promise<boolean>) =>
    until(what, async () => ((await probe()) ? true : undefined), 1000);
  const answers = (srv: TestServer, t: any, status: number, detail?: string, path?: string) =>
    soon(`${status} ${detail ?? ''} from ${path ?? 'sites'}`, async () => {
      const r = await get(srv, t, path);
      return r.status === status && (detail === undefined || r.body.detail === detail);
    });

  beforeAll(async () => {
    user = (await a.request('POST', '/api/users/users/', { username: 'cached-user', password: 'cached-user-password' }))
      .body;
    perm = (
      await a.request('POST', '/api/users/permissions/', {
        name: 'cached sites',
        object_types: ['dcim.site'],
        actions: ['view', 'add'],
        users: [user.id],
      })
    ).body;
    expect(perm.id).toBeDefined();
  });

  it('refuses a token disabled, made read-only, narrowed or deleted on another process', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await token();
      // both processes have the token cached
      expect([(await get(a, t)).status, (await get(b, t)).status]).toEqual([200, 200]);
      expect(
        (await b.request('POST', '/api/dcim/sites/', { name: `w-${round}`, slug: `w-${round}` }, bearer(t))).status,
      ).toBe(201);
      expect((await a.request('PATCH', `/api/users/tokens/${t.id}/`, { write_enabled: false })).status).toBe(200);
      let n = 0;
      await soon(
        'a read-only token to be refused a write',
        async () =>
          (
            await b.request(
              'POST',
              '/api/dcim/sites/',
              { name: `x-${round}-${n}`, slug: `x-${round}-${n++}` },
              bearer(t),
            )
          ).status === 403,
      );
      await answers(b, t, 200);
      expect((await a.request('PATCH', `/api/users/tokens/${t.id}/`, { allowed_ips: ['10.0.0.0/8'] })).status).toBe(
        200,
      );
      await answers(b, t, 403, 'Source IP 127.0.0.1 is not permitted to authenticate using this token.');
      expect((await a.request('PATCH', `/api/users/tokens/${t.id}/`, { allowed_ips: [], enabled: false })).status).toBe(
        200,
      );
      await answers(b, t, 403, 'Token disabled');
      expect((await a.request('PATCH', `/api/users/tokens/${t.id}/`, { enabled: true })).status).toBe(200);
      await answers(b, t, 200);
      expect((await a.request('DELETE', `/api/users/tokens/${t.id}/`)).status).toBe(204);
      // the writer's own process knows at once (cleared at commit, before the response)
      expect((await get(a, t)).body).toEqual({ detail: 'Invalid token' });
      await answers(b, t, 403, 'Invalid token');
    }
  });

  it('refuses a token on expiry at once, and one expired or deleted in SQL', async () => {
    const soonExpiring = await token({ expires: new Date(Date.now() + 1500).toISOString() });
    expect((await get(b, soonExpiring)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    // the cached row's expiry is checked against the clock on every request
    expect((await get(b, soonExpiring)).body).toEqual({ detail: 'Token expired' });
    const t = await token();
    expect((await get(b, t)).status).toBe(200);
    await a.sql.unsafe("UPDATE users_token SET expires = now() - interval '1 second' WHERE id = $1", [t.id]);
    await answers(b, t, 403, 'Token expired');
    const u = await token();
    expect((await get(b, u)).status).toBe(200);
    await a.sql.unsafe('DELETE FROM users_token WHERE id = $1', [u.id]);
    await answers(b, u, 403, 'Invalid token');
  });

  it('refuses a deactivated user, and follows permissions granted and taken away', async () => {
    const t = await token();
    expect((await get(b, t)).status).toBe(200);
    expect((await get(b, t, '/api/dcim/racks/')).status).toBe(403);
    expect(
      (await a.request('PATCH', `/api/users/permissions/${perm.id}/`, { object_types: ['dcim.site', 'dcim.rack'] }))
        .status,
    ).toBe(200);
    await answers(b, t, 200, undefined, '/api/dcim/racks/');
    expect((await a.request('PATCH', `/api/users/permissions/${perm.id}/`, { users: [] })).status).toBe(200);
    await answers(b, t, 403);
    expect(
      (
        await a.request('PATCH', `/api/users/permissions/${perm.id}/`, {
          users: [user.id],
          object_types: ['dcim.site'],
          constraints: { slug: 'none-such' },
        })
      ).status,
    ).toBe(200);
    await soon('the constraint to apply', async () => (await get(b, t)).body.count === 0);
    expect((await a.request('PATCH', `/api/users/permissions/${perm.id}/`, { constraints: null })).status).toBe(200);
    await soon('the constraint to go', async () => (await get(b, t)).body.count > 0);
    expect((await a.request('PATCH', `/api/users/users/${user.id}/`, { is_active: false })).status).toBe(200);
    await answers(b, t, 403, 'User inactive');
    expect((await a.request('PATCH', `/api/users/users/${user.id}/`, { is_active: true })).status).toBe(200);
    await answers(b, t, 200);
  });
});

describe('cached config contexts', () => {
  it('follow contexts and their assignments, in this process at once and in another soon after', async () => {
    const site = (await a.request('POST', '/api/dcim/sites/', { name: 'cc-site', slug: 'cc-site' })).body;
    const mf = (await a.request('POST', '/api/dcim/manufacturers/', { name: 'cc-mf', slug: 'cc-mf' })).body;
    const dt = (
      await a.request('POST', '/api/dcim/device-types/', { manufacturer: mf.id, model: 'cc-dt', slug: 'cc-dt' })
    ).body;
    const role = (await a.request('POST', '/api/dcim/device-roles/', { name: 'cc-role', slug: 'cc-role' })).body;
    const other = (await a.request('POST', '/api/dcim/device-roles/', { name: 'cc-other', slug: 'cc-other' })).body;
    const device = (
      await a.request('POST', '/api/dcim/devices/', {
        name: 'cc-dev',
        device_type: dt.id,
        role: role.id,
        site: site.id,
      })
    ).body;
    const context = async (s: TestServer) =>
      (await s.request('GET', `/api/dcim/devices/${device.id}/`)).body.config_context;
    const both = async (want: unknown) => {
      expect(await context(a)).toEqual(want);
      await until(
        `the other process to render ${JSON.stringify(want)}`,
        async () => (JSON.stringify(await context(b)) === JSON.stringify(want) ? true : undefined),
        1000,
      );
    };
    await both({});
    const cc = (await a.request('POST', '/api/extras/config-contexts/', { name: 'cached-cc', data: { ntp: 'x' } }))
      .body;
    await both({ ntp: 'x' });
    expect((await a.request('PATCH', `/api/extras/config-contexts/${cc.id}/`, { roles: [other.id] })).status).toBe(200);
    await both({});
    expect(
      (await a.request('PATCH', `/api/extras/config-contexts/${cc.id}/`, { roles: [role.id], data: { ntp: 'y' } }))
        .status,
    ).toBe(200);
    await both({ ntp: 'y' });
    await a.sql.unsafe('UPDATE extras_configcontext SET is_active = false WHERE id = $1', [cc.id]);
    await until(
      'both processes to drop a context made inactive in SQL',
      async () => (JSON.stringify([await context(a), await context(b)]) === '[{},{}]' ? true : undefined),
      1000,
    );
  });
});
