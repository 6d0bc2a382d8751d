/**
 * The delivery log's actions: `POST /api/extras/webhook-deliveries/<id>/retry/` sends a failed delivery
 * again, and `POST /api/extras/webhooks/<id>/replay/` (`{"start": <change id>, "end": <change id>}`)
 * sends a webhook's deliveries of that range of changes again, each under its original delivery id
 * (resend.ts). Each needs the object to be visible to the caller and the action's own permission,
 * `extras.retry_webhookdelivery` or `extras.replay_webhook` (superusers have every one), as the
 * branching plugin's actions need theirs. The answer names the background tasks that send them.
 */
import { Hono, type Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict, ErrorBag, forbidden, invalidInput, notFound } from '../errors/index.ts';
import { readJson } from '../http/body.ts';
import { respond } from '../http/render.ts';
import { hasPermission, authorize, requireUser } from '../auth/index.ts';
import { Params, ident, query } from '../db/index.ts';
import { replayRange, retryDelivery } from '../events/index.ts';

const taskUrl = (c: Context<AppEnv>, id: string) => `${new URL(c.req.url).origin}/api/core/background-tasks/${id}/`;

/** The row `id` of `model` if the caller may see it and holds `action` on the model; its columns `cols`. */
async function permitted(
  c: Context<AppEnv>,
  model: ModelDef,
  action: string,
  cols: string,
): Promise<Record<string, unknown>> {
  const access = await authorize(c, model, 'view');
  const user = requireUser(c);
  if (c.var.token && !c.var.token.writeEnabled) throw forbidden();
  if (c.var.services.settings.maintenanceMode)
    throw forbidden('The service is in maintenance mode; writes are disabled.');
  const { settings, cache } = c.var.services;
  if (!(await hasPermission({ db: c.var.tx, settings, cache }, user, model.key, action))) throw forbidden();
  const params = new Params();
  const id = params.add(Number(c.req.param('id')));
  const cond = access.condition ? ` AND ${access.condition('t', params)}` : '';
  const [row] = await query(
    c.var.tx,
    `SELECT ${cols} FROM ${ident(model.table)} t WHERE t.id = ${id}${cond}`,
    params.values,
  );
  if (!row) throw notFound(`No ${model.className} matches the given query.`);
  return row;
}

/** `{"start": …, "end": …}`: change ids, start at most end, every fault named at once. */
async function rangeOf(c: Context<AppEnv>): Promise<{ start: number; end: number }> {
  const body = await readJson(c);
  const errors = new ErrorBag();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    errors.add('start', 'This field is required.');
    errors.add('end', 'This field is required.');
    errors.throwIfAny();
  }
  const given = body as Record<string, unknown>;
  for (const k of Object.keys(given)) if (k !== 'start' && k !== 'end') errors.add(k, 'Unknown field.');
  for (const k of ['start', 'end'] as const) {
    const v = given[k];
    if (v === undefined) errors.add(k, 'This field is required.');
    else if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
      errors.add(k, 'A change id (a whole number of at least 1) is required.');
  }
  if (errors.empty && (given.start as number) > (given.end as number))
    errors.add('end', 'Ensure end is at least start.');
  errors.throwIfAny();
  return { start: given.start as number, end: given.end as number };
}

export function createDeliveryRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.post('/api/extras/webhook-deliveries/:id{[0-9]{1,15}}/retry/', async (c) => {
    const model = c.var.services.registry.model('extras.webhookdelivery');
    const row = await permitted(c, model, 'retry', 't.delivery_id');
    const deliveryId = String(row.delivery_id);
    const done = await retryDelivery(c.var.tx, c.var.services.settings, deliveryId);
    if ('refused' in done) throw conflict(done.refused);
    return respond(c, 202, {
      delivery_id: deliveryId,
      kind: 'retry',
      task_id: done.taskId,
      task: taskUrl(c, done.taskId),
    });
  });
  app.post('/api/extras/webhooks/:id{[0-9]{1,15}}/replay/', async (c) => {
    const { registry, settings } = c.var.services;
    const row = await permitted(c, registry.model('extras.webhook'), 'replay', 't.id');
    const range = await rangeOf(c);
    const limit = settings.bulkLimit;
    const done = await replayRange(c.var.tx, settings, { webhookId: Number(row.id), ...range }, limit);
    if ('tooMany' in done)
      throw invalidInput({
        end: [
          `The range holds ${done.tooMany} deliveries, more than MAX_BULK_ITEMS (${limit}); replay a shorter range.`,
        ],
      });
    return respond(c, 202, {
      count: done.replayed.length,
      results: done.replayed.map((r) => ({ ...r, task: taskUrl(c, r.task_id) })),
    });
  });
  return app;
}
