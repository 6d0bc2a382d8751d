/**
 * The building blocks of the catalogue's JSON Schema (schema.ts, schema-fields.ts): TypeBox schemas whose
 * inferred types are the raw catalogue's, and whose errors name what is allowed.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const { Array: List, Boolean: Bool, Object: Obj, Optional } = Type;
const { String: Str, Tuple, Union } = Type;

/** One of the given values, as a JSON Schema `enum` (its errors name the allowed values). */
export function oneOf<const T extends readonly (string | boolean)[]>(values: T, description?: string) {
  return Type.Unsafe<T[number]>({ enum: [...values], ...(description ? { description } : {}) });
}

/** An object of any keys (optionally matching `names`), each value of `value`. */
export function mapOf<V extends TSchema>(value: V, names?: TSchema, extra: object = {}) {
  return Type.Unsafe<Record<string, Static<V>>>({
    type: 'object',
    additionalProperties: value,
    ...(names ? { propertyNames: names } : {}),
    ...extra,
  });
}

/** An object of exactly these keys (each optional unless wrapped otherwise). */
export function closed<P extends Record<string, TSchema>>(properties: P, description?: string) {
  return Obj(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

export const text = (description?: string) => Str(description ? { description } : {});
export const flag = (description?: string) => Optional(Bool(description ? { description } : {}));
export const identifier = Str({ pattern: '^[a-z][a-z0-9_]*$' });
/** `app.model` and `app.model.field` (args.ts checks arguments against the same patterns) */
export const contentTypePattern = '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$';
export const fieldPathPattern = '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$';
export const contentType = Str({ pattern: contentTypePattern });
export const fieldPath = Str({ pattern: fieldPathPattern });
export const fieldList = (description?: string) => List(Str(), description ? { description } : {});
/** A nested form's field names; a one-key map gives that field a form of its own (`plain`, or names). */
export const nestedList = (description: string) =>
  List(
    Union([
      Str(),
      Type.Unsafe<Record<string, unknown>>({
        type: 'object',
        minProperties: 1,
        maxProperties: 1,
        additionalProperties: { anyOf: [{ const: 'plain' }, { type: 'array', minItems: 1 }] },
        description:
          '`plain`: a choice as its bare value, a relation as its id; names: a relation in that form, read-only ' +
          '(NetBox’s legacy nested serializers: a nested interface’s device)',
      }),
    ]),
    { description },
  );
export const pair = Tuple([Str(), Str()]);
export const strings = mapOf(Str());

/** A name in a model's wire order, to place another right after it. */
export const wireName = (description: string) => Str({ pattern: '^_?[a-z][a-z0-9_]*$', description });
