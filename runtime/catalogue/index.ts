/**
 * The catalogue as the runtime sees it: the IR types codegen emits, and a registry of lookups.
 * Runtime code receives the catalogue as a value; only the app's wiring point imports generated/.
 */
export type * from './ir.ts';
export type { ModelRow } from './model-row.ts';
export type { ModelRoute } from './routes.ts';
export * from './names.ts';
export * from './lookups.ts';
export { CatalogueLookupError, Registry, type FieldOfKind } from './registry.ts';
export { formModel } from './forms.ts';
export { sortKey } from './sort-key.ts';
export { columnRenames, type ColumnRename } from './renames.ts';
export { counterCaches, totalTables, upkeepOf } from './counters.ts';
export { copiedOrdering, keyBackfills, keyOrder, keySql, type KeyBackfill } from './keys.ts';
export { keepSourceIds, objectTypeRows, syncObjectTypes } from './object-types.ts';
