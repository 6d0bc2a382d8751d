/**
 * The frozen catalogue: what `codegen` writes to `generated/catalogue.ts` and what the runtime reads.
 * Pure types; the runtime owns this contract because it is the reader (codegen imports it type-only).
 */
import type { ActionOp, CheckName, HookName } from './names.ts';

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
  | {
      readonly type: 'expr';
      readonly sql: string;
      readonly as: 'integer' | 'string' | 'choice' | 'fk' | 'decimal' | 'boolean' | 'json';
      readonly choices?: string;
      readonly to?: string;
    }
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

export type CablePart =
  'cable' | 'end' | 'peers' | 'peers_type' | 'endpoints' | 'endpoints_type' | 'reachable' | 'occupied';

export interface FieldDef {
  readonly name: string;
  readonly kind: FieldKind;
  /** database column (fk: `<name>_id`); absent for fields without one column */
  readonly column?: string;
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
  /** image: folder under MEDIA_ROOT and the fields filled from the stored file */
  readonly upload?: {
    readonly to: string;
    readonly widthField?: string;
    readonly heightField?: string;
    readonly sizeField?: string;
  };
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
  /** choice: the choice set's name */
  readonly choices?: string;
  /**
   * choice: read as the bare value instead of {value,label}; tags: read and written as slugs; a relation
   * (fk, a cable): read as its id, DRF's primary-key field (NetBox leaves the relation to DRF)
   */
  readonly plain?: boolean;
  /** fk / m2m: target content type */
  readonly to?: string;
  readonly onDelete?: OnDelete;
  /** fk / m2m: the fields of the target rendered when nested (default: target's nested list) */
  readonly nested?: readonly string[];
  /** fields of the target that the nested form shows in a form of their own (see NestedForm) */
  readonly forms?: Readonly<Record<string, NestedForm>>;
  /** m2m: accepted write forms */
  readonly through?: ThroughDef;
  /** m2m: the other side of this m2m field (`app.model.field`), whose table it shares */
  readonly mirrors?: string;
  readonly writeIds?: boolean;
  /** generic: allowed target content types; columns are `<name>_type` and `<name>_id` */
  readonly types?: readonly string[];
  readonly typeColumn?: string;
  readonly idColumn?: string;
  /** list: item kind */
  readonly item?: ScalarKind;
  /**
   * children: rows of the model `to` that belong to this object and are written with it, each
   * naming one object through the child's generic field (a cable's A and B terminations)
   */
  /** json lists of objects: keys whose values name objects of these models */
  readonly itemRefs?: Readonly<Record<string, string>>;
  readonly children?: { readonly via: string; readonly where: Readonly<Record<string, string>>; readonly item: string };
  readonly computed?: ComputedDef;
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
  | {
      readonly type: 'check';
      readonly check: CheckName;
      readonly args: Readonly<Record<string, string | readonly string[]>>;
      readonly key: string;
      readonly message?: string;
    };

export type FilterKind =
  | 'string'
  | 'number'
  | 'decimal'
  | 'date'
  | 'timestamp'
  | 'boolean'
  | 'choice'
  | 'fk'
  | 'fk_natural'
  | 'tree'
  | 'tree_natural'
  | 'm2m'
  | 'm2m_natural'
  | 'tag'
  | 'tag_id'
  | 'content_type'
  | 'content_type_id'
  | 'ip'
  | 'request'
  | 'special'
  | 'count'
  | 'cable'
  | 'related'
  | 'any';

export interface FilterDef {
  readonly name: string;
  readonly kind: FilterKind;
  /** relation path from the model (fk field names); empty for own columns */
  readonly path: readonly string[];
  /** column on the last table of the path (or the target's natural key column) */
  readonly column: string;
  readonly lookups: readonly string[];
  readonly choices?: string;
  /** target model for fk / tree / m2m filters */
  readonly target?: string;
  readonly through?: ThroughDef;
  /** special filters: the runtime operation name and its argument */
  readonly op?: string;
  readonly arg?: string;
  /** m2m kinds: the named nodes and all their descendants match (a tree target) */
  readonly tree?: boolean;
  /** relation kinds: the target's field the `<name>` filter compares with (default: its natural key) */
  readonly natural?: string;
  /**
   * related: rows of `target` reached from the object (op `reverse`: by their foreign key `column`;
   * `reverse_generic`: by their generic relation `arg` = `type_column:id_column`; `m2m`: through
   * `through`; `generic`: the object's own generic relation, `arg` its type column, `column` its id
   * column), at least one of which matches `inner`; `where` fixes column values of those rows
   */
  readonly inner?: FilterDef;
  readonly where?: Readonly<Record<string, string>>;
  /** any: alternatives at the same object, one of which must match */
  readonly branches?: readonly FilterDef[];
  readonly description: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
}

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
export interface ActionDef {
  readonly path: string;
  readonly op: ActionOp;
  /** the op's arguments: field names of the model, or content types of the models it creates */
  readonly args: Readonly<Record<string, string>>;
}

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
