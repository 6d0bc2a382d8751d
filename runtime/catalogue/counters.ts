/** The catalogue's counter caches (a count with `column`), as the triggers that keep them see them (db/counters.ts). */
import type { CounterCache, Upkeep } from '../db/index.ts';
import type { Registry } from './registry.ts';

export function counterCaches(registry: Registry, models = registry.all()): CounterCache[] {
  return models.flatMap((m) =>
    m.fields.flatMap((f) => {
      if (f.kind !== 'computed' || f.computed.type !== 'count' || !f.computed.column) return [];
      const child = registry.model(f.computed.model);
      const fk = registry.fieldOfKind(child, f.computed.field, 'fk');
      return [{ table: m.table, column: f.computed.column, child: child.table, fk: fk.column }];
    }),
  );
}

/** The models' tables whose row totals are kept (db/totals.ts): an unfiltered list's count reads them. */
export function totalTables(models: readonly { readonly table: string }[]): string[] {
  return [...new Set(models.map((m) => m.table))].sort();
}

/** What the migrations keep for the catalogue's tables besides their columns (db/migrate.ts). */
export function upkeepOf(registry: Registry): Upkeep {
  return { counters: counterCaches(registry), totals: totalTables(registry.all()) };
}
