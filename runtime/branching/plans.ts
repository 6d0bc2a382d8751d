/**
 * What a sync, a merge or a revert would do, worked out before anything is written: the object
 * states to apply and every field conflict, three-way (original, branch, main), all at once.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { loadSnapshots, type Snapshot } from '../write/index.ts';
import type { ObjectState } from './apply.ts';
import type { BranchRow } from './lifecycle.ts';
import { inSchema, schemaName } from './schema.ts';
import { tables, query } from '../db/index.ts';
import { pushTo } from '../collections.ts';
import { baseline, changedFields, fieldsOf, pick, reported, same, type Fields } from './fields.ts';

const ACTION_LABELS = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

/** As the plugin reports a conflict (its change diff's id), plus which kind of conflict it is. */
export interface Conflict {
  readonly id: number;
  readonly object_type: string;
  readonly object_id: number;
  readonly object_repr: string;
  readonly action: { readonly value: 'create' | 'update' | 'delete'; readonly label: string };
  readonly kind: 'modify/modify' | 'modify/delete' | 'delete/modify';
  readonly conflicts: string[];
  readonly conflicting_data: { original: Snapshot; branch: Snapshot; main: Snapshot };
  readonly last_updated: string;
}

export interface Plan {
  readonly states: ObjectState[];
  readonly conflicts: Conflict[];
}

export interface DiffRow {
  readonly id: number;
  readonly object_type: string;
  readonly object_id: number;
  readonly object_repr: string;
  readonly action: 'create' | 'update' | 'delete';
  readonly original_data: Snapshot | null;
  readonly modified_data: Snapshot | null;
  readonly premerge_data: Snapshot | null;
  readonly merged_data: Snapshot | null;
  readonly last_updated: string;
}

const key = (type: string, id: number) => `${type}:${id}`;

/** Objects tracked by the change log and copied into branches (tag links travel with their objects). */
export function tracked(registry: Registry, type: string): ModelDef | undefined {
  if (!registry.has(type)) return undefined;
  const m = registry.model(type);
  return m.features.branching && m.features.changelog ? m : undefined;
}

/** Snapshots of objects in one schema (null = main). */
export async function statesIn(
  db: Db,
  registry: Registry,
  schema: string | null,
  objects: { type: string; id: number }[],
): Promise<Map<string, { snapshot: Snapshot; repr: string }>> {
  const byType = new Map<string, number[]>();
  for (const o of objects) pushTo(byType, o.type, o.id);
  const out = new Map<string, { snapshot: Snapshot; repr: string }>();
  await inSchema(db, schema, async () => {
    for (const [type, ids] of byType) {
      for (const [id, s] of await loadSnapshots(db, registry, registry.model(type), [...new Set(ids)]))
        out.set(key(type, id), s);
    }
  });
  return out;
}

export async function branchDiffs(db: Db, branchId: number): Promise<DiffRow[]> {
  const rows = await query(
    db,
    `SELECT id, object_type, object_id, object_repr, action, original_data, modified_data, premerge_data, merged_data,
      last_updated FROM public.${tables.changeDiff} WHERE branch_id = $1 ORDER BY id`,
    [branchId],
  );
  return rows as unknown as DiffRow[];
}

/** An object's three states in a conflict: as the branch found it, in the branch, in main (null: deleted). */
interface ThreeWay {
  readonly original: Fields | null;
  readonly branch: Fields | null;
  readonly main: Fields | null;
}

function conflict(d: DiffRow, kind: Conflict['kind'], fields: string[], sides: ThreeWay): Conflict {
  return {
    id: d.id,
    object_type: d.object_type,
    object_id: d.object_id,
    object_repr: d.object_repr,
    action: { value: d.action, label: ACTION_LABELS[d.action] },
    kind,
    conflicts: reported(fields),
    conflicting_data: {
      original: pick(sides.original, fields),
      branch: pick(sides.branch, fields),
      main: pick(sides.main, fields),
    },
    last_updated: d.last_updated,
  };
}

/**
 * Sync: main's changes the branch has not seen (by change-log transaction visibility against the
 * branch's snapshot, never by wall-clock time), applied on top of the branch's own: just the fields
 * main changed, a conflict where the branch changed one of them too.
 */
