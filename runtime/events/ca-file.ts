/**
 * A webhook's `ca_file_path`, read for a delivery without ever blocking: opened non-blocking (a
 * FIFO or device answers at once instead of holding a thread), accepted only as a regular file of
 * at most MAX_CA_BYTES, and, when WEBHOOK_CA_ROOT is set, only inside that folder.
 */
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { sep } from 'node:path';

export const MAX_CA_BYTES = 1024 * 1024;

export class CaFileError extends Error {}

export async function readCaFile(path: string, root: string | undefined): Promise<Buffer> {
  const fail = (why: string) => new CaFileError(`ca_file_path ${path}: ${why}`);
  let real: string;
  try {
    real = await realpath(path);
  } catch (e) {
    throw fail(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (root) {
    const base = await realpath(root).catch(() => root);
    if (real !== base && !real.startsWith(base.endsWith(sep) ? base : base + sep))
      throw fail(`is not inside WEBHOOK_CA_ROOT (${root})`);
  }
  let file;
  try {
    file = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    throw fail(`cannot be opened (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw fail('is not a regular file');
    if (stat.size > MAX_CA_BYTES) throw fail(`is larger than ${MAX_CA_BYTES} bytes`);
    const buf = Buffer.alloc(stat.size);
    const { bytesRead } = await file.read(buf, 0, stat.size, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
