/**
 * The object types of the schema, one per shown catalogue model (`<Class>Type`): the model's fields as
 * GraphQL types them, its reverse relations by Django's names, NetBox's shared fields (display,
 * class_type, custom_fields, changelog), and a union per generic relation. Each field is recorded in
 * the map with the catalogue field or relation it reads.
 */
import type {
  Catalogue,
  ComputedField,
  FieldDef,
  GenericField,
  ModelDef,
  ReverseRelation,
} from '../../runtime/catalogue/ir.ts';
import { modelOf } from '../catalogue/lookup.ts';
import { unreachable } from '../../runtime/collections.ts';
import type { FieldSource, ObjectTypeMap } from '../../runtime/graphql/map.ts';
import type { SdlField, SdlType } from './graphql-sdl.ts';
import { fieldName, filterName, shown, typeName, unionName, type Named } from './graphql-names.ts';

const listArgs = (filter: string) => `filters: ${filter}, pagination: OffsetPaginationInput`;

const scalars: Readonly<Record<string, string>> = {
  string: 'String',
  text: 'String',
  slug: 'String',
  choice: 'String',
  ipaddress: 'String',
  ipnetwork: 'String',
  integer: 'Int',
  bigint: 'BigInt',
  decimal: 'Decimal',
  boolean: 'Boolean',
  date: 'Date',
  timestamp: 'DateTime',
  json: 'JSON',
  object_type: 'String',
};

const exprScalars: Readonly<Record<string, string>> = {
  integer: 'Int',
  string: 'String',
  decimal: 'Decimal',
  boolean: 'Boolean',
  json: 'JSON',
  choice: 'String',
};

interface Built {
  readonly fields: SdlField[];
  readonly map: Record<string, FieldSource>;
}

export interface TypeContext extends Named {
  /** unions met so far: name → member types */
  readonly unions: Map<string, Map<string, string>>;
  /** extra object types met so far (choice objects) */
  readonly extra: Map<string, SdlType>;
}

function add(b: Built, name: string, type: string, source: FieldSource, args?: string): void {
  if (b.map[name]) return;
  b.fields.push(args ? { name, type, args } : { name, type });
  b.map[name] = source;
}

const bang = (type: string, nullable: boolean) => (nullable ? type : `${type}!`);

/** The union of a generic relation's shown types, or undefined when none is shown. */
function union(ctx: TypeContext, m: ModelDef, f: GenericField): string | undefined {
  const members = f.types.filter((t) => shown(ctx, t));
  if (!members.length) return undefined;
  const name = unionName(ctx, m, f);
  ctx.unions.set(name, new Map(members.map((t) => [t, typeName(modelOf(ctx.cat, t))])));
  return name;
}

function choiceObject(ctx: TypeContext, set: string): string {
  const name =
    ctx.gql.choiceTypes[set] ?? `${set.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())}Type`;
  const numeric = (ctx.cat.choices[set] ?? []).every((o) => typeof o.value === 'number');
  ctx.extra.set(name, {
    kind: 'type',
    name,
    fields: [
      { name: 'value', type: numeric ? 'Int!' : 'String!' },
      { name: 'label', type: 'String!' },
    ],
  });
  return name;
}

function computedField(ctx: TypeContext, b: Built, m: ModelDef, f: ComputedField, name: string): void {
  const c = f.computed;
  switch (c.type) {
    case 'count':
      return add(b, name, 'BigInt!', { kind: 'value', field: f.name });
    case 'tree_depth':
      add(b, name, 'Int!', { kind: 'value', field: f.name });
      return add(b, 'level', 'Int!', { kind: 'value', field: f.name });
    case 'ip_depth':
    case 'ip_children':
      return add(b, name, 'Int!', { kind: 'value', field: f.name });
    case 'config_context':
      return add(b, name, 'JSON!', { kind: 'config_context', field: f.name });
    case 'reverse_list': {
      const target = ctx.cat.models[c.model];
      if (!target || !shown(ctx, c.model)) return;
      const type = `[${typeName(target)}!]!`;
      return add(
        b,
        name,
        type,
        { kind: 'list', relation: { via: 'field', field: f.name } },
        listArgs(filterName(target)),
      );
    }
    case 'expr': {
      if (c.as === 'fk') {
        if (!shown(ctx, c.to)) return;
        return add(b, name, typeName(modelOf(ctx.cat, c.to)), { kind: 'object', field: f.name });
      }
      if (c.as === 'choice' && ctx.gql.choiceTypes[c.choices])
        return add(b, name, `${choiceObject(ctx, c.choices)}!`, { kind: 'choice', field: f.name });
      return add(b, name, exprScalars[c.as] ?? 'String', { kind: 'value', field: f.name });
    }
    case 'cable':
      if (c.part === 'cable' && shown(ctx, 'dcim.cable'))
        return add(b, name, 'CableType', { kind: 'object', field: f.name });
      if (c.part === 'end') return add(b, name, 'String', { kind: 'value', field: f.name });
      return;
    case 'copy':
      return;
    default:
      return unreachable(c, 'computed kind');
  }
}

