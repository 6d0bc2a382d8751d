/**
 * What a branch job tells its reader, as the NetBox branching plugin writes it into the job's
 * `data.log`: the change records it works through (the branch's own for a merge or a revert, main's
 * unseen ones for a sync), one line per record and per object it creates, updates or deletes, and
 * for a merge the plugin's summary of the changes by object type.
 */
import type { SqlParam, Db } from '../db/index.ts';
import type { Registry } from '../catalogue/index.ts';
import { displaySql } from '../sql/index.ts';
import { tables, query } from '../db/index.ts';
import { inSchema } from './schema.ts';

export interface ChangeRecord {
  readonly id: number;
  readonly action: 'create' | 'update' | 'delete';
  readonly type: string;
  readonly objectId: number;
  readonly repr: string;
  /** the change record's display (`DCIM | site Test Site created by admin`) */
  readonly display: string;
}

async function records(db: Db, registry: Registry, schema: string | null, where: string, params: SqlParam[]) {
  const model = registry.model('core.objectchange');
  const rows = await inSchema(db, schema, () =>
    query(
      db,
      `SELECT c.id, c.action, c.changed_object_type AS type, c.changed_object_id AS object_id, c.object_repr,
              ${displaySql(registry, model, 'c')} AS display
         FROM ${schema ? `${schema}.` : 'public.'}${tables.objectChange} c WHERE ${where} ORDER BY c.time, c.id`,
      params,
    ),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action as ChangeRecord['action'],
    type: r.type as string,
    objectId: Number(r.object_id),
    repr: r.object_repr as string,
    display: r.display as string,
  }));
}

/** The branch's own change records (not those its syncs, jobs of task `syncTask`, wrote), oldest first. */
export function branchRecords(db: Db, registry: Registry, schema: string, syncTask: string): Promise<ChangeRecord[]> {
  return records(
    db,
    registry,
    schema,
    `NOT EXISTS (SELECT 1 FROM public.${tables.job} j WHERE j.job_id = c.request_id AND j.task = $1)`,
    [syncTask],
  );
}

/** Main's change records the branch has not synced (not those of its own merges), oldest first. */
export function unsyncedRecords(db: Db, registry: Registry, snapshot: string, branchId: number) {
  return records(
    db,
    registry,
    null,
    `c.txid >= pg_snapshot_xmin($1::pg_snapshot)::text::bigint
       AND NOT pg_visible_in_snapshot(c.txid::text::xid8, $1::pg_snapshot) AND c.source_branch IS DISTINCT FROM $2`,
    [snapshot, branchId],
  );
}

const name = (registry: Registry, type: string) => (registry.has(type) ? registry.model(type).verboseName : type);

/** The lines of applying records (a merge into main, a sync into `using`), in order. */
export function applyLines(registry: Registry, recs: readonly ChangeRecord[], using = 'default'): string[] {
  return recs.flatMap((r) => [
    `Applying change ${r.id} using ${using} (${r.display})`,
    ...(r.action === 'update' ? [`Updating ${name(registry, r.type)} ${r.repr}`] : []),
    ...(r.action === 'delete' ? [`Deleting ${name(registry, r.type)} ${r.repr}`] : []),
  ]);
}

/** The lines of undoing records (a revert), newest first. */
export function undoLines(registry: Registry, recs: readonly ChangeRecord[]): string[] {
  return [...recs]
    .reverse()
    .flatMap((r) => [
      `Undoing change ${r.id} using default (${r.display})`,
      ...(r.action === 'create' ? [`Undoing creation of ${name(registry, r.type)} ${r.repr}`] : []),
      ...(r.action === 'delete' ? [`Restoring ${name(registry, r.type)} ${r.repr}`] : []),
    ]);
}

/** The plugin's `changes_summary` of a merge: objects created, updated and deleted, by type. */
export function changesSummary(recs: readonly ChangeRecord[]): Record<string, unknown> {
  const objects = new Map<string, { type: string; actions: Set<string> }>();
  for (const r of recs) {
    const k = `${r.type}:${r.objectId}`;
    const o = objects.get(k) ?? { type: r.type, actions: new Set<string>() };
    o.actions.add(r.action);
    objects.set(k, o);
  }
  const counts = { creates: {} as Record<string, number>, updates: {}, deletes: {} } as Record<
    'creates' | 'updates' | 'deletes',
    Record<string, number>
  >;
  for (const o of objects.values()) {
    const kind = o.actions.has('delete') ? 'deletes' : o.actions.has('create') ? 'creates' : 'updates';
    counts[kind][o.type] = (counts[kind][o.type] ?? 0) + 1;
  }
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
  return {
    creates: counts.creates,
    creates_total: total(counts.creates),
    updates: counts.updates,
    updates_total: total(counts.updates),
    deletes: counts.deletes,
    deletes_total: total(counts.deletes),
  };
}
