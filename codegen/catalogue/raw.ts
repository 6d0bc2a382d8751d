/** The shape of models.yaml once it has passed the JSON Schema (schema.ts). */

export interface RawField {
  /** further checks of the value, each with its own message (Django validators) */
  validators?: RawValidator[];
  /** children: the child model's relation to this one, fixed values that select this list, the child's generic field */
  via?: string;
  /** json lists of objects: keys whose values name objects of a model (copied templates map them) */
  item_refs?: Record<string, string>;
  where?: Record<string, string>;
  item_field?: string;
  type: string;
  label?: string;
  help_text?: string;
  required?: boolean | 'model' | 'type';
  nullable?: boolean;
  blank?: boolean;
  default?: unknown;
  unique?: boolean;
  natural?: boolean;
  /** sorts naturally (`a2` before `a10`, case aside): NetBox's natural_sort collation */
  natural_sort?: boolean;
  index?: boolean;
  max_length?: number;
  min_length?: number;
  min?: number;
  max?: number;
  max_digits?: number;
  decimal_places?: number;
  pattern?: string;
  choices?: string;
  plain?: boolean;
  to?: string;
  on_delete?: 'cascade' | 'set_null' | 'protect' | 'none';
  nested?: string[];
  through?: string;
  /** m2m: the other side of another model's m2m field (`app.model.field`), sharing its table */
  mirror?: string;
  write_ids?: boolean;
  filter_name?: string;
  types?: string[];
  /** generic: every model that has this feature */
  types_with_feature?: string;
  /** generic: any model of the catalogue */
  types_any?: boolean;
  /** generic: the nested object's name on read (columns keep the field's name: `<name>_type`, `<name>_id`) */
  read_as?: string;
  /** image: the folder under MEDIA_ROOT, and the fields that get the stored image's width, height and bytes */
  upload_to?: string;
  width_field?: string;
  height_field?: string;
  size_field?: string;
  item?: string;
  read_only?: boolean;
  write_only?: boolean;
  hidden?: boolean;
  /** write-only input with no column (read by a hook) */
  virtual?: boolean;
  empty_as_null?: boolean;
  example?: unknown;
  /** NetBox's snapshot of the object (change records, webhooks): see FieldDef.snapshot */
  snapshot?: boolean | 'blank' | 'ranges';
}

export interface RawComputed {
  config_context?: { contexts: string; local?: string; match: Record<string, string> };
  cable?: 'cable' | 'end' | 'peers' | 'peers_type' | 'endpoints' | 'endpoints_type' | 'reachable' | 'occupied';
  label?: string;
  count?: string;
  cumulative?: boolean;
  expr?: string;
  as?: 'integer' | 'string' | 'choice' | 'fk' | 'decimal' | 'boolean' | 'json';
  copy?: string;
  choices?: string;
  to?: string;
  ip_depth?: string;
  ip_children?: string;
  vrf?: string;
  reverse_list?: string;
  /** a reverse list's objects in this form instead of their model's nested one */
  nested?: string[];
  /** NetBox stores the value on the row (a counter cache): it is part of the object's snapshot */
  snapshot?: boolean;
}

export interface RawUnique {
  fields: string[];
  ci?: string[];
  when_set?: string[];
  when_null?: string[];
  nulls_distinct?: boolean;
  message?: string;
  key?: string;
}

export interface RawValidator {
  pattern: string;
  message: string;
  /** the value must NOT match */
  inverse?: boolean;
  /** match case-insensitively */
  ci?: boolean;
}

export interface RawRule {
  requires?: [string, string];
  same?: [string, string];
  one_of?: string[];
  all_of?: string[];
  less?: [string, string];
  ip_unique?: {
    field: string;
    vrf: string;
    enforce?: string;
    host?: boolean;
    what: string;
    exempt_field?: string;
    exempt?: string[];
  };
  /** a check written once in runtime/write/checks/, with its arguments (field names, `app.model.field` paths) */
  check?: string;
  args?: Record<string, string | string[]>;
  key?: string;
  message?: string;
}

