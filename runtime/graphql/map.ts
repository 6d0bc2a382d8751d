/**
 * The GraphQL face of the catalogue as codegen writes it (`generated/graphql/map.json`): for each GraphQL
 * type and field, the catalogue model and field it reads. Pure types; the runtime owns the contract.
 */

/** Rows reached from an object: its own list field, or the rows of `model` whose `field` points at it. */
export type Relation =
  | { readonly via: 'field'; readonly field: string }
  | { readonly via: 'reverse'; readonly model: string; readonly field: string };

/** What one field of an object type reads. */
export type FieldSource =
  | { readonly kind: 'id' }
  /** a scalar catalogue field (a column or a computed value), as GraphQL shows it */
  | { readonly kind: 'value'; readonly field: string }
  | { readonly kind: 'display' }
  | { readonly kind: 'class_type'; readonly value: string }
  | { readonly kind: 'custom_fields' }
  | { readonly kind: 'custom_field_data' }
  /** `{value, label}` of a choice */
  | { readonly kind: 'choice'; readonly field: string }
  /** the object a foreign key (or a computed one) names */
  | { readonly kind: 'object'; readonly field: string }
  | { readonly kind: 'list'; readonly relation: Relation }
  /** the one row of a reverse one-to-one relation */
  | { readonly kind: 'one'; readonly relation: Relation }
  /** a generic relation's object, one of the union's types */
  | { readonly kind: 'union'; readonly field: string }
  /** an object type column as `{id, app_label, model}` */
  | { readonly kind: 'content_type'; readonly field: string }
  /** a list of object types (`dcim.site`, …) as `[{id, app_label, model}]`, in the list's order, paged */
  | { readonly kind: 'content_types'; readonly field: string }
  | { readonly kind: 'config_context'; readonly field: string }
  /** a value this service does not keep: always null */
  | { readonly kind: 'null' };

export interface ObjectTypeMap {
  readonly model: string;
  readonly fields: Readonly<Record<string, FieldSource>>;
}

/** How the value of one filter input field is compared. */
/** `eq`: a bare value compared for equality (`assigned_object_id: ID`) */
export type LookupKind = 'eq' | 'str' | 'int' | 'float' | 'bool' | 'datetime' | 'date' | 'id' | 'json' | 'array';

export type FilterSource =
  | { readonly kind: 'lookup'; readonly field: string; readonly lookup: LookupKind }
  | { readonly kind: 'enum'; readonly field: string; readonly enum: string }
  /** `x_id: ID`: the REST filter of that name (a foreign key's id, along its path) */
  | { readonly kind: 'id'; readonly rest: string }
  /** `x_id: TreeNodeFilter`: the node, and its relatives by `match_type`, along the REST filter's path */
  | { readonly kind: 'tree'; readonly rest: string }
  /**
   * rows reached through a foreign key (`field`), the REST filter of that name (`rest`: its path and
   * column) or a relation, at least one matching the nested filter
   */
  | {
      readonly kind: 'related';
      readonly field?: string;
      readonly rest?: string;
      /** the model whose REST filter `rest` is, when another's with the same columns (a scope's) */
      readonly restModel?: string;
      readonly relation?: Relation;
      readonly filter: string;
      /** `x_id: ID`: the value is the reached row's id (a nested `{id: {exact}}`) */
      readonly byId?: boolean;
    }
  | { readonly kind: 'count'; readonly field: string }
  /** an object type column (`dcim.site`) matched by a `ContentTypeFilter` (`id`, `app_label`, `model`) */
  | { readonly kind: 'object_type'; readonly field: string }
  /**
   * a value handed to the REST filter of that name as its query string would carry it (`contains`, `cabled`,
   * `cable_id`): a list as repeated values, an `enum` member as its choice value, a `lookup`
   * (`{exact, in_list, is_null}`) as the REST filter's values or its `__empty`
   */
  | { readonly kind: 'rest'; readonly rest: string; readonly enum?: string; readonly lookup?: boolean }
  | { readonly kind: 'unsupported' };

export interface FilterMap {
  readonly model: string;
  readonly fields: Readonly<Record<string, FilterSource>>;
}

export interface RootField {
  readonly model: string;
  /** `x_list` (true), `x(id:)` (false) */
  readonly list: boolean;
  /** `x_list_page_metadata`: the count of a list and where its next page starts */
  readonly metadata?: boolean;
}

export interface GraphqlMap {
  readonly roots: Readonly<Record<string, RootField>>;
  readonly types: Readonly<Record<string, ObjectTypeMap>>;
  /** union → model key → its object type */
  readonly unions: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly filters: Readonly<Record<string, FilterMap>>;
  /** enum → member name → the choice value it stands for */
  readonly enums: Readonly<Record<string, Readonly<Record<string, string | number>>>>;
}

/** The generated schema: its SDL and its map. */
export interface GraphqlDefinition {
  readonly sdl: string;
  readonly map: GraphqlMap;
}
