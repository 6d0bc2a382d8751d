/**
 * The catalogue's filter parameters, by kind and, for declared operations, by op (part of ir.ts): an
 * operation's arguments are structures `npm run generate` parsed from the catalogue's `arg:`.
 */
import type { FieldRef } from './names.ts';
import type { ThroughDef } from './ir-fields.ts';
import type { RestLookup } from './lookups.ts';

/** What every filter parameter says of itself. */
export interface FilterCommon {
  readonly name: string;
  /** relation path from the model (fk field names) to the model the filter compares at; empty for its own */
  readonly path: readonly string[];
  /** column on the last table of the path (or the field whose column it is) */
  readonly column: string;
  readonly lookups: readonly RestLookup[];
  readonly description: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
}

/** A comparison of a value of the row: its column, or a declared expression over its columns. */
export interface ValueFilter extends FilterCommon {
  readonly kind: 'string' | 'number' | 'decimal' | 'date' | 'timestamp' | 'boolean' | 'ip';
  /** SQL over the row's columns (a copy of the row named `t`) compared instead of the column */
  readonly expr?: string;
}

export interface ChoiceFilter extends FilterCommon {
  readonly kind: 'choice';
  readonly choices: string;
}

/** An object type (`app.model`) by name or by id; `list`: a list of types, any of which matches. */
export interface ContentTypeFilter extends FilterCommon {
  readonly kind: 'content_type' | 'content_type_id';
  readonly list?: boolean;
}

/** A foreign key by the target's id, or by its natural key (`natural`: another field); trees take subtrees. */
export interface RelationFilter extends FilterCommon {
  readonly kind: 'fk' | 'fk_natural' | 'tree' | 'tree_natural';
  readonly target: string;
  /** the target's field the natural form compares with (default: its natural key) */
  readonly natural?: string;
}

/** The rows a many-to-many field links, by id or natural key; `tree`: named nodes and their descendants. */
export interface M2mFilter extends FilterCommon {
  readonly kind: 'm2m' | 'm2m_natural';
  readonly target: string;
  readonly through: ThroughDef;
  readonly natural?: string;
  readonly tree?: boolean;
}

export interface TagFilter extends FilterCommon {
  readonly kind: 'tag' | 'tag_id';
  readonly target: string;
}

/** How many rows of `target` point at the object (by `column`, or through `through`). */
/** A comparison of the computed count of the filter's name (runtime/sql/count-sql.ts counts it). */
export interface CountFilter extends FilterCommon {
  readonly kind: 'count';
}

export type RequestOp = 'created_by_request' | 'updated_by_request' | 'modified_by_request';

/** Objects a request (by its id) created or updated, read from the change log. */
export interface RequestFilter extends FilterCommon {
  readonly kind: 'request';
  readonly op: RequestOp;
}

export type CableOp = 'cable_id' | 'cable_end' | 'cabled' | 'occupied' | 'connected';

export interface CableFilter extends FilterCommon {
  readonly kind: 'cable';
  readonly op: CableOp;
}

/**
 * Rows of `target` reached from the object, at least one of which matches `inner`; `where` fixes
 * column values of those rows. `reverse`: rows whose foreign key `column` names the object;
 * `reverse_generic`: rows whose generic relation names it; `m2m`: rows linked through `through`;
 * `generic`: the object its own generic relation names (`column` its id column) when of type `target`.
 */
export type RelatedFilter = FilterCommon & {
  readonly kind: 'related';
  readonly target: string;
  readonly inner: FilterDef;
  readonly where?: Readonly<Record<string, string>>;
  /** the inner filter's choice set, for documents that list a filter's choices */
  readonly choices?: string;
} & (
    | { readonly op: 'reverse' }
    | { readonly op: 'reverse_generic'; readonly typeColumn: string; readonly idColumn: string }
    | { readonly op: 'm2m'; readonly through: ThroughDef }
    | { readonly op: 'generic'; readonly typeColumn: string }
  );

/** Alternatives at the same object, one of which must match. */
export interface AnyFilter extends FilterCommon {
  readonly kind: 'any';
  readonly branches: readonly FilterDef[];
}

/** A path of fields from an object, a generic one's step naming the type it must be (`scope<dcim.site>`). */
export type ObjectPath = readonly { readonly field: string; readonly type?: string }[];

