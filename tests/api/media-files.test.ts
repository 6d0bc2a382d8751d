/**
 * Stored media files follow their rows: an attachment renamed, replaced (the old file removed) and
 * deleted, directly or by cascade; a failed update keeps the old file; device type images set and
 * cleared; and pruning removes files no row names in main or any branch. Uploading and its refusals are
 * in attachments.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startTestServer, type TestServer } from '../helpers/server.ts';
import { png } from '../helpers/images.ts';
import { readyBranch } from '../helpers/branch.ts';
import { imageSite, stored, upload } from '../helpers/uploads.ts';
import { pruneMedia } from '../../runtime/media/index.ts';

let s: TestServer;
let media: string;
beforeAll(async () => {
  s = await startTestServer({ env: { MAX_UPLOAD_SIZE: String(64 * 1024) } });
  media = s.server.services.settings.mediaRoot;
});
afterAll(async () => s?.stop());

describe('files follow their rows', () => {
  it('renames with JSON, replaces with multipart (old file removed), deletes with the row', async () => {
    const st = await imageSite(s);
    const r = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'v1' },
      { name: 'v1.png', bytes: png(1, 1) },
    );
    const path = `/api/extras/image-attachments/${r.body.id}/`;
    const renamed = await s.request('PATCH', path, { description: 'described', name: 'renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'renamed', description: 'described', image: r.body.image });
    const first = r.body.image.split('/').pop();
    expect(stored(s)).toContain(first);

    const replaced = await upload(s, {}, { name: 'v2.png', bytes: png(5, 4) }, { method: 'PATCH', path });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ image_width: 5, image_height: 4 });
    const second = replaced.body.image.split('/').pop();
    expect(stored(s)).not.toContain(first);
    expect(stored(s)).toContain(second);

    expect((await s.request('DELETE', path)).status).toBe(204);
    expect(stored(s)).not.toContain(second);
    expect((await fetch(replaced.body.image, { headers: AUTH })).status).toBe(404);
  });

  it('deleting the object deletes its attachments and their files', async () => {
    const st = await imageSite(s);
    const r = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'cascade' },
      { name: 'c.png', bytes: png(1, 1) },
    );
    const name = r.body.image.split('/').pop();
    expect((await s.request('DELETE', `/api/dcim/sites/${st.id}/`)).status).toBe(204);
    expect((await s.request('GET', `/api/extras/image-attachments/${r.body.id}/`)).status).toBe(404);
    expect(stored(s)).not.toContain(name);
  });

  it('a failed update keeps the old file and drops the new one', async () => {
    const st = await imageSite(s);
    const r = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'keep' },
      { name: 'k.png', bytes: png(1, 1) },
    );
    const before = stored(s);
    const bad = await upload(
      s,
      { object_id: '987654' },
      { name: 'k2.png', bytes: png(2, 2) },
      { method: 'PATCH', path: `/api/extras/image-attachments/${r.body.id}/` },
    );
    expect(bad.status).toBe(400);
    expect(stored(s)).toEqual(before);
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
      s,
      {},
      { name: 'front.png', bytes: png(2, 1), field: 'front_image' },
      { method: 'PATCH', path: `/api/dcim/device-types/${dt.id}/` },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.front_image).toMatch(new RegExp(`^${s.url}/media/devicetype-images/front\\.png$`));
    expect(stored(s, 'devicetype-images')).toEqual(['front.png']);
    const cleared = await s.request('PATCH', `/api/dcim/device-types/${dt.id}/`, { front_image: null });
    expect(cleared.body.front_image).toBeNull();
    expect(stored(s, 'devicetype-images')).toEqual([]);
    const spoof = await s.request('PATCH', `/api/dcim/device-types/${dt.id}/`, { front_image: '../../../etc/passwd' });
    expect(spoof.status).toBe(400);
  });
});

describe('pruning', () => {
  it('removes files no row names in main or any branch, and keeps the rest', async () => {
    const st = await imageSite(s);
    const kept = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'kept' },
      { name: 'kept.png', bytes: png(1, 1) },
    );
    const b = await readyBranch(s, 'media-branch', true);
    const inBranch = await upload(
      s,
      { object_type: 'dcim.site', object_id: String(st.id), name: 'branch-only' },
      { name: 'b.png', bytes: png(1, 1) },
      { headers: { 'X-Service-Branch': b.schema_id } },
    );
    expect(inBranch.status, JSON.stringify(inBranch.body)).toBe(201);
    const branchFile = inBranch.body.image.split('/').pop();
    expect((await s.request('GET', `/api/extras/image-attachments/${inBranch.body.id}/`)).status).toBe(404);
    writeFileSync(join(media, 'image-attachments', 'stray.png'), png(1, 1));

    const registry = s.server.services.registry;
    const first = await pruneMedia(s.sql, registry, media, 0);
    expect(first.removed).toEqual(['image-attachments/stray.png']);
    expect(stored(s)).toContain(branchFile);
    expect(stored(s)).toContain(kept.body.image.split('/').pop());

    expect((await s.request('DELETE', `/api/plugins/branching/branches/${b.id}/`)).status).toBe(204);
    const second = await pruneMedia(s.sql, registry, media, 0);
    expect(second.removed).toEqual([`image-attachments/${branchFile}`]);
    expect(stored(s)).toContain(kept.body.image.split('/').pop());
  });
});
