/**
 * OpenAPI of the endpoints NetBox has beside its models (runtime/app): the background tasks, queues
 * and workers (NetBox's RQ views; superusers only), scripts (always none; uploads refused), the
 * requesting user's preferences and the installed plugins.
 */
import { detail, json, notFound, ref, type Json } from './openapi-common.ts';

const page = (item: Json) => ({
  type: 'object',
  required: ['count', 'next', 'previous', 'results'],
  properties: {
    count: { type: 'integer' },
    next: { type: ['string', 'null'], format: 'uri' },
    previous: { type: ['string', 'null'], format: 'uri' },
    results: { type: 'array', items: item },
  },
});
const paging = [
  { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
  { name: 'offset', in: 'query', required: false, schema: { type: 'integer' } },
];
const text = { type: 'string' };
const nullable = (type: string, format?: string) => ({ type: [type, 'null'], ...(format ? { format } : {}) });
const STATUSES = ['queued', 'started', 'finished', 'failed', 'scheduled', 'canceled', 'stopped', 'deferred'];

function object(properties: Record<string, Json>): Json {
  return { type: 'object', required: Object.keys(properties), properties };
}

export function backgroundSchemas(): Record<string, Json> {
  const flags = Object.fromEntries(STATUSES.map((s) => [`is_${s}`, { type: 'boolean' }]));
  return {
    BackgroundTask: object({
      id: { type: 'string', format: 'uuid' },
      url: { type: 'string', format: 'uri' },
      description: text,
      origin: text,
      func_name: text,
      args: { type: 'array', items: text },
      kwargs: { type: 'object', additionalProperties: text },
      result: nullable('string'),
      timeout: nullable('integer'),
      result_ttl: { type: 'integer' },
      created_at: { type: 'string', format: 'date-time' },
      enqueued_at: nullable('string', 'date-time'),
      started_at: nullable('string', 'date-time'),
      ended_at: nullable('string', 'date-time'),
      worker_name: nullable('string'),
      position: nullable('integer'),
      status: { type: 'string', enum: STATUSES },
      meta: { type: 'object', description: "a webhook delivery's attempts, URL and status code" },
      last_heartbeat: nullable('string', 'date-time'),
      ...flags,
      exc_info: { ...nullable('string'), description: 'why the task failed' },
    }),
    BackgroundQueue: object({
      name: text,
      url: { type: 'string', format: 'uri' },
      jobs: { type: 'integer' },
      oldest_job_timestamp: nullable('string', 'date-time'),
      index: { type: 'integer' },
      scheduler_pid: nullable('string'),
      workers: { type: 'integer' },
      finished_jobs: { type: 'integer' },
      started_jobs: { type: 'integer' },
      deferred_jobs: { type: 'integer' },
      failed_jobs: { type: 'integer' },
      scheduled_jobs: { type: 'integer' },
    }),
    BackgroundWorker: object({
      name: text,
      url: { type: 'string', format: 'uri' },
      state: { type: 'string', enum: ['busy', 'idle'] },
      birth_date: { type: 'string', format: 'date-time' },
      queue_names: { type: 'array', items: text },
      pid: text,
      successful_job_count: { type: 'integer' },
      failed_job_count: { type: 'integer' },
      total_working_time: { type: 'integer' },
    }),
  };
}

export function pluginSchemas(): Record<string, Json> {
  return {
    InstalledPlugin: object({
      name: text,
      package: text,
      author: text,
      author_email: text,
      description: text,
      version: text,
      release_track: text,
    }),
  };
}

const superuser = { '403': detail('Not a superuser') };

export function backgroundPaths(): Record<string, Json> {
  const task = (op: string, summary: string, extra: Record<string, Json> = {}) => ({
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    post: {
      operationId: `core_background_tasks_${op}`,
      tags: ['core'],
      summary,
      responses: { '200': { description: 'The task', content: json(ref('BackgroundTask')) }, ...superuser, ...extra },
    },
  });
  const list = (what: string, schema: string, summary: string, params: Json[] = []) => ({
    get: {
      operationId: `core_background_${what}_list`,
      tags: ['core'],
      summary,
      parameters: [...paging, ...params],
      responses: { '200': { description: summary, content: json(page(ref(schema))) }, ...superuser },
    },
  });
  const one = (what: string, key: string, schema: string) => ({
    parameters: [{ name: key, in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      operationId: `core_background_${what}_retrieve`,
      tags: ['core'],
      responses: {
        '200': { description: 'Found', content: json(ref(schema)) },
        ...superuser,
        ...notFound,
      },
    },
  });
  const conflict = { '409': detail('Not in a state for this') };
  return {
    '/api/core/background-tasks/': list(
      'tasks',
      'BackgroundTask',
      'Background tasks (webhook deliveries, jobs), newest first',
      [{ name: 'status', in: 'query', required: false, schema: { type: 'string', enum: STATUSES } }],
    ),
    '/api/core/background-tasks/{id}/': one('tasks', 'id', 'BackgroundTask'),
    '/api/core/background-tasks/{id}/requeue/': task('requeue', 'Run a failed or stopped task again', conflict),
    '/api/core/background-tasks/{id}/enqueue/': task('enqueue', 'Run an ended task again now', conflict),
    '/api/core/background-tasks/{id}/stop/': task('stop', 'Cancel a task that has not started', {
      '204': { description: 'Nothing was stopped (the task is running or has ended)' },
    }),
    '/api/core/background-tasks/{id}/delete/': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      post: {
        operationId: 'core_background_tasks_delete',
        tags: ['core'],
        summary: 'Remove a task (a queued one never runs)',
        responses: { '200': { description: 'Deleted (empty body)' }, ...superuser, ...conflict },
      },
    },
    '/api/core/background-queues/': list('queues', 'BackgroundQueue', 'The queue (default) and its counts'),
    '/api/core/background-queues/{name}/': one('queues', 'name', 'BackgroundQueue'),
    '/api/core/background-workers/': list('workers', 'BackgroundWorker', 'The running workers'),
    '/api/core/background-workers/{name}/': one('workers', 'name', 'BackgroundWorker'),
  };
}

export function scriptPaths(): Record<string, Json> {
  return {
    '/api/extras/scripts/': {
      get: {
        operationId: 'extras_scripts_list',
        tags: ['extras'],
        summary: 'Custom scripts: always none (this service never runs uploaded code)',
        parameters: paging,
        responses: { '200': { description: 'An empty page', content: json(page({ type: 'object' })) } },
      },
    },
    '/api/extras/scripts/upload/': {
      post: {
        operationId: 'extras_scripts_upload',
        tags: ['extras'],
        summary: 'Refused: uploading scripts is not supported',
        responses: { '403': detail('Uploading scripts is not supported') },
      },
    },
  };
}

export function userConfigPaths(): Record<string, Json> {
  const prefs = { type: 'object', description: "the requesting user's preferences" };
  return {
    '/api/users/config/': {
      get: {
        operationId: 'users_config_retrieve',
        tags: ['users'],
        summary: "The requesting user's preferences",
        responses: { '200': { description: 'Preferences', content: json(prefs) }, '403': detail('Not authenticated') },
      },
      patch: {
        operationId: 'users_config_partial_update',
        tags: ['users'],
        summary: "Merge into the requesting user's preferences (objects key by key, at every depth)",
        requestBody: { required: true, content: json(prefs) },
        responses: { '200': { description: 'Preferences', content: json(prefs) }, '403': detail('Not authenticated') },
      },
    },
  };
}

export function installedPluginPaths(): Record<string, Json> {
  return {
    '/api/plugins/installed-plugins/': {
      get: {
        operationId: 'plugins_installed_plugins',
        tags: ['api'],
        summary: 'The installed plugins',
        responses: {
          '200': { description: 'Plugins', content: json({ type: 'array', items: ref('InstalledPlugin') }) },
          ...superuser,
        },
      },
    },
  };
}
