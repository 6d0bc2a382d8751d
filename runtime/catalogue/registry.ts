/**
 * Lookups over the frozen catalogue, built once at start: models by key and by URL, fields by
 * name, choice labels. Everything here is derived data; no request state.
 */
import type { Catalogue, ChoiceOption, FieldDef, FilterDef, FilterSpecs, ModelDef } from './ir.ts';

/** The fields of one kind (`fk`, `m2m`, …), with what that kind carries. */
export type FieldOfKind<K extends FieldDef['kind']> = Extract<FieldDef, { readonly kind: K }>;

/** A name the catalogue should hold and does not: generate's checks let a faulty catalogue through. */
export class CatalogueLookupError extends Error {}

export class Registry {
  readonly models: ReadonlyMap<string, ModelDef>;
  private readonly fieldMaps = new Map<string, ReadonlyMap<string, FieldDef>>();
  private readonly choiceMaps = new Map<string, ReadonlyMap<string | number, ChoiceOption>>();
  private readonly filterMaps = new Map<string, ReadonlyMap<string, FilterDef>>();

  constructor(
    readonly catalogue: Catalogue,
    readonly filterSpecs: FilterSpecs,
  ) {
    this.models = new Map(Object.entries(catalogue.models));
    for (const m of this.models.values()) {
      this.fieldMaps.set(m.key, new Map(m.fields.map((f) => [f.name, f])));
      this.filterMaps.set(m.key, new Map((filterSpecs[m.key] ?? []).map((f) => [f.name, f])));
    }
    for (const [name, options] of Object.entries(catalogue.choices)) {
      this.choiceMaps.set(name, new Map(options.map((o) => [o.value, o])));
    }
  }

  model(key: string): ModelDef {
    const m = this.models.get(key);
    if (!m) throw new Error(`unknown model ${key}`);
    return m;
  }

  has(key: string): boolean {
    return this.models.has(key);
  }

  fields(model: ModelDef): ReadonlyMap<string, FieldDef> {
    return this.fieldMaps.get(model.key) ?? new Map();
  }

  field(model: ModelDef, name: string): FieldDef | undefined {
    return this.fields(model).get(name);
  }

  /** A field the catalogue names (a rule's or an operation's argument, checked by generate): never absent. */
  fieldOf(model: ModelDef, name: string): FieldDef {
    const f = this.field(model, name);
    if (!f) throw new CatalogueLookupError(`${model.key} has no field ${name}`);
    return f;
  }

  /** A field the catalogue names, of one of the given kinds. */
  fieldOfKind<K extends FieldDef['kind']>(model: ModelDef, name: string, ...kinds: K[]): FieldOfKind<K> {
    const f = this.fieldOf(model, name);
    if (!(kinds as string[]).includes(f.kind))
      throw new CatalogueLookupError(`${model.key}.${name} is a ${f.kind} field, not ${kinds.join(' or ')}`);
    return f as FieldOfKind<K>;
  }

  /** The column of a stored field the catalogue names. */
  columnOf(model: ModelDef, name: string): string {
    const f = this.fieldOf(model, name);
    if (f.column === undefined) throw new CatalogueLookupError(`${model.key}.${name} has no column`);
    return f.column;
  }

  /** The model a relation field (`fk`, `m2m`, `children`, a computed relation) points at. */
  targetOf(model: ModelDef, name: string): ModelDef {
    const f = this.fieldOf(model, name);
    const to = 'to' in f ? f.to : undefined;
    if (to === undefined) throw new CatalogueLookupError(`${model.key}.${name} is not a relation`);
    return this.model(to);
  }

  filters(model: ModelDef): ReadonlyMap<string, FilterDef> {
    return this.filterMaps.get(model.key) ?? new Map();
  }

  choice(set: string, value: string | number): ChoiceOption | undefined {
    return this.choiceMaps.get(set)?.get(value);
  }

  choices(set: string): readonly ChoiceOption[] {
    return this.catalogue.choices[set] ?? [];
  }

  /** Models in a stable order (content type), for listings. */
  all(): ModelDef[] {
    return [...this.models.values()];
  }
}
