/**
 * IR → `generated/openapi.json` (OpenAPI 3.1, schemas in JSON Schema 2020-12). Built as a plain object from the
 * same IR the runtime serializes from, so the document describes what the server returns.
 */
import type { Catalogue, FilterDef, FilterSpecs, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import { componentsForModel } from './openapi-schemas.ts';
import {
  baseSchemas,
  blocked,
  errorResponses,
  json,
  notFound,
  ref,
  sharedResponses,
  type Json,
} from './openapi-common.ts';
import { listParams, shapingParams } from './openapi-params.ts';
import { choiceSchemas } from './openapi-choices.ts';
import { servicePaths, serviceSchemas } from './openapi-service.ts';
import { actionPaths } from './openapi-actions.ts';
import { byCodePoint } from '../catalogue/names.ts';

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

/** What a model's operations share: their names, tag and the schemas they refer to. */
interface ModelOps {
  readonly m: ModelDef;
  readonly op: string;
  readonly tag: string;
  readonly C: string;
}

const operation = (o: ModelOps, what: string, summary: string, rest: Json): Json => ({
  operationId: `${o.op}_${what}`,
  tags: [o.tag],
  summary,
  ...rest,
});

function readOps(o: ModelOps, filters: readonly FilterDef[], cat: Catalogue): { list: Json; detail: Json } {
  const { m, C } = o;
  const options = (what: string) =>
    operation(
      o,
      `${what}_options`,
      `Describe the ${what} endpoint: renderers, parsers and (for who may write) every field`,
      {
        security: [{ Token: [] }, { Bearer: [] }, {}],
        responses: { '200': { description: 'Metadata', content: json(ref('Metadata')) } },
      },
    );
  const list = {
    get: operation(o, 'list', `List ${m.verboseNamePlural}`, {
      parameters: listParams(m, filters, cat),
      responses: {
        '200': {
          description: 'A page of objects: complete, or brief with ?brief=true',
          content: json({ anyOf: [ref(`Paginated${C}List`), ref(`PaginatedBrief${C}List`)] }),
        },
        ...errorResponses,
      },
    }),
    options: options('list'),
  };
  const detail = {
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: `A unique integer value identifying this ${m.verboseName}.`,
        schema: { type: 'integer' },
      },
    ],
    get: operation(o, 'retrieve', `Get a ${m.verboseName}`, {
      parameters: shapingParams,
      responses: {
        '200': {
          description: 'The object: complete, or brief with ?brief=true',
          content: json({ anyOf: [ref(C), ref(`Brief${C}`)] }),
        },
        ...notFound,
        ...errorResponses,
      },
    }),
    options: options('detail'),
  };
  return { list, detail };
}

