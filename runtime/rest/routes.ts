/**
 * The generic routes of one model: a Hono sub-app with the list URL (`/`) and the detail URL
 * (`/:id/`), its actions, and OPTIONS. The app mounts one per row of the generated route table;
 * nothing here is per-model.
 */
import { Hono, type Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import type { AppEnv } from '../http/env.ts';
import { failure } from '../errors/index.ts';
import { allowHeader, getObject, listObjects } from './read.ts';
import { bulkDeleteHandler, bulkUpdateHandler, createHandler, deleteHandler, updateHandler } from './write.ts';
import { optionsHandler } from './options/index.ts';
import { actionHandlers } from './actions/index.ts';

function notAllowed(model: ModelDef, list: boolean) {
  return (c: Context<AppEnv>) => {
    throw failure('method_not_allowed', `Method "${c.req.method}" not allowed.`, { Allow: allowHeader(model, list) });
  };
}

export function createModelRoutes(model: ModelDef): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/', (c) => listObjects(c, model));
  app.get('/:id/', (c) => getObject(c, model));
  for (const action of model.actions) {
    const { get, post } = actionHandlers(action);
    const path = `/:id/${action.path}/`;
    if (get) app.get(path, (c) => get(c, model));
    if (post) app.post(path, (c) => post(c, model));
    const allow = ['GET', 'POST']
      .filter((m) => (m === 'GET' ? get : post))
      .concat('HEAD', 'OPTIONS')
      .join(', ');
    app.on(['PUT', 'PATCH', 'DELETE'], path, (c) => {
      throw failure('method_not_allowed', `Method "${c.req.method}" not allowed.`, { Allow: allow });
    });
  }
  app.options('/', (c) => optionsHandler(c, model, true));
  app.options('/:id/', (c) => optionsHandler(c, model, false));
  if (model.readOnly) {
    app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/', notAllowed(model, true));
    app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/:id/', notAllowed(model, false));
    return app;
  }
  app.post('/', (c) => createHandler(c, model));
  app.put('/', (c) => bulkUpdateHandler(c, model, false));
  app.patch('/', (c) => bulkUpdateHandler(c, model, true));
  app.delete('/', (c) => bulkDeleteHandler(c, model));
  app.put('/:id/', (c) => updateHandler(c, model, false));
  app.patch('/:id/', (c) => updateHandler(c, model, true));
  app.delete('/:id/', (c) => deleteHandler(c, model));
  app.post('/:id/', notAllowed(model, false));
  return app;
}
