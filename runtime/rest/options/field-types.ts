/** The DRF field type OPTIONS names for each field kind, and whether DRF builds a field from the model (fields.ts). */
import type { ComputedField, FieldDef, ModelDef, Registry } from '../../catalogue/index.ts';
import { unreachable } from '../../collections.ts';

/** Whether DRF builds the field from the model's column (else NetBox's serializer declares it). */
export function modelBuilt(f: FieldDef): boolean {
  switch (f.kind) {
    case 'id':
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'timestamp':
    case 'json':
    case 'image':
      return true;
    case 'list':
      return f.item !== 'object_type';
    case 'choice':
      return f.plain === true;
    case 'url':
    case 'display_url':
    case 'display':
    case 'ipaddress':
    case 'ipnetwork':
    case 'object_type':
    case 'fk':
    case 'm2m':
    case 'generic':
    case 'children':
    case 'tags':
    case 'custom_fields':
    case 'computed':
      return false;
    default:
      return unreachable(f, 'field kind');
  }
}

/** A cable shown as its id (a nested form's): DRF's primary-key field for NetBox's cable foreign key. */
export const cableId = (f: FieldDef) =>
  f.kind === 'computed' && f.plain === true && f.computed.type === 'cable' && f.computed.part === 'cable';

function computedType(registry: Registry, model: ModelDef, f: ComputedField): string {
  const c = f.computed;
  switch (c.type) {
    case 'count':
      // a counter NetBox keeps on the row and a tree's count (an annotation) are integer fields of its
      // serializers; the other counts are its RelatedObjectCountField
      return c.cumulative || f.snapshot === true ? 'integer' : 'field';
    case 'expr':
      // a choice a nested form shows bare: the integer or string field NetBox's nested serializer declares
      if (c.as === 'choice' && f.plain)
        return registry.choices(c.choices).every((o) => typeof o.value === 'number') ? 'integer' : 'string';
      return c.as === 'fk'
        ? 'nested object'
        : ['integer', 'string', 'decimal', 'boolean'].includes(c.as)
          ? c.as
          : 'field';
    case 'tree_depth':
    case 'ip_depth':
    case 'ip_children':
      return 'integer';
    case 'cable':
      return c.part === 'cable' ? (f.plain ? 'field' : 'nested object') : c.part === 'end' ? 'choice' : 'field';
    case 'copy':
    case 'reverse_list':
    case 'config_context':
      return 'field';
    default:
      return unreachable(c, 'computed kind');
  }
}

export function fieldType(registry: Registry, model: ModelDef, f: FieldDef): string {
  switch (f.kind) {
    case 'id':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'string':
    case 'text':
    case 'password':
    case 'ipaddress':
    case 'ipnetwork':
      return 'string';
    case 'slug':
    case 'decimal':
    case 'boolean':
    case 'date':
      return f.kind;
    case 'timestamp':
      return 'datetime';
    case 'choice':
      return f.plain ? 'choice' : 'field';
    case 'image':
      return 'image upload';
    case 'fk':
      // plain: the relation NetBox leaves to DRF, a primary-key field
      return f.plain ? 'field' : 'nested object';
    case 'list':
      return f.item === 'object_type' ? 'field' : 'list';
    case 'computed':
      return computedType(registry, model, f);
    case 'url':
    case 'display_url':
    case 'display':
    case 'json':
    case 'object_type':
    case 'm2m':
    case 'generic':
    case 'children':
    case 'tags':
    case 'custom_fields':
      return 'field';
    default:
      return unreachable(f, 'field kind');
  }
}

/**
 * A field of a model the API never writes (change records, data files) is read-only too. A cable shown
 * as its id is NetBox's cable column as DRF builds it in a nested serializer: writable, as columns are.
 */
