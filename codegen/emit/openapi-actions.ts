/**
 * OpenAPI paths of the detail actions models switch on (`actions:` in the catalogue): what GET lists
 * and what POST creates, per runtime op.
 */
import type { ActionDef, Catalogue, ModelDef } from '../../runtime/catalogue/ir.ts';
import { modelOf } from '../catalogue/lookup.ts';
import { invalid, json, notFound, ref, type Json } from './openapi-common.ts';

const nullableBrief = (cls: string) => ({ anyOf: [ref(`Brief${cls}`), { type: 'null' }] });

function targetClass(cat: Catalogue, m: ModelDef, field: string | undefined): string {
  const f = m.fields.find((x) => x.name === field);
  const to = f && 'to' in f ? f.to : undefined;
  return to ? modelOf(cat, to).className : m.className;
}

/** The item GET lists, per op. */
function itemSchema(cat: Catalogue, m: ModelDef, a: ActionDef): Json {
  switch (a.op) {
    case 'available_ips':
      return {
        type: 'object',
        required: ['family', 'address', 'vrf'],
        properties: {
          family: { type: 'integer' },
          address: { type: 'string' },
          vrf: nullableBrief(targetClass(cat, m, a.args.vrf)),
        },
      };
    case 'available_prefixes':
      return {
        type: 'object',
        required: ['family', 'prefix', 'vrf'],
        properties: {
          family: { type: 'integer' },
          prefix: { type: 'string' },
          vrf: nullableBrief(targetClass(cat, m, a.args.vrf)),
        },
      };
    case 'available_vlans':
      return {
        type: 'object',
        required: ['vid', 'group'],
        properties: { vid: { type: 'integer' }, group: ref(`Brief${m.className}`) },
      };
    case 'available_asns':
      return { type: 'object', required: ['asn'], properties: { asn: { type: 'integer' } } };
    case 'trace':
      return {
        type: 'array',
        description: '[near objects, cable or null, far objects]',
        prefixItems: [{ type: 'array' }, { type: ['object', 'null'] }, { type: 'array' }],
      };
    case 'render_config':
    case 'render_template':
      return {
        type: 'object',
        required: ['configtemplate', 'content'],
        properties: { configtemplate: { type: 'object' }, content: { type: 'string' } },
      };
    case 'retrigger':
      return ref(m.className);
    case 'paths':
      return {
        type: 'object',
        required: ['path', 'is_active', 'is_complete', 'is_split'],
        properties: {
          path: { type: 'array' },
          is_active: { type: 'boolean' },
          is_complete: { type: 'boolean' },
          is_split: { type: 'boolean' },
        },
      };
  }
}

const what: Record<ActionDef['op'], string> = {
  available_ips: 'IP addresses',
  available_prefixes: 'prefixes',
  available_vlans: 'VLANs',
  available_asns: 'ASNs',
  trace: 'cable path segments',
  paths: 'cable paths',
  render_config: 'rendered configuration',
  render_template: 'rendered template',
  retrigger: 'lifecycle events',
};

/** `POST …/<id>/retrigger/`: the object's lifecycle event sent again to event rules. */
function retriggerPath(cat: Catalogue, m: ModelDef, a: ActionDef, op: string): Json {
  return {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    post: {
      operationId: `${op}_${a.path.replace(/-/g, '_')}`,
      tags: [m.app],
      summary: `Send the ${m.verboseName}'s ${what[a.op]} again (event type event_retriggered)`,
      responses: {
        '200': { description: `The ${m.verboseName}`, content: json(itemSchema(cat, m, a)) },
        '403': { description: 'Not permitted', content: json(ref('Detail')) },
        '404': { description: 'Not found', content: json(ref('Detail')) },
      },
    },
  };
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };

