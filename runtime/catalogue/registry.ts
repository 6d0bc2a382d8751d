/**
 * Lookups over the frozen catalogue, built once at start: models by key and by URL, fields by
 * name, choice labels. Everything here is derived data; no request state.
 */
import type { Catalogue, ChoiceOption, FieldDef, FilterDef, FilterSpecs, ModelDef } from './ir.ts';

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
    return this.fieldMaps.get(model.key)!;
  }

  field(model: ModelDef, name: string): FieldDef | undefined {
    return this.fieldMaps.get(model.key)!.get(name);
  }

  filters(model: ModelDef): ReadonlyMap<string, FilterDef> {
    return this.filterMaps.get(model.key)!;
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
