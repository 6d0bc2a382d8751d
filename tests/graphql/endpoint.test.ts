/**
 * /graphql/ as a client meets it: POST and GET `?query=`, object permissions as SQL constraints (a
 * constrained token sees only its rows, at every level; no view permission gives empty lists and
 * "does not exist", as NetBox's restricted querysets do), the branch headers, LOGIN_REQUIRED and
 * EXEMPT_VIEW_PERMISSIONS, an object it may not view reached from one it may (REST's nested form), and
 * GraphiQL for a browser. The limits are in limits.test.ts, abusive requests in abuse.test.ts.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, execute, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBranch, readyBranch } from '../helpers/branch.ts';
import { created, startTestServer, type Reply, type TestServer } from '../helpers/server.ts';
import { createDevices } from './data.ts';

let s: TestServer;
/** LOGIN_REQUIRED off, sites exempt from view permissions */
let open: TestServer;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

const schema = buildSchema(readFileSync('generated/graphql/schema.graphql', 'utf8'));

/**
 * The errors graphql-js finds in an answer's data as the schema types the query (a null where the schema
 * says never, say): the data is "executed" again, each field read from the answer by its response key.
 */
function schemaErrors(query: string, data: unknown): string[] {
  const result = execute({
    schema,
    document: parse(query),
    rootValue: data,
    fieldResolver: (source, _args, _context, info) => (source as Record<string, unknown>)[info.path.key],
  });
  return ('errors' in result ? (result.errors ?? []) : []).map((e) => e.message);
}

/** POSTs a query as `who` (the superuser unless named) and returns the reply. */
function gq(query: string, who?: string, headers: Record<string, string> = {}, server = s): Promise<Reply> {
  return server.request('POST', '/graphql/', { query }, { ...(who ? auth[who] : {}), ...headers });
}

async function user(name: string, permissions: { object_types: string[]; constraints?: unknown }[]): Promise<void> {
  const u = await created(s, '/api/users/users/', { username: name, password: `${name}-password-x` });
  for (const [i, p] of permissions.entries())
    await created(s, '/api/users/permissions/', { name: `${name}-${i}`, actions: ['view'], users: [u.id], ...p });
  auth[name] = { Authorization: `Bearer ${(await created(s, '/api/users/tokens/', { user: u.id })).token}` };
}

beforeAll(async () => {
  s = await startTestServer();
  open = await startTestServer({ env: { LOGIN_REQUIRED: 'false', EXEMPT_VIEW_PERMISSIONS: 'dcim.site' } });
  const site = await created(s, '/api/dcim/sites/', { name: 'st', slug: 'st' });
  const devices = await createDevices(s, site.id, ['core-1', 'core-2', 'edge-1']);
  ids.site = site.id;
  ids.core1 = devices[0].id;
  ids.edge1 = devices[2].id;
  await created(
    s,
    '/api/dcim/interfaces/',
    devices.flatMap((d: { id: number }) =>
      ['eth0', 'mgmt0'].map((name) => ({ device: d.id, name, type: '1000base-t' })),
    ),
  );
  // devices named core-*, and of their interfaces only eth*
  await user('constrained', [
    { object_types: ['dcim.device'], constraints: { name__startswith: 'core-' } },
    { object_types: ['dcim.interface'], constraints: { name__startswith: 'eth' } },
  ]);
  // sites only: no devices, no interfaces
  await user('sites', [{ object_types: ['dcim.site'] }]);
  // interfaces and addresses, not their devices
  await user('interfaces', [{ object_types: ['dcim.interface', 'ipam.ipaddress'] }]);
  const eth0 = (await s.request('GET', `/api/dcim/interfaces/?device_id=${ids.core1}&name=eth0`)).body.results[0];
  await created(s, '/api/ipam/ip-addresses/', {
    address: '10.9.0.1/24',
    assigned_object_type: 'dcim.interface',
    assigned_object_id: eth0.id,
  });
  await created(open, '/api/dcim/sites/', { name: 'open-site', slug: 'open-site' });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await open?.stop();
});