export async function planSync(db: Db, registry: Registry, branch: BranchRow): Promise<Plan> {
  const changed = await query(
    db,
    `SELECT changed_object_type AS type, changed_object_id AS id, max(id) AS last FROM public.${tables.objectChange}
      WHERE txid >= pg_snapshot_xmin($1::pg_snapshot)::text::bigint AND NOT pg_visible_in_snapshot(txid::text::xid8,
      $1::pg_snapshot)
        AND source_branch IS DISTINCT FROM $2
      GROUP BY 1, 2 ORDER BY 3`,
    [branch.snapshot, branch.id],
  );
  const objects = changed
    .filter((r) => tracked(registry, r.type as string))
    .map((r) => ({ type: r.type as string, id: r.id as number }));
  const main = await statesIn(db, registry, null, objects);
  const br = await statesIn(db, registry, schemaName(branch.schema_id), objects);
  const diffs = new Map((await branchDiffs(db, branch.id)).map((d) => [key(d.object_type, d.object_id), d]));
  const states: ObjectState[] = [];
  const conflicts: Conflict[] = [];
  for (const o of objects) {
    const k = key(o.type, o.id);
    const model = registry.model(o.type);
    const [ms, bs, d] = [main.get(k), br.get(k), diffs.get(k)];
    const [m, b] = [fieldsOf(model, ms?.snapshot), fieldsOf(model, bs?.snapshot)];
    const repr = ms?.repr ?? bs?.repr ?? d?.object_repr ?? '';
    const original = baseline(fieldsOf(model, d?.original_data), b ?? m);
    if (!m) {
      if (!b) continue;
      // main deleted it; the branch still has it
      if (d && d.action === 'update')
        conflicts.push(conflict(d, 'modify/delete', changedFields(original, b), { original, branch: b, main: null }));
      states.push({ model, id: o.id, action: 'delete', repr });
      continue;
    }
    if (!b || !ms) {
      if (d && d.action === 'delete') {
        conflicts.push(conflict(d, 'delete/modify', changedFields(original, m), { original, branch: null, main: m }));
      }
      if (ms) states.push({ model, id: o.id, action: 'create', values: ms.snapshot, repr });
      continue;
    }
    const base = d ? (original ?? b) : b;
    const fromMain = changedFields(base, m).filter((f) => !same(b[f], m[f]));
    if (!fromMain.length) continue;
    if (d) {
      const both = fromMain.filter((f) => !same(base[f], b[f]));
      if (both.length) conflicts.push(conflict(d, 'modify/modify', both, { original: base, branch: b, main: m }));
    }
    states.push({ model, id: o.id, action: 'update', values: pick(m, fromMain), repr });
  }
  return { states, conflicts };
}

/** Merge: the branch's net change of every object it touched (just the fields it changed), onto main's state. */
export async function planMerge(db: Db, registry: Registry, branch: BranchRow): Promise<Plan> {
  const diffs = (await branchDiffs(db, branch.id)).filter((d) => tracked(registry, d.object_type));
  const objects = diffs.map((d) => ({ type: d.object_type, id: d.object_id }));
  const main = await statesIn(db, registry, null, objects);
  const br = await statesIn(db, registry, schemaName(branch.schema_id), objects);
  const states: ObjectState[] = [];
  const conflicts: Conflict[] = [];
  for (const d of diffs) {
    const k = key(d.object_type, d.object_id);
    const model = registry.model(d.object_type);
    const live = br.get(k)?.snapshot;
    const [m, b] = [fieldsOf(model, main.get(k)?.snapshot), fieldsOf(model, live)];
    const o = baseline(fieldsOf(model, d.original_data), b ?? m);
    const entry = { model, id: d.object_id, repr: d.object_repr };
    if (d.action === 'create') {
      if (live) states.push({ ...entry, action: 'create', values: live });
      continue;
    }
    if (d.action === 'update') {
      if (!b) continue;
      const fields = changedFields(o, b);
      if (!m) {
        conflicts.push(conflict(d, 'modify/delete', fields, { original: o, branch: b, main: null }));
        continue;
      }
      const both = fields.filter((f) => !same(o?.[f], m[f]) && !same(b[f], m[f]));
      if (both.length) conflicts.push(conflict(d, 'modify/modify', both, { original: o, branch: b, main: m }));
      const values = fields.filter((f) => !same(b[f], m[f]));
      if (values.length) states.push({ ...entry, action: 'update', values: pick(b, values) });
      continue;
    }
    if (!m) continue;
    const touched = changedFields(o, m);
    if (touched.length) conflicts.push(conflict(d, 'delete/modify', touched, { original: o, branch: null, main: m }));
    states.push({ ...entry, action: 'delete' });
  }
  return { states, conflicts };
}

/**
 * Revert: undo what the merge wrote — back to main's state before it — field by field, reporting
 * every field main changed since the merge as a conflict.
 */
export async function planRevert(db: Db, registry: Registry, branch: BranchRow): Promise<Plan> {
  const diffs = (await branchDiffs(db, branch.id)).filter((d) => tracked(registry, d.object_type));
  const main = await statesIn(
    db,
    registry,
    null,
    diffs.map((d) => ({ type: d.object_type, id: d.object_id })),
  );
  const states: ObjectState[] = [];
  const conflicts: Conflict[] = [];
  for (const d of diffs) {
    const model = registry.model(d.object_type);
    const m = fieldsOf(model, main.get(key(d.object_type, d.object_id))?.snapshot);
    const merged = baseline(fieldsOf(model, d.merged_data), m);
    const before = baseline(fieldsOf(model, d.premerge_data), merged);
    const entry = { model, id: d.object_id, repr: d.object_repr };
    if (!before) {
      // the merge created it: delete it again
      if (!m) continue;
      const since = changedFields(merged, m);
      if (since.length)
        conflicts.push(conflict(d, 'delete/modify', since, { original: null, branch: merged, main: m }));
      states.push({ ...entry, action: 'delete' });
    } else if (merged) {
      const fields = changedFields(before, merged);
      if (!fields.length) continue;
      if (!m) {
        conflicts.push(conflict(d, 'modify/delete', fields, { original: before, branch: merged, main: null }));
        continue;
      }
      const since = fields.filter((f) => !same(m[f], merged[f]));
      if (since.length)
        conflicts.push(conflict(d, 'modify/modify', since, { original: before, branch: merged, main: m }));
      const values = fields.filter((f) => !same(m[f], before[f]));
      if (values.length) states.push({ ...entry, action: 'update', values: pick(before, values) });
    } else if (!m) {
      // the merge deleted it: create it again, with its id
      states.push({ ...entry, action: 'create', values: pick(before, Object.keys(before)) });
    }
  }
  return { states, conflicts };
}
