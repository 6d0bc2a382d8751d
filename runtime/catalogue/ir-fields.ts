/**
 * The catalogue's fields, by kind (part of ir.ts, the frozen catalogue the runtime reads): each kind
 * carries exactly what it needs, and every kind says whether it has a column, so readers narrow by kind.
 * What every kind says alike is in ir-field-common.ts.
 */
import type { FieldCommon, NestedShape } from './ir-field-common.ts';

/** How a value is stored and read. */
export type ScalarKind =
  | 'string'
  | 'text'
  | 'slug'
  | 'integer'
  | 'bigint'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'json'
  | 'choice'
  | 'ipnetwork'
  | 'ipaddress'
  | 'object_type'
  | 'password'
  | 'image';

/** `none`: the reference is left as it is (a change record keeps naming a deleted object) */
export type OnDelete = 'cascade' | 'set_null' | 'protect' | 'none';

export interface ChoiceOption {
  readonly value: string | number;
  readonly label: string;
}

export interface ThroughDef {
  readonly table: string;
  /** column holding this model's id */
  readonly source: string;
  /** column holding the related model's id */
  readonly target: string;
}

/** The rows of the field's `to` model whose relation (any of `fields`) points at the row; `where`: fixed values. */
export interface ReverseOne {
  /** foreign keys or generic relations of the `to` model */
  readonly fields: readonly string[];
  /** column → value */
  readonly where: Readonly<Record<string, string>>;
}

/** A way a counted row's related object leads to the counted object: from an object of `type`, by `path`. */
export interface AlsoVia {
  readonly type: string;
  readonly path: readonly string[];
}

/** A computed, read-only value; every kind is evaluated by one grouped query per page. */
export type ComputedDef =
  | {
      readonly type: 'count';
      readonly model: string;
      readonly field: string;
      readonly cumulative: boolean;
      readonly through?: ThroughDef;
      /** also the rows whose related object (of `type`) reaches this one by `path`, foreign keys from it */
      readonly also?: readonly AlsoVia[];
      /**
       * NetBox's counter cache (children by a foreign key): the count is this column of the row, which
       * triggers keep on every write, whoever makes it (runtime/db/counters.ts)
       */
      readonly column?: string;
    }
  /**
   * SQL over the row's columns (a copy of the row named `t`), read as `as`; `reverse` when it is the one
   * row of another model pointing here, which a page then reads for all its rows at once
   */
  | ({ readonly type: 'expr'; readonly sql: string; readonly reverse?: ReverseOne } & ExprAs)
  | { readonly type: 'copy'; readonly field: string }
  | { readonly type: 'tree_depth' }
  | { readonly type: 'ip_depth'; readonly field: string; readonly vrf: string }
  | { readonly type: 'ip_children'; readonly field: string; readonly vrf: string }
  | { readonly type: 'reverse_list'; readonly model: string; readonly field: string }
  /**
   * what the object's cable says of it: the cable, its end, the far end's objects, the path's endpoints
   * (runtime/cables)
   */
  | { readonly type: 'cable'; readonly part: CablePart }
  /**
   * NetBox's rendered config context: the data of every active context (`contexts` model) whose
   * assignments (`match`: its many-to-many field → the path of this object it compares with; trees
   * match ancestors too) all match or are empty, merged by weight and name, then `local` on top
   */
  | {
      readonly type: 'config_context';
      readonly contexts: string;
      readonly local?: string;
      readonly match: Readonly<Record<string, string>>;
    };

/** What an expression is read as: a choice of a set, a relation to a model, or a plain value. */
export type ExprAs =
  | { readonly as: 'choice'; readonly choices: string }
  | { readonly as: 'fk'; readonly to: string }
  | { readonly as: 'integer' | 'string' | 'decimal' | 'boolean' | 'json' };

export type CablePart =
  'cable' | 'end' | 'peers' | 'peers_type' | 'endpoints' | 'endpoints_type' | 'reachable' | 'occupied';

/** Kinds stored as one column of their own type, with nothing more to say than the common keys. */
export type ValueKind = Exclude<ScalarKind, 'choice' | 'object_type' | 'image'>;

/** The object's id. */
export interface IdField extends FieldCommon {
  readonly kind: 'id';
  readonly column: string;
}

