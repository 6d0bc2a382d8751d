/**
 * The `graphql:` keys of the catalogue's format (schema.ts): NetBox's GraphQL names where the rules of
 * codegen/emit/graphql-names.ts do not derive them, beside the model's REST names. A model's key gives its
 * root field, its fields' names, unions and related names, and the filter fields NetBox's filter class
 * declares by hand; an app file's key its choice sets' enums. validate-graphql.ts checks what they name.
 */
import { Type, type Static } from '@sinclair/typebox';
import { closed, contentTypePattern, fieldPath, flag, identifier, mapOf, text } from './schema-parts.ts';

const { Literal, Optional, String: Str, Union } = Type;

const typeName = Str({ pattern: '^[A-Z][A-Za-z0-9]*$' });
const fieldName = Str({ pattern: '^_?[a-z][a-z0-9_]*$' });

const reverseInput = closed(
  {
    reverse: fieldPath,
    by_id: flag('also `<name>_id: ID`, the related object’s id'),
  },
  'the rows of another model whose relation (`app.model.field`) points here, filtered by their filter',
);
const fieldInput = closed(
  { field: identifier },
  "one of the model's own relations under another name (NetBox's `ip_addresses` for `ipaddresses`)",
);
const restInput = closed(
  {
    type: Str({
      pattern: '^\\[?[A-Z][A-Za-z0-9]*!?\\]?$',
      description:
        "the input's GraphQL type: a model's filter, `TreeNodeFilter`, `[String!]`, `Boolean`, `ID`, an enum",
    }),
    rest: Optional(text('the REST filter the value is handed to (default: the same name)')),
    rest_model: Optional(
      Str({ pattern: contentTypePattern, description: "another model's REST filter over the same columns" }),
    ),
    values: Optional(
      mapOf(Str(), Str({ pattern: '^[A-Z][A-Z0-9_]*$' }), {
        description: "an enum of the filter's own: member → the value the REST filter takes",
      }),
    ),
  },
  'a filter field NetBox computes by hand that a REST filter of this model computes too',
);

const relatedName = Union([
  fieldName,
  closed({ name: fieldName, one: Literal(true, { description: 'a one-to-one relation: a single object' }) }),
]);

/** A model's `graphql:` key. */
export const graphqlModel = closed(
  {
    hidden: flag('no GraphQL type (secrets, records NetBox’s schema does not serve)'),
    root: Optional(
      Union([Literal(false), Str({ pattern: '^[a-z][a-z0-9_]*$' })], {
        description: 'the root field (default: the snake-cased verbose name); false: none, read through others',
      }),
    ),
    names: Optional(mapOf(fieldName, fieldName, { description: "by field: the GraphQL field's name" })),
    unions: Optional(
      mapOf(typeName, identifier, { description: "by generic field: its union's name (default `<Class><Field>Type`)" }),
    ),
    related_names: Optional(
      mapOf(relatedName, identifier, {
        description:
          "by relation field: Django's related_name, the field the referenced type shows the rows pointing at " +
          'it by (default: `<model>_set` for a foreign key or many-to-many, nothing for a generic relation)',
      }),
    ),
    cached_scope: flag(
      'NetBox caches the scope (CachedScopeMixin): the filter takes the scope’s `site`, `region`, `location`, ' +
        '`site_group`, as the REST filters of those names',
    ),
    filters: Optional(
      mapOf(Union([reverseInput, fieldInput, restInput]), fieldName, {
        description: "filter fields NetBox's filter class declares beyond the model's fields",
      }),
    ),
  },
  "NetBox's GraphQL names where the rules do not derive them (codegen/emit/graphql-names.ts)",
);

/** An app file's `graphql:` key: its choice sets' names. */
export const graphqlFile = closed(
  {
    enums: Optional(
      mapOf(
        closed({
          name: Str({ pattern: '^[A-Z][A-Za-z0-9]*Enum$' }),
          prefix: Optional(Str({ pattern: '^[A-Z][A-Z0-9_]*$', description: "the members' (`STATUS_ACTIVE`)" })),
        }),
        identifier,
        { description: 'by choice set of this file: NetBox’s enum (default `<Set>Enum`, members unprefixed)' },
      ),
    ),
    choice_types: Optional(
      mapOf(typeName, identifier, {
        description: 'by choice set of this file: the object type of a computed choice read as `{value, label}`',
      }),
    ),
  },
  "NetBox's GraphQL names of the file's choice sets",
);

export type RawGraphqlModel = Static<typeof graphqlModel>;
export type RawGraphqlFile = Static<typeof graphqlFile>;
export type RawGraphqlFilter = NonNullable<RawGraphqlModel['filters']>[string];
