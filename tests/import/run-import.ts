/**
 * Runs `importNetbox` as `manage import-netbox` does, with the generated catalogue, into a database of
 * the test PostgreSQL, quietly; each call gets its own data folder (media) unless given one. The target
 * databases come from targetDatabase and go in dropTargets. runManage runs the command itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import { routes } from '../../generated/routes.ts';
import { loadSettings } from '../../runtime/config/index.ts';
import { importNetbox, type ImportOptions, type ImportOutcome } from '../../runtime/import/index.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

export const VERSION = '4.6.0';

const targets: string[] = [];

/** A database to import into (migrated, empty), dropped by dropTargets. */
export async function targetDatabase(): Promise<string> {
  const name = await createDatabase();
  targets.push(name);
  return databaseUrl(name);
}

/** The name of a database targetDatabase made. */
export const nameOf = (url: string) => new URL(url).pathname.slice(1);

/** Drops the databases this file imported into (its afterAll). */
export async function dropTargets(): Promise<void> {
  for (const name of targets.splice(0)) await dropDatabase(name);
}

export type Extra = Partial<Omit<ImportOptions, 'catalogue' | 'filters' | 'routes' | 'settings'>> & {
  readonly dataDir?: string;
  readonly env?: Record<string, string>;
};

export function runImport(url: string, token: string, databaseUrl: string, extra: Extra = {}): Promise<ImportOutcome> {
  const { dataDir, env, ...rest } = extra;
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'nb-import-'));
  return importNetbox({
    url,
    token,
    databaseUrl,
    catalogue,
    filters,
    routes,
    settings: loadSettings({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }),
    version: VERSION,
    migrationsFolder: resolve('migrations'),
    output: { write: () => true },
    attempts: 4,
    backoffMs: 20,
    ...rest,
  });
}

/** The verification's differences, for a failing expectation's message. */
export function explain(outcome: ImportOutcome): string {
  const v = outcome.report.verification;
  return JSON.stringify(
    {
      counts: v?.counts.filter((c) => c.target !== c.expected),
      differences: v?.differences.slice(0, 40),
      skipped: outcome.report.skipped.slice(0, 20),
      conflicts: outcome.report.conflicts.slice(0, 20),
    },
    null,
    1,
  );
}

/**
 * `manage` as its own process (`node --import tsx scripts/manage.ts …`, the pid the command's own), with `env`
 * added.
 */
export function runManage(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/manage.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, out, err }));
  });
}
