/**
 * IR → `generated/openapi.json` (OpenAPI 3.1, schemas in JSON Schema 2020-12). Built as a plain object from the
 * same IR the runtime serializes from, so the document describes what the server returns.
 */
import type { Catalogue, FilterDef, FilterSpecs, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import { componentsForModel } from './openapi-schemas.ts';
import { servicePaths, serviceSchemas } from './openapi-service.ts';
import { actionPaths } from './openapi-actions.ts';
import { byCodePoint } from '../catalogue/names.ts';
import { choicesOf } from '../catalogue/lookup.ts';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponses = {
  '400': {
    description:
      'Invalid input: an object mapping each bad field to its messages (for an array request, one such object per ' +
      'item, in order)',
    content: {
      'application/json': {
        schema: { anyOf: [ref('ValidationError'), { type: 'array', items: ref('ValidationError') }] },
      },
    },
  },
  '403': {
    description: 'Not authenticated or not permitted',
    content: { 'application/json': { schema: ref('Detail') } },
  },
};

function queryParam(name: string, type: string, description: string, extra: Json = {}): Json {
  return {
    name,
    in: 'query',
    required: false,
    description,
    schema: { type, ...extra },
    ...(type === 'array' ? { explode: true, style: 'form' } : {}),
  };
}

function filterParams(filters: readonly FilterDef[], cat: Catalogue): Json[] {
  const out: Json[] = [];
  for (const f of filters) {
    const item: Json = { type: f.type };
    if (f.kind === 'choice') item.enum = choicesOf(cat, f.choices).map((c) => String(c.value));
    const multi = !['boolean', 'request', 'special'].includes(f.kind) || f.lookups.length > 0;
    out.push(
      multi
        ? {
            name: f.name,
            in: 'query',
            required: false,
            description: f.description,
            schema: { type: 'array', items: item },
            explode: true,
            style: 'form',
          }
        : queryParam(f.name, f.type, f.description),
    );
    for (const l of f.lookups) {
      const t = l === 'empty' ? { type: 'boolean' } : item;
      out.push({
        name: `${f.name}__${l}`,
        in: 'query',
        required: false,
        description: `${f.description} (lookup: ${l})`,
        schema: l === 'empty' ? t : { type: 'array', items: t },
        ...(l === 'empty' ? {} : { explode: true, style: 'form' }),
      });
    }
  }
  return out;
}

const shapingParams: Json[] = [
  queryParam('fields', 'string', 'Comma-separated field names to return'),
  queryParam('omit', 'string', 'Comma-separated field names to leave out (fields wins when both are given)'),
  queryParam('brief', 'string', 'Return the brief representation (any non-empty value: true or 1)'),
];

function listParams(m: ModelDef, filters: readonly FilterDef[], cat: Catalogue): Json[] {
  return [
    queryParam('limit', 'integer', 'Number of results to return per page (0 = the maximum page size)', { minimum: 0 }),
    queryParam('offset', 'integer', 'The initial index from which to return the results', { minimum: 0 }),
    queryParam('ordering', 'string', 'Field(s) to order by, comma-separated; prefix with - for descending'),
    queryParam('q', 'string', 'Free-text search'),
    ...shapingParams,
    ...(m.fields.some((f) => f.name === 'config_context')
      ? [queryParam('exclude', 'string', 'config_context: leave out the rendered configuration context')]
      : []),
    ...filterParams(filters, cat),
  ];
}

/**
 * The same operations at the further URLs a model answers (the spec's /api/extras/object-changes/),
 * each with operation ids and tag of its own.
 */
function alsoMounted(m: ModelDef, own: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  const op = `${m.app}_${m.path.replace(/-/g, '_')}`;
  for (const at of m.alsoMountedAt) {
    const [app, path] = at.split('/') as [string, string];
    const alt = `${app}_${path.replace(/-/g, '_')}`;
    for (const [url, item] of Object.entries(own)) {
      const text = JSON.stringify(item)
        .replaceAll(`"operationId":"${op}_`, `"operationId":"${alt}_`)
        .replaceAll(`"tags":["${m.app}"]`, `"tags":["${app}"]`);
      out[url.replace(`/api/${m.apiPath}/`, `/api/${at}/`)] = JSON.parse(text) as Json;
    }
  }
  return out;
}

function modelPaths(m: ModelDef, filters: readonly FilterDef[], cat: Catalogue): Record<string, Json> {
  const C = m.className;
  const tag = m.app;
  const op = `${m.app}_${m.path.replace(/-/g, '_')}`;
  const base = `/api/${m.apiPath}/`;
  const idParam = {
    name: 'id',
    in: 'path',
    required: true,
    description: `A unique integer value identifying this ${m.verboseName}.`,
    schema: { type: 'integer' },
  };
  const single = { 'application/json': { schema: ref(C) } };
  const options = (what: string) => ({
    operationId: `${op}_${what}_options`,
    tags: [tag],
    summary: `Describe the ${what} endpoint: renderers, parsers and (for who may write) every field`,
    security: [{ Token: [] }, { Bearer: [] }, {}],
    responses: { '200': { description: 'Metadata', content: { 'application/json': { schema: ref('Metadata') } } } },
  });
  const list: Json = {
    get: {
      operationId: `${op}_list`,
      tags: [tag],
      summary: `List ${m.verboseNamePlural}`,
      parameters: listParams(m, filters, cat),
      responses: {
        '200': {
          description: 'A page of objects: complete, or brief with ?brief=true',
          content: {
            'application/json': { schema: { anyOf: [ref(`Paginated${C}List`), ref(`PaginatedBrief${C}List`)] } },
          },
        },
        ...errorResponses,
      },
    },
    options: options('list'),
  };
  const detail: Json = {
    parameters: [idParam],
    get: {
      operationId: `${op}_retrieve`,
      tags: [tag],
      summary: `Get a ${m.verboseName}`,
      parameters: shapingParams,
      responses: {
        '200': {
          description: 'The object: complete, or brief with ?brief=true',
          content: { 'application/json': { schema: { anyOf: [ref(C), ref(`Brief${C}`)] } } },
        },
        '404': { description: 'Not found', content: { 'application/json': { schema: ref('Detail') } } },
        ...errorResponses,
      },
    },
    options: options('detail'),
  };
  if (!m.readOnly) {
    const writable = ref(`Writable${C}Request`);
    const patched = ref(`PatchedWritable${C}Request`);
    // files travel only as multipart form data
    const files = m.fields.some((f) => f.kind === 'image');
    const form = (schema: Json) => (files ? { 'multipart/form-data': { schema } } : {});
    const withId = (r: Json) => ({
      allOf: [r, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }],
    });
    list.post = {
      operationId: `${op}_create`,
      tags: [tag],
      summary: `Create one ${m.verboseName} or, with an array, several`,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { oneOf: [writable, { type: 'array', items: writable }] } },
          ...form(writable),
        },
      },
      responses: {
        '201': {
          description: 'Created',
          content: { 'application/json': { schema: { oneOf: [ref(C), { type: 'array', items: ref(C) }] } } },
        },
        ...errorResponses,
      },
    };
    list.put = {
      operationId: `${op}_bulk_update`,
      tags: [tag],
      summary: `Update several ${m.verboseNamePlural} (all or none)`,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'array', items: withId(writable) } } },
      },
      responses: {
        '200': {
          description: 'Updated',
          content: { 'application/json': { schema: { type: 'array', items: ref(C) } } },
        },
        ...errorResponses,
      },
    };
    list.patch = {
      operationId: `${op}_bulk_partial_update`,
      tags: [tag],
      summary: `Partially update several ${m.verboseNamePlural} (all or none)`,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'array', items: withId(patched) } } },
      },
      responses: {
        '200': {
          description: 'Updated',
          content: { 'application/json': { schema: { type: 'array', items: ref(C) } } },
        },
        ...errorResponses,
      },
    };
    list.delete = {
      operationId: `${op}_bulk_destroy`,
      tags: [tag],
      summary: `Delete several ${m.verboseNamePlural} (all or none)`,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'array', items: ref('BulkDeleteItem') } } },
      },
      responses: {
        '204': { description: 'Deleted' },
        '409': {
          description: 'Blocked by dependent objects',
          content: { 'application/json': { schema: ref('Detail') } },
        },
        ...errorResponses,
      },
    };
    detail.put = {
      operationId: `${op}_update`,
      tags: [tag],
      summary: `Replace a ${m.verboseName}`,
      requestBody: { required: true, content: { 'application/json': { schema: writable }, ...form(writable) } },
      responses: {
        '200': { description: 'Updated', content: single },
        '404': { description: 'Not found', content: { 'application/json': { schema: ref('Detail') } } },
        ...errorResponses,
      },
    };
    detail.patch = {
      operationId: `${op}_partial_update`,
      tags: [tag],
      summary: `Update fields of a ${m.verboseName}`,
      requestBody: { required: true, content: { 'application/json': { schema: patched }, ...form(patched) } },
      responses: {
        '200': { description: 'Updated', content: single },
        '404': { description: 'Not found', content: { 'application/json': { schema: ref('Detail') } } },
        ...errorResponses,
      },
    };
    detail.delete = {
      operationId: `${op}_destroy`,
      tags: [tag],
      summary: `Delete a ${m.verboseName}`,
      responses: {
        '204': { description: 'Deleted' },
        '404': { description: 'Not found', content: { 'application/json': { schema: ref('Detail') } } },
        '409': {
          description: 'Blocked by dependent objects',
          content: { 'application/json': { schema: ref('Detail') } },
        },
        ...errorResponses,
      },
    };
  }
  return { [base]: list, [`${base}{id}/`]: detail };
}