/**
 * A declared filter: a runtime operation (`op`), or a filter reached through relations — `from` a
 * relation of another model pointing here (`app.model.field`), then `via` fields (foreign keys,
 * many-to-many, generic), ending at the field `via` names, at another model's filter (`filter`), or at
 * the object reached itself; `any` ORs alternatives.
 */
export interface RawFilter {
  via?: string;
  from?: string;
  filter?: string;
  any?: (string | RawFilter)[];
  /** generic relations on the way: only these of their types */
  types?: string[];
  /** a generic relation ending the path: objects inside the one named count too (a site's locations) */
  inside?: boolean;
  /** fixed values of the rows a `from` reaches (`{cable_end: A}`) */
  where?: Record<string, string>;
  tree?: boolean;
  /** the field of the reached object its `<name>` filter compares with (default: its natural key) */
  natural?: string;
  op?: string;
  arg?: string;
  field?: string;
  /** a value of the row NetBox stores and we compute (a power feed's available power), in SQL over its columns */
  expr?: string;
  lookups?: string[];
  type?: 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
}

export interface RawModel {
  class: string;
  path: string;
  table?: string;
  also_mounted_at?: string[];
  verbose_name?: string;
  verbose_name_plural?: string;
  description?: string;
  tree?: boolean;
  read_only?: boolean;
  /** `created` and `last_updated` (true, the default), neither, or only the one named */
  timestamps?: boolean | 'created' | 'last_updated';
  /**
   * false: no `display_url` (NetBox leaves it out of a few serializers); a path: the object's page is
   * there instead of under its API path (NetBox's change records: `core/changelog`)
   */
  display_url?: boolean | string;
  /** `tags` read and written as slugs, not nested tags (NetBox's config contexts) */
  tags_as_slugs?: boolean;
  hooks?: string;
  natural_key?: string;
  features?: string[];
  fields: Record<string, RawField>;
  computed?: Record<string, RawComputed>;
  unique_together?: RawUnique[];
  rules?: RawRule[];
  brief?: string[];
  nested?: string[];
  generic_nested?: string[];
  order?: string[];
  display: string | string[];
  ordering?: string[];
  search?: string[];
  filters?: Record<string, RawFilter>;
  aliases?: Record<string, { field: string; type?: string; reason: string }>;
  ignored_filters?: Record<string, string>;
  /** filters every model with a foreign key to this one gets, through that key (`region: region`) */
  propagate_filters?: Record<string, string | RawFilter>;
  /**
   * filters this model gives every model its generic relation can name (contacts of an object): filter name → own fk
   * field
   */
  reverse_filters?: { via: string; filters: Record<string, string> };
  /** a component template: the component model its rows are copied into */
  template_of?: string;
  /** `{sum: size, into: virtual_machine.disk}`: the parent's field is the sum of its children's */
  totals?: { sum: string; into: string }[];
  /** creating one of these copies the templates of its `type` into components (NetBox's instantiation) */
  instantiates?: {
    type: string;
    device?: string;
    placeholders?: Record<string, string>;
    /** boolean input fields: false skips the copying; true takes the device's like-named free components */
    replicate?: string;
    adopt?: string;
  };
  /** detail actions (`/<id>/<name>/`): a runtime operation and the fields it works on */
  actions?: Record<string, { op: string } & Record<string, string>>;
  /** NetBox's OPTIONS answer where the rule cannot derive it: the view's description, object type choices, fields */
  options?: {
    description?: string;
    type_choices?: boolean | Record<string, string>;
    fields?: Record<string, Record<string, unknown>>;
  };
}

export interface RawApp {
  label?: string;
  /** URL segment(s) below /api/ (default: the app name), e.g. `plugins/branching` */
  api_path?: string;
  models: Record<string, RawModel>;
}

export interface RawCatalogue {
  choices?: Record<string, [string | number, string][]>;
  apps: Record<string, RawApp>;
}
