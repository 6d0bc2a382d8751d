/**
 * `npm run manage -- <command> [options]`: NetBox's management commands, on DATABASE_URL or the embedded
 * database in DATA_DIR (started for the command when `npm start` is not running it). The commands and
 * their options are the table below; `npm run manage -- --help` lists them, `<command> --help` shows one.
 */
import { fileURLToPath } from 'node:url';
import { pruneChangelog } from '../runtime/changelog/prune.ts';
import { pruneDeliveries } from '../runtime/events/log.ts';
import { pruneEpochs } from '../runtime/stream/epochs.ts';
import { loadSettings, type Settings } from '../runtime/config/index.ts';
import {
  connect,
  migrateDatabase,
  serviceDatabase,
  startEmbeddedPostgres,
  type EmbeddedOptions,
  type EmbeddedServer,
  type Sql,
} from '../runtime/db/index.ts';
import { REQUEST_TIMEOUT_MS, RETRY_TIME_MS } from '../runtime/import/source.ts';
import { listening } from '../runtime/ports.ts';
import { command, CommandError, runCommand, type Command } from './cli.ts';
import { webhookReceiver } from './webhook-receiver.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

let loaded: Settings | undefined;
/** The settings, read when a command runs (its help needs none): a bad one is a one-line refusal. */
function settings(): Settings {
  try {
    return (loaded ??= loadSettings());
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
}

/** DATABASE_URL, the embedded database `npm start` runs, or the embedded database started for this command. */
async function database(
  s: Settings,
  options: EmbeddedOptions = {},
): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (s.databaseUrl) return { url: s.databaseUrl };
  if (await listening(s.embeddedPgPort, '127.0.0.1'))
    return { url: `postgres://postgres:postgres@127.0.0.1:${s.embeddedPgPort}/netbox` };
  const embedded = await startEmbeddedPostgres(s.dataDir, s.embeddedPgPort, undefined, options);
  return { url: await serviceDatabase(embedded), embedded };
}

/** Runs work on the database (an embedded one started for it is stopped after, also when the work fails). */
async function onDatabase(work: (url: string, s: Settings) => Promise<number | void>): Promise<number | void> {
  const s = settings();
  const { url, embedded } = await database(s);
  try {
    return await work(url, s);
  } finally {
    await embedded?.stop();
  }
}

