/** What every field says of itself in the IR, whatever its type (part of normalize-fields.ts). */
import type { FieldCommon } from '../../runtime/catalogue/ir.ts';
import type { RawField } from './schema.ts';
import { labelFromName } from './names.ts';

const nullableByDefault = new Set([
  'integer',
  'bigint',
  'decimal',
  'date',
  'timestamp',
  'json',
  'fk',
  'choice',
  'ipaddress',
  'ipnetwork',
  'object_type',
]);

/** The keys of a field's own type that become the IR's common constraints (a length, bounds, a pattern). */
function ownKeys(f: RawField): {
  max_length?: number;
  min_length?: number;
  min?: number;
  max?: number;
  max_digits?: number;
  decimal_places?: number;
  pattern?: string;
  validators?: FieldCommon['validators'];
  item_refs?: Record<string, string>;
  natural_sort?: boolean;
} {
  switch (f.type) {
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'json':
    case 'list':
    case 'image':
      return f;
    default:
      return {};
  }
}

export type Common = Omit<FieldCommon, 'name'>;

/** What every field of the type says of itself: its label, requiredness, nullability, default and constraints. */
export function commonOf(name: string, f: RawField): Common {
  const required = f.required === true || f.required === 'type';
  const modelRequired = f.required === 'model' || f.required === 'type';
  // a value the model needs: never null, no default, whichever stage asks for it
  const needed = required || modelRequired;
  const nullable = f.nullable ?? (!needed && f.default === undefined && nullableByDefault.has(f.type));
  let def: unknown = f.default;
  if (def === undefined && !needed) {
    if (['string', 'text', 'slug'].includes(f.type) && !nullable) def = '';
    else if (f.type === 'boolean') def = false;
    else if (f.type === 'list') def = [];
    else if (nullable) def = null;
  }
  const c = ownKeys(f);
  return {
    label: f.label ?? labelFromName(name),
    ...(f.help_text !== undefined ? { helpText: f.help_text } : {}),
    required,
    ...(modelRequired ? { modelRequired: true } : {}),
    nullable,
    blank: f.blank ?? (!needed && ['string', 'text', 'slug'].includes(f.type)),
    readOnly: f.read_only ?? false,
    writeOnly: f.write_only ?? false,
    unique: f.unique ?? false,
    ...(f.index ? { index: true } : {}),
    ...(def !== undefined ? { default: def } : {}),
    ...(c.max_length !== undefined ? { maxLength: c.max_length } : {}),
    ...(c.min_length !== undefined ? { minLength: c.min_length } : {}),
    ...(c.min !== undefined ? { min: c.min } : {}),
    ...(c.max !== undefined ? { max: c.max } : {}),
    ...(c.max_digits !== undefined ? { maxDigits: c.max_digits } : {}),
    ...(c.decimal_places !== undefined ? { decimalPlaces: c.decimal_places } : {}),
    ...(c.pattern !== undefined ? { pattern: c.pattern } : f.type === 'slug' ? { pattern: '^[-a-zA-Z0-9_]+$' } : {}),
    ...(f.example !== undefined ? { example: f.example } : {}),
    ...(c.validators ? { validators: c.validators } : {}),
    ...(c.item_refs ? { itemRefs: c.item_refs } : {}),
    ...(f.hidden ? { hidden: true } : {}),
    ...(f.snapshot !== undefined ? { snapshot: f.snapshot } : {}),
    ...(c.natural_sort ? { naturalSort: true } : {}),
    ...((f.empty_as_null ?? (f.unique && nullable && ['string', 'slug'].includes(f.type)))
      ? { emptyAsNull: true }
      : {}),
  };
}
