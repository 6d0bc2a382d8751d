/**
 * The target's columns as PostgreSQL has them: which exist, and the default a NOT NULL column takes
 * when the source sends null or leaves the field out (NetBox's older releases lack newer fields;
 * a null list is an empty one here). Read once per import from information_schema.
 */
import type { Db } from '../db/index.ts';
import { query } from '../db/index.ts';

export interface TableColumns {
  readonly names: ReadonlySet<string>;
  /** column → default expression, for NOT NULL columns that have one (the id's sequence left out) */
  readonly defaults: ReadonlyMap<string, string>;
}

export async function tableColumns(db: Db, tables: readonly string[]): Promise<Map<string, TableColumns>> {
  const rows = await query(
    db,
    `SELECT table_name AS t, column_name AS c, column_default AS d, is_nullable = 'NO' AS required
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ANY($1::text[])`,
    [tables],
  );
  const out = new Map<string, { names: Set<string>; defaults: Map<string, string> }>();
  for (const r of rows) {
    const entry = out.get(r.t as string) ?? { names: new Set<string>(), defaults: new Map<string, string>() };
    entry.names.add(r.c as string);
    if (r.required && r.d !== null && r.c !== 'id') entry.defaults.set(r.c as string, r.d as string);
    out.set(r.t as string, entry);
  }
  return out;
}
