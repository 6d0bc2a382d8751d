/**
 * A merge's events: the merge writes each object's net state once (branching/apply.ts), but its rules
 * fire once per change the branch made, in the order they were made, as the branching plugin's
 * iterative merge replays them — a site created and then renamed twice in the branch is a created
 * and two updated events in main. Each carries the change record's snapshots, the object's data in
 * main after the merge (or, for an object the merge leaves absent, the record's own), and the
 * merge's user and request id; it fires the main rules (a merge is a change of main).
 */
import { enqueueTasks } from '../jobs/index.ts';
import { ident, query, tables } from '../db/index.ts';
import type { Change, Snapshot, WriteContext } from '../write/index.ts';
import { pushTo } from '../collections.ts';
import type { ModelDef } from '../catalogue/index.ts';
import { deliveryTasks, eventNames, hookContexts, represent, rulesFor, rulesOf, type Fired } from './rules.ts';

interface MergedRecord {
  readonly id: number;
  readonly action: Change['action'];
  readonly type: string;
  readonly object_id: number;
  readonly object_repr: string;
  readonly message: string;
  readonly prechange_data: Snapshot | null;
  readonly postchange_data: Snapshot | null;
}

const empty = (s: Snapshot | null) => !s || !Object.keys(s).length;

/** Enqueues the deliveries of the merged change records `ids` of the branch's schema, oldest first. */
export async function fireMergedChanges(ctx: WriteContext, schema: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const records = await query<MergedRecord>(
    ctx.db,
    `SELECT c.id, c.action, c.changed_object_type AS type, c.changed_object_id AS object_id, c.object_repr, c.message,
            c.prechange_data, c.postchange_data
       FROM ${ident(schema)}.${tables.objectChange} c WHERE c.id = ANY($1::bigint[]) ORDER BY c.time, c.id`,
    [ids],
  );
  const merged = records.flatMap((r): { change: Change; changeId: number }[] => {
    if (!ctx.registry.has(r.type)) return [];
    const model = ctx.registry.model(r.type);
    if (!model.features.events) return [];
    const before = empty(r.prechange_data) ? null : r.prechange_data;
    const after = empty(r.postchange_data) ? null : r.postchange_data;
    const id = Number(r.object_id);
    return [
      {
        change: { model, action: r.action, id, before, after, repr: r.object_repr, message: r.message },
        changeId: r.id,
      },
    ];
  });
  if (!merged.length) return;
  const changes = merged.map((m) => m.change);
  const types = [...new Set(changes.map((c) => c.model.key))];
  const rules = await rulesFor(ctx.db, types, [...new Set(changes.map((c) => eventNames[c.action]))], false);
  if (!rules.length) return;
  // the objects' data in main, now that the merge is applied
  const byModel = new Map<ModelDef, number[]>();
  for (const c of changes) if (rulesOf(rules, c).length) pushTo(byModel, c.model, c.id);
  const data = new Map<string, Record<string, unknown>>();
  for (const [model, objectIds] of byModel)
    for (const [id, o] of await represent(ctx, model, [...new Set(objectIds)])) data.set(`${model.key}:${id}`, o);
  const fired: Fired[] = merged.map(({ change: c, changeId }) => ({
    change: c,
    object: data.get(`${c.model.key}:${c.id}`) ?? { id: c.id, display: c.repr, ...(c.after ?? c.before) },
    changeId,
  }));
  await enqueueTasks(ctx.db, deliveryTasks(ctx, rules, fired, null, await hookContexts(ctx, byModel)));
}
