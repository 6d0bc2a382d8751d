/**
 * Images the copied rows name (image attachments, device type pictures), downloaded from the source
 * with the import's token and limits and stored under MEDIA_ROOT at the path the source used
 * (`image-attachments/rack.png`), so their URLs read the same here; a name taken by another file gets
 * a suffix, an identical file is reused. Width, height and size are read from the bytes.
 */
import { readFile } from 'node:fs/promises';
import { extname, posix } from 'node:path';
import { imageInfo, resolveStored, safeStem, storeUpload } from '../media/index.ts';
import type { FieldOfKind } from '../catalogue/index.ts';
import type { Converted } from './convert.ts';
import { pushCapped, type ReportData } from './report.ts';
import type { Source } from './source.ts';

/** `http://netbox/media/image-attachments/a%20b.png` → `image-attachments/a b.png` (or a name in `folder`). */
export function mediaPath(url: string, folder: string): string {
  const path = decodeURIComponent(new URL(url, 'http://x').pathname);
  const at = path.indexOf('/media/');
  const relative = at === -1 ? '' : path.slice(at + '/media/'.length);
  if (relative && !relative.split('/').some((p) => p === '..' || p === '')) return relative;
  return `${folder}/${posix.basename(path) || 'image'}`;
}

async function sameFile(full: string, bytes: Buffer): Promise<boolean> {
  try {
    return (await readFile(full)).equals(bytes);
  } catch {
    return false;
  }
}

/** Stores one file at `wanted` (or beside it, if another file has that name); returns its relative path. */
async function store(root: string, wanted: string, bytes: Buffer): Promise<string> {
  const full = resolveStored(root, wanted);
  if (full && (await sameFile(full, bytes))) return wanted;
  const folder = full ? posix.dirname(wanted) : 'imported';
  const ext =
    extname(wanted)
      .slice(1)
      .replace(/[^a-z0-9]/gi, '') || 'bin';
  const stem = full ? posix.basename(wanted, extname(wanted)) : safeStem(posix.basename(wanted, extname(wanted)));
  return storeUpload(root, folder, stem, ext, bytes);
}

interface Target {
  readonly source: Source;
  readonly root: string;
  readonly model: string;
  readonly report: ReportData;
}

async function download(t: Target, c: Converted, f: FieldOfKind<'image'>, url: string) {
  const { source, root, report } = t;
  const wanted = mediaPath(url, f.upload.to);
  try {
    const bytes = await source.bytes(new URL(url, `${source.base}/`).toString());
    c.row[f.column] = await store(root, wanted, bytes);
    const info = imageInfo(bytes);
    const sizes: [string | undefined, unknown][] = [
      [f.upload.widthField, info?.width],
      [f.upload.heightField, info?.height],
      [f.upload.sizeField, bytes.length],
    ];
    for (const [name, value] of sizes) if (name && value !== undefined) c.row[name] = value;
    report.images.downloaded++;
  } catch (e) {
    // the row keeps naming the file, so that it can be put there by hand
    c.row[f.column] = wanted;
    pushCapped(report.images.failed, { model: t.model, id: c.id, reason: `${url}: ${(e as Error).message}` });
  }
}

/** Downloads every image the page's rows name (side by side, within the source's limits). */
export type { Target as MediaTarget };

export async function storeImages(t: Target, page: Converted[]) {
  await Promise.all(page.flatMap((c) => (c.skip ? [] : c.images.map((i) => download(t, c, i.field, i.url)))));
}
