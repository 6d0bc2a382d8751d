/**
 * A model's stored keys (`keys:`, runtime/catalogue/keys.ts): checked against the catalogue, and resolved
 * to the columns and tables their SQL reads once every model is normalized.
 */
import type { ModelDef, StoredKey } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue, RawModel } from './schema.ts';
import { rawModel } from './lookup.ts';

/** What is wrong with model `key`'s keys (`at`: its YAML path). */
export function keyFaults(models: ReadonlyMap<string, RawModel>, key: string, at: string): string[] {
  const m = models.get(key);
  const faults: string[] = [];
  for (const [name, k] of Object.entries(m?.keys ?? {})) {
    const where = `${at}.keys.${name}`;
    if (m?.fields[name]) faults.push(`${where}: "${name}" is a field of the model already`);
    if ('naturalize_interface' in k) {
      const f = m?.fields[k.naturalize_interface];
      if (f?.type !== 'string') faults.push(`${where}: "${k.naturalize_interface}" is not a string field`);
      continue;
    }
    const [via, field, ...rest] = k.copy.split('.');
    const fk = via ? m?.fields[via] : undefined;
    if (rest.length || !field || fk?.type !== 'fk' || !fk.to) {
      faults.push(`${where}: "${k.copy}" is not <foreign key>.<field>`);
      continue;
    }
    const target = models.get(fk.to)?.fields[field];
    if (!target || ['fk', 'm2m', 'generic', 'children'].includes(target.type))
      faults.push(`${where}: "${field}" is not a stored field of ${fk.to}`);
  }
  return faults;
}

const columnOf = (m: ModelDef, name: string): string => {
  const column = m.fields.find((f) => f.name === name)?.column;
  if (!column) throw new Error(`${m.key}.${name} has no column`);
  return column;
};

/** Model `m`'s keys, over the normalized models. */
function keysOf(raw: RawModel, m: ModelDef, models: Readonly<Record<string, ModelDef>>): StoredKey[] {
  return Object.entries(raw.keys ?? {}).map(([column, k]): StoredKey => {
    if ('naturalize_interface' in k)
      return { column, kind: 'naturalize_interface', of: columnOf(m, k.naturalize_interface) };
    const [via = '', field = ''] = k.copy.split('.');
    const fk = m.fields.find((f) => f.name === via);
    if (fk?.kind !== 'fk') throw new Error(`${m.key}.${via} is not a foreign key`);
    const target = models[fk.to];
    if (!target) throw new Error(`unknown model ${fk.to}`);
    const source = target.fields.find((f) => f.name === field);
    return {
      column,
      kind: 'copy',
      via,
      viaColumn: fk.column,
      table: target.table,
      field,
      from: columnOf(target, field),
      naturalSort: !!(source && 'naturalSort' in source && source.naturalSort),
    };
  });
}

/** Gives each model that declares keys its resolved list. */
export function resolveKeys(raw: RawCatalogue, models: Record<string, ModelDef>): void {
  for (const [key, m] of Object.entries(models)) {
    const keys = keysOf(rawModel(raw, m.app, m.model), m, models);
    if (keys.length) models[key] = { ...m, keys };
  }
}
