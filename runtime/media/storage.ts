/**
 * Stored uploads under MEDIA_ROOT: unique names made from the object and the file, created
 * exclusively (never overwriting), removed only inside the media root, and their public URLs.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import { dirname, normalize, resolve, sep } from 'node:path';

/** Django's get_valid_filename: spaces to underscores, then only letters, digits, `-`, `_`, `.`. */
export function safeStem(name: string): string {
  const s = name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^-\w.]/g, '')
    .replace(/^\.+/, '');
  return (s || 'image').slice(0, 60);
}

/** The absolute path of a stored file, or null when the name would leave the media root. */
export function resolveStored(root: string, relative: string): string | null {
  const base = resolve(root);
  const full = resolve(base, normalize(relative));
  return full.startsWith(base + sep) ? full : null;
}

/** Writes `bytes` as `<folder>/<stem>.<ext>` (with a random suffix if taken); returns the relative path. */
export async function storeUpload(
  root: string,
  folder: string,
  stem: string,
  ext: string,
  bytes: Buffer,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const name = attempt === 0 ? `${stem}.${ext}` : `${stem}_${randomBytes(4).toString('hex').slice(0, 7)}.${ext}`;
    const relative = `${folder}/${name}`;
    const full = resolveStored(root, relative);
    if (!full) throw new Error(`invalid upload name ${relative}`);
    await mkdir(dirname(full), { recursive: true });
    try {
      const handle = await open(full, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      return relative;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  throw new Error(`no free name for ${folder}/${stem}.${ext}`);
}

export async function removeStored(root: string, relative: string): Promise<void> {
  const full = resolveStored(root, relative);
  if (!full) return;
  await unlink(full).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

export function mediaUrl(baseUrl: string, relative: string): string {
  return `${baseUrl}/media/${relative.split('/').map(encodeURIComponent).join('/')}`;
}
