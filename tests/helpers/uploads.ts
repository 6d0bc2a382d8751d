/**
 * Uploads in tests: a multipart form sent as a client sends it (its fields and at most one file) to a
 * test server, the files one of its media folders holds, and a new site to attach images to.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH, type TestServer } from './server.ts';

export interface UploadFile {
  readonly name: string;
  readonly bytes: Buffer;
  /** the part's content type (default image/png) */
  readonly type?: string;
  /** the form field (default `image`) */
  readonly field?: string;
}

/** Where and how the form goes: POST to the image attachments by default, with the superuser's token. */
export interface UploadTo {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
}

export async function upload(
  s: TestServer,
  fields: Record<string, string>,
  file?: UploadFile,
  to: UploadTo = {},
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const res = await fetch(`${s.url}${to.path ?? '/api/extras/image-attachments/'}`, {
    method: to.method ?? 'POST',
    headers: { ...AUTH, ...to.headers },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The files in the server's media folder `folder`, sorted. */
export function stored(s: TestServer, folder = 'image-attachments'): string[] {
  const dir = join(s.server.services.settings.mediaRoot, folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

let n = 0;
/** A new site, with a unique name. */
export async function imageSite(s: TestServer): Promise<any> {
  n++;
  return (await s.request('POST', '/api/dcim/sites/', { name: `img-site-${n}`, slug: `img-site-${n}` })).body;
}
