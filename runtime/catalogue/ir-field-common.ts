/**
 * What every field of the catalogue says of itself, whatever its kind (part of ir.ts, beside the kinds in
 * ir-fields.ts): its name, label, the checks on its value, how NetBox's snapshot and OPTIONS show it; and
 * how a relation nests its target (NestedShape, NestedForm).
 */

/** What every field says of itself, whatever its kind. */
export interface FieldCommon {
  readonly name: string;
  readonly label: string;
  readonly helpText?: string;
  readonly required: boolean;
  /**
   * A value the model needs, checked only once the request is otherwise valid (NetBox's model
   * validation after its serializer's); on a required generic relation: its id is checked so
   */
  readonly modelRequired?: boolean;
  readonly nullable: boolean;
  readonly blank: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly unique: boolean;
  /** the column gets an index of its own (for filters and lookups) */
  readonly index?: boolean;
  readonly default?: unknown;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly min?: number;
  readonly max?: number;
  readonly maxDigits?: number;
  readonly decimalPlaces?: number;
  readonly pattern?: string;
  /** further value checks, each with its own message */
  readonly validators?: readonly {
    readonly pattern: string;
    readonly message: string;
    readonly inverse?: boolean;
    readonly ci?: boolean;
  }[];
  /** json lists of objects: keys whose values name objects of these models */
  readonly itemRefs?: Readonly<Record<string, string>>;
  readonly example?: unknown;
  /** a column the API never reads or writes (secrets, hashes); only hooks touch it */
  readonly hidden?: boolean;
  /**
   * a column NetBox's model has but its serializer leaves out: not in REST answers, OPTIONS, webhook
   * data or the OpenAPI document; filters and GraphQL have it
   */
  readonly unlisted?: boolean;
  /** an empty string is stored as null (nullable unique strings, NetBox's rule) */
  readonly emptyAsNull?: boolean;
  /**
   * NetBox's snapshot of the object (change records, webhooks) where it differs from the stored columns:
   * false: left out (a field NetBox does not have); `blank`: null written "" (NetBox stores an empty
   * string); `ranges`: [[1, 4094]] written as Django writes integer ranges; true (a computed value):
   * included, as NetBox keeps it on the row (counter caches)
   */
  readonly snapshot?: boolean | 'blank' | 'ranges';
  /** ordered by the natural_sort collation (NetBox's `db_collation="natural_sort"`: sortKey) */
  readonly naturalSort?: true;
  /** NetBox's OPTIONS description of the field where the rule in runtime/rest/options does not give it */
  readonly options?: FieldOptions;
  /** the name and column the field had before it was renamed (`renamed_from:`), read as its own where found */
  readonly renamedFrom?: { readonly name: string; readonly column: string };
}

/** A relation shown nested: the target's fields (default: its nested list) and forms of their own. */
export interface NestedShape {
  /** the fields of the target rendered when nested (default: the target's nested list) */
  readonly nested?: readonly string[];
  /** fields of the target that the nested form shows in a form of their own (see NestedForm) */
  readonly forms?: Readonly<Record<string, NestedForm>>;
}

/**
 * How a relation's nested form shows one of its target's fields where that field's own form is not
 * NetBox's (its legacy `Nested…Serializer`s): `plain`, a choice as its bare value or a relation as its
 * id; or a relation in the form these names give, read-only (those serializers declare their nested
 * relations so: an interface's device as NestedDeviceSerializer).
 */
export type NestedForm =
  'plain' | { readonly nested: readonly string[]; readonly forms?: Readonly<Record<string, NestedForm>> };

/**
 * Keys of DRF's field metadata (`label`, `help_text`, `type`, `min_value`, …, `child` for a list's item)
 * that replace what the OPTIONS rule derives; null removes the key.
 */
export type FieldOptions = Readonly<Record<string, unknown>>;