/** POST, PUT, PATCH and DELETE on the list (one object or several, all or none) and on an object. */
function writeOps(o: ModelOps): { list: Json; detail: Json } {
  const { m, C } = o;
  const writable = ref(`Writable${C}Request`);
  const patched = ref(`PatchedWritable${C}Request`);
  // files travel only as multipart form data
  const files = m.fields.some((f) => f.kind === 'image');
  const body = (schema: Json, asJson = schema) => ({
    required: true,
    content: { ...json(asJson), ...(files ? { 'multipart/form-data': { schema } } : {}) },
  });
  const several = (schema: Json) => ({ required: true, content: json({ type: 'array', items: schema }) });
  const withId = (r: Json) => ({
    allOf: [r, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }],
  });
  const answer = (status: string, description: string, schema?: Json) => ({
    [status]: { description, ...(schema ? { content: json(schema) } : {}) },
  });
  const updated = answer('200', 'Updated', { type: 'array', items: ref(C) });
  return {
    list: {
      post: operation(o, 'create', `Create one ${m.verboseName} or, with an array, several`, {
        requestBody: body(writable, { oneOf: [writable, { type: 'array', items: writable }] }),
        responses: {
          ...answer('201', 'Created', { oneOf: [ref(C), { type: 'array', items: ref(C) }] }),
          ...errorResponses,
        },
      }),
      put: operation(o, 'bulk_update', `Update several ${m.verboseNamePlural} (all or none)`, {
        requestBody: several(withId(writable)),
        responses: { ...updated, ...errorResponses },
      }),
      patch: operation(o, 'bulk_partial_update', `Partially update several ${m.verboseNamePlural} (all or none)`, {
        requestBody: several(withId(patched)),
        responses: { ...updated, ...errorResponses },
      }),
      delete: operation(o, 'bulk_destroy', `Delete several ${m.verboseNamePlural} (all or none)`, {
        requestBody: several(ref('BulkDeleteItem')),
        responses: { ...answer('204', 'Deleted'), ...blocked, ...errorResponses },
      }),
    },
    detail: {
      put: operation(o, 'update', `Replace a ${m.verboseName}`, {
        requestBody: body(writable),
        responses: { ...answer('200', 'Updated', ref(C)), ...notFound, ...errorResponses },
      }),
      patch: operation(o, 'partial_update', `Update fields of a ${m.verboseName}`, {
        requestBody: body(patched),
        responses: { ...answer('200', 'Updated', ref(C)), ...notFound, ...errorResponses },
      }),
      delete: operation(o, 'destroy', `Delete a ${m.verboseName}`, {
        responses: { ...answer('204', 'Deleted'), ...notFound, ...blocked, ...errorResponses },
      }),
    },
  };
}

function modelPaths(m: ModelDef, filters: readonly FilterDef[], cat: Catalogue): Record<string, Json> {
  const o: ModelOps = { m, op: `${m.app}_${m.path.replace(/-/g, '_')}`, tag: m.app, C: m.className };
  const read = readOps(o, filters, cat);
  const write = m.readOnly ? { list: {}, detail: {} } : writeOps(o);
  return {
    [`/api/${m.apiPath}/`]: { ...read.list, ...write.list },
    [`/api/${m.apiPath}/{id}/`]: { ...read.detail, ...write.detail },
  };
}

/** What a filter's lookup suffix means, said once for every `<filter>__<lookup>` parameter. */
const LOOKUPS =
  'A filter `x` also takes lookups as `x__<lookup>`: `n` not; case-insensitive `ic`/`nic` contains (or not), ' +
  '`isw`/`nisw` starts with, `iew`/`niew` ends with, `ie`/`nie` equals; `regex` (`iregex`: case-insensitive) ' +
  'matches a regular expression; `lt`/`lte`/`gt`/`gte` compares; `empty` is empty (true) or not; `any` (tags) has ' +
  'one of the values. A repeated parameter matches any of its values (tags: all of them).';

export function buildOpenApi(cat: Catalogue, filters: FilterSpecs): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, unknown> = { ...baseSchemas };
  for (const m of Object.values(cat.models)) {
    const own = modelPaths(m, filters[m.key] ?? [], cat);
    Object.assign(paths, own, actionPaths(cat, m), alsoMounted(m, own));
    Object.assign(schemas, componentsForModel(m, cat));
  }
  Object.assign(paths, servicePaths(cat));
  Object.assign(schemas, serviceSchemas(cat));
  const choices = choiceSchemas(cat, JSON.stringify([paths, schemas]));
  for (const name of Object.keys(choices))
    if (name in schemas) throw new Error(`a choice set's schema and another are both named ${name}`);
  Object.assign(schemas, choices);
  const sorted = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => byCodePoint(a, b))) as Record<string, T>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'NetBox-compatible REST API',
      version: '4.6',
      description: `Typed network objects with filtering, change logging, branching and webhooks.\n\n${LOOKUPS}`,
    },
    servers: [{ url: '/', description: 'This server' }],
    paths: sorted(paths),
    components: {
      schemas: sorted(schemas),
      responses: sharedResponses,
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
