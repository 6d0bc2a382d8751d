/**
 * A model's computed values in the catalogue's format (schema.ts): a value the row's columns or related rows
 * give, said by what it means (a count, an expression, a cable's part…), never in SQL. Filters take the
 * expression keys too.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  closed,
  contentType,
  contentTypePattern,
  fieldList,
  fieldPath,
  fieldPathPattern,
  flag,
} from './schema-parts.ts';
import { identifier, mapOf, nestedList, oneOf, strings, text, wireName } from './schema-parts.ts';
import { expressionNames } from './named-expressions.ts';

const { Array: List, Optional, String: Str, Union } = Type;

/** A value computed from the row's columns, said by what it means (expressions.ts writes its SQL): one key. */
export const expressionKeys = {
  same_as: Optional(Str({ pattern: '^[a-z][a-z0-9_]*$', description: "another field's value (its column)" })),
  first_of: Optional(
    List(identifier, { minItems: 2, description: 'the first of these foreign keys (to one model) that is set' }),
  ),
  family: Optional(Str({ pattern: '^[a-z][a-z0-9_]*$', description: "an IP field's family (4 or 6)" })),
  generic_id: Optional(
    Str({ pattern: '^[a-z][a-z0-9_]*$', description: "a generic relation's id when its type is the one `to` names" }),
  ),
  reverse_one: Optional(
    Union([fieldPath, List(fieldPath, { minItems: 2 })], {
      description:
        'the one row of another model whose foreign key or generic relation (`app.model.field`) points here, ' +
        'with the fixed values `where` gives; several relations of that model: the first row any of them finds',
    }),
  ),
  sum: Optional(Str({ pattern: '^[a-z][a-z0-9_]*$', description: 'the sum of this number field of the rows `over`' })),
  over: Optional(
    Str({ pattern: fieldPathPattern, description: 'sum: the rows whose foreign key (`app.model.field`) points here' }),
  ),
  named: Optional(oneOf(expressionNames, 'an expression written once in codegen/catalogue/named-expressions.ts')),
};

export const computed = closed({
  label: Optional(text()),
  count: Optional(fieldPath),
  cumulative: flag(),
  also_via: Optional(
    fieldList(
      'count: also the rows whose related object reaches this one by this path of foreign keys (NetBox’s cached ' +
        'scope: a prefix of a site counts for the site’s region, `site.region` for a location’s)',
    ),
  ),
  ...expressionKeys,
  copy: Optional(text()),
  to: Optional(Str({ pattern: contentTypePattern, description: 'generic_id: the type whose id it is' })),
  where: Optional(mapOf(Str(), undefined, { description: 'reverse_one: fixed values of the row (`term_side: A`)' })),
  ip_depth: Optional(text()),
  ip_children: Optional(text()),
  vrf: Optional(text()),
  reverse_list: Optional(text()),
  snapshot: flag('NetBox stores the value on the row (a counter cache): it is part of the snapshot'),
  nested: Optional(nestedList("a reverse list's objects in this form instead of their model's nested one")),
  cable: Optional(
    oneOf(['cable', 'end', 'peers', 'peers_type', 'endpoints', 'endpoints_type', 'reachable', 'occupied'] as const),
  ),
  config_context: Optional(closed({ contexts: contentType, local: Optional(text()), match: strings })),
  after: Optional(wireName('the field this comes right after in the wire order (default: after the timestamps)')),
});

export type RawComputed = Static<typeof computed>;
/** What an entry (a computed value, a filter) may say of its expression. */
export type RawExpression = Pick<RawComputed, keyof typeof expressionKeys | 'to' | 'where'>;
