/**
 * The frozen catalogue: what `codegen` writes to `generated/catalogue.ts` and what the runtime reads.
 * Pure types; the runtime owns this contract because it is the reader (codegen imports it type-only).
 */
import type { actionArgs, ArgsOf, checkArgs, FieldRef, HookName } from './names.ts';

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

export type FieldKind =
  | ScalarKind
  | 'id'
  | 'url'
  | 'display_url'
  | 'display'
  | 'fk'
  | 'm2m'
  | 'generic'
  | 'list'
  | 'children'
  | 'tags'
  | 'custom_fields'
  | 'computed';

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

/** A computed, read-only value; every kind is evaluated by one grouped query per page. */
export type ComputedDef =
  | {
      readonly type: 'count';
      readonly model: string;
      readonly field: string;
      readonly cumulative: boolean;
      readonly through?: ThroughDef;
    }
  /** SQL over the row's columns (a copy of the row named `t`), read as `as` */
  | ({ readonly type: 'expr'; readonly sql: string } & ExprAs)
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
  /** ordered by the natural_sort collation (NetBox's `db_collation="natural_sort"`) */
  readonly naturalSort?: boolean;
  /** NetBox's OPTIONS description of the field where the rule in runtime/rest/options does not give it */
  readonly options?: FieldOptions;
}

/** A relation shown nested: the target's fields (default: its nested list) and forms of their own. */
export interface NestedShape {
  /** the fields of the target rendered when nested (default: the target's nested list) */
  readonly nested?: readonly string[];
  /** fields of the target that the nested form shows in a form of their own (see NestedForm) */
  readonly forms?: Readonly<Record<string, NestedForm>>;
}

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

/** The fields stored in one column of the model's table. */
export type ColumnField = Extract<FieldDef, { readonly column: string }>;

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

export interface ModelOptions {
  /** the view's description (NetBox: the viewset's docstring, mostly empty) */
  readonly description?: string;
  /**
   * content-type fields that list object types as choices (NetBox's ContentTypeMetadata views): true for
   * every one and every type, or by field the NetBox feature the listed types have (`all`: every type)
   */
  readonly typeChoices?: true | Readonly<Record<string, string>>;
  /**
   * fields only NetBox's serializer declares (the model has no such attribute, so NetBox never shows
   * them and a write cannot use them), described whole: OPTIONS lists them after the model's fields
   */
  readonly serializerOnly?: Readonly<Record<string, FieldOptions>>;
}

/** One alternative of the display rule: used when every referenced path is non-empty. */
export interface DisplayPart {
  readonly text?: string;
  readonly path?: readonly string[];
  readonly filter?: string;
}
export type DisplayRule = readonly (readonly DisplayPart[])[];

export interface OrderTerm {
  readonly field: string;
  readonly desc: boolean;
  readonly nullsFirst?: boolean;
  /** a relation ordered by its id instead of the related model's ordering */
  readonly byId?: boolean;
}

export interface UniqueDef {
  readonly fields: readonly string[];
  /** compare these fields case-insensitively */
  readonly ci?: readonly string[];
  /** null values compare equal (PostgreSQL NULLS NOT DISTINCT) */
  readonly nullsEqual: boolean;
  /** only rows where these fields are not null take part */
  readonly whenSet?: readonly string[];
  /** fields that must be null for this constraint to apply */
  readonly whenNull?: readonly string[];
  readonly message: string;
  /** error key: a field name or `__all__` */
  readonly key: string;
}

export type RuleDef =
  | { readonly type: 'requires'; readonly field: string; readonly requires: string; readonly message: string }
  | {
      readonly type: 'same';
      readonly left: readonly string[];
      readonly right: readonly string[];
      readonly key: string;
      readonly message: string;
    }
  | { readonly type: 'one_of'; readonly fields: readonly string[]; readonly key: string; readonly message: string }
  /** every field given when the object is created */
  | { readonly type: 'all_of'; readonly fields: readonly string[]; readonly key: string; readonly message: string }
  | {
      readonly type: 'less';
      readonly left: string;
      readonly right: string;
      readonly key: string;
      readonly message: string;
    }
  /** no two objects with the same network (or host) in one VRF, as NetBox's duplicate check */
  | {
      readonly type: 'ip_unique';
      readonly field: string;
      readonly vrf: string;
      readonly enforce?: string;
      readonly host: boolean;
      readonly key: string;
      readonly what: string;
      readonly exemptField?: string;
      readonly exempt?: readonly string[];
    }
  /** a check of runtime/write/checks/ by name, with its arguments */
  | ({ readonly type: 'check'; readonly key: string; readonly message?: string } & CheckCall);

/** A check by name with the arguments its spec (runtime/catalogue/names.ts) gives it. */
export type CheckCall = {
  readonly [C in keyof typeof checkArgs]: { readonly check: C; readonly args: ArgsOf<(typeof checkArgs)[C]> };
}[keyof typeof checkArgs];

