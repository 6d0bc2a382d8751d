/**
 * Set-based writes: one INSERT, UPDATE or DELETE per model per request, fed by a single JSON
 * parameter (`jsonb_populate_recordset`), never one statement per object.
 */
import type { ColumnField, ModelDef } from '../catalogue/index.ts';
import { ident, type Db, query, tables } from '../db/index.ts';
import type { Pending } from './types.ts';
import { keyValues } from './keys.ts';

function writableColumns(model: ModelDef): ColumnField[] {
  return model.fields.filter(
    (f): f is ColumnField => !!f.column && f.kind !== 'id' && f.name !== 'created' && f.name !== 'last_updated',
  );
}

function rowJson(model: ModelDef, item: Pending, cols: ColumnField[]): Record<string, unknown> {
  const row: Record<string, unknown> = { id: item.id };
  for (const f of cols)
    row[f.column] = f.kind === 'custom_fields' ? (item.values.custom_fields ?? {}) : (item.values[f.name] ?? null);
  return row;
}

export async function allocateIds(db: Db, model: ModelDef, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await query(db, `SELECT nextval('public.${model.sequence}') AS id FROM generate_series(1, $1::int)`, [
    count,
  ]);
  return rows.map((r) => r.id as number);
}

const hasTimestamps = (model: ModelDef) => model.fields.some((f) => f.name === 'last_updated' && f.column);

export async function insertRows(db: Db, model: ModelDef, items: Pending[]): Promise<void> {
  const cols = writableColumns(model);
  const names = ['id', ...cols.map((f) => f.column)].map(ident);
  // the row's stored keys (keys.ts) from the values it is written with
  const keys = keyValues(model, 'r');
  await query(
    db,
    `INSERT INTO ${ident(model.table)} (${[...names, ...keys.map(([c]) => c)].join(', ')})
      SELECT ${[...names.map((n) => `r.${n}`), ...keys.map(([, v]) => v)].join(', ')}
      FROM jsonb_populate_recordset(NULL::${ident(model.table)}, $1::text::jsonb) r`,
    [JSON.stringify(items.map((i) => rowJson(model, i, cols)))],
  );
}

export async function updateRows(db: Db, model: ModelDef, items: Pending[]): Promise<void> {
  const cols = writableColumns(model);
  const targets = cols.map((f) => ident(f.column));
  const sources = cols.map((f) => `r.${ident(f.column)}`);
  for (const [column, value] of keyValues(model, 'r')) {
    targets.push(column);
    sources.push(value);
  }
  if (hasTimestamps(model)) {
    targets.push('last_updated');
    sources.push('now()');
  }
  if (targets.length === 1) {
    targets.push('id');
    sources.push('t.id');
  }
  await query(
    db,
    `UPDATE ${ident(model.table)} t SET (${targets.join(', ')}) = (${sources.join(', ')})
       FROM jsonb_populate_recordset(NULL::${ident(model.table)}, $1::text::jsonb) r WHERE t.id = r.id`,
    [JSON.stringify(items.map((i) => rowJson(model, i, cols)))],
  );
}

export async function deleteRows(db: Db, model: ModelDef, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await query(db, `DELETE FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`, [ids]);
}

/** Replaces the many-to-many links of each item that gave the field. */
export async function writeM2m(db: Db, model: ModelDef, items: Pending[]): Promise<void> {
  for (const f of model.fields) {
    if (f.kind !== 'm2m') continue;
    const given = items.filter((i) => i.m2m.has(f.name));
    if (!given.length) continue;
    const th = f.through;
    await query(db, `DELETE FROM ${ident(th.table)} WHERE ${ident(th.source)} = ANY($1::bigint[])`, [
      given.map((i) => i.id),
    ]);
    const pairs = given.flatMap((i) => [...new Set(i.m2m.get(f.name) as number[])].map((t) => [i.id, t] as const));
    if (pairs.length) {
      await query(
        db,
        `INSERT INTO ${ident(th.table)} (${ident(th.source)}, ${ident(th.target)}) SELECT s, t
          FROM unnest($1::bigint[], $2::bigint[]) AS x(s, t)`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
    }
  }
}

/** Replaces the tag set of each item that gave `tags`. */
export async function writeTags(db: Db, model: ModelDef, items: Pending[]): Promise<void> {
  const given = items.filter((i) => i.tagIds);
  if (!given.length) return;
  await query(db, `DELETE FROM ${tables.taggedItem} WHERE object_type = $1 AND object_id = ANY($2::bigint[])`, [
    model.key,
    given.map((i) => i.id),
  ]);
  const pairs = given.flatMap((i) => [...new Set(i.tagIds)].map((t) => [i.id, t] as const));
  if (pairs.length) {
    await query(
      db,
      `INSERT INTO ${tables.taggedItem} (object_type, object_id, tag_id) SELECT $1, o, t FROM unnest($2::bigint[],
        $3::bigint[]) AS x(o, t)`,
      [model.key, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
  }
}

/** Recomputes `_path`, `_sort` and `_depth` of tree nodes (from `roots`, or of the whole tree). */
export async function refreshTree(db: Db, model: ModelDef, roots?: number[]): Promise<void> {
  const t = ident(model.table);
  const base = roots
    ? `SELECT n.id, coalesce(p._path, '{}') || n.id AS path, coalesce(p._sort, '{}') || n.name::text AS sort,
      coalesce(p._depth + 1, 0) AS depth
         FROM ${t} n LEFT JOIN ${t} p ON p.id = n.parent_id WHERE n.id = ANY($1::bigint[])`
    : `SELECT n.id, ARRAY[n.id] AS path, ARRAY[n.name::text] AS sort, 0 AS depth FROM ${t} n WHERE n.parent_id IS NULL`;
  await query(
    db,
    `WITH RECURSIVE sub AS (
       ${base}
       UNION ALL
       SELECT c.id, sub.path || c.id, sub.sort || c.name::text, sub.depth + 1 FROM ${t} c
      JOIN sub ON c.parent_id = sub.id
     )
     UPDATE ${t} t SET _path = sub.path, _sort = sub.sort, _depth = sub.depth FROM sub
      WHERE t.id = sub.id AND (t._path IS DISTINCT FROM sub.path OR t._sort IS DISTINCT FROM sub.sort
      OR t._depth <> sub.depth)`,
    roots ? [roots] : [],
  );
}
