/**
 * `GET /api/core/object-changes/stream/` (and `/api/extras/object-changes/stream/`): the change log as
 * Server-Sent Events, each event one change record as the list shows it (`id:` its id, `event:` its
 * action), in commit order. The list's filters, its shaping (`fields`, `omit`, `brief`) and its
 * permissions apply; `?since=<change id>` or `Last-Event-ID` starts after that change (0: from the
 * beginning of the history), otherwise the stream starts now; `?branch=<schema id or name>` streams a
 * branch's own change log instead of main's. Everything is checked before the stream starts: a fault is
 * one 400 naming every faulty parameter.
 */
import type { ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AppEnv } from '../http/env.ts';
import { ErrorBag, ServiceError } from '../errors/index.ts';
import { respond } from '../http/render.ts';
import { buildWhere } from '../filters/index.ts';
import { Params } from '../db/index.ts';
import { authorize } from '../auth/index.ts';
import { shapeFields } from '../rest/index.ts';
import { findBranch, type BranchSummary, schemaName } from '../branching/index.ts';
import type { StreamHub } from './hub.ts';
import type { Where } from './reader.ts';
import { shapeKey, type Shape } from './frames.ts';
import { startPosition } from './position.ts';
import { runStream } from './run.ts';
import { EventStream } from './sse.ts';

/** Branch statuses whose schema holds a change log a stream can read. */
const READABLE = new Set(['ready', 'syncing', 'merging', 'merged', 'reverting']);
const ID = /^\d{1,15}$/;

interface Asked {
  readonly since: number | undefined;
  readonly branch: BranchSummary | null;
}

/** `since` / `Last-Event-ID` and `branch`, each fault in `errors`. */
async function asked(c: Context<AppEnv>, q: URLSearchParams, errors: ErrorBag): Promise<Asked> {
  const last = c.req.header('last-event-id')?.trim();
  const given = last || q.get('since');
  let since: number | undefined;
  if (given !== null && given !== undefined && given !== '') {
    if (ID.test(given)) since = Number(given);
    else
      errors.add(
        last ? 'Last-Event-ID' : 'since',
        'A change id (a whole number, 0 for every change kept) is required.',
      );
  }
  if (c.req.header('x-service-branch') || c.req.header('x-netbox-branch'))
    errors.add('branch', 'A stream names its branch with ?branch=, not with a branch header.');
  const name = q.get('branch')?.trim();
  if (!name) return { since, branch: null };
  const branch = name.length <= 100 ? await findBranch(c.var.services.sql, name) : undefined;
  if (!branch) errors.add('branch', `Unknown branch: ${name.slice(0, 100)}`);
  else if (!READABLE.has(branch.status) || !branch.schema_id)
    errors.add('branch', `Branch "${branch.name}" has no change log to stream (status: ${branch.status}).`);
  return { since, branch: branch ?? null };
}

/** The condition of the stream's filters and permissions, checked now (all faults at once) and for every read. */
async function whereOf(c: Context<AppEnv>, q: URLSearchParams, errors: ErrorBag): Promise<Where> {
  const { registry, settings } = c.var.services;
  const model = registry.model('core.objectchange');
  const options = { strict: settings.strictFiltering, reserved: new Set(['since', 'branch']) };
  const userId = c.var.user?.id ?? null;
  const where: Where = async (params, db) => {
    // the permissions of every read are the current ones (from the process's cache)
    const access = await authorize(c, model, 'view');
    const filters = await buildWhere({ db, registry, params, userId }, model, q, options);
    return access.condition ? `(${filters}) AND ${access.condition('t', params)}` : filters;
  };
  try {
    await buildWhere({ db: c.var.services.sql, registry, params: new Params(), userId }, model, q, options);
  } catch (e) {
    if (!(e instanceof ServiceError) || e.kind !== 'invalid' || !e.body || typeof e.body !== 'object') throw e;
    for (const [k, v] of Object.entries(e.body)) for (const m of Array.isArray(v) ? v : [v]) errors.add(k, String(m));
  }
  return where;
}

/** The same for streams whose records are the same: their shape, their user (permissions) and their filters. */
function feedKey(c: Context<AppEnv>, q: URLSearchParams, shape: Shape): string {
  const filters = [...q].filter(([k]) => k !== 'since').map(([k, v]) => `${k}=${v}`);
  return `${shapeKey(shape)}\0${c.var.user?.id ?? ''}\0${filters.sort().join('&')}`;
}

async function stream(c: Context<AppEnv>, hub: StreamHub): Promise<Response> {
  const { services } = c.var;
  const model = services.registry.model('core.objectchange');
  await authorize(c, model, 'view');
  const limits = services.settings.stream;
  if (limits.maxClients && hub.clients >= limits.maxClients)
    return respond(
      c,
      503,
      { detail: `This process already serves STREAM_MAX_CLIENTS (${limits.maxClients}) streams; try again later.` },
      { 'Retry-After': '5' },
    );
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) return respond(c, 500, { detail: 'Streams are served by the Node HTTP server only.' });
  const q = new URL(c.req.url).searchParams;
  const errors = new ErrorBag();
  const { since, branch } = await asked(c, q, errors);
  const where = await whereOf(c, q, errors);
  errors.throwIfAny();
  const schema = branch?.schema_id ? schemaName(branch.schema_id) : 'public';
  const start = await startPosition(services.sql, schema, since, () => hub.sequenced(), limits.intervalMs);
  if ('status' in start) return respond(c, start.status, { detail: start.detail });
  outgoing.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Request-ID': c.var.requestId,
    'API-Version': services.version.split('.').slice(0, 2).join('.'),
  });
  const out = new EventStream(outgoing);
  outgoing.write(
    `retry: 2000\n: change stream of ${schema}${since !== undefined ? `, after change ${since}` : ''}\n\n`,
  );
  const branchJson = branch ? JSON.stringify({ id: branch.id, name: branch.name, schema_id: branch.schema_id }) : '';
  const shape = { schema, baseUrl: new URL(c.req.url).origin, names: shapeFields(model, q), branch: branchJson };
  hub.clients++;
  const stop = () => out.end('disconnect', { reason: 'shutdown', detail: 'The server is stopping; reconnect.' }, 1000);
  hub.streams.add(stop);
  const feed = { model, shape, where, key: feedKey(c, q, shape) };
  void runStream({ services, hub, feed, out }, start).finally(() => {
    hub.clients--;
    hub.streams.delete(stop);
    out.end(null, {}, 1000);
  });
  // the response is being written by the stream itself (the library's marker, made before any server started)
  return RESPONSE_ALREADY_SENT;
}

export function createStreamRoutes(hub: StreamHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  for (const base of ['/api/core/object-changes', '/api/extras/object-changes'])
    app.get(`${base}/stream/`, (c) => stream(c, hub));
  return app;
}
