/**
 * OpenAPI of the change stream and the delivery log's actions (runtime/stream/, runtime/app/deliveries.ts):
 * `GET …/object-changes/stream/` (Server-Sent Events), `POST …/webhook-deliveries/{id}/retry/` and
 * `POST …/webhooks/{id}/replay/`. Each is described only when the catalogue has the models it serves.
 */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import { detail, idParam, json, ref, type Json } from './openapi-common.ts';

const query = (name: string, description: string, type = 'string') => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type },
});
const task = { task_id: { type: 'string' }, task: { type: 'string', format: 'uri' } };
/** A retry's answer: the delivery and the background task that sends it. */
const retried = {
  type: 'object',
  required: ['delivery_id', 'kind', 'task_id', 'task'],
  properties: { delivery_id: { type: 'string' }, kind: { type: 'string', enum: ['retry'] }, ...task },
};
/** One delivery of a replay: its original delivery id, its change and the background task that sends it. */
const replayed = {
  type: 'object',
  required: ['delivery_id', 'change_id', 'task_id', 'task'],
  properties: { delivery_id: { type: 'string' }, change_id: { type: 'integer' }, ...task },
};

function streamOperation(path: string): Json {
  return {
    get: {
      operationId: `${path.split('/')[2]}_object_changes_stream`,
      tags: [path.split('/')[2]],
      summary: 'The change records as Server-Sent Events, in commit order, from now or after a change',
      description:
        'Each event is one change record as the list shows it: `id:` its id, `event:` its action, `data:` the ' +
        "record. The list's filters, `fields`, `omit`, `brief` and permissions apply. Comments are heartbeats; " +
        'a last `disconnect` or `error` event says why the stream ends and `last_event_id` where to resume.',
      parameters: [
        query('since', 'Start after this change id (0: every change kept); Last-Event-ID takes precedence', 'integer'),
        query('branch', "A branch's schema id or name: its own change records instead of main's"),
        { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        '400': { description: 'Every faulty parameter', content: json(ref('ValidationError')) },
        '403': detail('Not permitted'),
        '410': detail('The change is older than the stream history'),
        '503': detail('STREAM_MAX_CLIENTS streams already, or the change is not sequenced yet'),
      },
    },
  };
}

export function eventPaths(cat: Catalogue): Record<string, Json> {
  const paths: Record<string, Json> = {};
  if (cat.models['core.objectchange'])
    for (const base of ['/api/core/object-changes', '/api/extras/object-changes'])
      paths[`${base}/stream/`] = streamOperation(base);
  if (cat.models['extras.webhookdelivery'])
    paths['/api/extras/webhook-deliveries/{id}/retry/'] = {
      parameters: [idParam('webhook delivery')],
      post: {
        operationId: 'extras_webhook_deliveries_retry',
        tags: ['extras'],
        summary:
          'Send a failed delivery again, signed, under its delivery id (permission extras.retry_webhookdelivery)',
        responses: {
          '202': { description: 'Queued: the background task that sends it', content: json(retried) },
          '403': detail('Not permitted'),
          '404': detail('Not found'),
          '409': detail('The delivery is not failed, is being sent, or its payload is past retention'),
        },
      },
    };
  if (cat.models['extras.webhook'] && cat.models['extras.webhookdelivery'])
    paths['/api/extras/webhooks/{id}/replay/'] = {
      parameters: [idParam('webhook')],
      post: {
        operationId: 'extras_webhooks_replay',
        tags: ['extras'],
        summary: "Send the webhook's deliveries of a range of change ids again (permission extras.replay_webhook)",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['start', 'end'],
            properties: { start: { type: 'integer', minimum: 1 }, end: { type: 'integer', minimum: 1 } },
          }),
        },
        responses: {
          '202': {
            description: 'Queued, in change order: each delivery under its original id',
            content: json({
              type: 'object',
              required: ['count', 'results'],
              properties: { count: { type: 'integer' }, results: { type: 'array', items: replayed } },
            }),
          },
          '400': { description: 'Every faulty field; more than MAX_BULK_ITEMS', content: json(ref('ValidationError')) },
          '403': detail('Not permitted'),
          '404': detail('Not found'),
        },
      },
    };
  return paths;
}
