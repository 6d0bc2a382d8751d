/**
 * An object the caller may not view, reached from one it may (an interface's device without
 * dcim.view_device, or outside its constraint): answered as REST shows it nested in the row that points at
 * it, which REST shows to whoever may view that row (NetBox's nested serializers check no permission). The
 * fields of its nested form answer as usual; any other field answers null, or [] for a list, and a non-null
 * one fails the request, naming what may be read, rather than answer null where the schema promises a value.
 */
import { getNullableType, isListType, isNonNullType, type GraphQLObjectType } from 'graphql';
import type { ModelDef } from '../catalogue/index.ts';
import type { QueryContext } from './context.ts';
import type { FieldSource } from './map.ts';

/**
 * The catalogue field of the row a source reads (undefined: a value that tells nothing of the row, always
 * shown; null: rows of other models pointing at it, never part of its nested form).
 */
function fieldOf(src: FieldSource): string | null | undefined {
  switch (src.kind) {
    case 'id':
      return 'id';
    case 'display':
      return 'display';
    case 'custom_fields':
    case 'custom_field_data':
      return 'custom_fields';
    case 'class_type':
    case 'null':
      return undefined;
    case 'list':
    case 'one':
      return src.relation.via === 'field' ? src.relation.field : null;
    default:
      return src.field;
  }
}

/** Whether the nested form `shown` (its catalogue field names) shows the field read from `src`. */
export function isShown(src: FieldSource, shown: readonly string[]): boolean {
  const f = fieldOf(src);
  return f === undefined || (f !== null && shown.includes(f));
}

/** The SQL of a field of a hidden object of `model` (aliased `a`) that its nested form does not show. */
export function hiddenValue(
  qc: QueryContext,
  object: { readonly model: ModelDef; readonly alias: string; readonly type: GraphQLObjectType },
  name: string,
  shown: readonly string[],
): string {
  const t = object.type.getFields()[name]?.type;
  if (!t || !isNonNullType(t)) return 'NULL';
  if (isListType(getNullableType(t))) return `'[]'::json`;
  const map = qc.map.types[object.type.name]?.fields ?? {};
  const readable = Object.keys(map).filter((f) => {
    const read = map[f] && fieldOf(map[f]);
    return typeof read === 'string' && shown.includes(read);
  });
  qc.deferred.push({
    model: object.model,
    field: name,
    refusal:
      `A ${object.model.key} the caller may not view is answered as REST shows it nested, with only ` +
      `${readable.join(', ')}: '${name}' of ${object.type.name} cannot be read here.`,
  });
  return `json_build_object('__nb_deferred', ${qc.deferred.length - 1}, 'id', ${object.alias}.id)`;
}
