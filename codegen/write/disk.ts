/** The only code of the generator that touches the disk: write, prune and check generated/. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { FileMap } from './file-map.ts';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export interface Drift {
  changed: string[];
  missing: string[];
  extra: string[];
}

export function checkFiles(dir: string, files: FileMap): Drift {
  const onDisk = new Set(listFiles(dir));
  const drift: Drift = { changed: [], missing: [], extra: [] };
  for (const [path, text] of files) {
    if (!onDisk.has(path)) drift.missing.push(path);
    else if (readFileSync(join(dir, path), 'utf8') !== text) drift.changed.push(path);
  }
  for (const path of onDisk) if (!files.has(path)) drift.extra.push(path);
  return drift;
}

/** Writes every file, removes files the generator no longer makes; returns the paths written. */
export function writeFiles(dir: string, files: FileMap): string[] {
  const marker = join(dir, 'README.md');
  if (
    existsSync(dir) &&
    listFiles(dir).length > 0 &&
    (!existsSync(marker) || !readFileSync(marker, 'utf8').includes('@generated'))
  ) {
    throw new Error(
      `${dir} exists but does not look like generator output (no @generated README.md); refusing to overwrite`,
    );
  }
  const drift = checkFiles(dir, files);
  for (const path of drift.extra) {
    rmSync(join(dir, path));
    // and the folders that held only files no longer made
    for (let d = dirname(join(dir, path)); d !== dir && readdirSync(d).length === 0; d = dirname(d))
      rmSync(d, { recursive: true });
  }
  const written = [...drift.changed, ...drift.missing];
  for (const [path, text] of files) {
    if (!written.includes(path)) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return written;
}
