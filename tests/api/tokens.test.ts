/** Tokens: v1 and v2, provisioning, expiry, read-only, allowed IPs, last use, masking, peppers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipAllowed } from '../../runtime/auth/tokens.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../helpers/branch.ts';

const PEPPER_1 = 'p'.repeat(50);
const PEPPER_2 = 'q'.repeat(60);
let s: TestServer;
let alice: any;
beforeAll(async () => {
  s = await startTestServer({ env: { API_TOKEN_PEPPERS: `1:${PEPPER_1}` } });
  alice = (await s.request('POST', '/api/users/users/', { username: 'alice', password: 'alice-password-1' })).body;
  await s.request('POST', '/api/users/permissions/', {
    name: 'alice sites',
    object_types: ['dcim.site'],
    actions: ['view', 'add'],
    users: [alice.id],
  });
});
afterAll(async () => s?.stop());

const as = (auth: string) => ({ Authorization: auth });
/**
 * A change made in SQL reaches the server's cached tokens by the NOTIFY its triggers send at
 * commit, a millisecond or so later (more on a loaded machine): wait for it, within a bound far
 * below the cache's one-minute backstop.
 */
const noticed = (what: string, probe: () => Promise<boolean>) =>
  until(what, async () => ((await probe()) ? true : undefined), 1000);
const provision = (body: unknown) => s.request('POST', '/api/users/tokens/provision/', body, { Authorization: '' });

