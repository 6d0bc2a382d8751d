/**
 * Change diffs: for every object a branch changes, three states — original (main at the branch's
 * baseline), modified (the branch now), current (main now) — and the fields in conflict. Kept up
 * to date in the writing transaction by an observer of both branch writes and main writes.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import type { Change, ChangeObserver, Snapshot, WriteContext } from '../write/index.ts';
import { loadSnapshots } from '../write/index.ts';
import { inSchema } from './schema.ts';
import { tables, query } from '../db/index.ts';
import { pushTo } from '../collections.ts';
import { baseline, changedFields, completed, fieldsOf, reported, same } from './fields.ts';

export type DiffAction = 'create' | 'update' | 'delete';

const ACTION_LABELS: Record<DiffAction, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** A change's display, as the plugin prints one: `Updated site Test Site (1)`. */
export function diffSummary(registry: Registry, type: string, id: number, repr: string, action: DiffAction): string {
  const name = registry.has(type) ? registry.model(type).verboseName : type;
  return `${ACTION_LABELS[action]} ${name} ${repr} (${id})`.slice(0, 400);
}

/** The SQL of a conflict list given as a JSON array `col`: NULL when there are none, as the plugin stores it. */
export const conflictArray = (col: string) => `NULLIF(ARRAY(SELECT jsonb_array_elements_text(${col})), '{}')`;

/**
 * Three-way, per field (fields.ts): an update conflicts where both sides changed a field to different
 * values (or on every field the branch changed when main deleted the object); a delete conflicts where
 * main changed something the branch deleted. Lists (tags, many-to-many) are stored sorted.
 */
export function conflictsOf(
  model: ModelDef,
  action: DiffAction,
  original: Snapshot | null,
  modified: Snapshot | null,
  current: Snapshot | null,
): string[] {
  if (action === 'create' || !original) return [];
  const [mod, cur] = [fieldsOf(model, modified), fieldsOf(model, current)];
  if (action === 'delete') return reported(changedFields(baseline(fieldsOf(model, original), cur), cur));
  const o = baseline(fieldsOf(model, original), mod);
  const mine = changedFields(o, mod);
  if (!cur) return reported(mine);
  return reported(mine.filter((k) => k in cur && !same(o?.[k], cur[k]) && !same(mod?.[k], cur[k])));
}

/** Main's current state of some objects, read from main even inside a branch transaction. */
export async function mainSnapshots(
  db: Db,
  registry: Registry,
  model: ModelDef,
  ids: number[],
): Promise<Map<number, Snapshot>> {
  const map = await inSchema(db, null, () => loadSnapshots(db, registry, model, ids));
  return new Map([...map].map(([id, s]) => [id, s.snapshot]));
}

/** (object type, object id) arrays for an indexed `IN (SELECT * FROM unnest(…))` lookup. */
function pairs(changes: readonly Change[]): [string[], number[]] {
  return [changes.map((c) => c.model.key), changes.map((c) => c.id)];
}

interface DiffRow {
  object_type: string;
  object_id: number;
  action: DiffAction;
  original_data: Snapshot | null;
}

