/**
 * The database an import writes to, before it starts: which tables already hold rows of their own
 * (an import refuses those unless --merge), leaving out the rows a fresh database is born with (the
 * tables the migrations fill, such as NetBox's seven module type profiles, which an import compares
 * instead of refusing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, type Db, queryRow } from '../db/index.ts';

/** Tables a migration inserts rows into. */
export function seededTables(migrationsFolder: string): Set<string> {
  const out = new Set<string>();
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(join(migrationsFolder, file), 'utf8');
    for (const m of text.matchAll(/INSERT\s+INTO\s+"?(?:public"?\."?)?([a-z0-9_]+)"?/gi)) out.add(m[1]);
  }
  return out;
}

/** Models whose table holds rows, apart from the tables the migrations fill. */
export async function occupiedModels(db: Db, models: readonly ModelDef[], seeded: ReadonlySet<string>) {
  const out: string[] = [];
  for (const m of models) {
    if (seeded.has(m.table)) continue;
    const row = await queryRow(db, `SELECT EXISTS (SELECT 1 FROM ${ident(m.table)}) AS any`);
    if (row.any) out.push(m.key);
  }
  return out;
}
