/**
 * `POST /api/core/jobs/<id>/requeue/`: run a failed or errored job again (a branch operation,
 * housekeeping); and the background task views (background.ts), which share the server's job routes.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { conflict, notFound } from '../errors/index.ts';
import { respond } from '../http/render.ts';
import { authorize, fetchObjects } from '../rest/index.ts';
import { tables } from '../db/tables.ts';
import { requeueJob } from '../jobs/index.ts';
import { createBackgroundRoutes } from './background.ts';
import { query } from '../db/index.ts';

/** Makes a failed or errored core job pending again and queues its run; 404 or 409 otherwise. */
export async function requeueCoreJob(c: Context<AppEnv>, id: number): Promise<void> {
  const [row] = await query(
    c.var.tx,
    `UPDATE public.${tables.job} SET status = 'pending', error = '', data = NULL, started = NULL, completed = NULL,
      attempts = 0, locked_by = NULL
      WHERE id = $1 AND status IN ('failed', 'errored') RETURNING job_id, task`,
    [id],
  );
  if (!row) {
    const [job] = await query(c.var.tx, `SELECT status FROM public.${tables.job} WHERE id = $1`, [id]);
    if (!job) throw notFound('No Job matches the given query.');
    throw conflict(`Only failed or errored jobs can be requeued; this job is ${job.status as string}.`);
  }
  await requeueJob(c.var.tx, row.task as string, row.job_id as string);
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
  app.route('/', createBackgroundRoutes());
  return app;
}
