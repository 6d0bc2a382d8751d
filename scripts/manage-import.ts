/**
 * `npm run manage -- import-netbox --url https://netbox.example.com --token <v1 or v2 token>`: copies a
 * running NetBox into this service's database (runtime/import/), with progress per model on a
 * terminal, then prints the verification and what must be done by hand; the whole report is written
 * as JSON too. Ctrl-C stops after the page being written; `--resume` continues from there.
 * Its options and exit codes are described in scripts/manage.ts (the table that parses them and prints `--help`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { routes } from '../generated/routes.ts';
import type { Settings } from '../runtime/config/index.ts';
import { formatReport, ImportRefused, importNetbox, SourceError } from '../runtime/import/index.ts';
import type { Values } from './cli.ts';
import type { importOptions } from './manage.ts';

export type ImportFlags = Values<typeof importOptions>;

/** A positive whole number given as a flag, or undefined when not given. */
function count(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new ImportRefused(`--${name} takes a whole number above 0, not "${v}"`);
  return n;
}

/** Ctrl-C once: stop after the page being written; twice: leave at once. */
function interruptible(): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\nstopping after the page being written (Ctrl-C again to leave at once)…');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  return { signal: controller.signal, done: () => process.off('SIGINT', onSignal) };
}

/** Runs the import; returns the process's exit code. Refusals and source failures are one message. */
export async function importCommand(root: string, databaseUrl: string, settings: Settings, flags: ImportFlags) {
  try {
    return await run(root, databaseUrl, settings, flags);
  } catch (e) {
    if (e instanceof SourceError)
      console.error(
        `${e.message}\nthe import stopped (once copying had begun, the same command with --resume continues it)`,
      );
    else if (e instanceof ImportRefused) console.error(e.message);
    else throw e;
    return 1;
  }
}

async function run(root: string, databaseUrl: string, settings: Settings, flags: ImportFlags): Promise<number> {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const stop = interruptible();
  try {
    const { report, passwords } = await importNetbox({
      url: flags.url,
      token: flags.token,
      databaseUrl,
      catalogue,
      filters,
      routes,
      settings,
      version,
      migrationsFolder: join(root, 'migrations'),
      merge: !!flags.merge,
      resume: !!flags.resume,
      withChangelog: !!flags['with-changelog'],
      generatePasswords: !!flags['generate-passwords'],
      verify: !flags['no-verify'],
      concurrency: count('concurrency', flags.concurrency),
      pageSize: count('page-size', flags['page-size']),
      signal: stop.signal,
    });
    const file = flags.report ?? join(settings.dataDir, 'import-netbox-report.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
    console.log(`\n${formatReport(report, passwords)}\n\nThe whole report (JSON): ${file}`);
    return report.verification && !report.verification.clean ? 2 : 0;
  } catch (e) {
    if (!stop.signal.aborted) throw e;
    console.error('import stopped: run the same command with --resume to continue from the last finished page');
    return 1;
  } finally {
    stop.done();
  }
}
