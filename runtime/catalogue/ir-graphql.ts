/**
 * NetBox's GraphQL names that the catalogue gives (the `graphql:` keys of models/*.yaml) where the rules of
 * codegen/emit/graphql-*.ts do not derive them: Django's related names, enum names, unions, root fields and
 * the filter fields NetBox's filter classes declare by hand. Codegen reads it beside the catalogue (it is not
 * in generated/catalogue.ts: the runtime reads the GraphQL schema's map, generated/graphql/map.json).
 */

/** The names of the whole catalogue: by model (only those that give any), and by choice set. */
export interface GraphqlNames {
  readonly models: Readonly<Record<string, GraphqlModelNames>>;
  /** by choice set: NetBox's enum (default `<Set>Enum`, members unprefixed) */
  readonly enums: Readonly<Record<string, GraphqlEnum>>;
  /** by choice set: the object type of a computed choice read as `{value, label}` */
  readonly choiceTypes: Readonly<Record<string, string>>;
}

export interface GraphqlEnum {
  readonly name: string;
  /** members are `<prefix>_<VALUE>`; empty: `<VALUE>` */
  readonly prefix: string;
}

/** A model's names; what it does not give, the rules derive. */
export interface GraphqlModelNames {
  /** no GraphQL type at all (secrets, records NetBox's schema does not serve) */
  readonly hidden: boolean;
  /** the root field's name (default: the snake-cased verbose name); false: read through other objects only */
  readonly root?: string | false;
  /** by field: the GraphQL field's name where it is not the catalogue's */
  readonly names: Readonly<Record<string, string>>;
  /** by generic field: its union's name (default `<Class><Field>Type`) */
  readonly unions: Readonly<Record<string, string>>;
  /** by relation field: the name the referenced type shows the reverse relation by (Django's related_name) */
  readonly related: Readonly<Record<string, RelatedName>>;
  /** NetBox caches the model's scope (CachedScopeMixin): its filter takes `site`, `region`, … of it */
  readonly cachedScope: boolean;
  /** the filter fields NetBox's filter class declares beyond the model's fields, in order */
  readonly filters: readonly GraphqlFilterInput[];
}

export interface RelatedName {
  readonly name: string;
  /** a one-to-one relation: the reverse side is a single object */
  readonly one: boolean;
}

/** A declared filter field: over a reverse relation, over an own relation, or handed to a REST filter. */
export type GraphqlFilterInput =
  | {
      readonly kind: 'reverse';
      readonly name: string;
      /** the model holding the reference, and its field */
      readonly model: string;
      readonly field: string;
      /** also `<name>_id: ID` */
      readonly byId: boolean;
    }
  | { readonly kind: 'field'; readonly name: string; readonly field: string }
  | {
      readonly kind: 'rest';
      readonly name: string;
      /** the GraphQL input type (`[String!]`, `Boolean`, `ID`, `SiteFilter`, `TreeNodeFilter`, an enum…) */
      readonly type: string;
      /** the REST filter given the value, of `restModel` when another model's (over the same columns) */
      readonly rest: string;
      readonly restModel?: string;
      /** an enum of its own: member → the REST filter's value */
      readonly values?: Readonly<Record<string, string>>;
    };
