/**
 * `POST …/change-requests/<id>/retrigger/`: a change request's lifecycle event sent again to event rules
 * (type `event_retriggered`, the request as it is now), for a receiver that missed one. It needs the
 * permission to change the request (its constraints apply) and a write-enabled token; the answer is the
 * request.
 */
import type { Context } from 'hono';
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, Params, query } from '../../db/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respond } from '../../http/render.ts';
import { lifecycleEvents, sendLifecycle } from '../../changes/index.ts';
import { authorize } from '../../auth/index.ts';
import { fetchObjects, noMatch, pathId } from '../read.ts';
import { writeContext } from '../write.ts';

export async function retriggerHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const id = pathId(c);
  const access = await authorize(c, model, 'change');
  const params = new Params();
  const idParam = params.add(id);
  const cond = access.condition ? ` AND ${access.condition('t', params)}` : '';
  const rows = await query(
    c.var.tx,
    `SELECT t.id FROM ${ident(model.table)} t WHERE t.id = ${idParam}::bigint${cond}`,
    [...params.values],
  );
  if (!rows.length) noMatch(model);
  const ctx = writeContext(c, access, model);
  await sendLifecycle(ctx, { key: model.key, id, type: lifecycleEvents.retriggered, requestId: id });
  const [object] = await fetchObjects(c, model, [id]);
  return respond(c, 200, object);
}
