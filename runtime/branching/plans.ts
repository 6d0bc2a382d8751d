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
import { tables } from '../db/tables.ts';
import { pushTo } from '../collections.ts';
import { query } from '../db/index.ts';

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

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
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

function restrict(data: Snapshot | null, fields: string[]): Snapshot {
  const out: Snapshot = {};
  for (const f of fields) if (data && f in data) out[f] = data[f];
  return out;
}

/** An object's three states in a conflict: as the branch found it, in the branch, in main (null: deleted). */
interface ThreeWay {
  readonly original: Snapshot | null;
  readonly branch: Snapshot | null;
  readonly main: Snapshot | null;
}

function conflict(d: DiffRow, kind: Conflict['kind'], fields: string[], sides: ThreeWay): Conflict {
  return {
    id: d.id,
    object_type: d.object_type,
    object_id: d.object_id,
    object_repr: d.object_repr,
    action: { value: d.action, label: ACTION_LABELS[d.action] },
    kind,
    conflicts: fields,
    conflicting_data: {
      original: restrict(sides.original, fields),
      branch: restrict(sides.branch, fields),
      main: restrict(sides.main, fields),
    },
    last_updated: d.last_updated,
  };
}

function changedFields(a: Snapshot | null, b: Snapshot | null): string[] {
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort();
  return keys.filter((k) => !same(a?.[k], b?.[k]));
}

/**
 * Sync: main's changes the branch has not seen (by change-log transaction visibility against the
 * branch's snapshot, never by wall-clock time), applied on top of the branch's own.
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
    const m = main.get(k);
    const b = br.get(k);
    const d = diffs.get(k);
    const repr = m?.repr ?? b?.repr ?? d?.object_repr ?? '';
    if (!m) {
      if (!b) continue;
      // main deleted it; the branch still has it
      if (d && d.action === 'update')
        conflicts.push(
          conflict(d, 'modify/delete', changedFields(d.original_data, b.snapshot), {
            original: d.original_data,
            branch: b.snapshot,
            main: null,
          }),
        );
      states.push({ model, id: o.id, action: 'delete', repr });
      continue;
    }
    if (!b) {
      if (d && d.action === 'delete') {
        conflicts.push(
          conflict(d, 'delete/modify', changedFields(d.original_data, m.snapshot), {
            original: d.original_data,
            branch: null,
            main: m.snapshot,
          }),
        );
      }
      states.push({ model, id: o.id, action: 'create', values: m.snapshot, repr });
      continue;
    }
    const baseline = d?.original_data ?? b.snapshot;
    const fromMain = changedFields(baseline, m.snapshot).filter((f) => !same(b.snapshot[f], m.snapshot[f]));
    if (!fromMain.length) continue;
    if (d) {
      const both = fromMain.filter((f) => !same(baseline[f], b.snapshot[f]));
      if (both.length)
        conflicts.push(
          conflict(d, 'modify/modify', both, { original: baseline, branch: b.snapshot, main: m.snapshot }),
        );
    }
    states.push({ model, id: o.id, action: 'update', values: restrict(m.snapshot, fromMain), repr });
  }
  return { states, conflicts };
}

/** Merge: the branch's net change of every object it touched, onto main's current state. */
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
    const m = main.get(k)?.snapshot ?? null;
    const b = br.get(k)?.snapshot ?? null;
    const o = d.original_data;
    if (d.action === 'create') {
      if (b) states.push({ model, id: d.object_id, action: 'create', values: b, repr: d.object_repr });
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
      const values = restrict(
        b,
        fields.filter((f) => !same(b[f], m[f])),
      );
      if (Object.keys(values).length)
        states.push({ model, id: d.object_id, action: 'update', values, repr: d.object_repr });
      continue;
    }
    if (!m) continue;
    const touched = changedFields(o, m);
    if (touched.length) conflicts.push(conflict(d, 'delete/modify', touched, { original: o, branch: null, main: m }));
    states.push({ model, id: d.object_id, action: 'delete', repr: d.object_repr });
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
    const m = main.get(key(d.object_type, d.object_id))?.snapshot ?? null;
    const merged = d.merged_data;
    const before = d.premerge_data;
    if (!before) {
      // the merge created it: delete it again
      if (!m) continue;
      const since = changedFields(merged, m);
      if (since.length)
        conflicts.push(conflict(d, 'delete/modify', since, { original: null, branch: merged, main: m }));
      states.push({ model, id: d.object_id, action: 'delete', repr: d.object_repr });
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
      const values = restrict(
        before,
        fields.filter((f) => !same(m[f], before[f])),
      );
      if (Object.keys(values).length)
        states.push({ model, id: d.object_id, action: 'update', values, repr: d.object_repr });
    } else if (!m) {
      // the merge deleted it: create it again, with its id
      states.push({ model, id: d.object_id, action: 'create', values: before, repr: d.object_repr });
    }
  }
  return { states, conflicts };
}