/** What every filter parameter says of itself. */
export interface FilterCommon {
  readonly name: string;
  /** relation path from the model (fk field names) to the model the filter compares at; empty for its own */
  readonly path: readonly string[];
  /** column on the last table of the path (or the field whose column it is) */
  readonly column: string;
  readonly lookups: readonly string[];
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
export interface CountFilter extends FilterCommon {
  readonly kind: 'count';
  readonly target: string;
  /** a generic relation: only rows whose type column says this model */
  readonly typeColumn?: string;
  readonly through?: ThroughDef;
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
export type { FieldRef };

export interface AliasDef {
  /** the older wire name */
  readonly name: string;
  /** the field it stands for */
  readonly field: string;
  /** fixed generic type when the alias stands for a generic relation of that type */
  readonly type?: string;
  readonly reason: string;
}

export interface IgnoredParam {
  readonly name: string;
  readonly reason: string;
}

/** A detail action (`/api/<model>/<id>/<path>/`) run by the runtime operation `op` over the named fields. */
export type ActionDef = { readonly path: string } & ActionCall;

/** An action's operation with the arguments its spec (runtime/catalogue/names.ts) gives it. */
export type ActionCall = {
  readonly [O in keyof typeof actionArgs]: { readonly op: O; readonly args: ArgsOf<(typeof actionArgs)[O]> };
}[keyof typeof actionArgs];

export interface ModelFeatures {
  readonly tags: boolean;
  readonly customFields: boolean;
  readonly changelog: boolean;
  readonly branching: boolean;
  readonly events: boolean;
  readonly imageAttachments: boolean;
}

export interface ReverseRelation {
  /** the model holding the reference */
  readonly model: string;
  readonly field: string;
  readonly column: string;
  readonly onDelete: OnDelete;
  readonly kind: 'fk' | 'generic' | 'm2m';
  readonly through?: ThroughDef;
}

export interface ModelDef {
  /** content type, `<app>.<model>` */
  readonly key: string;
  readonly app: string;
  readonly model: string;
  readonly className: string;
  readonly verboseName: string;
  readonly verboseNamePlural: string;
  readonly description: string;
  readonly path: string;
  /** the list URL below /api/ without slashes at the ends: `dcim/sites`, `plugins/branching/branches` */
  readonly apiPath: string;
  /** where `display_url` points when the object's page is not under its API path (`core/changelog`) */
  readonly uiPath?: string;
  /** further `<app>/<path>` list URLs serving the same model (older releases' paths) */
  readonly alsoMountedAt: readonly string[];
  readonly table: string;
  readonly sequence: string;
  readonly readOnly: boolean;
  /** named hand-written behaviour for this model (runtime/hooks) */
  readonly hooks?: HookName;
  readonly features: ModelFeatures;
  readonly tree: boolean;
  /** the natural key used by `<fk>=` filters pointing here (slug, name, rd, …) */
  readonly naturalKey?: string;
  readonly fields: readonly FieldDef[];
  readonly brief: readonly string[];
  readonly nested: readonly string[];
  /** the form a generic relation shows it in, where it is not the nested one */
  readonly genericNested?: readonly string[];
  readonly display: DisplayRule;
  readonly ordering: readonly OrderTerm[];
  readonly uniques: readonly UniqueDef[];
  readonly rules: readonly RuleDef[];
  readonly search: readonly string[];
  readonly aliases: readonly AliasDef[];
  readonly ignoredParams: readonly IgnoredParam[];
  readonly reverse: readonly ReverseRelation[];
  readonly actions: readonly ActionDef[];
  /** NetBox's OPTIONS answer where the catalogue's other keys do not give it */
  readonly options?: ModelOptions;
  /** a component template: the component model its rows are copied into */
  readonly templateOf?: string;
  /** the parent (by `via`) whose `field` is kept equal to the sum of its children's `sum` */
  readonly totals?: readonly { readonly sum: string; readonly via: string; readonly field: string }[];
  /**
   * Creating an object of this model copies the templates of its `type` (templates with a relation
   * of the same name to the same model) into components pointing at it; `device` names the field
   * whose value components also get as their device, `placeholders` fill `{name}` in copied names.
   * `replicate` and `adopt` name boolean input fields (NetBox's module): false in the first copies
   * nothing; true in the second gives the object the device's components of a copy's name that belong
   * to no such object yet, instead of copying those.
   */
  readonly instantiates?: {
    readonly type: string;
    readonly device?: string;
    readonly placeholders?: Readonly<Record<string, string>>;
    readonly replicate?: string;
    readonly adopt?: string;
  };
}

export interface AppDef {
  readonly name: string;
  readonly label: string;
  /** the URL segment(s) of the app below /api/: its name, or `plugins/<name>` */
  readonly apiPath: string;
  readonly models: readonly string[];
}

/** Filter parameters per model, emitted apart from the catalogue (`generated/filters/`). */
export type FilterSpecs = Readonly<Record<string, readonly FilterDef[]>>;

export interface Catalogue {
  readonly apps: readonly AppDef[];
  readonly models: Readonly<Record<string, ModelDef>>;
  readonly choices: Readonly<Record<string, readonly ChoiceOption[]>>;
}