describe('provisioning', () => {
  it('exchanges a username and password for a new write-enabled v2 token, shown once', async () => {
    const r = await provision({ username: 'alice', password: 'alice-password-1', description: 'laptop' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      version: 2,
      write_enabled: true,
      description: 'laptop',
      user: { id: alice.id, username: 'alice' },
    });
    expect(r.body.token).toMatch(/^svt_[A-Za-z0-9]{12}\.[A-Za-z0-9]{40}$/);
    expect(r.body.key).toBe(r.body.token.slice(4, 16));
    // a v2 token shows as its key, as NetBox 4.6 shows it (v1 tokens stay masked)
    expect(r.body.display).toBe(r.body.key);
    const ok = await s.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${r.body.token}`));
    expect(ok.status).toBe(200);
    // NetBox's prefix, and the credential a NetBox client joins from prefix, key and `token`, are the same token
    const secret = r.body.token.slice(17);
    for (const auth of [`Bearer nbt_${r.body.key}.${secret}`, `Bearer nbt_${r.body.key}.${r.body.token}`]) {
      expect((await s.request('GET', '/api/dcim/sites/', undefined, as(auth))).status, auth).toBe(200);
    }
    for (const auth of [`Bearer nbt_${r.body.key}.x${secret}`, `Bearer nbt_${r.body.key}.svt_${r.body.key}.x`]) {
      expect((await s.request('GET', '/api/dcim/sites/', undefined, as(auth))).status, auth).toBe(403);
    }
    const again = await s.request('GET', `/api/users/tokens/${r.body.id}/`);
    expect(again.body.token).toBeNull();
    expect(JSON.stringify(again.body)).not.toContain(r.body.token.slice(17));
  });

  it('refuses wrong credentials with the same 403 whether or not the user exists', async () => {
    const wrong = await provision({ username: 'alice', password: 'nope' });
    const nobody = await provision({ username: 'nobody', password: 'nope' });
    expect([wrong.status, nobody.status]).toEqual([403, 403]);
    expect(wrong.body).toEqual({ detail: 'Invalid username/password' });
    expect(nobody.body).toEqual(wrong.body);
    expect((await provision({ username: 'alice' })).status).toBe(400);
  });
});

describe('token versions and rules', () => {
  it('authenticates v1 tokens with Token and v2 with Bearer, and refuses bad ones', async () => {
    const v1 = await s.request('POST', '/api/users/tokens/', { version: 1, user: alice.id });
    expect(v1.status, v1.text).toBe(201);
    expect(v1.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(v1.body.key).toBeNull();
    expect(v1.body.display).toBe(`${'*'.repeat(34)}${v1.body.token.slice(-6)}`);
    expect((await s.request('GET', '/api/dcim/sites/', undefined, as(`Token ${v1.body.token}`))).status).toBe(200);
    const bad = await s.request('GET', '/api/dcim/sites/', undefined, as('Bearer svt_nokey.nosecret'));
    expect(bad.status).toBe(403);
    expect(bad.body).toEqual({ detail: 'Invalid token' });
    const malformed = await s.request('GET', '/api/dcim/sites/', undefined, as('Token a b'));
    expect(malformed.status).toBe(403);
    expect((await s.request('GET', `/api/users/tokens/${v1.body.id}/`)).body.token).toBeNull();
  });

  it('refuses expired tokens, and read-only tokens on every write', async () => {
    const t = (await s.request('POST', '/api/users/tokens/', { user: alice.id, write_enabled: false })).body;
    const auth = as(`Bearer ${t.token}`);
    expect((await s.request('GET', '/api/dcim/sites/', undefined, auth)).status).toBe(200);
    const write = await s.request('POST', '/api/dcim/sites/', { name: 'ro', slug: 'ro' }, auth);
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await s.request('GET', '/api/dcim/sites/?slug=ro')).body.count).toBe(0);
    await s.sql.unsafe("UPDATE users_token SET expires = now() - interval '1 minute' WHERE id = $1", [t.id]);
    await noticed(
      'the expiry',
      async () => (await s.request('GET', '/api/dcim/sites/', undefined, auth)).status === 403,
    );
    const expired = await s.request('GET', '/api/dcim/sites/', undefined, auth);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ detail: 'Token expired' });
    const past = await s.request('POST', '/api/users/tokens/', { user: alice.id, expires: '2001-01-01T00:00:00Z' });
    expect(past.body).toEqual({ expires: ['Expiration time must be in the future.'] });
  });

  it('honours allowed_ips (addresses and prefixes, v4 and v6)', async () => {
    const inside = (
      await s.request('POST', '/api/users/tokens/', { user: alice.id, allowed_ips: ['127.0.0.0/8', '2001:db8::/32'] })
    ).body;
    expect(inside.allowed_ips).toEqual(['127.0.0.0/8', '2001:db8::/32']);
    const outside = (
      await s.request('POST', '/api/users/tokens/', { user: alice.id, allowed_ips: ['10.0.0.0/8', '::1'] })
    ).body;
    expect((await s.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${inside.token}`))).status).toBe(200);
    const r = await s.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${outside.token}`));
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatch(/^Source IP 127\.0\.0\.1 is not permitted to authenticate using this token\.$/);
    expect(ipAllowed('2001:db8::7', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::7', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::1', ['::1/128'])).toBe(true);
    const bad = await s.request('POST', '/api/users/tokens/', { user: alice.id, allowed_ips: ['not-an-ip'] });
    expect(bad.status).toBe(400);
  });

  it('updates last_used at most once a minute', async () => {
    const t = (await s.request('POST', '/api/users/tokens/', { user: alice.id })).body;
    expect(t.last_used).toBeNull();
    const auth = as(`Bearer ${t.token}`);
    await s.request('GET', '/api/dcim/sites/', undefined, auth);
    await new Promise((r) => setTimeout(r, 200));
    const first = (await s.request('GET', `/api/users/tokens/${t.id}/`)).body.last_used;
    expect(first).not.toBeNull();
    await s.request('GET', '/api/dcim/sites/', undefined, auth);
    await new Promise((r) => setTimeout(r, 200));
    expect((await s.request('GET', `/api/users/tokens/${t.id}/`)).body.last_used).toBe(first);
    await s.sql.unsafe("UPDATE users_token SET last_used = now() - interval '2 minutes' WHERE id = $1", [t.id]);
    const moved = await s.sql.unsafe('SELECT last_used FROM users_token WHERE id = $1', [t.id]);
    // a use after the change is noticed writes last_used again
    await noticed('a new last_used', async () => {
      await s.request('GET', '/api/dcim/sites/', undefined, auth);
      await new Promise((r) => setTimeout(r, 50));
      return (
        (await s.sql.unsafe(`SELECT last_used FROM users_token WHERE id = $1`, [t.id]))[0]!.last_used !==
        moved[0]!.last_used
      );
    });
    expect((await s.request('GET', `/api/users/tokens/${t.id}/`)).body.last_used).not.toBe(first);
  });

  it('lets users manage their own tokens only, unless granted users.grant_token', async () => {
    const mine = await s.request(
      'POST',
      '/api/users/tokens/',
      { user: alice.id },
      as(`Bearer ${(await provision({ username: 'alice', password: 'alice-password-1' })).body.token}`),
    );
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.user.id).toBe(alice.id);
    const aliceAuth = as(`Bearer ${mine.body.token}`);
    const other = await s.request('POST', '/api/users/tokens/', { user: 1 }, aliceAuth);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: 'This user does not have permission to create tokens for other users.' });
    const list = await s.request('GET', '/api/users/tokens/', undefined, aliceAuth);
    expect(list.body.results.every((t: any) => t.user.id === alice.id)).toBe(true);
    expect((await s.request('GET', '/api/users/tokens/')).body.count).toBeGreaterThan(list.body.count);
  });
});

describe('peppers', () => {
  it('keeps old tokens working after a new pepper is added, and signs new tokens with the highest id', async () => {
    const old = (await s.request('POST', '/api/users/tokens/', { user: alice.id })).body;
    expect(old.token).toBeDefined();
    const rows = await s.sql.unsafe('SELECT pepper_id FROM users_token WHERE id = $1', [old.id]);
    expect(rows[0]!.pepper_id).toBe(1);
    const rotated = await startTestServer({ env: { API_TOKEN_PEPPERS: `1:${PEPPER_1},2:${PEPPER_2}` } });
    const dropped = await startTestServer({ env: { API_TOKEN_PEPPERS: `2:${PEPPER_2}` } });
    try {
      // a token made with pepper 1 works while pepper 1 is configured, and not once it is removed
      const t = (await rotated.request('POST', '/api/users/tokens/', { user: 1 })).body;
      expect((await rotated.sql.unsafe(`SELECT pepper_id FROM users_token WHERE id = $1`, [t.id]))[0]!.pepper_id).toBe(
        2,
      );
      await rotated.sql.unsafe(`UPDATE users_token SET pepper_id = 1, hmac_digest = $2 WHERE id = $1`, [
        t.id,
        (await import('../../runtime/auth/tokens.ts')).digest(PEPPER_1, t.token.split('.')[1]),
      ]);
      expect((await rotated.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${t.token}`))).status).toBe(200);
      const d = (await dropped.request('POST', '/api/users/tokens/', { user: 1 })).body;
      expect((await dropped.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${d.token}`))).status).toBe(200);
      await dropped.sql.unsafe('UPDATE users_token SET pepper_id = 1 WHERE id = $1', [d.id]);
      await noticed(
        'a token signed with a dropped pepper to be refused',
        async () =>
          (await dropped.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${d.token}`))).status === 403,
      );
    } finally {
      await rotated.stop();
      await dropped.stop();
    }
  });

  it('generates a pepper on a fresh install so v2 tokens work without configuration', async () => {
    const fresh = await startTestServer();
    try {
      const t = (await fresh.request('POST', '/api/users/tokens/', { user: 1 })).body;
      expect(t.token).toMatch(/^svt_/);
      expect((await fresh.request('GET', '/api/dcim/sites/', undefined, as(`Bearer ${t.token}`))).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});

describe('retrieval of v1 plaintext', () => {
  it('shows a v1 token after creation only with ALLOW_TOKEN_RETRIEVAL', async () => {
    const open = await startTestServer({ env: { ALLOW_TOKEN_RETRIEVAL: 'true' } });
    try {
      const v1 = (await open.request('POST', '/api/users/tokens/', { version: 1, user: 1 })).body;
      expect((await open.request('GET', `/api/users/tokens/${v1.id}/`)).body.token).toBe(v1.token);
      const v2 = (await open.request('POST', '/api/users/tokens/', { user: 1 })).body;
      expect((await open.request('GET', `/api/users/tokens/${v2.id}/`)).body.token).toBeNull();
    } finally {
      await open.stop();
    }
  });
});
