/**
 * Image attachments round-trip: multipart upload checked by content, dimensions stored, the file
 * served back at the URL the object gives, listed by object, and removed with its row (directly,
 * by cascade, or when replaced); every refusal leaves no file behind. Device type images too.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { gif, png } from '../helpers/images.ts';
import { readyBranch } from '../helpers/branch.ts';
import { pruneMedia } from '../../runtime/media/index.ts';

let s: TestServer;
let media: string;
beforeAll(async () => {
  s = await startTestServer({ env: { MAX_UPLOAD_SIZE: String(64 * 1024) } });
  media = s.server.services.settings.mediaRoot;
});
afterAll(async () => s?.stop());

async function upload(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string; field?: string },
  method = 'POST',
  path = '/api/extras/image-attachments/',
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const res = await fetch(`${s.url}${path}`, { method, headers: AUTH, body: form });
  return { status: res.status, body: await res.json() };
}

function stored(folder = 'image-attachments'): string[] {
  const dir = join(media, folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

let n = 0;
async function site(): Promise<any> {
  n++;
  return (await s.request('POST', '/api/dcim/sites/', { name: `img-site-${n}`, slug: `img-site-${n}` })).body;
}

describe('uploading', () => {
  it('stores a PNG with its dimensions and serves it back at the URL it returns', async () => {
    const st = await site();
    const bytes = png(3, 2);
    const r = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'Front view' },
      { name: 'photo.png', bytes },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'url',
      'display',
      'object_type',
      'object_id',
      'parent',
      'name',
      'image',
      'description',
      'image_height',
      'image_width',
      'image_size',
      'created',
      'last_updated',
    ]);
    expect(r.body).toMatchObject({
      object_type: 'dcim.site',
      object_id: st.id,
      parent: { id: st.id, name: st.name },
      name: 'Front view',
      display: 'Front view',
      image_width: 3,
      image_height: 2,
      image_size: bytes.length,
    });
    expect(r.body.image).toBe(`${s.url}/media/image-attachments/site_${st.id}_Front_view.png`);
    expect(stored()).toContain(`site_${st.id}_Front_view.png`);

    const file = await fetch(r.body.image, { headers: AUTH });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(r.body.image)).status).toBe(403);
    expect((await fetch(`${s.url}/media/../../etc/passwd`, { headers: AUTH })).status).toBe(404);
    expect((await fetch(`${s.url}/media/image-attachments/nothing.png`, { headers: AUTH })).status).toBe(404);

    // a second upload with the same name gets its own file
    const again = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'Front view' },
      { name: 'photo.png', bytes },
    );
    expect(again.status).toBe(201);
    expect(again.body.image).not.toBe(r.body.image);
  });

  it('takes GIF too, and names an unnamed attachment after its file', async () => {
    const st = await site();
    const r = await upload(
      { object_type: 'dcim.site', object_id: String(st.id) },
      { name: 'rack plan.gif', bytes: gif(40, 30), type: 'image/gif' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: '', image_width: 40, image_height: 30, display: 'rack_plan.gif' });
  });

  it('lists attachments by object', async () => {
    const [a, b] = [await site(), await site()];
    await upload({ object_type: 'dcim.site', object_id: String(a.id) }, { name: 'a.png', bytes: png(1, 1) });
    await upload({ object_type: 'dcim.site', object_id: String(a.id) }, { name: 'b.png', bytes: png(1, 1) });
    await upload({ object_type: 'dcim.site', object_id: String(b.id) }, { name: 'c.png', bytes: png(1, 1) });
    expect(
      (await s.request('GET', `/api/extras/image-attachments/?object_type=dcim.site&object_id=${a.id}`)).body.count,
    ).toBe(2);
    expect((await s.request('GET', `/api/extras/image-attachments/?object_id=${b.id}`)).body.count).toBe(1);
    const brief = (await s.request('GET', `/api/extras/image-attachments/?object_id=${b.id}&brief=true`)).body
      .results[0];
    expect(Object.keys(brief).sort()).toEqual(['description', 'display', 'id', 'image', 'name', 'url']);
  });
});

describe('refusals leave nothing behind', () => {
  it('refuses JSON, non-images, oversize files, wrong object types and missing parents', async () => {
    const st = await site();
    const before = stored();
    const json = await s.request('POST', '/api/extras/image-attachments/', {
      object_type: 'dcim.site',
      object_id: st.id,
      name: 'x',
      image: 'photo.png',
    });
    expect(json.status).toBe(400);
    expect(json.body.image[0]).toMatch(/multipart\/form-data/);

    const svg = await upload(
      { object_type: 'dcim.site', object_id: String(st.id) },
      {
        name: 'x.png',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        type: 'image/png',
      },
    );
    expect(svg.status).toBe(400);
    expect(svg.body.image[0]).toMatch(/Upload a valid image/);
    const truncated = await upload(
      { object_type: 'dcim.site', object_id: String(st.id) },
      { name: 'x.png', bytes: png(2, 2).subarray(0, 20) },
    );
    expect(truncated.status).toBe(400);

    const big = await upload(
      { object_type: 'dcim.site', object_id: String(st.id) },
      { name: 'big.png', bytes: Buffer.concat([png(1, 1), Buffer.alloc(70 * 1024)]) },
    );
    expect(big.status).toBe(413);
    expect(JSON.stringify(big.body)).toMatch(/65536 bytes/);
    // a declared length over the limit is refused before the body is read
    const huge = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${s.url}/api/extras/image-attachments/`,
        {
          method: 'POST',
          headers: {
            ...AUTH,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(50 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(huge).toBe(413);

    const tenant = (await s.request('POST', '/api/tenancy/tenants/', { name: 'no-images', slug: 'no-images' })).body;
    const wrongType = await upload(
      { object_type: 'tenancy.tenant', object_id: String(tenant.id) },
      { name: 'x.png', bytes: png(1, 1) },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.object_type).toBeDefined();
    const orphan = await upload({ object_type: 'dcim.site', object_id: '987654' }, { name: 'x.png', bytes: png(1, 1) });
    expect(orphan.status).toBe(400);
    const noFile = await upload({ object_type: 'dcim.site', object_id: String(st.id) });
    expect(noFile.status).toBe(400);
    expect(noFile.body.image).toBeDefined();
    const strayFile = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'x' },
      { name: 'x.png', bytes: png(1, 1) },
      'POST',
      '/api/dcim/sites/',
    );
    expect(strayFile.status).toBe(400);
    expect(strayFile.body.image).toEqual(['Unknown field.']);
    expect(stored()).toEqual(before);
  });
});

describe('files follow their rows', () => {
  it('renames with JSON, replaces with multipart (old file removed), deletes with the row', async () => {
    const st = await site();
    const r = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'v1' },
      { name: 'v1.png', bytes: png(1, 1) },
    );
    const path = `/api/extras/image-attachments/${r.body.id}/`;
    const renamed = await s.request('PATCH', path, { description: 'described', name: 'renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'renamed', description: 'described', image: r.body.image });
    const first = r.body.image.split('/').pop();
    expect(stored()).toContain(first);

    const replaced = await upload({}, { name: 'v2.png', bytes: png(5, 4) }, 'PATCH', path);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ image_width: 5, image_height: 4 });
    const second = replaced.body.image.split('/').pop();
    expect(stored()).not.toContain(first);
    expect(stored()).toContain(second);

    expect((await s.request('DELETE', path)).status).toBe(204);
    expect(stored()).not.toContain(second);
    expect((await fetch(replaced.body.image, { headers: AUTH })).status).toBe(404);
  });

  it('deleting the object deletes its attachments and their files', async () => {
    const st = await site();
    const r = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'cascade' },
      { name: 'c.png', bytes: png(1, 1) },
    );
    const name = r.body.image.split('/').pop();
    expect((await s.request('DELETE', `/api/dcim/sites/${st.id}/`)).status).toBe(204);
    expect((await s.request('GET', `/api/extras/image-attachments/${r.body.id}/`)).status).toBe(404);
    expect(stored()).not.toContain(name);
  });

  it('a failed update keeps the old file and drops the new one', async () => {
    const st = await site();
    const r = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'keep' },
      { name: 'k.png', bytes: png(1, 1) },
    );
    const before = stored();
    const bad = await upload(
      { object_id: '987654' },
      { name: 'k2.png', bytes: png(2, 2) },
      'PATCH',
      `/api/extras/image-attachments/${r.body.id}/`,
    );
    expect(bad.status).toBe(400);
    expect(stored()).toEqual(before);
  });
});

describe('device type images', () => {
  it('take front and rear images by multipart, read as URLs, cleared with null', async () => {
    const mf = (await s.request('POST', '/api/dcim/manufacturers/', { name: 'img-mf', slug: 'img-mf' })).body;
    const dt = (
      await s.request('POST', '/api/dcim/device-types/', { manufacturer: mf.id, model: 'img-dt', slug: 'img-dt' })
    ).body;
    expect(dt).toMatchObject({ front_image: null, rear_image: null });
    const r = await upload(
      {},
      { name: 'front.png', bytes: png(2, 1), field: 'front_image' },
      'PATCH',
      `/api/dcim/device-types/${dt.id}/`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.front_image).toMatch(new RegExp(`^${s.url}/media/devicetype-images/front\\.png$`));
    expect(stored('devicetype-images')).toEqual(['front.png']);
    const cleared = await s.request('PATCH', `/api/dcim/device-types/${dt.id}/`, { front_image: null });
    expect(cleared.body.front_image).toBeNull();
    expect(stored('devicetype-images')).toEqual([]);
    const spoof = await s.request('PATCH', `/api/dcim/device-types/${dt.id}/`, { front_image: '../../../etc/passwd' });
    expect(spoof.status).toBe(400);
  });
});

describe('pruning', () => {
  it('removes files no row names in main or any branch, and keeps the rest', async () => {
    const st = await site();
    const kept = await upload(
      { object_type: 'dcim.site', object_id: String(st.id), name: 'kept' },
      { name: 'kept.png', bytes: png(1, 1) },
    );
    const b = await readyBranch(s, 'media-branch', true);
    const inBranch = await fetchForm(b.schema_id, {
      object_type: 'dcim.site',
      object_id: String(st.id),
      name: 'branch-only',
    });
    expect(inBranch.status, JSON.stringify(inBranch.body)).toBe(201);
    const branchFile = inBranch.body.image.split('/').pop();
    expect((await s.request('GET', `/api/extras/image-attachments/${inBranch.body.id}/`)).status).toBe(404);
    writeFileSync(join(media, 'image-attachments', 'stray.png'), png(1, 1));

    const registry = s.server.services.registry;
    const first = await pruneMedia(s.sql, registry, media, 0);
    expect(first.removed).toEqual(['image-attachments/stray.png']);
    expect(stored()).toContain(branchFile);
    expect(stored()).toContain(kept.body.image.split('/').pop());

    expect((await s.request('DELETE', `/api/plugins/branching/branches/${b.id}/`)).status).toBe(204);
    const second = await pruneMedia(s.sql, registry, media, 0);
    expect(second.removed).toEqual([`image-attachments/${branchFile}`]);
    expect(stored()).toContain(kept.body.image.split('/').pop());
  });
});

async function fetchForm(schemaId: string, fields: Record<string, string>): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([new Uint8Array(png(1, 1))], { type: 'image/png' }), 'b.png');
  const res = await fetch(`${s.url}/api/extras/image-attachments/`, {
    method: 'POST',
    headers: { ...AUTH, 'X-Service-Branch': schemaId },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
