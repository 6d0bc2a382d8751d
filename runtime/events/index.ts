/**
 * Events: an observer of the write path that, for every change in main, finds the enabled event
 * rules for its type and event, evaluates their conditions on the object's REST representation,
 * and enqueues one delivery per matching rule in the same transaction (a transactional outbox): a
 * background task, as NetBox's deliveries are RQ tasks, never core jobs.
 * Changes inside a branch do not fire: they have not happened in main.
 */
import type { ModelDef } from '../catalogue/index.ts';
import type { Row } from '../db/index.ts';
import { ident } from '../db/index.ts';
import { selectList } from '../read/select.ts';
import { serialize } from '../read/serialize.ts';
import { enqueueTasks, type TaskSpec } from '../jobs/enqueue.ts';
import type { Change, ChangeObserver, WriteContext } from '../write/index.ts';
import { evaluateConditions } from './conditions.ts';
import { webhookContext } from './context.ts';

export { validateConditions, evaluateConditions, ConditionError } from './conditions.ts';
export { deliver, deliverSlowWebhookJob, deliverWebhookJob, type Attempt, type DeliveryPayload } from './deliver.ts';
import { deliverWebhookJob } from './deliver.ts';
import { tables } from '../db/tables.ts';
import { pushTo } from '../collections.ts';
import { query } from '../db/index.ts';

const eventNames = { create: 'object_created', update: 'object_updated', delete: 'object_deleted' } as const;
const contextEvent = { create: 'created', update: 'updated', delete: 'deleted' } as const;

interface Rule {
  id: number;
  object_types: string[];
  event_types: string[];
  conditions: unknown;
  action_object_id: number;
}

async function rulesFor(ctx: WriteContext, types: string[], events: string[]): Promise<Rule[]> {
  const rows = await query(
    ctx.db,
    `SELECT id, object_types, event_types, conditions, action_object_id FROM public.${tables.eventRule}
      WHERE enabled AND action_type = 'webhook' AND action_object_type = 'extras.webhook'
        AND object_types && $1::text[] AND event_types && $2::text[] ORDER BY id`,
    [types, events],
  );
  return rows as unknown as Rule[];
}

async function represent(
  ctx: WriteContext,
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

/** One delivery of `rule`'s webhook for an object's event, in the stream of that webhook and object. */
function delivery(
  ctx: WriteContext,
  rule: Rule,
  what: string,
  key: string,
  context: Record<string, unknown>,
): TaskSpec {
  return {
    kind: deliverWebhookJob,
    description: `Webhook ${rule.action_object_id}: ${what}`,
    payload: { webhook_id: rule.action_object_id, event_rule_id: rule.id, context },
    // one webhook's deliveries for one object share a stream, so they arrive in order; another
    // webhook's receiver, however slow, never holds them up
    orderingKey: `webhook:${rule.action_object_id}:${key}`,
    timeout: Math.ceil(ctx.settings.webhookTimeoutMs / 1000),
    maxAttempts: 5,
  };
}

/** A delivery's body with what a model adds to its `context` (the branching plugin's `active_branch` stays). */
function withContext(body: Record<string, unknown>, extra: Record<string, unknown> | undefined) {
  return extra ? { ...body, context: { ...(body.context as Record<string, unknown>), ...extra } } : body;
}

/** What the models' hooks add to the `context` of their objects' deliveries (`app.model:id` → keys). */
async function hookContexts(
  ctx: WriteContext,
  byModel: ReadonlyMap<ModelDef, number[]>,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [model, ids] of byModel) {
    const hook = model.hooks ? ctx.hooks.get(model.hooks)?.eventContext : undefined;
    if (hook) for (const [id, extra] of await hook(ctx, model, ids)) out.set(`${model.key}:${id}`, extra);
  }
  return out;
}

/** An event of an object other than a change (`change_request_approved`), and what its `context` adds. */
export interface ObjectEvent {
  readonly model: ModelDef;
  readonly id: number;
  readonly type: string;
  readonly context?: Record<string, unknown>;
}

/**
 * Sends an object's event to the enabled rules on its type and event type whose conditions its REST
 * representation meets, as a change's are sent (in the same transaction): the body is a change's, with
 * `event` the event type and no snapshots.
 */
export async function emitEvent(ctx: WriteContext, e: ObjectEvent): Promise<void> {
  const rules = await rulesFor(ctx, [e.model.key], [e.type]);
  if (!rules.length) return;
  const object = (await represent(ctx, e.model, [e.id])).get(e.id);
  if (!object) return;
  const timestamp = new Date().toISOString().replace('Z', '+00:00');
  const change: Change = {
    model: e.model,
    action: 'update',
    id: e.id,
    before: null,
    after: null,
    repr: '',
    message: '',
  };
  const context = { ...withContext(webhookContext(ctx, change, object, timestamp), e.context), event: e.type };
  const key = `${e.model.key}:${e.id}`;
  const tasks = rules
    .filter((r) => evaluateConditions(r.conditions, object))
    .map((r) => delivery(ctx, r, `${e.type} ${key}`, key, context));
  await enqueueTasks(ctx.db, tasks);
}

/** Representations of objects about to be deleted, kept until their delete events are built. */
const deleted = new WeakMap<WriteContext, Map<string, Record<string, unknown>>>();

export function createEventObserver(): ChangeObserver {
  return {
    async beforeDelete(ctx, model, ids) {
      if (ctx.branch || !model.features.events) return;
      if (!(await rulesFor(ctx, [model.key], ['object_deleted'])).length) return;
      const map = deleted.get(ctx) ?? new Map<string, Record<string, unknown>>();
      for (const [id, o] of await represent(ctx, model, ids)) map.set(`${model.key}:${id}`, o);
      deleted.set(ctx, map);
    },

    async changed(ctx, changes) {
      if (ctx.branch) return;
      const relevant = changes.filter((c) => c.model.features.events);
      if (!relevant.length) return;
      const types = [...new Set(relevant.map((c) => c.model.key))];
      const rules = await rulesFor(ctx, types, [...new Set(relevant.map((c) => eventNames[c.action]))]);
      if (!rules.length) return;
      const matching = (c: Change) =>
        rules.filter((r) => r.object_types.includes(c.model.key) && r.event_types.includes(eventNames[c.action]));
      // the REST representation of every changed object that some rule may fire for
      const data = new Map<string, Record<string, unknown>>();
      const byModel = new Map<ModelDef, number[]>();
      for (const c of relevant) {
        if (c.action !== 'delete' && matching(c).length) pushTo(byModel, c.model, c.id);
      }
      for (const [model, ids] of byModel)
        for (const [id, o] of await represent(ctx, model, ids)) data.set(`${model.key}:${id}`, o);
      const extra = await hookContexts(ctx, byModel);
      const gone = deleted.get(ctx);
      const timestamp = new Date().toISOString().replace('Z', '+00:00');
      const tasks: TaskSpec[] = [];
      for (const c of relevant) {
        const key = `${c.model.key}:${c.id}`;
        const object = data.get(key) ?? gone?.get(key) ?? { id: c.id, display: c.repr, ...c.before };
        for (const rule of matching(c)) {
          if (!evaluateConditions(rule.conditions, object)) continue;
          const what = `${contextEvent[c.action]} ${c.model.key} ${c.id}`;
          const body = withContext(webhookContext(ctx, c, object, timestamp), extra.get(key));
          tasks.push(delivery(ctx, rule, what, key, body));
        }
      }
      await enqueueTasks(ctx.db, tasks);
    },
  };
}
