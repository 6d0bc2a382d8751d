/**
 * Removes stored uploads that no row names any more, in main or in any branch (files of rows
 * deleted by a merge, by a branch's deletion, or left by a crash), once they are older than a
 * grace period, so an upload whose transaction is still open is never touched.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Registry } from '../catalogue/index.ts';
import { ident, type Sql, query } from '../db/index.ts';
import { removeStored } from './storage.ts';

export async function pruneMedia(
  sql: Sql,
  registry: Registry,
  root: string,
  graceMs = 3_600_000,
): Promise<{ removed: string[] }> {
  const sources = registry
    .all()
    .flatMap((m) => m.fields.flatMap((f) => (f.kind === 'image' && f.column ? [{ m, f }] : [])));
  const folders = [...new Set(sources.map((s) => s.f.upload.to))];
  const schemas = [
    'public',
    ...(await query(sql, `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'branch\\_%'`)).map(
      (r) => r.nspname as string,
    ),
  ];
  const named = new Set<string>();
  for (const schema of schemas) {
    for (const { m, f } of sources) {
      const rows = await query(
        sql,
        `SELECT ${ident(f.column)} AS p FROM ${ident(schema)}.${ident(m.table)}
        WHERE ${ident(f.column)} IS NOT NULL`,
      ).catch(() => []);
      for (const r of rows) named.add(r.p as string);
    }
  }
  const removed: string[] = [];
  for (const folder of folders) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const relative = `${folder}/${name}`;
      if (named.has(relative)) continue;
      const info = await stat(join(root, relative)).catch(() => null);
      if (!info?.isFile() || Date.now() - info.mtimeMs < graceMs) continue;
      await removeStored(root, relative);
      removed.push(relative);
    }
  }
  return { removed };
}
