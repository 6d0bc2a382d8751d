/** Component schemas of one model: complete, brief, nested, writable, patched and paginated forms. */
import type { Catalogue, FieldDef, ModelDef, NestedShape } from '../../runtime/catalogue/ir.ts';
import { modelOf } from '../catalogue/lookup.ts';
import { choiceObject, choiceValue } from './openapi-choices.ts';
import { ref, type Json } from './openapi-common.ts';
import { formModel } from '../../runtime/catalogue/forms.ts';
import { camel } from '../catalogue/names.ts';

/** JSON Schema 2020-12 (OpenAPI 3.1): null joins the type, or becomes an alternative. */
function nullable(s: Json, yes: boolean): Json {
  if (!yes) return s;
  if (typeof s.type === 'string')
    return { ...s, type: [s.type, 'null'], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) };
  return { anyOf: [s, { type: 'null' }] };
}

export function nestedSchemaName(target: ModelDef, owner?: ModelDef, field?: FieldDef): string {
  if (owner && field && 'nested' in field && field.nested) {
    const f = camel(`_${field.name}`);
    return `Nested${target.className}For${owner.className}${f.charAt(0).toUpperCase()}${f.slice(1)}`;
  }
  return `Nested${target.className}`;
}

function scalar(f: FieldDef, cat: Catalogue): Json {
  switch (f.kind) {
    case 'id':
    case 'integer':
    case 'bigint':
      return { type: 'integer' };
    case 'decimal':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'url':
    case 'display_url':
      return { type: 'string', format: 'uri' };
    case 'json':
      return {};
    case 'list':
      return { type: 'array', items: f.item === 'integer' ? { type: 'integer' } : { type: 'string' } };
    case 'image':
      return { type: 'string', format: 'uri', description: "The stored image's URL" };
    case 'choice':
      return choiceValue(f.choices);
    default:
      return { type: 'string' };
  }
}

/** The read schema of one field as the serializer renders it. */
export function schemaForRead(f: FieldDef, m: ModelDef, cat: Catalogue): Json {
  switch (f.kind) {
    case 'choice':
      return nullable(f.plain ? choiceValue(f.choices) : choiceObject(f.choices), f.nullable);
    case 'fk':
      // plain: the relation as its id (DRF's primary-key field)
      if (f.plain) return nullable({ type: 'integer' }, f.nullable);
      return nullable(ref(nestedSchemaName(modelOf(cat, f.to), m, f)), f.nullable);
    case 'm2m':
      return { type: 'array', items: ref(nestedSchemaName(modelOf(cat, f.to), m, f)) };
    case 'generic':
      return {
        type: ['object', 'null'],
        description: `One of: ${f.types.join(', ')}`,
        properties: { id: { type: 'integer' }, url: { type: 'string', format: 'uri' }, display: { type: 'string' } },
      };
    case 'tags':
      return { type: 'array', items: f.plain ? { type: 'string' } : ref('NestedTag') };
    case 'children':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['object_type', 'object_id', 'object'],
          properties: { object_type: { type: 'string' }, object_id: { type: 'integer' }, object: { type: 'object' } },
        },
      };
    case 'custom_fields':
      return { type: 'object', additionalProperties: true };
    case 'computed': {
      const c = f.computed;
      if (c.type === 'expr') {
        if (c.as === 'choice' && f.plain) return nullable(choiceValue(c.choices), true);
        if (c.as === 'choice')
          return { type: ['object', 'null'], properties: { value: choiceValue(c.choices), label: { type: 'string' } } };
        if (c.as === 'fk') return nullable(ref(nestedSchemaName(modelOf(cat, c.to), m, f)), true);
        if (c.as === 'json') return {};
        return { type: [c.as === 'decimal' ? 'number' : c.as, 'null'] };
      }
      if (c.type === 'config_context') return { type: ['object', 'null'], additionalProperties: true };
      if (c.type === 'cable') {
        if (c.part === 'cable') return f.plain ? { type: ['integer', 'null'] } : nullable(ref('NestedCable'), true);
        if (c.part === 'peers' || c.part === 'endpoints') return { type: ['array', 'null'], items: { type: 'object' } };
        if (c.part === 'reachable' || c.part === 'occupied') return { type: ['boolean', 'null'] };
        return { type: ['string', 'null'] };
      }
      if (c.type === 'reverse_list')
        return { type: 'array', items: ref(nestedSchemaName(modelOf(cat, c.model), m, f)) };
      if (c.type === 'copy') {
        const source = m.fields.find((x) => x.name === c.field);
        return source ? schemaForRead(source, m, cat) : { type: 'string' };
      }
      return { type: 'integer' };
    }
    default:
      return nullable(scalar(f, cat), f.nullable);
  }
}

function relationWrite(target: ModelDef): Json {
  return {
    oneOf: [
      { type: 'integer', description: `${target.verboseName} ID` },
      {
        type: 'object',
        description: `Attributes that identify exactly one ${target.verboseName}`,
        additionalProperties: true,
      },
    ],
  };
}

