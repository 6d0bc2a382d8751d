/**
 * Lookups of models and fields by name while the catalogue is built. validate.ts has checked that the
 * names the catalogue uses exist, so a miss here is a fault of the catalogue that slipped past it: an
 * Error naming what was sought (the filter builder reports it at the declaration's YAML path).
 */
import type { Catalogue, ChoiceOption, FieldDef, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { RawApp, RawCatalogue, RawModel } from './schema.ts';

export function modelOf(cat: Catalogue, key: string): ModelDef {
  const m = cat.models[key];
  if (!m) throw new Error(`unknown model "${key}"`);
  return m;
}

export function fieldOf(cat: Catalogue, key: string, name: string): FieldDef {
  const f = modelOf(cat, key).fields.find((x) => x.name === name);
  if (!f) throw new Error(`unknown field "${name}" on ${key}`);
  return f;
}

export function rawApp(raw: RawCatalogue, app: string): RawApp {
  const a = raw.apps[app];
  if (!a) throw new Error(`unknown app "${app}"`);
  return a;
}

export function rawModel(raw: RawCatalogue, app: string, model: string): RawModel {
  const m = raw.apps[app]?.models[model];
  if (!m) throw new Error(`unknown model "${app}.${model}"`);
  return m;
}

export function choicesOf(cat: Catalogue, set: string): readonly ChoiceOption[] {
  const options = cat.choices[set];
  if (!options) throw new Error(`unknown choice set "${set}"`);
  return options;
}