describe('requests', () => {
  it('answers a POST with data, and a GET ?query= (with variables) the same', async () => {
    const query = 'query Q($n: String!) { device_list(filters: {name: {exact: $n}}) { name site { slug } } }';
    const want = { data: { device_list: [{ name: 'core-1', site: { slug: 'st' } }] } };
    const post = await s.request('POST', '/graphql/', { query, variables: { n: 'core-1' } });
    expect(post.status).toBe(200);
    expect(post.headers.get('content-type')).toContain('application/json');
    expect(post.body).toEqual(want);
    const qs = new URLSearchParams({ query, variables: JSON.stringify({ n: 'core-1' }) });
    const get = await s.request('GET', `/graphql/?${qs}`);
    expect(get.status).toBe(200);
    expect(get.body).toEqual(want);
    // application/graphql: the body is the query
    const raw = await s.request('POST', '/graphql/', '{ site_list { name } }', {
      'Content-Type': 'application/graphql',
    });
    expect(raw.body).toEqual({ data: { site_list: [{ name: 'st' }] } });
  });

  it('answers a syntax error, an unknown field and a mutation as GraphQL errors (200, data null)', async () => {
    const bad = await gq('{ device_list { name ');
    expect(bad.status).toBe(200);
    expect(bad.body.data).toBeNull();
    expect(bad.body.errors[0].message).toMatch(/^Syntax Error/);
    expect(bad.body.errors[0].locations).toEqual([{ line: 1, column: 22 }]);
    const unknown = await gq('{ device_list { nonsense } }');
    expect(unknown.body.errors[0].message).toBe("Cannot query field 'nonsense' on type 'DeviceType'.");
    const mutation = await gq('mutation { device_list { name } }');
    expect(mutation.body.data).toBeNull();
    expect(mutation.body.errors).toHaveLength(1);
  });

  it('refuses a GET without a query from a client that is not a browser', async () => {
    const r = await s.request('GET', '/graphql/');
    expect(r.status).toBe(400);
  });
});

describe('permissions', () => {
  it('a constrained token sees only its rows, at every level', async () => {
    const r = await gq('{ device_list { name interfaces { name } } }', 'constrained');
    expect(r.body).toEqual({
      data: {
        device_list: [
          { name: 'core-1', interfaces: [{ name: 'eth0' }] },
          { name: 'core-2', interfaces: [{ name: 'eth0' }] },
        ],
      },
    });
    const count = await gq('{ device_list_page_metadata { count } }', 'constrained');
    expect(count.body).toEqual({ data: { device_list_page_metadata: { count: 2 } } });
    // a device's own interfaces are constrained the same way
    const one = await gq(`{ device(id: ${ids.core1}) { interfaces { name } } }`, 'constrained');
    expect(one.body).toEqual({ data: { device: { interfaces: [{ name: 'eth0' }] } } });
    // and a model it has no permission for does not exist
    const site = await gq(`{ site(id: ${ids.site}) { devices { name } } }`, 'constrained');
    expect(site.body.errors[0].message).toBe('Site matching query does not exist.');
  });

  it('an object outside the constraint does not exist for it, as in NetBox', async () => {
    const inside = await gq(`{ device(id: ${ids.core1}) { name } }`, 'constrained');
    expect(inside.body).toEqual({ data: { device: { name: 'core-1' } } });
    const outside = await gq(`{ device(id: ${ids.edge1}) { name } }`, 'constrained');
    expect(outside.body.data).toBeNull();
    expect(outside.body.errors).toEqual([
      { message: 'Device matching query does not exist.', locations: [{ line: 1, column: 3 }], path: ['device'] },
    ]);
    const superuser = await gq(`{ device(id: ${ids.edge1}) { name } }`);
    expect(superuser.body).toEqual({ data: { device: { name: 'edge-1' } } });
  });

  it('without view permission a list is empty and an object does not exist', async () => {
    const r = await gq(`{ site_list { name devices { name } } device_list { name } }`, 'sites');
    expect(r.body).toEqual({ data: { site_list: [{ name: 'st', devices: [] }], device_list: [] } });
    const one = await gq(`{ device(id: ${ids.core1}) { name } }`, 'sites');
    expect(one.body.data).toBeNull();
    expect(one.body.errors[0].message).toBe('Device matching query does not exist.');
  });

  it('an object it may not view, reached from one it may, is answered as REST shows it nested', async () => {
    const query =
      '{ interface_list(filters: {name: {exact: "eth0"}}) { name device { id name display description } } }';
    const r = await gq(query, 'interfaces');
    expect(r.body.errors).toBeUndefined();
    expect(schemaErrors(query, r.body.data)).toEqual([]);
    const rest = await s.request('GET', '/api/dcim/interfaces/?name=eth0', undefined, auth.interfaces);
    expect(rest.body.results).toHaveLength(3);
    expect(r.body.data.interface_list).toEqual(
      rest.body.results.map((i: { device: Record<string, unknown> }) => ({
        name: 'eth0',
        device: { id: String(i.device.id), name: i.device.name, display: i.device.display, description: '' },
      })),
    );
    // what the nested form does not show: null, [], and a non-null value the request fails on, saying why
    const listed = '{ interface_list { device { name asset_tag interfaces { name } } } }';
    const more = await gq(listed, 'interfaces');
    expect(more.body.data.interface_list[0].device).toEqual({ name: 'core-1', asset_tag: null, interfaces: [] });
    expect(schemaErrors(listed, more.body.data)).toEqual([]);
    const serial = await gq('{ interface_list { device { name serial } } }', 'interfaces');
    expect(serial.body).toEqual({
      data: null,
      errors: [
        {
          message:
            'A dcim.device the caller may not view is answered as REST shows it nested, with only id, display, ' +
            "name, description: 'serial' of DeviceType cannot be read here.",
        },
      ],
    });
    // a generic relation's object the same way
    const ip = await gq(
      '{ ip_address_list { address assigned_object { __typename ... on InterfaceType { name device { name } } } } }',
      'interfaces',
    );
    expect(ip.body.data.ip_address_list).toEqual([
      {
        address: '10.9.0.1/24',
        assigned_object: { __typename: 'InterfaceType', name: 'eth0', device: { name: 'core-1' } },
      },
    ]);
    // and a row outside the constraint (edge-1, of the devices named core-*)
    const constrained = await gq('{ interface_list { device { name } } }', 'constrained');
    expect(schemaErrors('{ interface_list { device { name } } }', constrained.body.data)).toEqual([]);
    expect(constrained.body.data.interface_list.map((i: { device: { name: string } }) => i.device.name)).toEqual([
      'core-1',
      'core-2',
      'edge-1',
    ]);
    const denied = await gq('{ interface_list { device { name serial } } }', 'constrained');
    expect(denied.body.errors[0].message).toMatch(/'serial' of DeviceType cannot be read here/);
  });

  it('an unknown token is refused as REST refuses it', async () => {
    const r = await gq('{ site_list { name } }', undefined, { Authorization: 'Bearer nbt_nope.nothing' });
    expect(r.status).toBe(403);
  });
});