/** Runs work on the migrated database and prints the line it returns. */
function withSql(work: (sql: Sql, s: Settings) => Promise<string>): Promise<number | void> {
  return onDatabase(async (url, s) => {
    await migrateDatabase(url, `${root}migrations`);
    const sql = connect(url, { max: 2 });
    try {
      console.log(await work(sql, s));
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
}

/** The user commands' code loads the catalogue and the write path: only when one of them runs. */
const users = () => import('./manage-users.ts');
const username = { type: 'string', value: 'NAME', required: true, help: 'the username' } as const;
const password = {
  type: 'string',
  value: 'PASSWORD',
  help: 'the password (without it one is generated and shown once)',
} as const;

/** import-netbox's options (scripts/manage-import.ts reads them; its defaults are the import's own). */
export const importOptions = {
  url: { type: 'string', value: 'URL', required: true, help: 'the NetBox to copy, its address as in a browser' },
  token: { type: 'string', value: 'TOKEN', required: true, help: 'a v1 or v2 token of a user who may read everything' },
  merge: {
    type: 'boolean',
    help: 'copy into a database with objects of its own (conflicts reported, never overwritten)',
  },
  resume: { type: 'boolean', help: 'continue an import that stopped (a failure, Ctrl-C) from its last finished page' },
  'with-changelog': { type: 'boolean', help: 'copy the change records too' },
  'generate-passwords': { type: 'boolean', help: 'give each copied user a generated password, printed once' },
  superuser: {
    type: 'string',
    value: 'NAME',
    multiple: true,
    help: "a user who is a superuser there (NetBox's API does not show it, and not every NetBox filters on it)",
  },
  'no-verify': { type: 'boolean', help: 'skip the closing comparison of both APIs' },
  concurrency: { type: 'string', value: 'N', help: 'requests in flight at the source (default 4)' },
  'page-size': {
    type: 'string',
    value: 'N',
    help: 'objects per request (default 1000; a lower MAX_PAGE_SIZE there is followed)',
  },
  'request-timeout': {
    type: 'string',
    value: 'S',
    help: `seconds one request may take, from connecting to its last byte (default ${REQUEST_TIMEOUT_MS / 1000})`,
  },
  'retry-time': {
    type: 'string',
    value: 'S',
    help:
      'seconds one request is tried again (429, 5xx, timeouts), pauses included, before the import stops ' +
      `(default ${RETRY_TIME_MS / 1000})`,
  },
  report: {
    type: 'string',
    value: 'FILE',
    help: 'where the JSON report goes (default DATA_DIR/import-netbox-report.json)',
  },
} as const;

const commands: readonly Command[] = [
  command({
    name: 'createsuperuser',
    summary: 'create a superuser',
    options: { username, email: { type: 'string', value: 'EMAIL', help: 'the e-mail address' }, password },
    run: (v) => withSql(async (sql, s) => (await users()).createSuperuser(sql, s, v)),
  }),
  command({
    name: 'changepassword',
    summary: "change a user's password",
    options: { username, password },
    run: (v) => withSql(async (sql, s) => (await users()).changePassword(sql, s, v)),
  }),
  command({
    name: 'create-token',
    summary: 'create an API token (v2) for a user and print it, once',
    options: {
      username: { ...username, help: 'the user the token belongs to' },
      description: { type: 'string', value: 'TEXT', help: 'what the token is for' },
      'read-only': { type: 'boolean', help: 'a token that may only read (without it: read and write)' },
    },
    run: (v) => withSql(async (sql, s) => (await users()).createToken(sql, s, { ...v, readOnly: v['read-only'] })),
  }),
  command({
    name: 'migrate',
    summary: 'apply the database migrations (npm start applies them too)',
    options: {},
    run: () => withSql(async () => 'migrations applied'),
  }),
  command({
    name: 'prune-changelog',
    summary: 'delete the change records and webhook deliveries older than CHANGELOG_RETENTION days',
    options: {},
    run: () =>
      withSql(async (sql, s) => {
        const n = await pruneChangelog(sql, s.changelogRetentionDays);
        const d = await pruneDeliveries(sql, s.changelogRetentionDays);
        await pruneEpochs(sql, s.changelogRetentionDays);
        return s.changelogRetentionDays
          ? `${n} change record(s) and ${d} webhook delivery attempt(s) older than ` +
              `${s.changelogRetentionDays} days deleted`
          : 'CHANGELOG_RETENTION is 0: nothing deleted';
      }),
  }),
  webhookReceiver,
  command({
    name: 'import-netbox',
    summary: 'copy a running NetBox (3.7 to 4.6) into this database through its REST API, ids kept',
    details:
      'Prints the progress per model, the verification and what must be done by hand, and writes the whole\n' +
      'report as JSON. Ctrl-C stops after the pages being written; the same command with --resume continues.\n' +
      'Exit codes: 0 copied and verified clean; 1 refused, failed or stopped (--resume continues); 2 copied,\n' +
      'but something of the source is not here (objects not copied, listed twice, never listed, in conflict,\n' +
      'images, lists the token may not read) or differs, all of it listed in the report.',
    options: importOptions,
    run: async (v) => {
      const s = settings();
      // loaded for this command only: it brings the whole API (the verification reads through it)
      const { importCommand } = await import('./manage-import.ts');
      // the import starts the database itself, once its Ctrl-C is handled, and stops it last
      return importCommand(root, s, v, (options) => database(s, options));
    },
  }),
];

process.exitCode = await runCommand(
  'npm run manage --',
  commands,
  "NetBox's management commands, on DATABASE_URL or the embedded database in DATA_DIR (started for the\n" +
    'command when `npm start` is not running it).',
  process.argv.slice(2),
);