function field(ctx: TypeContext, b: Built, m: ModelDef, f: FieldDef): void {
  const name = fieldName(ctx, m, f);
  const { cat } = ctx;
  switch (f.kind) {
    case 'id':
    case 'url':
    case 'display_url':
    case 'display':
    case 'password':
    case 'children':
    case 'image':
      return;
    case 'fk': {
      if (!shown(ctx, f.to)) return;
      return add(b, name, bang(typeName(modelOf(cat, f.to)), f.nullable), { kind: 'object', field: f.name });
    }
    case 'm2m':
    case 'tags': {
      const to = f.kind === 'tags' ? 'extras.tag' : f.to;
      if (!shown(ctx, to)) return;
      const target = modelOf(cat, to);
      const source: FieldSource = { kind: 'list', relation: { via: 'field', field: f.name } };
      return add(b, name, `[${typeName(target)}!]!`, source, listArgs(filterName(target)));
    }
    case 'generic': {
      const u = union(ctx, m, f);
      if (u) add(b, name, u, { kind: 'union', field: f.name });
      return;
    }
    case 'custom_fields':
      add(b, 'custom_fields', 'JSON!', { kind: 'custom_fields' });
      return add(b, 'custom_field_data', 'JSON!', { kind: 'custom_field_data' });
    case 'computed':
      return computedField(ctx, b, m, f, name);
    case 'list': {
      // a list of object types, as NetBox's TagType.object_types: each one's {id, app_label, model}
      if (f.item === 'object_type')
        return add(
          b,
          name,
          '[ContentTypeType!]!',
          { kind: 'content_types', field: f.name },
          'pagination: OffsetPaginationInput',
        );
      const item = f.item === 'integer' ? 'Int' : 'String';
      return add(b, name, bang(`[${item}!]`, f.nullable), { kind: 'value', field: f.name });
    }
    case 'object_type':
      return add(b, name, 'ContentTypeType', { kind: 'content_type', field: f.name });
    case 'string':
    case 'text':
    case 'slug':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'timestamp':
    case 'json':
    case 'choice':
    case 'ipnetwork':
    case 'ipaddress': {
      const generic = m.fields.some((g) => g.kind === 'generic' && g.idColumn === f.column);
      const type = generic ? 'Int' : (scalars[f.kind] ?? 'String');
      return add(b, name, bang(type, f.nullable), { kind: 'value', field: f.name });
    }
    default:
      return unreachable(f, 'field kind');
  }
}

/** The name a reverse relation is shown by on the referenced type, and whether it is one object. */
function reverseName(n: Named, r: ReverseRelation): { name: string; one: boolean } | undefined {
  const declared = n.gql.models[r.model]?.related[r.field];
  if (declared) return declared;
  if (r.kind === 'generic') return undefined;
  return { name: `${modelOf(n.cat, r.model).model}_set`, one: false };
}

function reverse(ctx: TypeContext, b: Built, m: ModelDef): void {
  for (const r of m.reverse) {
    if (!shown(ctx, r.model)) continue;
    const named = reverseName(ctx, r);
    if (!named) continue;
    const target = modelOf(ctx.cat, r.model);
    const relation = { via: 'reverse', model: r.model, field: r.field } as const;
    if (named.one) add(b, named.name, typeName(target), { kind: 'one', relation });
    else add(b, named.name, `[${typeName(target)}!]!`, { kind: 'list', relation }, listArgs(filterName(target)));
  }
}

export function objectType(ctx: TypeContext, m: ModelDef): { type: SdlType; map: ObjectTypeMap } {
  const b: Built = { fields: [], map: {} };
  add(b, 'id', 'ID!', { kind: 'id' });
  add(b, 'display', 'String!', { kind: 'display' });
  add(b, 'class_type', 'String!', { kind: 'class_type', value: m.className });
  for (const f of m.fields) if (!f.hidden && !f.writeOnly) field(ctx, b, m, f);
  reverse(ctx, b, m);
  const type: SdlType = { kind: 'type', name: typeName(m), doc: m.description || undefined, fields: b.fields };
  return { type, map: { model: m.key, fields: b.map } };
}
