/**
 * The frozen catalogue: what `codegen` writes to `generated/catalogue.ts` and what the runtime reads.
 * Pure types; the runtime owns this contract because it is the reader (codegen imports it type-only).
 * A model's fields are in ir-fields.ts (what every kind says alike in ir-field-common.ts), its filters in
 * ir-filters.ts; all are exported from here.
 */
import type { actionArgs, ArgsOf, checkArgs, FieldRef, HookName } from './names.ts';
import type { ChoiceOption, FieldDef, OnDelete, ThroughDef } from './ir-fields.ts';
import type { FieldOptions } from './ir-field-common.ts';
import type { FilterDef } from './ir-filters.ts';

export type * from './ir-fields.ts';
export type * from './ir-field-common.ts';
export type * from './ir-filters.ts';
export type * from './ir-graphql.ts';
export type { FieldRef };

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
  /** the second path a filter reads (`ip_range`'s end address) */
  readonly arg?: readonly string[];
}
export type DisplayRule = readonly (readonly DisplayPart[])[];

export interface OrderTerm {
  readonly field: string;
  readonly desc: boolean;
  readonly nullsFirst?: boolean;
  /** a relation ordered by its id instead of the related model's ordering */
  readonly byId?: boolean;
}

/** A stored key (runtime/catalogue/keys.ts): a column kept derived from the row, for ordering by an index. */
export type StoredKey =
  /** NetBox's Interface._name: naturalize_interface of the row's own column `of` (a field of the model) */
  | { readonly column: string; readonly kind: 'naturalize_interface'; readonly of: string }
  | {
      readonly column: string;
      /** column `from` (field `field`) of the row in `table` that this row's foreign key `via` names */
      readonly kind: 'copy';
      readonly via: string;
      readonly viaColumn: string;
      readonly table: string;
      readonly field: string;
      readonly from: string;
      /** the copied field orders naturally (natural_sort), as the key then does */
      readonly naturalSort: boolean;
    };

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
  /**
   * a unique field's own constraint (Django's `unique=True`): checked with the fields' other checks, as
   * DRF's UniqueValidator does, not with the model's checks that run only once every field is valid
   */
  readonly fieldLevel?: true;
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
  /** NetBox's object type of the model, where NetBox has the model: NetBox's id and feature names */
  readonly objectType?: NetboxObjectType;
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
  /** columns the write path keeps derived from each row; ordering terms may name them */
  readonly keys?: readonly StoredKey[];
  /** the list's default order where NetBox's view orders otherwise than the model (module bays by name) */
  readonly listOrdering?: readonly OrderTerm[];
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

/** A model's object type as NetBox numbers it: clients see the id; features by NetBox's names, in its order. */
export interface NetboxObjectType {
  readonly id: number;
  readonly features: readonly string[];
  readonly public: boolean;
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
