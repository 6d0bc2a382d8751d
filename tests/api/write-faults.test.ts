/**
 * A write with several faults names them all in one answer, in NetBox's two stages: every field first
 * (values, minimums, related objects, unique fields, tags, custom field names), then — only for an
 * object whose fields are all valid — the model's checks (rules, constraints over several fields, custom
 * field values), again all together. Nothing of a refused write is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { Factory } from '../helpers/factory.ts';
import { png } from '../helpers/images.ts';
import { AUTH, created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let factory: Factory;
let rir: any;
let site: any;
let n = 0;

const post = (path: string, body: unknown) => created(s, path, body);
const count = async (path: string) => (await s.request('GET', `${path}?limit=1`)).body.count as number;
const changes = () => count('/api/core/object-changes/');
const missing = (id: number) => [`Related object not found using the provided numeric ID: ${id}`];
const device = () => factory.create(factory.model('dcim.device'), { name: `faults-${++n}`, site: site.id });

beforeAll(async () => {
  s = await startTestServer();
  factory = new Factory(s, catalogue);
  rir = await post('/api/ipam/rirs/', { name: 'Faults RIR', slug: 'faults-rir' });
  await post('/api/ipam/asn-ranges/', { name: 'Taken', slug: 'taken', rir: rir.id, start: 100, end: 200 });
  await post('/api/virtualization/virtual-machine-types/', { name: 'Small', slug: 'small' });
  site = await post('/api/dcim/sites/', { name: 'Faults', slug: 'faults' });
  await post('/api/extras/custom-fields/', { name: 'floor', type: 'integer', object_types: ['dcim.device'] });
  await post('/api/extras/custom-fields/', { name: 'wing', type: 'text', object_types: ['dcim.device'] });
});
afterAll(async () => s?.stop());

describe('the fields of one object', () => {
  it('names a value under its minimum, a duplicate name and a missing foreign key together', async () => {
    const before = [await count('/api/ipam/asn-ranges/'), await changes()];
    const r = await s.request('POST', '/api/ipam/asn-ranges/', {
      name: 'Taken',
      slug: 'fresh',
      rir: 999999,
      start: 0,
      end: 10,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      name: ['ASN range with this name already exists.'],
      rir: missing(999999),
      start: ['Ensure this value is greater than or equal to 1.'],
    });
    const vm = await s.request('POST', '/api/virtualization/virtual-machine-types/', {
      name: 'Medium',
      slug: 'small',
      default_vcpus: 0,
      default_platform: 999998,
    });
    expect(vm.status).toBe(400);
    expect(vm.body).toEqual({
      slug: ['virtual machine type with this slug already exists.'],
      default_vcpus: ['Ensure this value is greater than or equal to 0.01.'],
      default_platform: missing(999998),
    });
    expect([await count('/api/ipam/asn-ranges/'), await changes()]).toEqual(before);
  });

  it('names choices, lengths, foreign keys, tags and custom field names together, on PATCH too', async () => {
    const body = {
      status: 'nowhere',
      region: 999997,
      tenant: 999996,
      facility: 'x'.repeat(51),
      tags: [{ name: 'no-such-tag' }],
      custom_fields: { nope: 1, also_nope: 2 },
    };
    const want = {
      status: ['nowhere is not a valid choice.'],
      region: missing(999997),
      tenant: missing(999996),
      facility: ['Ensure this field has no more than 50 characters.'],
      tags: ["Related object not found using the provided attributes: {'name': 'no-such-tag'}"],
      custom_fields: {
        also_nope: "Custom field 'also_nope' does not exist for this object type.",
        nope: "Custom field 'nope' does not exist for this object type.",
      },
    };
    const r = await s.request('POST', '/api/dcim/sites/', { name: 'Other', slug: 'faults', ...body });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ slug: ['site with this slug already exists.'], ...want });
    const patched = await s.request('PATCH', `/api/dcim/sites/${site.id}/`, body);
    expect(patched.body).toEqual(want);
    // a bulk update answers with the failing object's faults, every one of them
    const bulk = await s.request('PATCH', '/api/dcim/sites/', [{ id: site.id, ...body }]);
    expect(bulk.body).toEqual(want);
    expect((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.status.value).toBe('active');
  });

  it('names a file that is no image together with the other fields', async () => {
    const form = new FormData();
    form.append('object_type', 'dcim.site');
    form.append('object_id', String(site.id));
    form.append('name', 'x'.repeat(51));
    form.append('image', new Blob([new Uint8Array(Buffer.from('not an image'))], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${s.url}/api/extras/image-attachments/`, { method: 'POST', headers: AUTH, body: form });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['image', 'name']);
    expect(body.image[0]).toMatch(/^Upload a valid image/);
    // a valid image with the same fault is refused for that fault alone
    form.set('image', new Blob([new Uint8Array(png(2, 2))], { type: 'image/png' }), 'a.png');
    const again = await fetch(`${s.url}/api/extras/image-attachments/`, { method: 'POST', headers: AUTH, body: form });
    expect(Object.keys(await again.json())).toEqual(['name']);
  });
});

describe("the model's checks, once the fields are valid", () => {
  it('are left out while a field is at fault, as NetBox leaves them', async () => {
    // a duplicate name (a field) hides the range's order (a model check) until it is fixed
    const dup = await s.request('POST', '/api/ipam/asn-ranges/', {
      name: 'Taken',
      slug: 'other',
      rir: rir.id,
      start: 30,
      end: 20,
    });
    expect(dup.body).toEqual({ name: ['ASN range with this name already exists.'] });
    const order = await s.request('POST', '/api/ipam/asn-ranges/', {
      name: 'Other',
      slug: 'other',
      rir: rir.id,
      start: 30,
      end: 20,
    });
    expect(order.body).toEqual({ end: ['Starting ASN must be lower than ending ASN.'] });
  });

  it('name every rule, constraint and custom field value at fault together', async () => {
    const taken = await device();
    const elsewhere = await post('/api/dcim/sites/', { name: 'Elsewhere', slug: 'elsewhere' });
    const rack = await post('/api/dcim/racks/', { name: 'R-else', site: elsewhere.id });
    const before = [await count('/api/dcim/devices/'), await changes()];
    const r = await s.request('POST', '/api/dcim/devices/', {
      name: taken.name,
      device_type: taken.device_type.id,
      role: taken.role.id,
      site: site.id,
      rack: rack.id,
      custom_fields: { floor: 'third', wing: 7 },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      rack: ['Rack must belong to the same site as the device.'],
      __all__: [
        "Invalid value for custom field 'floor': Value must be an integer.",
        "Invalid value for custom field 'wing': Value must be a string.",
        'Device name must be unique per site.',
      ],
    });
    expect([await count('/api/dcim/devices/'), await changes()]).toEqual(before);
  });

  it('run each check whose fields are valid, however many others failed', async () => {
    const d = await device();
    const v4 = await post('/api/ipam/ip-addresses/', { address: '192.0.2.10/24' });
    const v6 = await post('/api/ipam/ip-addresses/', { address: '2001:db8::10/64' });
    const r = await s.request('PATCH', `/api/dcim/devices/${d.id}/`, { primary_ip4: v4.id, primary_ip6: v6.id });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      primary_ip4: ['The specified IP address (192.0.2.10/24) is not assigned to this device.'],
      primary_ip6: ['The specified IP address (2001:db8::10/64) is not assigned to this device.'],
    });
  });

  it('in a bulk create: per item, each item to the stage its own fields reach', async () => {
    const r = await s.request('POST', '/api/ipam/asn-ranges/', [
      { name: 'A', slug: 'a', rir: rir.id, start: 30, end: 20 },
      { name: 'Taken', slug: 'b', rir: 999995, start: 30, end: 20 },
      { name: 'C', slug: 'c', rir: rir.id, start: 1, end: 2 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual([
      { end: ['Starting ASN must be lower than ending ASN.'] },
      { name: ['ASN range with this name already exists.'], rir: missing(999995) },
      {},
    ]);
    expect(await count('/api/ipam/asn-ranges/?slug=c')).toBe(0);
  });
});
