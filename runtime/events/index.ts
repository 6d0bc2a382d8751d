/**
 * Events: an observer of the write path that, for every change, finds the enabled event rules for
 * its type and event (rules.ts), evaluates their conditions on the object's REST representation, and
 * enqueues one delivery per matching rule in the same transaction (a transactional outbox): a
 * background task, as NetBox's deliveries are RQ tasks, never core jobs. A change inside a branch
 * fires only the rules that fire in branches; a sync's changes fire none (main's fired already), and
 * a merge's fire once per merged change after it is applied (merged.ts), not once per object written.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { enqueueTasks } from '../jobs/index.ts';
import type { Change, ChangeObserver, WriteContext } from '../write/index.ts';
import { changeRecordId } from '../changelog/index.ts';
import { pushTo } from '../collections.ts';
import { evaluateConditions } from './conditions.ts';
import { webhookContext } from './context.ts';
import {
  activeBranch,
  delivery,
  deliveryTasks,
  eventNames,
  hookContexts,
  represent,
  rulesFor,
  rulesOf,
  withContext,
} from './rules.ts';

export { validateConditions, evaluateConditions, ConditionError } from './conditions.ts';
export { deliver, deliverSlowWebhookJob, deliverWebhookJob, type Attempt, type DeliveryPayload } from './deliver.ts';
export { fireMergedChanges } from './merged.ts';

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
 * `event` the event type and no snapshots; it names no change record.
 */
export async function emitEvent(ctx: WriteContext, e: ObjectEvent): Promise<void> {
  const rules = await rulesFor(ctx.db, [e.model.key], [e.type], !!ctx.branch);
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
  const branch = await activeBranch(ctx);
  const body = withContext(webhookContext(ctx, change, object, timestamp, branch), e.context);
  const context = { ...body, event: e.type };
  const key = `${e.model.key}:${e.id}`;
  const tasks = rules
    .filter((r) => evaluateConditions(r.conditions, object))
    .map((r) => delivery(ctx, r, `${e.type} ${key}`, key, { context, change_id: null, branch_id: branch?.id ?? null }));
  await enqueueTasks(ctx.db, tasks);
}

/** Representations of objects about to be deleted, kept until their delete events are built. */
const deleted = new WeakMap<WriteContext, Map<string, Record<string, unknown>>>();

/** Writes whose changes fire no rule here: a sync's (main's changes, fired in main) and a merge's (merged.ts). */
const silent = (ctx: WriteContext) => ctx.operation?.kind === 'sync' || ctx.operation?.kind === 'merge';

export function createEventObserver(): ChangeObserver {
  return {
    async beforeDelete(ctx, model, ids) {
      if (silent(ctx) || !model.features.events) return;
      if (!(await rulesFor(ctx.db, [model.key], ['object_deleted'], !!ctx.branch)).length) return;
      const map = deleted.get(ctx) ?? new Map<string, Record<string, unknown>>();
      for (const [id, o] of await represent(ctx, model, ids)) map.set(`${model.key}:${id}`, o);
      deleted.set(ctx, map);
    },

    async changed(ctx, changes) {
      if (silent(ctx)) return;
      const relevant = changes.filter((c) => c.model.features.events);
      if (!relevant.length) return;
      const types = [...new Set(relevant.map((c) => c.model.key))];
      const events = [...new Set(relevant.map((c) => eventNames[c.action]))];
      const rules = await rulesFor(ctx.db, types, events, !!ctx.branch);
      if (!rules.length) return;
      // the REST representation of every changed object that some rule may fire for
      const data = new Map<string, Record<string, unknown>>();
      const byModel = new Map<ModelDef, number[]>();
      for (const c of relevant) {
        if (c.action !== 'delete' && rulesOf(rules, c).length) pushTo(byModel, c.model, c.id);
      }
      for (const [model, ids] of byModel)
        for (const [id, o] of await represent(ctx, model, ids)) data.set(`${model.key}:${id}`, o);
      const gone = deleted.get(ctx);
      const fired = relevant.map((c) => {
        const key = `${c.model.key}:${c.id}`;
        const object = data.get(key) ?? gone?.get(key) ?? { id: c.id, display: c.repr, ...c.before };
        return { change: c, object, changeId: changeRecordId(c) };
      });
      const extra = await hookContexts(ctx, byModel);
      await enqueueTasks(ctx.db, deliveryTasks(ctx, rules, fired, await activeBranch(ctx), extra));
    },
  };
}
export { TemplateError, checkTemplate, renderTemplate } from './render.ts';
export { isSlowReceiver } from './slow-receivers.ts';
export { pruneDeliveries } from './log.ts';
export { replayRange, retryDelivery } from './resend.ts';
