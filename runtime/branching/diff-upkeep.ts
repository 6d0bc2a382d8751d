/**
 * The change diffs after an operation: a sync moves every diff's baseline to main's state (no false
 * conflicts later); a merge keeps each diff as it was (the plugin's `current` stays main's state
 * before the merge) and records main's state before and after it, which a revert restores and
 * checks; a revert clears them and compares with main again.
 */
import type { Db } from '../db/index.ts';
import type { TaskContext } from '../jobs/index.ts';
import type { Snapshot } from '../write/index.ts';
import { conflictArray, conflictsOf, diffSummary, type DiffAction } from './diffs.ts';
import type { BranchRow } from './lifecycle.ts';
import { branchDiffs, statesIn, tracked } from './plans.ts';
import { schemaName } from './schema.ts';
import { tables, query } from '../db/index.ts';

/** After a sync, the baseline of every diff moves to main's state (no false conflicts later). */
export async function rebase(task: TaskContext, tx: Db, branch: BranchRow): Promise<void> {
  const diffs = await branchDiffs(tx, branch.id);
  if (!diffs.length) return;
  const objects = diffs.map((d) => ({ type: d.object_type, id: d.object_id }));
  const main = await statesIn(tx, task.registry, null, objects);
  const br = await statesIn(tx, task.registry, schemaName(branch.schema_id), objects);
  const keep: Record<string, unknown>[] = [];
  const drop: number[] = [];
  for (const d of diffs) {
    const k = `${d.object_type}:${d.object_id}`;
    const m = main.get(k)?.snapshot ?? null;
    const b = br.get(k)?.snapshot ?? null;
    let action: DiffAction = d.action;
    let original = d.original_data;
    if (d.action === 'create') {
      if (!b) {
        drop.push(d.id);
        continue;
      }
    } else if (!b && !m) {
      drop.push(d.id);
      continue;
    } else {
      if (m) original = m;
      if (b && m && JSON.stringify(b) === JSON.stringify(m)) {
        drop.push(d.id);
        continue;
      }
      action = b ? 'update' : 'delete';
    }
    keep.push({
      id: d.id,
      action,
      summary: diffSummary(task.registry, d.object_type, d.object_id, d.object_repr, action),
      original_data: original,
      modified_data: b,
      current_data: m,
      conflicts: conflictsOf(task.registry.model(d.object_type), action, original, b, m),
    });
  }
  if (drop.length) await query(tx, `DELETE FROM public.${tables.changeDiff} WHERE id = ANY($1::bigint[])`, [drop]);
  if (keep.length) {
    await query(
      tx,
      `UPDATE public.${tables.changeDiff} d
          SET action = r.action, summary = r.summary, original_data = r.original_data,
              modified_data = r.modified_data, current_data = r.current_data,
              conflicts = ${conflictArray('r.conflicts')}, last_updated = now()
         FROM jsonb_to_recordset($1::text::jsonb)
           AS r(id bigint, action text, summary text, original_data jsonb, modified_data jsonb, current_data jsonb,
                conflicts jsonb)
        WHERE d.id = r.id`,
      [JSON.stringify(keep)],
    );
  }
}

/** Main's state of every object the branch changed (null = main does not have it). */
export async function mainStates(task: TaskContext, tx: Db, branch: BranchRow): Promise<Map<string, Snapshot | null>> {
  const diffs = (await branchDiffs(tx, branch.id)).filter((d) => tracked(task.registry, d.object_type));
  const main = await statesIn(
    tx,
    task.registry,
    null,
    diffs.map((d) => ({ type: d.object_type, id: d.object_id })),
  );
  return new Map(
    diffs.map((d) => [
      `${d.object_type}:${d.object_id}`,
      main.get(`${d.object_type}:${d.object_id}`)?.snapshot ?? null,
    ]),
  );
}

/**
 * After a merge (`before`: main's states before it), each diff keeps main's state before and after
 * it: a revert restores the one and refuses where main moved on from the other. The diff itself is
 * left as the branch showed it. After a revert (`before` null) both are cleared, and the diff
 * compares with main again.
 */
export async function recordMerged(
  task: TaskContext,
  tx: Db,
  branch: BranchRow,
  before: Map<string, Snapshot | null> | null,
): Promise<void> {
  const diffs = await branchDiffs(tx, branch.id);
  const after = await mainStates(task, tx, branch);
  if (!diffs.length) return;
  if (before) {
    const rows = diffs.map((d) => {
      const k = `${d.object_type}:${d.object_id}`;
      return { id: d.id, premerge: before.get(k) ?? null, merged: after.get(k) ?? null };
    });
    await query(
      tx,
      `UPDATE public.${tables.changeDiff} d SET premerge_data = r.premerge, merged_data = r.merged
         FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, premerge jsonb, merged jsonb)
        WHERE d.id = r.id`,
      [JSON.stringify(rows)],
    );
    return;
  }
  const rows = diffs.map((d) => {
    const m = after.get(`${d.object_type}:${d.object_id}`) ?? null;
    const model = task.registry.model(d.object_type);
    return { id: d.id, current: m, conflicts: conflictsOf(model, d.action, d.original_data, d.modified_data, m) };
  });
  await query(
    tx,
    `UPDATE public.${tables.changeDiff} d
        SET premerge_data = NULL, merged_data = NULL, current_data = r.current,
            conflicts = ${conflictArray('r.conflicts')}, last_updated = now()
       FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, current jsonb, conflicts jsonb)
      WHERE d.id = r.id`,
    [JSON.stringify(rows)],
  );
}
