/**
 * `npm run manage -- import-netbox --url https://netbox.example.com --token <v1 or v2 token>`: copies a
 * running NetBox into this service's database (runtime/import/), with progress per model on a
 * terminal, then prints the verification and what must be done by hand; the whole report is written
 * as JSON too. Ctrl-C (or SIGTERM) stops after the pages being written, then the embedded database (run
 * in a process group of its own, so the terminal's Ctrl-C does not stop it under the import); `--resume`
 * continues from there. Its options and exit codes are scripts/manage.ts's table (`import-netbox --help`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { routes } from '../generated/routes.ts';
import type { Settings } from '../runtime/config/index.ts';
import type { EmbeddedServer } from '../runtime/db/index.ts';
import {
  exitCode,
  formatReport,
  ImportRefused,
  importNetbox,
  REQUEST_TIMEOUT_MS,
  RETRY_TIME_MS,
  SourceError,
  type ImportOptions,
} from '../runtime/import/index.ts';
import type { Values } from './cli.ts';
import type { importOptions } from './manage.ts';

export type ImportFlags = Values<typeof importOptions>;

/** manage.ts's database: DATABASE_URL, the one `npm start` runs, or an embedded one started for the command. */
export type Database = (options: { ownProcessGroup: boolean }) => Promise<{ url: string; embedded?: EmbeddedServer }>;

/** A positive whole number given as a flag, or undefined when not given. */
function count(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new ImportRefused(`--${name} takes a whole number above 0, not "${v}"`);
  return n;
}

/** A number of seconds above 0 given as a flag, in milliseconds, or the default. */
function seconds(name: string, v: string | undefined, byDefault: number): number {
  if (v === undefined) return byDefault;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new ImportRefused(`--${name} takes a number of seconds above 0, not "${v}"`);
  return n * 1000;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Ctrl-C (or SIGTERM) once: stop after the pages being written; again, a second or more later: ask the
 * database to stop and leave at once. A second signal within the second is the same Ctrl-C: npm passes
 * the terminal's on to its script, which the terminal signalled too.
 */
function interruptible(leave: () => void): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  let first = 0;
  const onSignal = () => {
    if (!controller.signal.aborted) {
      first = performance.now();
      console.error('\nstopping after the pages being written (Ctrl-C again to leave at once)…');
      controller.abort();
    } else if (performance.now() - first > 1000) {
      leave();
      process.exit(130);
    }
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return { signal: controller.signal, done: () => SIGNALS.forEach((s) => process.off(s, onSignal)) };
}

/**
 * Runs the import; returns the process's exit code. Refusals and source failures are one message. The
 * database is started once Ctrl-C is handled, and stopped last, after the import has stopped.
 */
export async function importCommand(root: string, settings: Settings, flags: ImportFlags, database: Database) {
  let embedded: EmbeddedServer | undefined;
  const stop = interruptible(() => embedded?.kill());
  try {
    const options = optionsOf(root, settings, flags, stop.signal);
    const db = await database({ ownProcessGroup: true });
    embedded = db.embedded;
    return await run({ ...options, databaseUrl: db.url }, settings, flags);
  } catch (e) {
    if (stop.signal.aborted && !(e instanceof ImportRefused))
      console.error('import stopped: run the same command with --resume to continue from the last page written');
    else if (e instanceof SourceError)
      console.error(
        `${e.message}\nthe import stopped (once copying had begun, the same command with --resume continues it)`,
      );
    else if (e instanceof ImportRefused) console.error(e.message);
    else throw e;
    return 1;
  } finally {
    await embedded?.stop();
    stop.done();
  }
}

/** The import as the flags ask for it (refused before anything starts when a flag is wrong). */
function optionsOf(root: string, settings: Settings, flags: ImportFlags, signal: AbortSignal): ImportOptions {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    url: flags.url,
    token: flags.token,
    databaseUrl: '',
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
    superusers: flags.superuser,
    verify: !flags['no-verify'],
    concurrency: count('concurrency', flags.concurrency),
    pageSize: count('page-size', flags['page-size']),
    requestTimeoutMs: seconds('request-timeout', flags['request-timeout'], REQUEST_TIMEOUT_MS),
    retryTimeMs: seconds('retry-time', flags['retry-time'], RETRY_TIME_MS),
    signal,
  };
}

async function run(options: ImportOptions, settings: Settings, flags: ImportFlags): Promise<number> {
  const { report, passwords } = await importNetbox(options);
  const file = flags.report ?? join(settings.dataDir, 'import-netbox-report.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  console.log(`\n${formatReport(report, passwords)}\n\nThe whole report (JSON): ${file}`);
  return exitCode(report);
}
