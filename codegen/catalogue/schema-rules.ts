/**
 * A model's rules in the catalogue's format (schema.ts): its unique constraints over several fields, and the
 * model checks of a write (declared ones, or a check written once in runtime/write/checks/).
 */
import { Type, type Static } from '@sinclair/typebox';
import { checkNames } from '../../runtime/catalogue/names.ts';
import { closed, fieldList, flag, mapOf, oneOf, pair, text } from './schema-parts.ts';

const { Array: List, Optional, String: Str, Union } = Type;

export const unique = closed({
  fields: List(Str(), { minItems: 1 }),
  ci: Optional(fieldList()),
  when_set: Optional(fieldList()),
  when_null: Optional(fieldList()),
  nulls_distinct: flag(),
  message: Optional(text()),
  key: Optional(text()),
});

export const rule = closed({
  requires: Optional(pair),
  same: Optional(pair),
  one_of: Optional(List(Str(), { minItems: 2 })),
  all_of: Optional(List(Str(), { minItems: 1, description: 'every one given when the object is created' })),
  less: Optional(pair),
  ip_unique: Optional(
    closed({
      field: Str(),
      vrf: Str(),
      enforce: Optional(text()),
      host: flag(),
      what: Str(),
      exempt_field: Optional(text()),
      exempt: Optional(fieldList()),
    }),
  ),
  check: Optional(oneOf(checkNames, 'a check written once in runtime/write/checks/, with its arguments')),
  args: Optional(mapOf(Union([Str(), List(Str())]))),
  key: Optional(text()),
  message: Optional(text()),
});

export type RawRule = Static<typeof rule>;
export type RawUnique = Static<typeof unique>;
