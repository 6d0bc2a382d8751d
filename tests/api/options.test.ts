/**
 * OPTIONS on list and detail endpoints, in NetBox's shape: name, description, renders, parses,
 * and — only for a user who may create (list) or change (detail) — the writable fields with their
 * type, required, read_only, label, help_text and choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let viewer: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer();
  const u = (await s.request('POST', '/api/users/users/', { username: 'looker', password: 'looker-password-x' })).body;
  await s.request('POST', '/api/users/permissions/', {
    name: 'look',
    object_types: ['dcim.site'],
    actions: ['view'],
    users: [u.id],
  });
  const t = (await s.request('POST', '/api/users/tokens/', { user: u.id })).body;
  viewer = { Authorization: `Bearer ${t.token}` };
});
afterAll(async () => s?.stop());

describe('OPTIONS', () => {
  it('describes a list endpoint and, for who may create, every writable field', async () => {
    const r = await s.request('OPTIONS', '/api/dcim/sites/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Site List',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'multipart/form-data'],
    });
    expect(r.body.description).toBeTypeOf('string');
    const post = r.body.actions.POST;
    expect(post.name).toMatchObject({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Name',
      max_length: 100,
    });
    expect(post.id).toMatchObject({ type: 'integer', required: false, read_only: true, label: 'ID' });
    // NetBox's ChoiceField is a plain DRF Field
    expect(post.status).toMatchObject({ type: 'field', required: false, read_only: false });
    expect(post.status.choices).toContainEqual({ value: 'active', display_name: 'Active' });
    expect(post.tenant).toMatchObject({ type: 'field', read_only: false });
    expect(r.headers.get('allow')).toContain('POST');
  });

  it('describes a detail endpoint with the fields a change may set', async () => {
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'opt', slug: 'opt' })).body;
    const r = await s.request('OPTIONS', `/api/dcim/sites/${site.id}/`);
    expect(r.body.name).toBe('Site Instance');
    expect(r.body.actions.PUT.slug).toMatchObject({ type: 'slug', required: true });
  });

  it('gives a user who may only view no actions, and anonymous callers a 403', async () => {
    const r = await s.request('OPTIONS', '/api/dcim/sites/', undefined, viewer);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Site List');
    expect(r.body.actions).toBeUndefined();
    const anonymous = await fetch(`${s.url}/api/dcim/sites/`, { method: 'OPTIONS' });
    expect(anonymous.status).toBe(403);
  });

  it('names the upload field type for images, and help text where the catalogue has it', async () => {
    const r = await s.request('OPTIONS', '/api/extras/image-attachments/');
    expect(r.body.actions.POST.image).toMatchObject({
      type: 'image upload',
      required: true,
      help_text: expect.stringContaining('multipart'),
    });
    expect(r.body.actions.POST.object_type.choices).toContainEqual({ value: 'dcim.site', display_name: 'dcim.site' });
  });
});
