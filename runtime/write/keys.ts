/**
 * Stored keys (runtime/catalogue/keys.ts) as the write path keeps them: set with the row by every
 * INSERT and UPDATE (persist.ts), set again where a row's own columns change outside those (a reference
 * cleared by a delete, an import's copied rows), and copied anew to the rows that keep a related row's
 * field when that field changes (a device renamed: its interfaces' `_device_name`).
 */
import { keySql, type ModelDef, type Registry, type StoredKey } from '../catalogue/index.ts';
import { ident, type Db, query } from '../db/index.ts';

/** `[column, value for the row aliased alias]` of each of the model's keys. */
export function keyValues(model: ModelDef, alias: string): [string, string][] {
  return (model.keys ?? []).map((k) => [ident(k.column), keySql(k, alias)]);
}

/** Sets the model's keys of these rows (all of them without `ids`) where they differ. */
export async function refreshKeys(db: Db, model: ModelDef, ids?: readonly number[]): Promise<void> {
  const keys = keyValues(model, 't');
  if (!keys.length || ids?.length === 0) return;
  const differ = keys.map(([c, v]) => `t.${c} IS DISTINCT FROM ${v}`).join(' OR ');
  await query(
    db,
    `UPDATE ${ident(model.table)} t SET (${keys.map(([c]) => c).join(', ')}, id) = (${keys
      .map(([, v]) => v)
      .join(', ')}, t.id) WHERE (${differ})${ids ? ' AND t.id = ANY($1::bigint[])' : ''}`,
    ids ? [[...ids]] : [],
  );
}

type Copy = Extract<StoredKey, { kind: 'copy' }>;

// per registry: the keys of every model that copy a field of the model whose table is the key
const copiesOf = new WeakMap<Registry, Map<string, { model: ModelDef; key: Copy }[]>>();

function copies(registry: Registry, model: ModelDef): readonly { model: ModelDef; key: Copy }[] {
  let byTable = copiesOf.get(registry);
  if (!byTable) {
    byTable = new Map();
    for (const m of registry.models.values())
      for (const k of m.keys ?? [])
        if (k.kind === 'copy') byTable.set(k.table, [...(byTable.get(k.table) ?? []), { model: m, key: k }]);
    copiesOf.set(registry, byTable);
  }
  return byTable.get(model.table) ?? [];
}

/** After rows of `model` were updated: the copies of each field a write changed, on the rows that keep one. */
export async function refreshCopies(
  db: Db,
  registry: Registry,
  model: ModelDef,
  writes: readonly { id: number; values: Record<string, unknown>; before?: Record<string, unknown> }[],
): Promise<void> {
  for (const { model: m, key } of copies(registry, model)) {
    const ids = writes.filter((w) => w.values[key.field] !== w.before?.[key.field]).map((w) => w.id);
    if (!ids.length) continue;
    const value = keySql(key, 't');
    await query(
      db,
      `UPDATE ${ident(m.table)} t SET ${ident(key.column)} = ${value}
      WHERE t.${ident(key.viaColumn)} = ANY($1::bigint[]) AND t.${ident(key.column)} IS DISTINCT FROM ${value}`,
      [ids],
    );
  }
}
