/**
 * Which event rules a change fires, and the delivery task each firing becomes: the enabled webhook
 * rules of the change's object type and event whose conditions hold on the object's data. A change
 * inside a branch fires only the rules that say so (`fire_in_branches`, off by default). Shared by the
 * write path's observer (index.ts) and a merge, which fires once per merged change (merged.ts).
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { Db, Row } from '../db/index.ts';
import { ident, query, tables } from '../db/index.ts';
import { selectList, serialize } from '../read/index.ts';
import type { TaskSpec } from '../jobs/index.ts';
import type { Change, WriteContext } from '../write/index.ts';
import { evaluateConditions } from './conditions.ts';
import { webhookContext, type ActiveBranch } from './context.ts';
import { deliverWebhookJob, type DeliveryPayload } from './deliver.ts';

export const eventNames = { create: 'object_created', update: 'object_updated', delete: 'object_deleted' } as const;
const contextEvent = { create: 'created', update: 'updated', delete: 'deleted' } as const;

export interface Rule {
  readonly id: number;
  readonly object_types: string[];
  readonly event_types: string[];
  readonly conditions: unknown;
  readonly action_object_id: number;
}

/** The enabled webhook rules for any of these types and events; inside a branch, those that fire there. */
export async function rulesFor(db: Db, types: string[], events: string[], inBranch: boolean): Promise<Rule[]> {
  const rows = await query(
    db,
    `SELECT id, object_types, event_types, conditions, action_object_id FROM public.${tables.eventRule}
      WHERE enabled AND action_type = 'webhook' AND action_object_type = 'extras.webhook'
        AND object_types && $1::text[] AND event_types && $2::text[] AND (fire_in_branches OR NOT $3::boolean)
      ORDER BY id`,
    [types, events, inBranch],
  );
  return rows as unknown as Rule[];
}

/** The rules of `rules` that a change of this type and action fires (their conditions aside). */
export function rulesOf(rules: readonly Rule[], c: Pick<Change, 'model' | 'action'>): Rule[] {
  return rules.filter((r) => r.object_types.includes(c.model.key) && r.event_types.includes(eventNames[c.action]));
}

/** The REST representation of the objects with these ids (in the schema `db` is set to), by id. */
export async function represent(
  ctx: Pick<WriteContext, 'db' | 'registry'>,
  model: ModelDef,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const rows = await query(
    ctx.db,
    `SELECT ${selectList(ctx.registry, model)} FROM ${ident(model.table)} t
    WHERE t.id = ANY($1::bigint[])`,
    [ids],
  );
  const names = model.fields.filter((f) => !f.hidden && !f.writeOnly && !f.unlisted).map((f) => f.name);
  const objects = await serialize(
    { db: ctx.db, registry: ctx.registry, baseUrl: '' },
    model,
    rows as unknown as Row[],
    names,
  );
  return new Map(objects.map((o) => [o.id as number, o]));
}

/** One change that may fire rules: the object's data as the event carries it, and its change record. */
export interface Fired {
  readonly change: Change;
  readonly object: Record<string, unknown>;
  readonly changeId: number | undefined;
}

/** One delivery of `rule`'s webhook for an object's event, in the stream of that webhook and object. */
export function delivery(
  ctx: WriteContext,
  rule: Rule,
  what: string,
  key: string,
  payload: Pick<DeliveryPayload, 'context' | 'change_id' | 'branch_id'>,
): TaskSpec {
  return {
    kind: deliverWebhookJob,
    description: `Webhook ${rule.action_object_id}: ${what}`,
    payload: { webhook_id: rule.action_object_id, event_rule_id: rule.id, ...payload },
    // one webhook's deliveries for one object share a stream, so they arrive in order; another
    // webhook's receiver, however slow, never holds them up
    orderingKey: `webhook:${rule.action_object_id}:${key}`,
    timeout: Math.ceil(ctx.settings.webhookTimeoutMs / 1000),
    maxAttempts: 5,
  };
}

/** A delivery's body with what a model adds to its `context` (the branching plugin's `active_branch` stays). */
export function withContext(body: Record<string, unknown>, extra: Record<string, unknown> | undefined) {
  return extra ? { ...body, context: { ...(body.context as Record<string, unknown>), ...extra } } : body;
}

/** What the models' hooks add to the `context` of their objects' deliveries (`app.model:id` → keys). */
export async function hookContexts(
  ctx: WriteContext,
  byModel: ReadonlyMap<ModelDef, readonly number[]>,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [model, ids] of byModel) {
    const hook = model.hooks ? ctx.hooks.get(model.hooks)?.eventContext : undefined;
    if (hook) for (const [id, extra] of await hook(ctx, model, ids)) out.set(`${model.key}:${id}`, extra);
  }
  return out;
}

/**
 * The delivery tasks of these changes, in their order: one per rule each fires, with what the models'
 * hooks add to the context (`extra`, by `app.model:id`).
 */
export function deliveryTasks(
  ctx: WriteContext,
  rules: readonly Rule[],
  fired: readonly Fired[],
  branch: ActiveBranch | null,
  extra: ReadonlyMap<string, Record<string, unknown>>,
): TaskSpec[] {
  const timestamp = new Date().toISOString().replace('Z', '+00:00');
  const tasks: TaskSpec[] = [];
  for (const { change: c, object, changeId } of fired) {
    const key = `${c.model.key}:${c.id}`;
    for (const rule of rulesOf(rules, c)) {
      if (!evaluateConditions(rule.conditions, object)) continue;
      const context = withContext(webhookContext(ctx, c, object, timestamp, branch), extra.get(key));
      tasks.push(
        delivery(ctx, rule, `${contextEvent[c.action]} ${c.model.key} ${c.id}`, key, {
          change_id: changeId ?? null,
          branch_id: branch?.id ?? null,
          context,
        }),
      );
    }
  }
  return tasks;
}

/** The branch a write goes to, as the context's `active_branch` names it (the branching plugin's callback). */
export async function activeBranch(ctx: WriteContext): Promise<ActiveBranch | null> {
  if (!ctx.branch) return null;
  const [row] = await query<ActiveBranch>(
    ctx.db,
    `SELECT id, name, schema_id FROM public.${tables.branch} WHERE id = $1`,
    [ctx.branch.id],
  );
  return row ?? { id: ctx.branch.id, name: '', schema_id: ctx.branch.schema.replace(/^branch_/, '') };
}