describe('LOGIN_REQUIRED and EXEMPT_VIEW_PERMISSIONS', () => {
  it('while LOGIN_REQUIRED is on, an anonymous request is refused and a browser sent to the login', async () => {
    const r = await fetch(`${s.url}/graphql/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ site_list { name } }' }),
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const get = await fetch(`${s.url}/graphql/?query=${encodeURIComponent('{ site_list { name } }')}`);
    expect(get.status).toBe(403);
    const page = await fetch(`${s.url}/graphql/`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login/?next=/graphql/');
  });

  it('with LOGIN_REQUIRED off, an anonymous request sees the exempt models only', async () => {
    const r = await fetch(`${open.url}/graphql/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ site_list { name } device_list { name } }' }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ data: { site_list: [{ name: 'open-site' }], device_list: [] } });
  });
});

describe('branches', () => {
  it('X-Service-Branch and X-NetBox-Branch read the branch, no header reads main', async () => {
    const b = await readyBranch(s, 'gq-branch', true);
    const branch = inBranch(s, b.schema_id);
    await created(branch, '/api/dcim/sites/', { name: 'in-branch', slug: 'in-branch' });
    const query = '{ site_list { name } }';
    expect((await gq(query)).body.data.site_list).toEqual([{ name: 'st' }]);
    for (const header of ['X-Service-Branch', 'X-NetBox-Branch']) {
      const r = await gq(query, undefined, { [header]: b.schema_id });
      expect(r.body.data.site_list, header).toEqual([{ name: 'in-branch' }, { name: 'st' }]);
    }
    const unknown = await gq(query, undefined, { 'X-Service-Branch': 'no-such-branch' });
    expect(unknown.status).toBe(400);
  }, 120_000);
});

describe('GraphiQL', () => {
  it('a browser GET gets the IDE, its scripts served from this server', async () => {
    const r = await fetch(`${s.url}/graphql/`, { headers: { ...auth.sites, Accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    const html = await r.text();
    expect(html).toContain('<title>GraphiQL</title>');
    const scripts = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    for (const src of scripts) {
      expect(src, 'nothing from the network').toMatch(/^\/static\/graphiql\//);
      const asset = await fetch(`${s.url}${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(100);
    }
  });
});
