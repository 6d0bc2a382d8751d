/** HTTP conventions every client relies on: headers, redirects, errors, paging limits, auth. */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const sites = Array.from({ length: 60 }, (_, i) => ({
    name: `site-${String(i).padStart(2, '0')}`,
    slug: `site-${i}`,
  }));
  const r = await server.request('POST', '/api/dcim/sites/', sites);
  if (r.status !== 201) throw new Error(r.text);
});
afterAll(async () => server?.stop());

const anon = { Authorization: '' };

describe('headers and formats', () => {
  it('sends API-Version and a fresh X-Request-ID on every response, errors included', async () => {
    const a = await server.request('GET', '/api/dcim/sites/');
    const b = await server.request('GET', '/api/nope/');
    for (const r of [a, b]) {
      expect(r.headers.get('api-version')).toBe('4.6');
      expect(r.headers.get('x-request-id')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    expect(a.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(a.headers.get('vary')).toBe('Accept');
    expect(a.headers.get('content-type')).toBe('application/json');
  });

  it('indents JSON on Accept: application/json; indent=4', async () => {
    const r = await server.request('GET', '/api/dcim/sites/?limit=1', undefined, {
      Accept: 'application/json; indent=4',
    });
    expect(r.text.startsWith('{\n    "count"')).toBe(true);
    const compact = await server.request('GET', '/api/dcim/sites/?limit=1');
    expect(compact.text.startsWith('{"count"')).toBe(true);
  });

  it('redirects a path without its trailing slash (302), keeping the query', async () => {
    const r = await server.request('GET', '/api/dcim/sites?limit=3');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/api/dcim/sites/?limit=3');
    const status = await server.request('GET', '/api/status');
    expect(status.status).toBe(302);
    expect(status.headers.get('location')).toBe('/api/status/');
  });

  it('answers unknown paths with 404 JSON and unmapped methods with 405 JSON', async () => {
    const r = await server.request('GET', '/api/dcim/nothing-here/');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not found.' });
    const m = await server.request('POST', '/api/dcim/sites/1/', {});
    expect(m.status).toBe(405);
    expect(m.body).toEqual({ detail: 'Method "POST" not allowed.' });
    const bad = await server.request('GET', '/api/dcim/sites/abc/');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ detail: 'Not found.' });
  });
});

describe('root and status', () => {
  it('lists the applications at /api/ without credentials', async () => {
    const r = await server.request('GET', '/api/', undefined, anon);
    expect(r.status).toBe(200);
    expect(r.body.dcim).toBe(`${server.url}/api/dcim/`);
    expect(r.body.status).toBe(`${server.url}/api/status/`);
    expect(Object.keys(r.body)).toEqual([...Object.keys(r.body)].sort());
  });

  it("lists an application's endpoints and reports versions at /api/status/", async () => {
    const app = await server.request('GET', '/api/dcim/');
    expect(app.body.sites).toBe(`${server.url}/api/dcim/sites/`);
    const status = await server.request('GET', '/api/status/');
    expect(status.status).toBe(200);
    expect(status.body['netbox-version']).toMatch(/^4\.6\.\d+$/);
    expect((await server.request('GET', '/api/status/', undefined, anon)).status).toBe(403);
  });
});

describe('pagination limits', () => {
  it('pages 50 by default, caps limit at MAX_PAGE_SIZE, and treats limit=0 as the maximum', async () => {
    const d = await server.request('GET', '/api/dcim/sites/');
    expect(d.body.results).toHaveLength(50);
    expect(d.body.next).toBe(`${server.url}/api/dcim/sites/?limit=50&offset=50`);
    const zero = await server.request('GET', '/api/dcim/sites/?limit=0');
    expect(zero.body.results).toHaveLength(60);
    expect(zero.body.next).toBeNull();
    const past = await server.request('GET', '/api/dcim/sites/?offset=1000');
    expect(past.body.results).toEqual([]);
    expect(past.body.count).toBe(60);
  });

  it('keeps other parameters in next links, sorted, and drops offset on the first page', async () => {
    const r = await server.request('GET', '/api/dcim/sites/?status=active&limit=10&offset=20');
    expect(r.body.next).toBe(`${server.url}/api/dcim/sites/?limit=10&offset=30&status=active`);
    expect(r.body.previous).toBe(`${server.url}/api/dcim/sites/?limit=10&offset=10&status=active`);
    const p = await server.request('GET', '/api/dcim/sites/?limit=10&offset=10');
    expect(p.body.previous).toBe(`${server.url}/api/dcim/sites/?limit=10`);
  });

  it('rejects malformed limit and offset with 400 naming the parameter', async () => {
    const r = await server.request('GET', '/api/dcim/sites/?limit=-1');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['limit']);
    const o = await server.request('GET', '/api/dcim/sites/?offset=abc');
    expect(o.status).toBe(400);
    expect(Object.keys(o.body)).toEqual(['offset']);
  });
});

