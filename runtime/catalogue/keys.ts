/**
 * Stored keys (a model's `keys:`): columns the write path keeps derived from each row, so that an order
 * NetBox gives is read from one index instead of computed per request. NetBox's own `_name` (an
 * interface's name as naturalize_interface orders it, compared as bytes), and a related row's column
 * kept on this row (each interface carries its device's name, so interfaces in their devices' order
 * are one index walk, not a join sorted per request). The SQL of a key's value is written here once:
 * the write path sets it with every write (runtime/write/keys.ts), a migration that adds the column
 * backfills it, and so does the reconciliation of a branch opened before that migration.
 */
import type { ModelDef, StoredKey } from './ir.ts';
import { sortKey } from './sort-key.ts';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The key's value for the row aliased `alias`. */
export function keySql(k: StoredKey, alias: string): string {
  if (k.kind === 'naturalize_interface') return `naturalize_interface(${alias}.${q(k.of)})`;
  return `(SELECT x.${q(k.from)} FROM ${q(k.table)} x WHERE x.id = ${alias}.${q(k.viaColumn)})`;
}

/**
 * What the key's column (SQL `column`) is ordered by: a naturalized name as bytes (NetBox's CollateAsChar),
 * a copy as its source is.
 */
export function keyOrder(k: StoredKey, column: string): string {
  if (k.kind === 'naturalize_interface') return `${column} COLLATE "C"`;
  return sortKey(k.naturalSort ? { naturalSort: true } : {}, column);
}

/** The statement that gives every row of `table` its stored keys (`columns`): a migration's backfill. */
export interface KeyBackfill {
  readonly table: string;
  readonly columns: readonly string[];
  readonly sql: string;
}

/** The backfill of each model's stored keys, a statement a table, unqualified (a branch's runs in its search_path). */
export function keyBackfills(models: Iterable<ModelDef>): KeyBackfill[] {
  return [...models].flatMap((m) => {
    const keys = m.keys ?? [];
    if (!keys.length) return [];
    const columns = keys.map((k) => q(k.column));
    const values = keys.map((k) => keySql(k, 't'));
    return [
      {
        table: m.table,
        columns: keys.map((k) => k.column),
        sql: `UPDATE ${q(m.table)} t SET (${columns.join(', ')}, id) = (${values.join(', ')}, t.id)`,
      },
    ];
  });
}

/**
 * The copied key that orders `model`'s rows by relation `field` as the related model `target` orders
 * its own (its ordering is the copied field ascending, then maybe its id, which is this row's foreign
 * key): then the key (and the foreign key) order the rows without the join. Undefined otherwise.
 */
export function copiedOrdering(
  model: ModelDef,
  field: string,
  target: ModelDef,
): { readonly key: StoredKey; readonly withId: boolean } | undefined {
  const key = model.keys?.find((k) => k.kind === 'copy' && k.via === field);
  if (!key || key.kind !== 'copy') return undefined;
  const [first, ...rest] = target.ordering;
  const plain = (t: (typeof rest)[number]) => !t.desc && !t.nullsFirst;
  if (!first || first.field !== key.field || !plain(first)) return undefined;
  if (rest.length > 1 || (rest[0] && (rest[0].field !== 'id' || !plain(rest[0])))) return undefined;
  return { key, withId: rest.length === 1 };
}
