/**
 * The hand-written endpoints in the OpenAPI document: the API root and app listings, status, the
 * schema itself, token provisioning, job requeue and the branch actions (openapi-endpoints.ts: the
 * background tasks, scripts, user preferences, installed plugins). Each is described only when the
 * catalogue has the model it serves.
 */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import {
  backgroundPaths,
  backgroundSchemas,
  installedPluginPaths,
  pluginSchemas,
  scriptPaths,
  userConfigPaths,
} from './openapi-endpoints.ts';
import { detail, idParam, json, notFound, ref, type Json } from './openapi-common.ts';
import { branchPaths, branchSchemas } from './openapi-branching.ts';
import { eventPaths } from './openapi-events.ts';

const links = { type: 'object', additionalProperties: { type: 'string', format: 'uri' } };
const anyone = [{ Token: [] }, { Bearer: [] }, {}];

export function serviceSchemas(cat: Catalogue): Record<string, Json> {
  const out: Record<string, Json> = {
    Status: {
      type: 'object',
      required: [
        'django-version',
        'hostname',
        'installed_apps',
        'netbox-version',
        'netbox-full-version',
        'plugins',
        'python-version',
        'rq-workers-running',
      ],
      properties: {
        'django-version': { type: 'null' },
        hostname: { type: 'string' },
        installed_apps: { type: 'object', additionalProperties: { type: 'string' } },
        'netbox-version': { type: 'string' },
        'netbox-full-version': { type: 'string' },
        plugins: { type: 'object', additionalProperties: { type: 'string' } },
        'python-version': { type: 'null' },
        'rq-workers-running': { type: 'integer', description: 'job workers with a recent heartbeat' },
      },
    },
    ...(cat.models['core.job'] ? backgroundSchemas() : {}),
    ...(cat.apps.some((a) => a.apiPath.startsWith('plugins/')) ? pluginSchemas() : {}),
  };
  if (cat.models['netbox_branching.branch']) Object.assign(out, branchSchemas());
  if (cat.models['users.token']) {
    out.TokenProvisionRequest = {
      type: 'object',
      required: ['username', 'password'],
      properties: {
        username: { type: 'string' },
        password: { type: 'string', writeOnly: true },
        version: { type: 'integer', enum: [1, 2] },
        description: { type: 'string' },
        expires: { type: ['string', 'null'], format: 'date-time' },
        enabled: { type: 'boolean' },
        write_enabled: { type: 'boolean' },
        allowed_ips: { type: 'array', items: { type: 'string' } },
        token: { type: 'string' },
      },
    };
  }
  return out;
}

/** An app's root: each of its endpoints and their URLs. */
function appRoot(app: Catalogue['apps'][number]): Json {
  return {
    get: {
      operationId: `${app.name}_root`,
      tags: [app.name],
      summary: `${app.label}: each endpoint and its URL`,
      responses: { '200': { description: 'Endpoint URLs', content: json(links) }, '403': detail('Not authenticated') },
    },
  };
}

/** The API root, the status and this document. */
const rootPaths: Record<string, Json> = {
  '/api/': {
    get: {
      operationId: 'api_root',
      tags: ['api'],
      summary: 'The API root: each application and its URL (anonymous clients may read it)',
      security: anyone,
      responses: { '200': { description: 'Application URLs', content: json(links) } },
    },
  },
  '/api/status/': {
    get: {
      operationId: 'status',
      tags: ['api'],
      summary: 'Service status and versions',
      responses: {
        '200': { description: 'Status', content: json(ref('Status')) },
        '403': detail('Not authenticated'),
      },
    },
  },
  '/api/schema/': {
    get: {
      operationId: 'schema',
      tags: ['api'],
      summary: 'This document',
      security: anyone,
      parameters: [
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'yaml'] } },
      ],
      responses: {
        '200': {
          description: 'The OpenAPI document',
          content: {
            'application/json': { schema: { type: 'object' } },
            'application/vnd.oai.openapi': { schema: { type: 'string' } },
          },
        },
      },
    },
  },
};

/** Endpoints of models the catalogue may have: the connected device, the authenticated user, token provisioning. */
function modelPaths(cat: Catalogue): Record<string, Json> {
  const paths: Record<string, Json> = {};
  if (cat.models['dcim.device'] && cat.models['dcim.interface']) {
    paths['/api/dcim/connected-device/'] = {
      get: {
        operationId: 'dcim_connected_device',
        tags: ['dcim'],
        summary: 'The device at the far end of a named interface of a named device',
        parameters: [
          { name: 'peer_device', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'peer_interface', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The connected device', content: json(ref('Device')) },
          '400': detail('Missing filters'),
          '404': detail('No connected device'),
        },
      },
    };
  }
  if (cat.models['users.user']) {
    paths['/api/authentication-check/'] = {
      get: {
        operationId: 'authentication_check',
        tags: ['users'],
        summary: 'The user the request authenticates as',
        responses: {
          '200': { description: 'The authenticated user', content: json(ref('User')) },
          '403': detail('Not authenticated'),
        },
      },
    };
  }
  if (cat.models['users.token']) {
    paths['/api/users/tokens/provision/'] = {
      post: {
        operationId: 'users_tokens_provision',
        tags: ['users'],
        summary: 'Exchange a username and password for a new token (no Authorization header)',
        security: [{}],
        requestBody: { required: true, content: json(ref('TokenProvisionRequest')) },
        responses: {
          '201': { description: 'The new token, with its plaintext this once', content: json(ref('Token')) },
          '400': { description: 'Invalid input', content: json(ref('ValidationError')) },
          '403': detail('Invalid username/password'),
        },
      },
    };
  }
  return paths;
}

export function servicePaths(cat: Catalogue): Record<string, Json> {
  const paths: Record<string, Json> = { ...rootPaths };
  for (const app of cat.apps) {
    if (app.apiPath.startsWith('plugins/')) continue;
    paths[`/api/${app.apiPath}/`] = appRoot(app);
  }
  const plugins = cat.apps.filter((a) => a.apiPath.startsWith('plugins/'));
  if (plugins.length) {
    paths['/api/plugins/'] = {
      get: {
        operationId: 'plugins_root',
        tags: ['api'],
        summary: 'Installed plugins and their URLs',
        responses: { '200': { description: 'Plugin URLs', content: json(links) }, '403': detail('Not authenticated') },
      },
    };
    for (const app of plugins) {
      paths[`/api/${app.apiPath}/`] = appRoot(app);
    }
  }
  Object.assign(paths, modelPaths(cat));
  if (cat.models['core.job']) Object.assign(paths, backgroundPaths());
  if (cat.apps.some((a) => a.apiPath === 'extras')) Object.assign(paths, scriptPaths());
  if (cat.models['users.user']) Object.assign(paths, userConfigPaths());
  if (plugins.length) Object.assign(paths, installedPluginPaths());
  Object.assign(paths, eventPaths(cat));
  if (cat.models['core.job']) {
    paths['/api/core/jobs/{id}/requeue/'] = {
      parameters: [idParam('job')],
      post: {
        operationId: 'core_jobs_requeue',
        tags: ['core'],
        summary: 'Run a failed or errored job again',
        responses: {
          '200': { description: 'The job, pending again', content: json(ref('Job')) },
          '403': detail('Not permitted'),
          ...notFound,
          '409': detail('The job is not failed or errored'),
        },
      },
    };
  }
  Object.assign(paths, branchPaths(cat));
  return paths;
}