describe('page size settings', () => {
  it('returns everything for limit=0 when MAX_PAGE_SIZE is 0', async () => {
    const other = await startTestServer({ env: { MAX_PAGE_SIZE: '0', PAGINATE_COUNT: '5' } });
    try {
      await other.request(
        'POST',
        '/api/dcim/sites/',
        Array.from({ length: 8 }, (_, i) => ({ name: `s${i}`, slug: `s${i}` })),
      );
      const d = await other.request('GET', '/api/dcim/sites/');
      expect(d.body.results).toHaveLength(5);
      const all = await other.request('GET', '/api/dcim/sites/?limit=0');
      expect(all.body.results).toHaveLength(8);
      expect(all.body.next).toBeNull();
    } finally {
      await other.stop();
    }
  });
});

describe('validation and authentication', () => {
  it('answers bad input with 400 and a field → messages object', async () => {
    const r = await server.request('POST', '/api/dcim/sites/', { name: 'x'.repeat(101), status: 'bogus' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
      status: ['bogus is not a valid choice.'],
      slug: ['This field is required.'],
    });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const r = await server.request('POST', '/api/dcim/sites/', '{"name": ');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/^JSON parse error - /);
  });

  it('reports a duplicate as 400 naming the field, not a database error', async () => {
    const r = await server.request('POST', '/api/dcim/sites/', { name: 'site-00', slug: 'unique-slug' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ name: ['site with this name already exists.'] });
  });

  it('refuses writes without a token with 403 and the exact detail', async () => {
    for (const [method, path] of [
      ['POST', '/api/dcim/sites/'],
      ['PATCH', '/api/dcim/sites/1/'],
      ['DELETE', '/api/dcim/sites/1/'],
    ] as const) {
      const r = await server.request(method, path, method === 'DELETE' ? undefined : {}, anon);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    const read = await server.request('GET', '/api/dcim/sites/', undefined, anon);
    expect(read.status).toBe(403);
  });

  it('refuses an unknown token with 403', async () => {
    const r = await server.request('GET', '/api/dcim/sites/', undefined, {
      Authorization: 'Token ffffffffffffffffffffffffffffffffffffffff',
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: 'Invalid token' });
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Sends raw bytes and returns the whole answer. */
  function raw(text: string): Promise<string> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
      let out = '';
      socket.on('data', (d) => {
        out += String(d);
      });
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
  }

  it('answers a URL too large for the headers limit with 431 JSON', async () => {
    const r = await fetch(`${server.url}/api/dcim/sites/?name=${'x'.repeat(20_000)}`, {
      headers: { Authorization: 'Token 0123456789abcdef0123456789abcdef01234567' },
    });
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect((await r.json()).detail).toMatch(/too large/);
  });

  it('answers a malformed request line with 400 JSON', async () => {
    const text = await raw('GET /api/ HTTP/9.9 nonsense\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/Content-Type: application\/json/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).detail).toMatch(/^Malformed HTTP request/);
  });
});

describe('keep-alive connections', () => {
  /** Sends `GET /api/` on a socket and resolves with the answer's head once its body has arrived. */
  function ask(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      if (!socket.writable) return reject(new Error('the server closed the idle connection'));
      let out = '';
      const onData = (d: Buffer): void => {
        out += String(d);
        const head = out.slice(0, out.indexOf('\r\n\r\n'));
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
        if (out.length >= head.length + 4 + length) {
          socket.off('data', onData);
          resolve(head);
        }
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.once('close', () => reject(new Error(`closed after: ${out.slice(0, 80)}`)));
      socket.write('GET /api/ HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n');
    });
  }

  it('keeps an idle connection open longer than Node’s 5 s and says so in Keep-Alive', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      const first = await ask(socket);
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toMatch(/Keep-Alive: timeout=75/i);
      // idle past Node's default keep-alive timeout: the same socket still answers
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  }, 20_000);
});
