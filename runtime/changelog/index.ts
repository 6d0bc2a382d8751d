/**
 * The change log: one `core_objectchange` row per created, updated or deleted object, written by an
 * observer of the write path in the same transaction (so a change is logged iff it commits).
 * Rows live in the current schema: a branch's changes stay in the branch until merged.
 */
import type { Change, ChangeObserver, Snapshot } from '../write/index.ts';
import { netboxForm } from '../write/index.ts';
import { tables, query } from '../db/index.ts';

/**
 * The data as NetBox's API shows it: NetBox's form of the snapshot (Django's serialization) without
 * what `get_clean_data` strips (`created`, `last_updated`, private `_` keys), and `{}` where there is
 * no data (before a creation, after a deletion).
 */
function clean(data: Snapshot | null): Record<string, unknown> {
  if (!data) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(netboxForm(data) ?? data))
    if (!k.startsWith('_') && k !== 'created' && k !== 'last_updated') out[k] = v;
  return out;
}

/** The id of the change record each logged change got (the events observer, after this one, names it). */
const recordIds = new WeakMap<Change, number>();

export function changeRecordId(change: Change): number | undefined {
  return recordIds.get(change);
}

async function record(
  ctx: Parameters<ChangeObserver['changed']>[0],
  changes: Parameters<ChangeObserver['changed']>[1],
): Promise<void> {
  const logged = changes.filter((c) => c.model.features.changelog);
  if (!logged.length) return;
  const rows = logged.map((c, n) => ({
    n,
    user_id: ctx.actor?.id ?? null,
    source_branch: ctx.operation && ctx.operation.kind !== 'sync' ? ctx.operation.branchId : null,
    user_name: ctx.actor?.username ?? '',
    request_id: ctx.requestId,
    action: c.action,
    changed_object_type: c.model.key,
    changed_object_id: c.id,
    object_repr: c.repr.slice(0, 200),
    message: c.message.slice(0, 200),
    prechange_data: c.unsnapshotted ? {} : clean(c.before),
    postchange_data: clean(c.after),
  }));
  const ids = await query<{ id: number }>(
    ctx.db,
    `INSERT INTO ${tables.objectChange} (time, user_id, user_name, request_id, action, changed_object_type,
      changed_object_id, object_repr, message, prechange_data, postchange_data, txid, source_branch)
     SELECT now(), r.user_id, r.user_name, r.request_id, r.action, r.changed_object_type, r.changed_object_id,
      r.object_repr, r.message, r.prechange_data, r.postchange_data, pg_current_xact_id()::text::bigint, r.source_branch
       FROM jsonb_to_recordset($1::text::jsonb) AS r(n int, user_id bigint, user_name text, request_id text,
      action text, changed_object_type text, changed_object_id bigint, object_repr text, message text,
      prechange_data jsonb, postchange_data jsonb, source_branch bigint)
      ORDER BY r.n RETURNING id`,
    [JSON.stringify(rows)],
  );
  // an INSERT … SELECT … ORDER BY returns its rows in that order: one id per logged change
  logged.forEach((c, i) => recordIds.set(c, ids[i].id));
}

export const recordObjectChanges: ChangeObserver = { changed: record };
export { pruneChangelog } from './prune.ts';