/** `GET …/<id>/trace/` and `…/paths/`: the object's cable path, or every path through it. */
function cablePathsPath(cat: Catalogue, m: ModelDef, a: ActionDef, op: string): Json {
  return {
    parameters: [idParameter],
    get: {
      operationId: `${op}_${a.path}`,
      tags: [m.app],
      summary:
        a.op === 'trace'
          ? `The cable path from a ${m.verboseName}, segment by segment`
          : `The complete cable paths through a ${m.verboseName}`,
      responses: {
        '200': { description: 'In order', content: json({ type: 'array', items: itemSchema(cat, m, a) }) },
        ...notFound,
      },
    },
  };
}

/** `POST …/<id>/render-config/` and the like: the object's configuration template rendered. */
function renderPath(cat: Catalogue, m: ModelDef, a: ActionDef, op: string): Json {
  return {
    parameters: [idParameter],
    post: {
      operationId: `${op}_${a.path.replace(/-/g, '_')}`,
      tags: [m.app],
      summary: `Render the configuration template of a ${m.verboseName}`,
      parameters: [{ name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'txt'] } }],
      requestBody: {
        required: false,
        content: json({
          type: 'object',
          additionalProperties: true,
          description: 'Extra context (and config_template_id)',
        }),
      },
      responses: {
        '200': {
          description: 'The rendered template',
          content: { ...json(itemSchema(cat, m, a)), 'text/plain': { schema: { type: 'string' } } },
        },
        '400': { description: 'No template', content: json({ type: 'object' }) },
        ...notFound,
      },
    },
  };
}

type Allocation = Extract<
  ActionDef,
  { op: 'available_ips' | 'available_prefixes' | 'available_vlans' | 'available_asns' }
>;

/** `GET` and `POST …/<id>/available-…/`: the free values of the object, and allocating them. */
function availablePath(cat: Catalogue, m: ModelDef, a: Allocation, op: string): Json {
  const created = ref(modelOf(cat, a.args.creates).className);
  const body: Json = {
    type: 'object',
    description:
      `Fields of the new ` +
      `${what[a.op]}${a.op === 'available_prefixes' ? ' (prefix_length required)' : ''}; the allocated value is ` +
      `filled in`,
  };
  return {
    parameters: [idParameter],
    get: {
      operationId: `${op}_${a.path.replace(/-/g, '_')}_list`,
      tags: [m.app],
      summary: `Available ${what[a.op]} of a ${m.verboseName}`,
      parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }],
      responses: {
        '200': {
          description: `Free ${what[a.op]}, in order`,
          content: json({ type: 'array', items: itemSchema(cat, m, a) }),
        },
        ...notFound,
      },
    },
    post: {
      operationId: `${op}_${a.path.replace(/-/g, '_')}_create`,
      tags: [m.app],
      summary: `Allocate ${what[a.op]} from a ${m.verboseName} and create them`,
      requestBody: { required: true, content: json({ oneOf: [body, { type: 'array', items: body }] }) },
      responses: {
        '201': {
          description: 'Created (a list when a list was sent)',
          content: json({ oneOf: [created, { type: 'array', items: created }] }),
        },
        ...invalid,
        ...notFound,
        '409': { description: 'Not enough free space', content: json(ref('Detail')) },
      },
    },
  };
}

/** The path of one action of the model, by its operation. */
function actionPath(cat: Catalogue, m: ModelDef, a: ActionDef, op: string): Json {
  switch (a.op) {
    case 'retrigger':
      return retriggerPath(cat, m, a, op);
    case 'trace':
    case 'paths':
      return cablePathsPath(cat, m, a, op);
    case 'render_config':
    case 'render_template':
      return renderPath(cat, m, a, op);
    case 'available_ips':
    case 'available_prefixes':
    case 'available_vlans':
    case 'available_asns':
      return availablePath(cat, m, a, op);
  }
}

export function actionPaths(cat: Catalogue, m: ModelDef): Record<string, Json> {
  const out: Record<string, Json> = {};
  const op = `${m.app}_${m.path.replace(/-/g, '_')}`;
  for (const a of m.actions) out[`/api/${m.apiPath}/{id}/${a.path}/`] = actionPath(cat, m, a, op);
  return out;
}