/** Where an object's related object lies: itself (`self`), or a path from it or from its site. */
export interface PathFrom {
  readonly from: 'self' | 'site';
  readonly path: ObjectPath;
}

/**
 * The operations of runtime/filters/ a declared filter names (`op:` in models/*.yaml), each with its
 * arguments as structures; the catalogue's `arg:` is parsed into these by `npm run generate`.
 */
export type SpecialOp =
  | {
      readonly op:
        | 'time_after'
        | 'time_before'
        | 'net_within'
        | 'net_within_include'
        | 'net_contains'
        | 'family'
        | 'mask_length'
        | 'not_empty'
        | 'list_overlap'
        | 'list_number'
        | 'list_text'
        | 'for_object_type'
        | 'vid_in_ranges'
        | 'at_least'
        | 'at_most';
    }
  /** the object's generic relation (`column`) names an object of one of these types, or not */
  | { readonly op: 'generic_is'; readonly types: readonly string[] }
  /** the object's generic relation names one of the given objects of this type */
  | { readonly op: 'generic_id'; readonly objectType: string }
  /** ... an object of this type whose `parent` field names one of the given objects */
  | { readonly op: 'generic_parent_id'; readonly objectType: string; readonly parent: string }
  /** any of these fields has a value (an empty string is none) */
  | { readonly op: 'not_null'; readonly fields: readonly string[] }
  /** rows of other models point at the object (has: any of them; false: one of them lacks); `where` fixes a value */
  | {
      readonly op: 'has' | 'has_any' | 'missing';
      readonly relations: readonly (FieldRef & {
        readonly where?: { readonly field: string; readonly value: string };
      })[];
    }
  /** the list column holds this value */
  | { readonly op: 'list_has'; readonly value: string }
  /** a JSON list of objects whose `key` names the given ids: the row's own (`column`), or `owner`'s naming the row */
  | { readonly op: 'json_ref'; readonly key: string; readonly owner?: FieldRef }
  /** a device's interfaces with its virtual chassis members' (`master`: only when it is the chassis's master) */
  | { readonly op: 'vc_interfaces'; readonly chassis: string; readonly mgmtOnly: string; readonly master?: string }
  /** the range from `column` to `end` contains an address, or lies within a prefix */
  | { readonly op: 'range_contains' | 'range_within'; readonly end: string }
  /** an address of `model` assigned to the object (`relation`) in the network of the given ones, same VRF */
  | {
      readonly op: 'related_ip';
      readonly model: string;
      readonly relation: string;
      readonly address: string;
      readonly vrf: string;
    }
  /** in the VRF (`column`), or in one exporting a route target it imports */
  | { readonly op: 'vrf_present'; readonly imports: string; readonly exports: string }
  /** named groups of choices (an interface's kind); a negated group is every choice but those listed */
  | {
      readonly op: 'choice_group';
      readonly groups: Readonly<Record<string, { readonly negate: boolean; readonly values: readonly string[] }>>;
    }
  /** the reference is empty, or the same as that of the given object of another model */
  | { readonly op: 'null_or_same'; readonly other: FieldRef }
  /** saved filters usable by the requesting user: enabled, and shared or theirs (`column`) */
  | { readonly op: 'usable'; readonly enabled: string; readonly shared: string }
  /**
   * Rows available to the given object (`object`, a model) through their `group`'s generic `scope`, or
   * their own `site`: where the object's site is (`sitePaths`, the first that leads somewhere) and, by
   * scope type, where the object's scopes of that type are (NetBox's VLANQuerySet.get_for_*)
   */
  | {
      readonly op: 'available';
      readonly group: string;
      readonly scope: string;
      readonly site: string;
      readonly object: string;
      readonly sitePaths: readonly PathFrom[];
      readonly scopes: readonly { readonly type: string; readonly paths: readonly PathFrom[] }[];
    };

export type SpecialFilter = FilterCommon & { readonly kind: 'special' } & SpecialOp;

/** A filter parameter of a model, by kind (and, for operations, by op): each carries what it needs. */
export type FilterDef =
  | ValueFilter
  | ChoiceFilter
  | ContentTypeFilter
  | RelationFilter
  | M2mFilter
  | TagFilter
  | CountFilter
  | RequestFilter
  | CableFilter
  | RelatedFilter
  | AnyFilter
  | SpecialFilter;

export type FilterKind = FilterDef['kind'];
