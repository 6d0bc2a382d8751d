/**
 * A variant of the catalogue for tests of catalogue changes: a copy of models/ with the test's edits of
 * some of its files, generated (code and a new migration) into its own folder by the real code generator.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect } from 'vitest';
import { dropDatabase, type TestServer, type TestServerOptions } from './server.ts';

export interface Variant extends Required<
  Pick<TestServerOptions, 'catalogue' | 'filters' | 'routes' | 'migrationsFolder'>
> {
  /** the migrations the edit added */
  readonly added: string[];
  /** the folder it was generated in (a later variant may start from it) */
  readonly dir: string;
}

/**
 * `edits`: by file of models/ (`dcim.yaml`), how to change its text; `from`: the variant to change
 * (default: the project's own models/ and migrations/).
 */
export async function buildVariant(
  dir: string,
  edits: Record<string, (yaml: string) => string>,
  from?: Variant,
): Promise<Variant> {
  const base = from?.dir ?? '.';
  mkdirSync(join(dir, 'models'), { recursive: true });
  cpSync(join(base, 'models'), join(dir, 'models'), { recursive: true });
  for (const [file, edit] of Object.entries(edits))
    writeFileSync(join(dir, 'models', file), edit(readFileSync(join(base, 'models', file), 'utf8')));
  cpSync(join(base, 'migrations'), join(dir, 'migrations'), { recursive: true });
  const r = spawnSync(
    'node_modules/.bin/tsx',
    [
      'codegen/cli.ts',
      '--catalogue',
      join(dir, 'models'),
      '--out',
      join(dir, 'generated'),
      '--migrations',
      join(dir, 'migrations'),
    ],
    { encoding: 'utf8' },
  );
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  const load = async (p: string) => import(pathToFileURL(join(dir, 'generated', p)).href);
  return {
    catalogue: (await load('catalogue.ts')).catalogue,
    filters: (await load('filters/index.ts')).filters,
    routes: (await load('routes.ts')).routes,
    migrationsFolder: join(dir, 'migrations'),
    added: readdirSync(join(dir, 'migrations')).filter(
      (f) => f.endsWith('.sql') && !readdirSync(join(base, 'migrations')).includes(f),
    ),
    dir,
  };
}

/** What an upgrade test leaves, removed after its file: the variants' folder, its database, the server last started. */
export interface UpgradeScratch {
  readonly dir: string;
  database: string;
  server?: TestServer;
}

/** The scratch of upgrade test `name` (a folder under .test-data), removed by an afterAll. */
export function upgradeScratch(name: string): UpgradeScratch {
  const scratch: UpgradeScratch = { dir: resolve('.test-data', `${name}-${process.pid}`), database: '' };
  afterAll(async () => {
    await scratch.server?.server.stop();
    if (scratch.database) await dropDatabase(scratch.database);
    rmSync(scratch.dir, { recursive: true, force: true });
  });
  return scratch;
}
