/**
 * `POST /api/core/jobs/<id>/requeue/`: run a failed or errored job again (a branch operation,
 * housekeeping); the background task views (background.ts) requeue a core job with it too.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { conflict, notFound } from '../errors/index.ts';
import { respond } from '../http/render.ts';
import { fetchObjects } from '../rest/index.ts';
import { authorize } from '../auth/index.ts';
import { requeueFailedJob } from '../jobs/index.ts';

/** Makes a failed or errored core job pending again and queues its run; 404 or 409 otherwise. */
export async function requeueCoreJob(c: Context<AppEnv>, id: number): Promise<void> {
  const done = await requeueFailedJob(c.var.tx, id);
  if (done.requeued) return;
  if (done.status === undefined) throw notFound('No Job matches the given query.');
  throw conflict(`Only failed or errored jobs can be requeued; this job is ${done.status}.`);
}

export function createJobRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.post('/api/core/jobs/:id{[0-9]+}/requeue/', async (c) => {
    const model = c.var.services.registry.model('core.job');
    await authorize(c, model, 'change');
    const id = Number(c.req.param('id'));
    await requeueCoreJob(c, id);
    const [job] = await fetchObjects(c, model, [id]);
    return respond(c, 200, job);
  });
  return app;
}
