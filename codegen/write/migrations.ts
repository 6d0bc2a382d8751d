/**
 * Runs drizzle-kit over the generated tables: writes a migration, or checks none is pending. drizzle-kit
 * cannot be told that a column was renamed (it asks on a terminal), so a field's `renamed_from:` is applied
 * to its last snapshot first, in a copy of the migrations, and the new migration starts with the renames.
 * A stored key's column (runtime/catalogue/keys.ts) that a migration adds is backfilled by it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ColumnRename } from '../../runtime/catalogue/renames.ts';
import type { KeyBackfill } from '../../runtime/catalogue/keys.ts';

/** What a migration is made with beyond the tables: the catalogue's renames and its keys' backfills. */
export interface MigrationInputs {
  readonly renames: readonly ColumnRename[];
  readonly backfills: readonly KeyBackfill[];
}

const drizzleKit = resolve('node_modules/.bin/drizzle-kit');

/** drizzle-kit takes paths relative to the working directory (it prefixes `./`). */
function runDrizzleKit(schema: string, out: string, custom: boolean): void {
  const rel = (p: string) => relative(process.cwd(), resolve(p)) || '.';
  const r = spawnSync(
    drizzleKit,
    [
      'generate',
      '--dialect=postgresql',
      `--schema=${rel(schema)}`,
      `--out=${rel(out)}`,
      '--name=catalogue',
      ...(custom ? ['--custom'] : []),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (/\bprompt(Columns|Named|NamedWithSchemas|Schemas)Conflicts?\b/.test(output))
    throw new Error(
      'a table or column was removed and another added in the same table, which drizzle-kit cannot tell ' +
        'from a rename: give the new field `renamed_from: <old name>` if it is a rename, or generate the ' +
        'removal and the addition in two steps',
    );
  // drizzle-kit can print an error and still exit 0
  if (r.status !== 0 || /^\s*Error\b|\bENOENT\b/m.test(output))
    throw new Error(`drizzle-kit generate failed:\n${output}`);
}

function sqlFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
}

interface DrizzleSnapshot {
  tables: Record<string, { columns: Record<string, { name: string }> }>;
}

/** The newest snapshot drizzle-kit compares with, by the journal's last entry. */
function latestSnapshot(dir: string): string | undefined {
  const journal = join(dir, 'meta', '_journal.json');
  if (!existsSync(journal)) return undefined;
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { idx: number }[] }).entries;
  const last = entries.at(-1);
  return last ? join(dir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`) : undefined;
}

/** Renames the snapshot's columns that are still under their old names; returns the renames applied. */
function applyRenames(snapshotFile: string | undefined, renames: readonly ColumnRename[]): ColumnRename[] {
  if (!snapshotFile || !existsSync(snapshotFile)) return [];
  const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as DrizzleSnapshot;
  const applied = renames.filter((r) => {
    const columns = snapshot.tables[`public.${r.table}`]?.columns;
    const old = columns?.[r.from];
    if (!columns || !old || columns[r.to]) return false;
    delete columns[r.from];
    columns[r.to] = { ...old, name: r.to };
    return true;
  });
  if (applied.length) writeFileSync(snapshotFile, JSON.stringify(snapshot, null, 2));
  return applied;
}

const renameSql = (r: ColumnRename) =>
  `ALTER TABLE "${r.table}" RENAME COLUMN "${r.from}" TO "${r.to}";--> statement-breakpoint\n`;

/**
 * Gives a new migration the backfill of each table it adds a key column to, after the columns are added
 * and before its indexes are built (an index is then built once, not kept up through the update).
 */
function addBackfills(file: string, backfills: readonly KeyBackfill[]): void {
  const BREAK = '--> statement-breakpoint';
  const statements = readFileSync(file, 'utf8').split(BREAK);
  const added = backfills.filter((b) =>
    b.columns.some((c) => statements.some((s) => s.includes(`ALTER TABLE "${b.table}" ADD COLUMN "${c}"`))),
  );
  if (!added.length) return;
  const at = statements.findIndex((s) => /^\s*CREATE (UNIQUE )?INDEX/.test(s));
  const fills = added.map((b) => `\n${b.sql};`);
  if (at === -1) statements.push(...fills.map((f) => `${f}\n`));
  else statements.splice(at, 0, ...fills);
  writeFileSync(file, statements.join(BREAK));
}

/**
 * The migration the generated tables need, made in a copy of `migrationsDir` (`work`): the new files
 * there, relative to it; none when the tables match the migrations.
 */
function makeMigration(generatedDir: string, migrationsDir: string, work: string, inputs: MigrationInputs) {
  const { renames } = inputs;
  if (existsSync(migrationsDir)) cpSync(migrationsDir, work, { recursive: true });
  const before = new Set(sqlFiles(work));
  const applied = applyRenames(latestSnapshot(work), renames);
  const schema = join(generatedDir, 'db/index.ts');
  runDrizzleKit(schema, work, false);
  let added = sqlFiles(work).filter((f) => !before.has(f));
  for (const f of added) addBackfills(join(work, f), inputs.backfills);
  if (!applied.length) return added;
  // the renames alone are a migration of their own, which drizzle-kit makes empty
  if (!added.length) runDrizzleKit(schema, work, true);
  added = sqlFiles(work).filter((f) => !before.has(f));
  const file = join(work, added[0] ?? '');
  writeFileSync(file, applied.map(renameSql).join('') + readFileSync(file, 'utf8').replace(/^-- Custom SQL.*\n?/, ''));
  return added;
}

/** Writes a new migration when the tables changed; returns the new files. */
export function writeMigration(generatedDir: string, migrationsDir: string, inputs: MigrationInputs) {
  const work = scratch();
  try {
    const added = makeMigration(generatedDir, migrationsDir, work, inputs);
    if (!added.length) return added;
    mkdirSync(join(migrationsDir, 'meta'), { recursive: true });
    const journal = join('meta', '_journal.json');
    const snapshots = added.map((f) => join('meta', `${f.slice(0, 4)}_snapshot.json`));
    for (const f of [...added, ...snapshots, journal]) cpSync(join(work, f), join(migrationsDir, f));
    return added;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The migration files the generated tables need that migrations/ does not have. */
export function pendingMigration(generatedDir: string, migrationsDir: string, inputs: MigrationInputs) {
  const work = scratch();
  try {
    return makeMigration(generatedDir, migrationsDir, work, inputs);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A folder inside the project (drizzle-kit resolves the schema's imports from it). */
function scratch(): string {
  mkdirSync('node_modules/.cache', { recursive: true });
  return mkdtempSync(join('node_modules/.cache', 'migrations-'));
}
