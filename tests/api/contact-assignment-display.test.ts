/**
 * A contact assignment shows as NetBox's `str()` of it: `<contact> -> <the assigned object>`, with the
 * priority's label in parentheses when it has one (`Dwight Schrute (Primary) -> DM-Scranton`), the
 * object shown by its own display. The same text everywhere: REST detail, list, brief and nested, GraphQL,
 * the change log's object_repr, and with JSON_IN_DATABASE off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

const PATH = '/api/tenancy/contact-assignments/';
const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe.each([
  ['JSON written by PostgreSQL', {}],
  ['JSON written by the server', { JSON_IN_DATABASE: 'false' }],
])('%s', (_name, env) => {
  let s: TestServer;
  let plain: any;
  let primary: any;
  let tenant: any;

  beforeAll(async () => {
    s = await startTestServer({ env });
    servers.push(s);
    const post = (path: string, body: unknown) => created(s, path, body);
    tenant = await post('/api/tenancy/tenants/', { name: 'Tenant With Contact', slug: 'tenant-with-contact' });
    const site = await post('/api/dcim/sites/', { name: 'DM-Scranton', slug: 'dm-scranton' });
    const role = await post('/api/tenancy/contact-roles/', { name: 'Manager', slug: 'manager' });
    const contact = await post('/api/tenancy/contacts/', { name: 'Contact For Assignment' });
    const dwight = await post('/api/tenancy/contacts/', { name: 'Dwight Schrute' });
    plain = await post(PATH, {
      object_type: 'tenancy.tenant',
      object_id: tenant.id,
      contact: contact.id,
      role: role.id,
    });
    primary = await post(PATH, {
      object_type: 'dcim.site',
      object_id: site.id,
      contact: dwight.id,
      role: role.id,
      priority: 'primary',
    });
  });

  it('reads as contact -> object, with the priority when there is one, in detail, list and brief', async () => {
    expect(plain.display).toBe('Contact For Assignment -> Tenant With Contact');
    expect(primary.display).toBe('Dwight Schrute (Primary) -> DM-Scranton');
    const want = { [plain.id]: plain.display, [primary.id]: primary.display };
    for (const query of ['', '?brief=true', '?fields=id,display']) {
      const list = await s.request('GET', `${PATH}${query}`);
      expect(Object.fromEntries(list.body.results.map((o: any) => [o.id, o.display]))).toEqual(want);
    }
    expect((await s.request('GET', `${PATH}${primary.id}/`)).body.display).toBe(primary.display);
  });

  it('is the display of GraphQL, alone and nested in its contact', async () => {
    const r = await s.request('POST', '/graphql/', {
      query: `{ contact_assignment_list { id display contact { assignments { display } } } }`,
    });
    expect(r.body.errors).toBeUndefined();
    const byId = Object.fromEntries(r.body.data.contact_assignment_list.map((o: any) => [o.id, o]));
    expect(byId[plain.id].display).toBe('Contact For Assignment -> Tenant With Contact');
    expect(byId[primary.id].contact.assignments).toEqual([{ display: 'Dwight Schrute (Primary) -> DM-Scranton' }]);
  });

  it('is the change log object_repr and the changed object display, and follows the object it names', async () => {
    await s.request('PATCH', `/api/tenancy/tenants/${tenant.id}/`, { name: 'Renamed Tenant' });
    const patched = await s.request('PATCH', `${PATH}${plain.id}/`, { priority: 'secondary' });
    expect(patched.body.display).toBe('Contact For Assignment (Secondary) -> Renamed Tenant');
    const log = await s.request(
      'GET',
      `/api/core/object-changes/?changed_object_type=tenancy.contactassignment&changed_object_id=${plain.id}`,
    );
    const byAction = Object.fromEntries(log.body.results.map((c: any) => [c.action.value, c]));
    expect(byAction.create.object_repr).toBe('Contact For Assignment -> Tenant With Contact');
    expect(byAction.update.object_repr).toBe(patched.body.display);
    expect(byAction.update.changed_object.display).toBe(patched.body.display);
    expect((await s.request('DELETE', `${PATH}${primary.id}/`)).status).toBe(204);
    const gone = await s.request(
      'GET',
      `/api/core/object-changes/?changed_object_type=tenancy.contactassignment&action=delete`,
    );
    expect(gone.body.results.map((c: any) => c.object_repr)).toEqual([primary.display]);
  });
});
