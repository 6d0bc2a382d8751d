/**
 * The template context of a webhook delivery, which is also its default body, as NetBox 4.6 builds
 * it: event, timestamp, object type, user and request id, the object's REST data, the request, the
 * snapshots before and after, and the branching plugin's `context`; plus `model` (spec §6.3, §6.4).
 */
import type { Change, WriteContext } from '../write/index.ts';

/** The branch a change was made in, as the branching plugin's webhook callback names it. */
export interface ActiveBranch {
  readonly id: number;
  readonly name: string;
  readonly schema_id: string;
}

const contextEvent = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/** A snapshot as a webhook sends it: the object's creation time (to the millisecond) first. */
function stamped(snapshot: Record<string, unknown> | null, created: string | undefined) {
  return snapshot && created ? { created, ...snapshot } : snapshot;
}

export function webhookContext(
  ctx: WriteContext,
  c: Change,
  object: Record<string, unknown>,
  timestamp: string,
  branch: ActiveBranch | null = null,
): Record<string, unknown> {
  const username = ctx.actor?.username ?? '';
  let data = object;
  if (c.action === 'create') {
    // NetBox serializes the instance it just saved, which has no related-object counts yet
    const counts = new Set(
      c.model.fields.filter((f) => f.kind === 'computed' && f.computed.type === 'count').map((f) => f.name),
    );
    data = Object.fromEntries(Object.entries(object).filter(([k]) => !counts.has(k)));
  }
  const created = typeof object.created === 'string' ? new Date(object.created).toISOString() : undefined;
  return {
    event: contextEvent[c.action],
    timestamp,
    model: c.model.model,
    object_type: c.model.key,
    username,
    request_id: ctx.requestId,
    data,
    ...(ctx.request
      ? { request: { id: ctx.requestId, method: ctx.request.method, path: ctx.request.path, user: username } }
      : {}),
    snapshots: {
      prechange: c.unsnapshotted ? null : stamped(c.before, created),
      postchange: stamped(c.after, created),
    },
    // the branch the change was made in (a rule that fires in branches), else none
    context: { active_branch: branch ? { id: branch.id, name: branch.name, schema_id: branch.schema_id } : null },
  };
}
