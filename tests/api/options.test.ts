/**
 * OPTIONS on list and detail endpoints, in NetBox's (DRF's) shape: name, description, renders, parses,
 * and — only for a user who may create (list) or change (detail) — every field as NetBox's serializer
 * describes it: DRF's type, required, read_only, label (a declared field's from its name, a column's
 * from its verbose name), help text, bounds, choices, and nested objects' and lists' fields. Where a
 * serializer departs from its model (uploads, data files, left-out timestamps, legacy nested forms,
 * fields of the serializer alone) is options-serializer.test.ts.
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

const readOnly = { required: false, read_only: true };

describe('OPTIONS', () => {
  it('describes a list endpoint and, for who may create, every field', async () => {
    const r = await s.request('OPTIONS', '/api/dcim/sites/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Site List',
      description: '',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'multipart/form-data'],
    });
    const post = r.body.actions.POST;
    expect(post.name).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Name',
      help_text: 'Full name of the site',
      max_length: 100,
    });
    expect(post.id).toEqual({ type: 'integer', ...readOnly, label: 'ID' });
    expect(post.url).toEqual({ type: 'field', ...readOnly, label: 'Url' });
    expect(post.display_url).toEqual({ type: 'field', ...readOnly, label: 'Display url' });
    expect(post.display).toEqual({ type: 'field', ...readOnly, label: 'Display' });
    // NetBox's ChoiceField is a plain DRF Field
    expect(post.status).toMatchObject({ type: 'field', required: false, read_only: false, label: 'Status' });
    expect(post.status.choices).toContainEqual({ value: 'active', display_name: 'Active' });
    expect(post.latitude).toEqual({
      type: 'decimal',
      required: false,
      read_only: false,
      label: 'Latitude',
      help_text: 'GPS coordinate in decimal format (xx.yyyyyy)',
      min_value: -90,
      max_value: 90,
      max_digits: 8,
      decimal_places: 6,
    });
    expect(post.created).toEqual({ type: 'datetime', ...readOnly, label: 'Created' });
    expect(post.device_count).toEqual({ type: 'field', ...readOnly, label: 'Device count' });
    expect(post.asns).toEqual({ type: 'field', required: false, read_only: false, label: 'Asns' });
    expect(r.headers.get('allow')).toContain('POST');
  });

  it('describes a related object by its nested fields, and tags as a list of nested tags', async () => {
    const post = (await s.request('OPTIONS', '/api/dcim/sites/')).body.actions.POST;
    expect(post.tenant).toMatchObject({ type: 'nested object', required: false, read_only: false, label: 'Tenant' });
    expect(post.tenant.children.id).toEqual({ type: 'integer', ...readOnly, label: 'ID' });
    expect(post.tenant.children.name).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Name',
      max_length: 100,
    });
    expect(post.tags).toMatchObject({ type: 'field', required: false, read_only: false, label: 'Tags' });
    expect(post.tags.child).toMatchObject({ type: 'nested object', required: false, read_only: false });
    expect(Object.keys(post.tags.child.children)).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'name',
      'slug',
      'color',
    ]);
    // NetBox's tag model declares its id without a verbose name
    expect(post.tags.child.children.id.label).toBe('Id');
  });

  it("labels a declared field from its name and a column from the model's verbose name", async () => {
    const device = (await s.request('OPTIONS', '/api/dcim/devices/')).body.actions.POST;
    expect(device.primary_ip4.label).toBe('Primary ip4');
    expect(device.vc_priority.label).toBe('VC priority');
    expect(device.position.label).toBe('Position (U)');
    expect(device.console_port_count.type).toBe('integer');
    const iface = await s.request('OPTIONS', '/api/dcim/interfaces/');
    expect(iface.body.actions.POST.speed).toMatchObject({ type: 'integer', label: 'Speed (Kbps)', min_value: 0 });
    // a bigint column's bound, written exactly
    expect(iface.text).toContain('"max_value":9223372036854775807');
    const region = (await s.request('OPTIONS', '/api/dcim/regions/')).body.actions.POST;
    expect(region._depth).toEqual({ type: 'integer', ...readOnly, label: ' depth' });
    expect(region.site_count.type).toBe('integer');
    // NetBox's nested region has the count, though a read leaves it out there
    expect(Object.keys(region.parent.children)).toContain('site_count');
  });

  it('lists generic relations, their type and id columns, and no older names', async () => {
    const post = (await s.request('OPTIONS', '/api/ipam/ip-addresses/')).body.actions.POST;
    expect(post.assigned_object).toEqual({ type: 'field', ...readOnly, label: 'Assigned object' });
    expect(post.assigned_object_type).toEqual({
      type: 'field',
      required: false,
      read_only: false,
      label: 'Assigned object type',
    });
    expect(post.assigned_object_id).toMatchObject({ type: 'integer', label: 'Assigned object id', min_value: 0 });
    const member = (await s.request('OPTIONS', '/api/circuits/circuit-group-assignments/')).body.actions.POST;
    expect(member.member_id.label).toBe('Member ID');
    const vlanGroup = (await s.request('OPTIONS', '/api/ipam/vlan-groups/')).body.actions.POST;
    expect(vlanGroup.scope).toEqual({ type: 'field', ...readOnly, label: 'Scope' });
    for (const label of Object.values(vlanGroup).map((f: any) => f.label)) expect(label).not.toMatch(/older name/);
  });

  it('describes list fields by their item, and plain model choices as DRF choice fields', async () => {
    const ports = (await s.request('OPTIONS', '/api/ipam/services/')).body.actions.POST.ports;
    expect(ports).toEqual({
      type: 'list',
      required: true,
      read_only: false,
      label: 'Port numbers',
      child: { type: 'integer', required: true, read_only: false, label: 'Ports', min_value: 1, max_value: 65535 },
    });
    const cable = (await s.request('OPTIONS', '/api/dcim/cables/')).body.actions.POST;
    expect(cable.type).toMatchObject({ type: 'choice', label: 'Type' });
    expect(cable.type.choices).toContainEqual({ value: 'cat6', display_name: 'CAT6' });
    const rule = (await s.request('OPTIONS', '/api/extras/event-rules/')).body.actions.POST;
    expect(rule.event_types.child).toMatchObject({ type: 'choice', label: 'Event types' });
    expect(rule.event_types.child.choices).toContainEqual({ value: 'object_created', display_name: 'Object created' });
  });

  it("describes a read-only model's fields as read-only, and a list item's choices named by their set", async () => {
    const context = (await s.request('OPTIONS', '/api/extras/config-contexts/')).body.actions.POST;
    expect(context.data_file.children.path).toEqual({
      type: 'string',
      ...readOnly,
      label: 'Path',
      help_text: "File path relative to the data source's root",
    });
    // the data file's path is copied from it: read-only, so no length either
    expect(context.data_path).toEqual({
      type: 'string',
      ...readOnly,
      label: 'Data path',
      help_text: 'Path to remote file (relative to data source root)',
    });
    const sets = (await s.request('OPTIONS', '/api/extras/custom-field-choice-sets/')).body.actions.POST;
    expect(sets.choice_colors).toMatchObject({ type: 'nested object', label: 'Choice colors' });
    expect(sets.choice_colors.child.choices).toContainEqual({ value: 'teal', display_name: 'Teal' });
  });

  it('lists object types as choices where NetBox does: all of them, or those with a feature', async () => {
    const post = (await s.request('OPTIONS', '/api/extras/journal-entries/')).body.actions.POST;
    const choices = post.assigned_object_type.choices;
    expect(choices).toContainEqual({ value: 'dcim.site', display_name: 'DCIM > Site' });
    // NetBox's own object types are listed too, as /api/core/object-types/ lists them
    expect(choices).toContainEqual({ value: 'account.usertoken', display_name: 'Account > Token' });
    const names = choices.map((c: any) => c.display_name);
    expect(names).toEqual([...names].sort());
    const bookmark = (await s.request('OPTIONS', '/api/extras/bookmarks/')).body.actions.POST.object_type.choices;
    expect(bookmark).toContainEqual({ value: 'dcim.site', display_name: 'DCIM > Site' });
    expect(bookmark.map((c: any) => c.value)).not.toContain('extras.tag');
    expect(bookmark.length).toBeLessThan(choices.length);
    const ip = (await s.request('OPTIONS', '/api/ipam/ip-addresses/')).body.actions.POST;
    expect(ip.assigned_object_type.choices).toBeUndefined();
  });

  it("names the view as NetBox does, with its viewset's description", async () => {
    expect((await s.request('OPTIONS', '/api/ipam/services/')).body.name).toBe('Application Service List');
    expect((await s.request('OPTIONS', '/api/core/object-changes/')).body).toMatchObject({
      name: 'Object Change List',
      description: 'Retrieve a list of recent changes.',
    });
  });

  it('describes a detail endpoint with the fields a change may set, and ?brief changes nothing', async () => {
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'opt', slug: 'opt' })).body;
    const r = await s.request('OPTIONS', `/api/dcim/sites/${site.id}/`);
    expect(r.body.name).toBe('Site Instance');
    expect(r.body.actions.POST).toBeUndefined();
    expect(r.body.actions.PUT.slug).toMatchObject({ type: 'slug', required: true });
    const brief = await s.request('OPTIONS', `/api/dcim/sites/${site.id}/?brief=true`);
    expect(brief.body).toEqual(r.body);
    const read = (await s.request('GET', `/api/dcim/sites/${site.id}/?brief=true`)).body;
    expect(read).toMatchObject({ id: site.id, name: 'opt', slug: 'opt' });
    expect(read.status).toBeUndefined();
  });

  it('gives a user who may only view no actions, and anonymous callers a 403', async () => {
    const r = await s.request('OPTIONS', '/api/dcim/sites/', undefined, viewer);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Site List');
    expect(r.body.actions).toBeUndefined();
    const anonymous = await fetch(`${s.url}/api/dcim/sites/`, { method: 'OPTIONS' });
    expect(anonymous.status).toBe(403);
  });
});