/** Read-only values made from the row and the request (`url`, `display_url`, `display`). */
export interface EnvelopeField extends FieldCommon {
  readonly kind: 'url' | 'display_url' | 'display';
  readonly column?: undefined;
}

/** A value in a column of its own. */
export interface ValueField extends FieldCommon {
  readonly kind: ValueKind;
  readonly column: string;
}

/** A write-only input with no column, read by a hook (a user's password as given). */
export interface InputField extends FieldCommon {
  readonly kind: ValueKind;
  readonly column?: undefined;
}

export interface ChoiceField extends FieldCommon {
  readonly kind: 'choice';
  readonly column: string;
  /** the choice set's name */
  readonly choices: string;
  /** read as the bare value instead of {value,label} */
  readonly plain?: boolean;
}

/** A content type (`app.model`): a generic relation's type column, or a field of its own. */
export interface ObjectTypeField extends FieldCommon {
  readonly kind: 'object_type';
  readonly column: string;
  /** the content types it may name */
  readonly types?: readonly string[];
}

export interface ImageField extends FieldCommon {
  readonly kind: 'image';
  readonly column: string;
  /** the folder under MEDIA_ROOT and the fields filled from the stored file */
  readonly upload: {
    readonly to: string;
    readonly widthField?: string;
    readonly heightField?: string;
    readonly sizeField?: string;
  };
}

/** A PostgreSQL array of scalars. */
export interface ListField extends FieldCommon {
  readonly kind: 'list';
  readonly column: string;
  readonly item: ScalarKind;
}

export interface FkField extends FieldCommon, NestedShape {
  readonly kind: 'fk';
  /** `<name>_id` */
  readonly column: string;
  /** the target's content type */
  readonly to: string;
  readonly onDelete: OnDelete;
  /** read as its id, DRF's primary-key field (NetBox leaves the relation to DRF) */
  readonly plain?: boolean;
}

export interface M2mField extends FieldCommon, NestedShape {
  readonly kind: 'm2m';
  readonly column?: undefined;
  readonly to: string;
  readonly through: ThroughDef;
  /** the other side of this m2m field (`app.model.field`), whose table it shares */
  readonly mirrors?: string;
  readonly writeIds: boolean;
}

/** A generic relation: the object a `<name>_type` and `<name>_id` column pair names. */
export interface GenericField extends FieldCommon {
  readonly kind: 'generic';
  readonly column?: undefined;
  /** allowed target content types */
  readonly types: readonly string[];
  readonly typeColumn: string;
  readonly idColumn: string;
  readonly onDelete: OnDelete;
}

/**
 * Rows of the model `to` that belong to this object and are written with it, each naming one object
 * through the child's generic field (a cable's A and B terminations).
 */
export interface ChildrenField extends FieldCommon {
  readonly kind: 'children';
  readonly column?: undefined;
  readonly to: string;
  readonly children: { readonly via: string; readonly where: Readonly<Record<string, string>>; readonly item: string };
}

export interface TagsField extends FieldCommon {
  readonly kind: 'tags';
  readonly column?: undefined;
  /** read and written as slugs */
  readonly plain?: boolean;
}

export interface CustomFieldsField extends FieldCommon {
  readonly kind: 'custom_fields';
  readonly column: string;
}

/** A read-only value computed per page (see ComputedDef). */
export interface ComputedField extends FieldCommon, NestedShape {
  readonly kind: 'computed';
  readonly column?: undefined;
  readonly computed: ComputedDef;
  /** an expression read as a choice: its set */
  readonly choices?: string;
  /** an expression read as a relation: its target */
  readonly to?: string;
  /** a relation (a cable) read as its id, as a nested form may show it */
  readonly plain?: boolean;
}

/** A field of a model, by kind: each kind carries exactly what it needs. */
export type FieldDef =
  | IdField
  | EnvelopeField
  | ValueField
  | InputField
  | ChoiceField
  | ObjectTypeField
  | ImageField
  | ListField
  | FkField
  | M2mField
  | GenericField
  | ChildrenField
  | TagsField
  | CustomFieldsField
  | ComputedField;

/** The kinds of field (the union's discriminant). */
export type FieldKind = FieldDef['kind'];

/** The fields stored in one column of the model's table. */
export type ColumnField = Extract<FieldDef, { readonly column: string }>;
