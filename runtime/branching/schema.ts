/**
 * Branch schemas: which tables a branch copies (every branchable model's table and its
 * many-to-many tables, the tag assignments and an empty change log), schema names, and running
 * code against main or a branch inside one transaction by switching search_path (SET LOCAL).
 */
import { randomInt } from 'node:crypto';
import {
  columnRenames,
  counterCaches,
  keyBackfills,
  totalTables,
  type ColumnRename,
  type KeyBackfill,
  type Registry,
} from '../catalogue/index.ts';
import type { CounterCache } from '../db/index.ts';
import type { Db } from '../db/index.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random lowercase alphanumerics from a CSPRNG. */
export function newSchemaId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function schemaName(schemaId: string): string {
  if (!/^[a-z0-9]{8}$/.test(schemaId)) throw new Error(`invalid schema id ${schemaId}`);
  return `branch_${schemaId}`;
}

/** The models a branch copies. */
const branched = (registry: Registry) => registry.all().filter((m) => m.features.branching);

/** Tables copied into a branch; the change log is created empty. */
export function branchableTables(registry: Registry): string[] {
  const tables = new Set<string>();
  for (const m of branched(registry)) {
    tables.add(m.table);
    for (const f of m.fields) if (f.kind === 'm2m') tables.add(f.through.table);
  }
  return [...tables].sort();
}

/** The counter caches of branched tables, whose triggers every branch's schema has (db/counters.ts). */
export function branchCounters(registry: Registry): CounterCache[] {
  return counterCaches(registry, branched(registry));
}

/** The branched models' tables, whose row totals every branch's schema keeps (db/totals.ts). */
export function branchTotals(registry: Registry): string[] {
  return totalTables(branched(registry));
}

/**
 * What a branch opened before an upgrade is brought in line with (reconcile.ts): columns of branched tables
 * that the catalogue renamed (a branch's copy is renamed alike), the backfills of their stored keys, and the
 * counter caches and row totals its triggers keep.
 */
export function branchUpgrades(registry: Registry): {
  renames: ColumnRename[];
  backfills: KeyBackfill[];
  counters: CounterCache[];
  totals: string[];
} {
  const models = branched(registry);
  return {
    renames: columnRenames(models),
    backfills: keyBackfills(models),
    counters: branchCounters(registry),
    totals: branchTotals(registry),
  };
}

/** Running code against main or a branch inside one transaction (runtime/db/search-path.ts). */
export { inSchema } from '../db/index.ts';
