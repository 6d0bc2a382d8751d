/**
 * What an ordinary client must never be able to do: freeze the service. Concurrent writes on fresh
 * keep-alive connections while the token and permission caches are empty (right after start, and
 * again once their entries have aged out), a relation list of a million repeats, bodies sent one
 * byte a second, and a body that is not UTF-8. Each is tried against a real server.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';
import { trickleBody } from '../../scripts/soak/abuse.ts';

let s: TestServer;
let port: number;
beforeAll(async () => {
  // a small pool makes a wait on a second connection show at once
  s = await startTestServer({ env: { DB_POOL_SIZE: '4', REQUEST_TIMEOUT_MS: '20000' } });
  port = Number(new URL(s.url).port);
});
afterAll(async () => s?.stop());

interface Answer {
  status: number;
  body: string;
}

/** One request on an agent of its own (a client that opened a fresh keep-alive connection). */
function send(method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...headers,
          ...(data ? { 'Content-Type': 'application/json', 'Content-Length': String(data.length) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  }).finally(() => agent.destroy());
}

/** Fails (instead of hanging the suite) when the answers do not all come within `ms`. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const burst = (tag: string, n: number, headers: Record<string, string> = AUTH) =>
  within(
    15_000,
    `${n} concurrent writes`,
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        send('POST', '/api/tenancy/tenants/', { name: `${tag}-${i}`, slug: `${tag}-${i}` }, headers),
      ),
    ),
  );

describe('concurrent writes with empty caches', () => {
  it('answers 32 writes that arrive together right after start', async () => {
    const answers = await burst('first', 32);
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(201));
  });

  it('answers them again once the cached token and permissions have aged out', async () => {
    // what the cache's maximum age does after a minute: every entry is loaded again
    s.server.services.cache!.clear('auth');
    const answers = await burst('again', 32);
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(201));
    // and the service still answers afterwards
    expect((await within(5000, 'a later GET', send('GET', '/api/status/'))).status).toBe(200);
  });

  it("answers a user's writes whose object permissions are loaded during the write", async () => {
    const user = await send('POST', '/api/users/users/', { username: 'burst', password: 'burst-password-1' });
    const id = JSON.parse(user.body).id as number;
    await send('POST', '/api/users/permissions/', {
      name: 'burst tenants',
      object_types: ['tenancy.tenant'],
      actions: ['view', 'add'],
      users: [id],
      constraints: { name__startswith: 'user-' },
    });
    const token = JSON.parse((await send('POST', '/api/users/tokens/', { user: id, version: 1 })).body);
    s.server.services.cache!.clear('auth');
    const answers = await burst('user', 32, { Authorization: `Token ${token.token}` });
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(201));
  });
});

describe('relation lists', () => {
  it('refuses a million repeated tags at once while other requests go on', async () => {
    const tag = JSON.parse((await send('POST', '/api/extras/tags/', { name: 'many', slug: 'many' })).body);
    const body = `{"name":"tags","slug":"tags","tags":[${Array(1_000_000).fill(tag.id).join(',')}]}`;
    const started = Date.now();
    const big = fetch(`${s.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body,
    });
    // the event loop stays free: a status request answers quickly beside it
    const status = await within(2000, 'status beside the big write', send('GET', '/api/status/'));
    expect(status.status).toBe(200);
    const r = await big;
    const took = Date.now() - started;
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ tags: ['Ensure this field has no more than 10000 elements.'] });
    expect(took).toBeLessThan(1000);
  });

  it('stores a repeated tag once', async () => {
    const tag = JSON.parse((await send('POST', '/api/extras/tags/', { name: 'twice', slug: 'twice' })).body);
    const r = await s.request('POST', '/api/dcim/sites/', {
      name: 'repeats',
      slug: 'repeats',
      tags: [...Array(5000).fill(tag.id), { slug: 'twice' }],
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);
    const changed = await s.request('PATCH', `/api/dcim/sites/${r.body.id}/`, { add_tags: [tag.id, tag.id] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.tags).toHaveLength(1);
  });

  it('refuses an over-long many-to-many list with the field named', async () => {
    const r = await s.request('POST', '/api/users/groups/', {
      name: 'long',
      permissions: Array(10_001).fill(1),
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ permissions: ['Ensure this field has no more than 10000 elements.'] });
  });
});

describe('slow bodies', () => {
  it('serves a GET in under 100 ms while 20 writes send their bodies a byte a second', async () => {
    const slow = Array.from({ length: 20 }, (_, i) =>
      trickleBody(new URL('/api/dcim/sites/', s.url), TOKEN, JSON.stringify({ name: `slow-${i}`, slug: `slow-${i}` })),
    );
    try {
      await new Promise((r) => setTimeout(r, 1500));
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const r = await send('GET', '/api/dcim/sites/?limit=1');
        expect(r.status).toBe(200);
        expect(performance.now() - started).toBeLessThan(100);
      }
      // a write beside them gets a connection too
      const w = await within(
        2000,
        'a write beside the slow ones',
        send('POST', '/api/tenancy/tenants/', {
          name: 'beside',
          slug: 'beside',
        }),
      );
      expect(w.status).toBe(201);
    } finally {
      for (const stop of slow) stop();
    }
  });
});

describe('encoding', () => {
  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('","slug":"cafe"}')]);
    const r = await fetch(`${s.url}/api/dcim/sites/`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: bytes,
    });
    expect(r.status).toBe(400);
    expect((await r.json()).detail).toMatch(/UTF-8/);
    const list = await s.request('GET', '/api/dcim/sites/?slug=cafe');
    expect(list.body.count).toBe(0);
  });
});
