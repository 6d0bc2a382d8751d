/**
 * Stored files follow their rows: a file replaced by an update or belonging to a deleted row is
 * removed once the transaction has committed (never before: a rollback must find it still there).
 * Not inside a branch: main (and other branches) may still name the file; the media prune job
 * removes files that no schema names any more.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { removeStored } from '../media/index.ts';
import type { Pending, WriteContext } from './types.ts';

function imageFields(model: ModelDef) {
  return model.fields.filter((f) => f.kind === 'image');
}

function removeLater(ctx: WriteContext, path: unknown): void {
  if (typeof path !== 'string' || !path || ctx.branch) return;
  ctx.afterCommit?.(() => removeStored(ctx.settings.mediaRoot, path));
}

export function removeReplacedFiles(ctx: WriteContext, model: ModelDef, writes: Pending[]): void {
  for (const f of imageFields(model)) {
    for (const p of writes) if (p.before && p.before[f.name] !== p.values[f.name]) removeLater(ctx, p.before[f.name]);
  }
}

export async function removeFilesOfDeleted(ctx: WriteContext, model: ModelDef, ids: number[]): Promise<void> {
  const fields = imageFields(model);
  if (!fields.length || !ids.length) return;
  const rows = await query(
    ctx.db,
    `SELECT ${fields.map((f) => ident(f.column)).join(', ')}
    FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  for (const r of rows) for (const f of fields) removeLater(ctx, r[f.column]);
}
