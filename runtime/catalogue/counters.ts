/** The catalogue's counter caches (a count with `column`), as the triggers that keep them see them (db/counters.ts). */
import type { CounterCache } from '../db/index.ts';
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