/** The write schema of one field: relations accept an id or an attribute object. */
export function schemaForWrite(f: FieldDef, cat: Catalogue): Json {
  switch (f.kind) {
    case 'fk':
      return nullable(relationWrite(modelOf(cat, f.to)), f.nullable);
    case 'm2m':
      return { type: 'array', items: f.writeIds ? { type: 'integer' } : relationWrite(modelOf(cat, f.to)) };
    case 'tags':
      return { type: 'array', items: f.plain ? { type: 'string' } : relationWrite(modelOf(cat, 'extras.tag')) };
    case 'children':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['object_type', 'object_id'],
          properties: { object_type: { type: 'string' }, object_id: { type: 'integer' } },
        },
      };
    case 'custom_fields':
      return { type: 'object', additionalProperties: true };
    case 'choice':
      return nullable(scalar(f, cat), f.nullable);
    case 'password':
      return { type: 'string', writeOnly: true };
    case 'image':
      return nullable(
        { type: 'string', format: 'binary', description: 'The image file (multipart/form-data only)' },
        f.nullable,
      );
    default: {
      const s = scalar(f, cat);
      if (f.maxLength) s.maxLength = f.maxLength;
      if (f.min !== undefined) s.minimum = f.min;
      if (f.max !== undefined) s.maximum = f.max;
      return nullable(s, f.nullable);
    }
  }
}

function objectSchema(m: ModelDef, names: readonly string[], cat: Catalogue): Json {
  const byName = new Map(m.fields.map((f) => [f.name, f]));
  const properties: Json = {};
  for (const n of names) {
    const f = byName.get(n);
    if (!f || f.hidden || f.writeOnly) continue;
    properties[n] = schemaForRead(f, m, cat);
  }
  // exactly these fields: a brief object must not pass for a complete one, nor the reverse
  return { type: 'object', required: Object.keys(properties), properties, additionalProperties: false };
}

/** The model a relation, a relation expression or a reverse list shows objects of. */
function relationTarget(f: FieldDef): string | undefined {
  if (f.kind === 'fk' || f.kind === 'm2m') return f.to;
  if (f.kind !== 'computed') return undefined;
  const c = f.computed;
  if (c.type === 'reverse_list') return c.model;
  return c.type === 'expr' && c.as === 'fk' ? c.to : undefined;
}

/** The fields a relation nests its target with, where it names them (the catalogue's `nested:`). */
function nestedShape(f: FieldDef): NestedShape | undefined {
  return (f.kind === 'fk' || f.kind === 'm2m' || f.kind === 'computed') && f.nested ? f : undefined;
}

/**
 * The schema of field `f`'s own nested form of `target`, and of the forms it gives the target's
 * relations (a nested interface's device: `NestedDeviceForInterfaceDevice`), each named once.
 */
function nestedForms(out: Record<string, unknown>, owner: ModelDef, f: FieldDef, target: ModelDef, cat: Catalogue) {
  const shape = nestedShape(f);
  if (!shape?.nested) return;
  const formed = formModel(target, f);
  const name = nestedSchemaName(target, owner, f);
  const schema = objectSchema(formed, shape.nested, cat);
  if (name in out && JSON.stringify(out[name]) !== JSON.stringify(schema))
    throw new Error(`two nested forms are both named ${name}`);
  out[name] = schema;
  for (const g of formed.fields) {
    const form = shape.forms?.[g.name];
    const to = relationTarget(g);
    if (form && form !== 'plain' && to) nestedForms(out, formed, g, modelOf(cat, to), cat);
  }
}

export function writableFields(m: ModelDef): FieldDef[] {
  return m.fields.filter((f) => !f.readOnly && !f.hidden && f.kind !== 'computed' && f.kind !== 'id');
}

export function componentsForModel(m: ModelDef, cat: Catalogue): Record<string, unknown> {
  const C = m.className;
  const out: Record<string, unknown> = {};
  const full = m.fields.filter((f) => !f.hidden && !f.writeOnly && !f.unlisted).map((f) => f.name);
  out[C] = { ...objectSchema(m, full, cat), description: m.description };
  out[`Brief${C}`] = objectSchema(m, m.brief, cat);
  out[`Nested${C}`] = objectSchema(m, m.nested, cat);
  for (const f of m.fields) {
    // a relation, a relation expression or a reverse list shown in a form of its own
    const to = relationTarget(f);
    if (to && nestedShape(f)) nestedForms(out, m, f, modelOf(cat, to), cat);
  }
  const writable = writableFields(m);
  const props: Json = {};
  for (const f of writable) props[f.name] = schemaForWrite(f, cat);
  props.changelog_message = { type: 'string', writeOnly: true, maxLength: 200 };
  const required = writable.filter((f) => f.required).map((f) => f.name);
  out[`Writable${C}Request`] = { type: 'object', ...(required.length ? { required } : {}), properties: props };
  out[`PatchedWritable${C}Request`] = { type: 'object', properties: props };
  for (const [name, item] of [
    [`Paginated${C}List`, C],
    [`PaginatedBrief${C}List`, `Brief${C}`],
  ] as const) {
    out[name] = {
      type: 'object',
      required: ['count', 'next', 'previous', 'results'],
      properties: {
        count: { type: 'integer' },
        next: { type: ['string', 'null'], format: 'uri' },
        previous: { type: ['string', 'null'], format: 'uri' },
        results: { type: 'array', items: ref(item) },
      },
    };
  }
  return out;
}