async function recordBranchChanges(ctx: WriteContext, branchId: number, changes: readonly Change[]): Promise<void> {
  const existing = await query(
    ctx.db,
    `SELECT object_type, object_id, action, original_data FROM public.${tables.changeDiff}
      WHERE branch_id = $1 AND (object_type, object_id) IN (SELECT * FROM unnest($2::text[], $3::bigint[]))`,
    [branchId, ...pairs(changes)],
  );
  const byKey = new Map(existing.map((r) => [`${r.object_type}:${r.object_id}`, r as unknown as DiffRow]));
  const byModel = new Map<ModelDef, number[]>();
  for (const c of changes) pushTo(byModel, c.model, c.id);
  const current = new Map<string, Snapshot>();
  for (const [model, ids] of byModel)
    for (const [id, s] of await mainSnapshots(ctx.db, ctx.registry, model, ids)) current.set(`${model.key}:${id}`, s);
  const upserts: Record<string, unknown>[] = [];
  const removals: string[] = [];
  // the last change of an object in this write decides; earlier ones only set the original
  const spans = new Map<string, { first: Change; last: Change }>();
  for (const c of changes) {
    const k = `${c.model.key}:${c.id}`;
    const span = spans.get(k);
    if (span) span.last = c;
    else spans.set(k, { first: c, last: c });
  }
  for (const [k, { first: start, last: c }] of spans) {
    const prior = byKey.get(k);
    let action: DiffAction;
    let original: Snapshot | null;
    if (prior) {
      // a field added since the diff was made is one the branch had not changed: its value before this write
      original = completed(c.model, prior.original_data, start.before);
      action = prior.action === 'create' ? 'create' : c.action === 'delete' ? 'delete' : 'update';
      if (prior.action === 'create' && c.action === 'delete') {
        removals.push(k); // created and deleted in the branch: nothing left to merge
        continue;
      }
    } else {
      original = start.before;
      action = start.action === 'create' ? 'create' : c.action === 'delete' ? 'delete' : 'update';
      if (start.action === 'create' && c.action === 'delete') continue;
    }
    const modified = c.after;
    const cur = current.get(k) ?? null;
    upserts.push({
      object_type: c.model.key,
      object_id: c.id,
      object_repr: c.repr,
      summary: diffSummary(ctx.registry, c.model.key, c.id, c.repr, action),
      action,
      original_data: original,
      modified_data: modified,
      current_data: cur,
      conflicts: conflictsOf(c.model, action, original, modified, cur),
    });
  }
  if (removals.length) {
    await query(
      ctx.db,
      `DELETE FROM public.${tables.changeDiff} WHERE branch_id = $1
      AND (object_type || ':' || object_id) = ANY($2::text[])`,
      [branchId, removals],
    ); // branch_id narrows it
  }
  if (upserts.length) {
    await query(
      ctx.db,
      `INSERT INTO public.${tables.changeDiff} (branch_id, object_type, object_id, object_repr, summary, action,
        original_data, modified_data, current_data, conflicts, last_updated)
       SELECT $1, r.object_type, r.object_id, r.object_repr, r.summary, r.action, r.original_data, r.modified_data,
        r.current_data, ${conflictArray('r.conflicts')}, now()
         FROM jsonb_to_recordset($2::text::jsonb) AS r(object_type text, object_id bigint, object_repr text,
        summary text, action text, original_data jsonb, modified_data jsonb, current_data jsonb, conflicts jsonb)
       ON CONFLICT (branch_id, object_type, object_id) DO UPDATE SET object_repr = EXCLUDED.object_repr,
        summary = EXCLUDED.summary, action = EXCLUDED.action, original_data = EXCLUDED.original_data,
         modified_data = EXCLUDED.modified_data, current_data = EXCLUDED.current_data, conflicts = EXCLUDED.conflicts,
        last_updated = now()`,
      [branchId, JSON.stringify(upserts)],
    );
  }
}

/** A change in main refreshes `current` (and the conflicts) of every open branch's diff of it. */
async function recordMainChanges(ctx: WriteContext, changes: readonly Change[]): Promise<void> {
  // the branch being merged or reverted keeps its own diffs itself
  const except = ctx.operation?.branchId ?? 0;
  const rows = await query(
    ctx.db,
    `SELECT d.id, d.object_type, d.object_id, d.action, d.original_data, d.modified_data
      FROM public.${tables.changeDiff} d
       JOIN public.${tables.branch} b ON b.id = d.branch_id
      WHERE b.status IN ('ready', 'syncing', 'merging') AND d.branch_id <> $1 AND (d.object_type,
      d.object_id) IN (SELECT * FROM unnest($2::text[], $3::bigint[]))`,
    [except, ...pairs(changes)],
  );
  if (!rows.length) return;
  const after = new Map<string, Snapshot | null>();
  for (const c of changes) after.set(`${c.model.key}:${c.id}`, c.after);
  const updates = rows.map((r) => {
    const cur = after.get(`${r.object_type as string}:${r.object_id as number}`) ?? null;
    return {
      id: r.id,
      current_data: cur,
      conflicts: conflictsOf(
        ctx.registry.model(r.object_type as string),
        r.action as DiffAction,
        r.original_data as Snapshot | null,
        r.modified_data as Snapshot | null,
        cur,
      ),
    };
  });
  await query(
    ctx.db,
    `UPDATE public.${tables.changeDiff} d SET current_data = r.current_data,
      conflicts = ${conflictArray('r.conflicts')}, last_updated = now()
       FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, current_data jsonb, conflicts jsonb) WHERE d.id = r.id`,
    [JSON.stringify(updates)],
  );
}

export function createDiffObserver(): ChangeObserver {
  return {
    async changed(ctx, changes) {
      const relevant = changes.filter(
        (c) => c.model.features.branching && c.model.key !== 'core.objectchange' && c.model.key !== 'extras.taggeditem',
      );
      if (!relevant.length) return;
      if (ctx.branch) {
        // a sync brings main's state in: it is not a change of the branch's own
        if (ctx.operation?.kind !== 'sync') await recordBranchChanges(ctx, ctx.branch.id, relevant);
      } else {
        await recordMainChanges(ctx, relevant);
      }
    },
  };
}
