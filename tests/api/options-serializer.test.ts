/**
 * OPTIONS where NetBox's serializer departs from its model, and what writes take there: the image upload
 * type, data files (contexts and templates, not export templates), the timestamps a serializer leaves
 * out, the forms of legacy nested serializers, an ASN's sites written from the other side, and fields
 * only the serializer has. The general shape of OPTIONS is options.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const readOnly = { required: false, read_only: true };

describe('OPTIONS', () => {
  it('names the upload field type for images, with the column length', async () => {
    const r = await s.request('OPTIONS', '/api/extras/image-attachments/');
    expect(r.body.actions.POST.image).toEqual({
      type: 'image upload',
      required: true,
      read_only: false,
      label: 'Image',
      max_length: 100,
    });
    expect(r.body.actions.POST.image_height).toEqual({ type: 'integer', ...readOnly, label: 'Image height' });
  });

  it("takes a data file where NetBox's serializer does: contexts and templates, not export templates", async () => {
    const context = (await s.request('OPTIONS', '/api/extras/config-contexts/')).body.actions.POST;
    expect(context.data_file).toMatchObject({ type: 'nested object', required: false, read_only: false });
    const exports = (await s.request('OPTIONS', '/api/extras/export-templates/')).body.actions.POST;
    expect(exports.data_file).toMatchObject({ type: 'nested object', ...readOnly });
    // no data source is ever synced here: a data file named is one that does not exist
    const r = await s.request('POST', '/api/extras/config-contexts/', { name: 'df', data: {}, data_file: 999999 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['data_file']);
  });

  it("leaves out the timestamps NetBox's serializer leaves out, and filters on them all the same", async () => {
    const fields = (await s.request('OPTIONS', '/api/ipam/vlan-translation-rules/')).body.actions.POST;
    expect(Object.keys(fields)).toEqual(['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description']);
    const policy = (await s.request('POST', '/api/ipam/vlan-translation-policies/', { name: 'unlisted' })).body;
    expect(policy).not.toHaveProperty('created');
    const rule = await s.request('POST', '/api/ipam/vlan-translation-rules/', {
      policy: policy.id,
      local_vid: 10,
      remote_vid: 20,
    });
    expect(rule.status).toBe(201);
    expect(rule.body).not.toHaveProperty('last_updated');
    const since = await s.request('GET', '/api/ipam/vlan-translation-rules/?created__gte=2000-01-01T00:00:00Z');
    expect(since.body.results.map((x: { id: number }) => x.id)).toEqual([rule.body.id]);
  });

  it("describes the forms NetBox's legacy nested serializers give their fields", async () => {
    const post = (await s.request('OPTIONS', '/api/dcim/interfaces/')).body.actions.POST;
    const device = { type: 'nested object', ...readOnly, label: 'Device' };
    expect(post.parent.children.device).toMatchObject(device);
    expect(Object.keys(post.parent.children.device.children)).toEqual(['id', 'url', 'display_url', 'display', 'name']);
    expect(post.parent.children.cable).toEqual({ type: 'field', required: false, read_only: false, label: 'Cable' });
    expect(post.parent.children._occupied).toEqual({ type: 'boolean', ...readOnly, label: ' occupied' });
    expect(post.bridge_interfaces.child.children).toEqual(post.lag.children);
    // the interface's own fields keep theirs
    expect(post.device).toMatchObject({ type: 'nested object', required: true, read_only: false });
    expect(post.cable).toMatchObject({ type: 'nested object', ...readOnly });
    const address = (await s.request('OPTIONS', '/api/ipam/ip-addresses/')).body.actions.POST;
    expect(address.nat_inside.children.family).toEqual({ type: 'integer', ...readOnly, label: 'Family' });
    expect(address.family).toEqual({ type: 'field', ...readOnly, label: 'Family' });
  });

  it("takes an ASN's sites as NetBox's serializer does: the sites' ASNs, written from the other side", async () => {
    const sites = (await s.request('OPTIONS', '/api/ipam/asns/')).body.actions.POST.sites;
    expect(sites).toEqual({ type: 'field', required: false, read_only: false, label: 'Sites' });
    const rir = (await s.request('POST', '/api/ipam/rirs/', { name: 'asn-rir', slug: 'asn-rir' })).body;
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'asn-site', slug: 'asn-site' })).body;
    const asn = await s.request('POST', '/api/ipam/asns/', { asn: 64512, rir: rir.id, sites: [site.id] });
    expect(asn.status).toBe(201);
    expect(asn.body.sites).toEqual([expect.objectContaining({ id: site.id, name: 'asn-site' })]);
    expect(asn.body.site_count).toBe(1);
    const back = (await s.request('GET', `/api/dcim/sites/${site.id}/`)).body;
    expect(back.asns).toEqual([expect.objectContaining({ id: asn.body.id })]);
    // NetBox's change data has a model's own many-to-many fields only
    const change = (await s.request('GET', `/api/core/object-changes/?changed_object_id=${asn.body.id}`)).body;
    const record = change.results.find((c: { changed_object_type: string }) => c.changed_object_type === 'ipam.asn');
    expect(record.postchange_data).not.toHaveProperty('sites');
    await s.request('PATCH', `/api/ipam/asns/${asn.body.id}/`, { sites: [] });
    expect((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.asns).toEqual([]);
  });

  it("lists a field only NetBox's serializer has, and takes what NetBox takes though nothing comes of it", async () => {
    const circuit = (await s.request('OPTIONS', '/api/circuits/circuits/')).body.actions.POST;
    expect(Object.keys(circuit).slice(-1)).toEqual(['assignments']);
    expect(circuit.assignments).toMatchObject({ type: 'field', required: false, read_only: false });
    expect(circuit.assignments.child.children.group).toMatchObject({ type: 'nested object', required: true });
    expect(circuit.assignments.child.children.priority.choices).toContainEqual({
      value: 'primary',
      display_name: 'Primary',
    });
    const bay = (await s.request('OPTIONS', '/api/dcim/module-bays/')).body.actions.POST;
    expect(bay.installed_module).toMatchObject({ type: 'nested object', required: false, read_only: false });
    // never shown, and ignored as an unknown key when written
    const provider = (await s.request('POST', '/api/circuits/providers/', { name: 'sa', slug: 'sa' })).body;
    const type = (await s.request('POST', '/api/circuits/circuit-types/', { name: 'sa', slug: 'sa' })).body;
    const r = await s.request('POST', '/api/circuits/circuits/', {
      cid: 'sa',
      provider: provider.id,
      type: type.id,
      assignments: [],
    });
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('assignments');
    expect(r.headers.get('x-ignored-fields')).toBe('assignments');
  });
});
