/**
 * Image attachments uploaded: multipart upload checked by content, dimensions stored, the file served
 * back at the URL the object gives, listed by object; and every refusal (JSON, non-images, oversize
 * files, wrong object types, missing parents) leaves no file behind. What becomes of stored files as their
 * rows change is in media-files.test.ts.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { gif, png } from '../helpers/images.ts';
import { imageSite, stored, upload } from '../helpers/uploads.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { MAX_UPLOAD_SIZE: String(64 * 1024) } });
});
afterAll(async () => s?.stop());

describe('uploading', () => {
  it('stores a PNG with its dimensions and serves it back at the URL it returns', async () => {
    const st = await imageSite(s);
    const bytes = png(3, 2);
    const r = await upload(
      s,
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
    expect(stored(s)).toContain(`site_${st.id}_Front_view.png`);

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
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'Front view' },
      { name: 'photo.png', bytes },
    );
    expect(again.status).toBe(201);
    expect(again.body.image).not.toBe(r.body.image);
  });

  it('takes GIF too, and names an unnamed attachment after its file', async () => {
    const st = await imageSite(s);
    const r = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id) },
      { name: 'rack plan.gif', bytes: gif(40, 30), type: 'image/gif' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: '', image_width: 40, image_height: 30, display: 'rack_plan.gif' });
  });

  it('lists attachments by object', async () => {
    const [a, b] = [await imageSite(s), await imageSite(s)];
    await upload(s, { object_type: 'dcim.site', object_id: String(a.id) }, { name: 'a.png', bytes: png(1, 1) });
    await upload(s, { object_type: 'dcim.site', object_id: String(a.id) }, { name: 'b.png', bytes: png(1, 1) });
    await upload(s, { object_type: 'dcim.site', object_id: String(b.id) }, { name: 'c.png', bytes: png(1, 1) });
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
    const st = await imageSite(s);
    const before = stored(s);
    const json = await s.request('POST', '/api/extras/image-attachments/', {
      object_type: 'dcim.site',
      object_id: st.id,
      name: 'x',
      image: 'photo.png',
    });
    expect(json.status).toBe(400);
    expect(json.body.image[0]).toMatch(/multipart\/form-data/);

    const svg = await upload(
      s,
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
      s,
      { object_type: 'dcim.site', object_id: String(st.id) },
      { name: 'x.png', bytes: png(2, 2).subarray(0, 20) },
    );
    expect(truncated.status).toBe(400);

    const big = await upload(
      s,
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
      s,
      { object_type: 'tenancy.tenant', object_id: String(tenant.id) },
      { name: 'x.png', bytes: png(1, 1) },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.object_type).toBeDefined();
    const orphan = await upload(
      s,
      { object_type: 'dcim.site', object_id: '987654' },
      { name: 'x.png', bytes: png(1, 1) },
    );
    expect(orphan.status).toBe(400);
    const noFile = await upload(s, { object_type: 'dcim.site', object_id: String(st.id) });
    expect(noFile.status).toBe(400);
    expect(noFile.body.image).toBeDefined();
    const strayFile = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'x' },
      { name: 'x.png', bytes: png(1, 1) },
      { path: '/api/dcim/sites/' },
    );
    expect(strayFile.status).toBe(400);
    expect(strayFile.body.image).toEqual(['Unknown field.']);
    expect(stored(s)).toEqual(before);
  });
});
