/** Stored values of objects by field name, in the form the write path writes them back. */
import type { ColumnField, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, type Db, query } from '../db/index.ts';

export async function loadValues(
  db: Db,
  registry: Registry,
  model: ModelDef,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const fields = model.fields.filter(
    (f): f is ColumnField => !!f.column && f.kind !== 'id' && f.name !== 'created' && f.name !== 'last_updated',
  );
  const cols = fields.map((f) => {
    const c = `t.${ident(f.column)}`;
    if (f.kind === 'ipaddress') return `ip_with_mask(${c}) AS ${ident(f.column)}`;
    if (f.kind === 'list' && f.item === 'ipnetwork') return `${c}::text[] AS ${ident(f.column)}`;
    if (f.kind === 'decimal') return `${c}::text AS ${ident(f.column)}`;
    return c;
  });
  const rows = await query(
    db,
    `SELECT t.id${cols.length ? `, ${cols.join(', ')}` : ''} FROM ${ident(model.table)} t
    WHERE t.id = ANY($1::bigint[])`,
    [ids],
  );
  void registry;
  return new Map(
    rows.map((r) => {
      const values: Record<string, unknown> = {};
      for (const f of fields) values[f.name] = r[f.column] ?? null;
      return [r.id as number, values];
    }),
  );
}
