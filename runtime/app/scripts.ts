/**
 * `/api/extras/scripts/`: NetBox runs custom scripts, Python modules users upload. This service never
 * runs uploaded code: the list is always empty (as a NetBox without scripts answers), a script is
 * never found, and `scripts/upload/` refuses every upload with a 403 saying why.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { failure, forbidden, notFound } from '../errors/index.ts';
import { respond } from '../http/render.ts';
import { requireUser } from '../auth/index.ts';

const NO_UPLOADS = 'Uploading scripts is not supported: this service never runs uploaded code.';

export function createScriptRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  app.get('/api/extras/scripts/', (c) => {
    requireUser(c);
    return respond(c, 200, { count: 0, next: null, previous: null, results: [] }, { Allow: 'GET, HEAD, OPTIONS' });
  });
  app.options('/api/extras/scripts/', (c) => {
    requireUser(c);
    return respond(
      c,
      200,
      {
        name: 'Script List',
        description: '',
        renders: ['application/json', 'text/html'],
        parses: ['application/json', 'multipart/form-data'],
      },
      { Allow: 'GET, HEAD, OPTIONS' },
    );
  });
  app.on(['GET', 'POST'], '/api/extras/scripts/:id{[^/]+}/', (c) => {
    requireUser(c);
    if (c.req.param('id') === 'upload') {
      if (c.req.method === 'GET') throw failure('method_not_allowed', 'Method "GET" not allowed.');
      throw forbidden(NO_UPLOADS);
    }
    throw notFound('No Script matches the given query.');
  });
  return app;
}
