/** Runs drizzle-kit over the generated tables: writes a migration, or checks none is pending. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const drizzleKit = resolve('node_modules/.bin/drizzle-kit');

/** drizzle-kit takes paths relative to the working directory (it prefixes `./`). */
function runDrizzleKit(schema: string, out: string): { ok: boolean; output: string } {
  const rel = (p: string) => relative(process.cwd(), resolve(p)) || '.';
  const r = spawnSync(
    drizzleKit,
    ['generate', '--dialect=postgresql', `--schema=${rel(schema)}`, `--out=${rel(out)}`, '--name=catalogue'],
    { encoding: 'utf8' },
  );
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  // drizzle-kit can print an error and still exit 0
  return { ok: r.status === 0 && !/^\s*Error\b|\bENOENT\b/m.test(output), output };
}

function sqlFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
}

/** Writes a new migration when the tables changed; returns the new files. */
export function writeMigration(generatedDir: string, migrationsDir: string): string[] {
  const before = new Set(sqlFiles(migrationsDir));
  const r = runDrizzleKit(join(generatedDir, 'db/index.ts'), migrationsDir);
  if (!r.ok) throw new Error(`drizzle-kit generate failed:\n${r.output}`);
  return sqlFiles(migrationsDir).filter((f) => !before.has(f));
}

/** True when the generated tables need a migration that migrations/ does not have. */
export function pendingMigration(generatedDir: string, migrationsDir: string): string[] {
  mkdirSync('node_modules/.cache', { recursive: true });
  const tmp = mkdtempSync(join('node_modules/.cache', 'migrations-check-'));
  try {
    if (existsSync(migrationsDir)) cpSync(migrationsDir, tmp, { recursive: true });
    return writeMigration(generatedDir, tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
