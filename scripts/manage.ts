/**
 * `npm run manage -- <command>`: NetBox's management commands, on DATABASE_URL or the embedded
 * database in DATA_DIR (started for the command when `npm start` is not running it).
 *
 *   createsuperuser --username U [--email E] [--password P]   (a password is generated and shown when none is given)
 *   changepassword --username U [--password P]
 *   create-token --username U [--description D] [--read-only]  (prints a v2 token, once)
 *   migrate                                                     (apply migrations)
 *   prune-changelog                                             (delete change records past CHANGELOG_RETENTION)
 *   webhook_receiver [--port 9000]                              (print every request received)
 *   import-netbox --url URL --token T [--merge] [--resume] [--with-changelog] [--generate-passwords] …
 *                                                               (copy a running NetBox: import-netbox --help)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { resolvePeppers } from '../runtime/auth/peppers.ts';
import { Registry } from '../runtime/catalogue/index.ts';
import { recordObjectChanges } from '../runtime/changelog/index.ts';
import { pruneChangelog } from '../runtime/changelog/prune.ts';
import { loadSettings } from '../runtime/config/index.ts';
import {
  connect,
  migrateDatabase,
  startEmbeddedPostgres,
  type EmbeddedOptions,
  type EmbeddedServer,
  type Sql,
  query,
} from '../runtime/db/index.ts';
import { createHooks } from '../runtime/hooks/index.ts';
import { ServiceError, WriteError } from '../runtime/errors/index.ts';
import { createObjects, updateObjects, type WriteContext } from '../runtime/write/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    description: { type: 'string' },
    'read-only': { type: 'boolean', default: false },
    port: { type: 'string' },
    // import-netbox
    help: { type: 'boolean' },
    url: { type: 'string' },
    token: { type: 'string' },
    merge: { type: 'boolean' },
    resume: { type: 'boolean' },
    'with-changelog': { type: 'boolean' },
    'generate-passwords': { type: 'boolean' },
    'no-verify': { type: 'boolean' },
    concurrency: { type: 'string' },
    'page-size': { type: 'string' },
    'request-timeout': { type: 'string' },
    'retry-time': { type: 'string' },
    report: { type: 'string' },
  },
  allowPositionals: true,
});
const settings = loadSettings();

/** A refusal of the command: printed as one message, exit code 1, after the database is stopped. */
class CommandError extends Error {}

function fail(message: string): never {
  throw new CommandError(message);
}

function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(true));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
  });
}

/** DATABASE_URL, the embedded database `npm start` runs, or the embedded database started for this command. */
async function database(options: EmbeddedOptions = {}): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (settings.databaseUrl) return { url: settings.databaseUrl };
  const url = `postgres://postgres:postgres@127.0.0.1:${settings.embeddedPgPort}/netbox`;
  if (await portTaken(settings.embeddedPgPort)) return { url };
  const embedded = await startEmbeddedPostgres(settings.dataDir, settings.embeddedPgPort, undefined, options);
  const admin = connect(embedded.url('postgres'), { max: 1 });
  if (!(await query(admin, `SELECT 1 FROM pg_database WHERE datname = 'netbox'`)).length)
    await query(admin, `CREATE DATABASE netbox`);
  await admin.end();
  return { url: embedded.url('netbox'), embedded };
}

function writeContext(tx: Sql): WriteContext {
  return {
    db: tx,
    registry: new Registry(catalogue, filters),
    settings,
    actor: null,
    system: true,
    requestId: crypto.randomUUID(),
    observers: [recordObjectChanges],
    hooks: createHooks({ peppers: resolvePeppers(settings) }),
    strictInput: true,
  };
}

function need(name: 'username'): string {
  const v = values[name];
  if (!v) fail(`${command}: give --${name}`);
  return v;
}

/** Write-path errors as one line each: `field: message`. */
function explain(e: unknown): never {
  if (e instanceof ServiceError) {
    const found = e instanceof WriteError ? e.items.find((i) => Object.keys(i.errors).length)?.errors : e.body;
    const body = (found ?? { detail: e.message }) as Record<string, unknown>;
    fail(
      Object.entries(body)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : String(v)}`)
        .join('\n'),
    );
  }
  throw e;
}

async function userId(sql: Sql, username: string): Promise<number> {
  const rows = await query(sql, 'SELECT id FROM public.users_user WHERE username = $1', [username]);
  if (!rows.length) fail(`no user named "${username}"`);
  return Number(rows[0]!.id);
}

async function run(): Promise<void> {
  if (command === 'webhook_receiver') {
    process.argv = [process.argv[0]!, process.argv[1]!, ...(values.port ? [`--port=${values.port}`] : [])];
    await import('./webhook-receiver.ts');
    return;
  }
  const known = ['createsuperuser', 'changepassword', 'create-token', 'migrate', 'prune-changelog', 'import-netbox'];
  if (!command || !known.includes(command))
    fail(`usage: npm run manage -- <${[...known, 'webhook_receiver'].join('|')}> [options] (see scripts/manage.ts)`);
  if (command === 'import-netbox') {
    // loaded for this command only: it brings the whole API (the verification reads through it); it starts
    // the database once it handles Ctrl-C, and stops it after the import has stopped
    const { importCommand } = await import('./manage-import.ts');
    process.exitCode = await importCommand(root, settings, values, database);
    return;
  }
  const { url, embedded } = await database();
  try {
    await migrateDatabase(url, `${root}migrations`);
    if (command === 'migrate') {
      console.log('migrations applied');
      return;
    }
    const sql = connect(url, { max: 2 });
    try {
      if (command === 'prune-changelog') {
        const n = await pruneChangelog(sql, settings.changelogRetentionDays);
        console.log(
          settings.changelogRetentionDays
            ? `${n} change record(s) older than ${settings.changelogRetentionDays} days deleted`
            : 'CHANGELOG_RETENTION is 0: nothing deleted',
        );
        return;
      }
      const username = need('username');
      await sql.begin(async (tx) => {
        const ctx = writeContext(tx as unknown as Sql);
        const users = ctx.registry.model('users.user');
        if (command === 'createsuperuser') {
          const password = values.password ?? randomBytes(12).toString('base64url');
          await createObjects(
            ctx,
            users,
            [{ username, email: values.email ?? '', password, is_superuser: true, is_staff: true }],
            { bulk: false },
          ).catch(explain);
          console.log(
            `superuser "${username}" created${values.password ? '' : ` with password ${password} (shown once)`}`,
          );
        } else if (command === 'changepassword') {
          const password = values.password ?? randomBytes(12).toString('base64url');
          await updateObjects(ctx, users, [{ id: await userId(tx as unknown as Sql, username), data: { password } }], {
            bulk: false,
            partial: true,
          }).catch(explain);
          console.log(`password of "${username}" changed${values.password ? '' : ` to ${password} (shown once)`}`);
        } else {
          const [token] = await createObjects(
            ctx,
            ctx.registry.model('users.token'),
            [
              {
                user: await userId(tx as unknown as Sql, username),
                version: 2,
                write_enabled: !values['read-only'],
                description: values.description ?? '',
              },
            ],
            { bulk: false },
          ).catch(explain);
          console.log(`token for "${username}" (shown once): ${String(token!.extra.token ?? '')}`);
        }
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
  } finally {
    await embedded?.stop();
  }
}

await run().catch((e: unknown) => {
  if (!(e instanceof CommandError)) throw e;
  console.error(e.message);
  process.exitCode = 1;
});
