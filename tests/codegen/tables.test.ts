/**
 * Table names in the runtime: the tables it names (db/tables.ts) exist in the migrations, and no
 * other file of runtime/ names a catalogued model's table — the generic code reaches models through
 * the catalogue, and the rest through that one list (comments aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { prerequisitesSql } from '../../runtime/db/prerequisites.ts';
import { tables } from '../../runtime/db/tables.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const migrations = readdirSync('migrations')
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(join('migrations', f), 'utf8'))
  .join('\n');

/** The code of a file without its comments. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('table names in runtime/', () => {
  it('names only tables the migrations (or the prerequisites before them) create', () => {
    const created = `${migrations}\n${prerequisitesSql}`;
    for (const [key, table] of Object.entries(tables))
      expect(created, key).toMatch(new RegExp(`CREATE TABLE (IF NOT EXISTS )?"?(public\\.)?${table}"?[ (]`));
  });

  it('names no catalogued model table outside db/tables.ts', () => {
    const modelTables = Object.values(catalogue.models).map((m) => m.table);
    expect(modelTables).toContain('ipam_vrf');
    // one pass over each file's code: every table name a word of its own
    const word = new RegExp(`(?<![A-Za-z0-9_])(?:${modelTables.join('|')})(?![A-Za-z0-9_])`, 'g');
    const names = (file: string) => [...new Set(code(readFileSync(file, 'utf8')).match(word) ?? [])];
    // the one list does name them (so the scan below would see a name elsewhere)
    expect(names(join('runtime', 'db', 'tables.ts'))).toContain('users_token');
    const found: string[] = [];
    for (const file of files('runtime')) {
      if (file.endsWith(join('db', 'tables.ts'))) continue;
      for (const t of names(file)) found.push(`${file}: ${t}`);
    }
    expect(found).toEqual([]);
  });
});