export function buildOpenApi(cat: Catalogue, filters: FilterSpecs): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, unknown> = {
    Detail: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
    ValidationError: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'object' }] },
    },
    Metadata: {
      type: 'object',
      required: ['name', 'description', 'renders', 'parses'],
      properties: {
        name: { type: 'string', description: 'The view: `Site List`, `Site Instance`' },
        description: { type: 'string' },
        renders: { type: 'array', items: { type: 'string' } },
        parses: { type: 'array', items: { type: 'string' } },
        actions: {
          type: 'object',
          description: 'POST (a list, for who may create) and PUT (for who may change): every field of the object',
          properties: {
            POST: { type: 'object', additionalProperties: ref('FieldMetadata') },
            PUT: { type: 'object', additionalProperties: ref('FieldMetadata') },
          },
        },
      },
    },
    FieldMetadata: {
      type: 'object',
      description: "A field as Django REST framework's metadata describes NetBox's serializer field",
      required: ['type', 'required', 'read_only'],
      properties: {
        type: {
          type: 'string',
          description: '`field` (related ids, choices, computed values), `nested object`, `list`, `string`, …',
        },
        required: { type: 'boolean' },
        read_only: { type: 'boolean' },
        label: { type: 'string' },
        help_text: { type: 'string' },
        min_length: { type: 'integer' },
        max_length: { type: 'integer' },
        min_value: { type: 'number' },
        max_value: { type: 'number' },
        max_digits: { type: 'integer' },
        decimal_places: { type: 'integer' },
        child: { ...ref('FieldMetadata'), description: "A list's item" },
        children: {
          type: 'object',
          description: "A nested object's fields",
          additionalProperties: ref('FieldMetadata'),
        },
        choices: {
          type: 'array',
          items: {
            type: 'object',
            required: ['value', 'display_name'],
            properties: { value: {}, display_name: { type: 'string' } },
          },
        },
      },
    },
    BulkDeleteItem: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, changelog_message: { type: 'string' } },
    },
  };
  for (const m of Object.values(cat.models)) {
    const own = modelPaths(m, filters[m.key] ?? [], cat);
    Object.assign(paths, own, actionPaths(cat, m), alsoMounted(m, own));
    Object.assign(schemas, componentsForModel(m, cat));
  }
  Object.assign(paths, servicePaths(cat));
  Object.assign(schemas, serviceSchemas(cat));
  const sortedPaths: Record<string, Json> = {};
  for (const [k, v] of Object.entries(paths).sort(([a], [b]) => byCodePoint(a, b))) sortedPaths[k] = v;
  const sortedSchemas: Record<string, unknown> = {};
  for (const k of Object.keys(schemas).sort(byCodePoint)) sortedSchemas[k] = schemas[k];
  return {
    openapi: '3.1.0',
    info: {
      title: 'NetBox-compatible REST API',
      version: '4.6',
      description: 'Typed network objects with filtering, change logging, branching and webhooks.',
    },
    servers: [{ url: '/', description: 'This server' }],
    paths: sortedPaths,
    components: {
      schemas: sortedSchemas,
      securitySchemes: {
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'v1 token: `Token <40 hex characters>`',
        },
        Bearer: { type: 'http', scheme: 'bearer', description: 'v2 token: `Bearer svt_<key>.<secret>`' },
      },
    },
    security: [{ Token: [] }, { Bearer: [] }],
  };
}

export function emitOpenApi(cat: Catalogue, filters: FilterSpecs): FileMap {
  return new Map([['openapi.json', `${JSON.stringify(buildOpenApi(cat, filters), null, 2)}\n`]]);
}
