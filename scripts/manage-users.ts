/**
 * The management commands on users: createsuperuser, changepassword, create-token. Each writes through
 * the service's own write path (its checks, hashing and change records) in one transaction, and says in
 * one line what it did; a refusal (a taken username, an unknown user) is one line naming the field.
 */
import { randomBytes } from 'node:crypto';
import { catalogue } from '../generated/catalogue.ts';
import { filters } from '../generated/filters/index.ts';
import { resolvePeppers } from '../runtime/auth/peppers.ts';
import { Registry } from '../runtime/catalogue/index.ts';
import { recordObjectChanges } from '../runtime/changelog/index.ts';
import type { Settings } from '../runtime/config/index.ts';
import { query, tables, type Runner, type Sql } from '../runtime/db/index.ts';
import { ServiceError, WriteError } from '../runtime/errors/index.ts';
import { createHooks } from '../runtime/hooks/index.ts';
import { createObjects, updateObjects, type WriteContext } from '../runtime/write/index.ts';
import { CommandError } from './cli.ts';

function writeContext(tx: Sql, settings: Settings): WriteContext {
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

/** Write-path errors as one line each: `field: message`. */
function explain(e: unknown): never {
  if (e instanceof ServiceError) {
    const found = e instanceof WriteError ? e.items.find((i) => Object.keys(i.errors).length)?.errors : e.body;
    const body = (found ?? { detail: e.message }) as Record<string, unknown>;
    throw new CommandError(
      Object.entries(body)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : String(v)}`)
        .join('\n'),
    );
  }
  throw e;
}

async function userId(sql: Runner, username: string): Promise<number> {
  const rows = await query(sql, `SELECT id FROM public.${tables.user} WHERE username = $1`, [username]);
  if (!rows.length) throw new CommandError(`no user named "${username}"`);
  return Number(rows[0]!.id);
}

/** Runs one write in a transaction of its own, with the context every command writes in; its message. */
function inTransaction(sql: Sql, settings: Settings, write: (ctx: WriteContext) => Promise<string>): Promise<string> {
  return sql.begin((tx) => write(writeContext(tx as unknown as Sql, settings)));
}

const generated = () => randomBytes(12).toString('base64url');

export function createSuperuser(
  sql: Sql,
  settings: Settings,
  o: { username: string; email?: string; password?: string },
): Promise<string> {
  return inTransaction(sql, settings, async (ctx) => {
    const password = o.password ?? generated();
    const user = { username: o.username, email: o.email ?? '', password, is_superuser: true, is_staff: true };
    await createObjects(ctx, ctx.registry.model('users.user'), [user], { bulk: false }).catch(explain);
    return `superuser "${o.username}" created${o.password ? '' : ` with password ${password} (shown once)`}`;
  });
}

export function changePassword(
  sql: Sql,
  settings: Settings,
  o: { username: string; password?: string },
): Promise<string> {
  return inTransaction(sql, settings, async (ctx) => {
    const password = o.password ?? generated();
    const id = await userId(ctx.db, o.username);
    await updateObjects(ctx, ctx.registry.model('users.user'), [{ id, data: { password } }], {
      bulk: false,
      partial: true,
    }).catch(explain);
    return `password of "${o.username}" changed${o.password ? '' : ` to ${password} (shown once)`}`;
  });
}

export function createToken(
  sql: Sql,
  settings: Settings,
  o: { username: string; description?: string; readOnly: boolean },
): Promise<string> {
  return inTransaction(sql, settings, async (ctx) => {
    const token = {
      user: await userId(ctx.db, o.username),
      version: 2,
      write_enabled: !o.readOnly,
      description: o.description ?? '',
    };
    const [made] = await createObjects(ctx, ctx.registry.model('users.token'), [token], { bulk: false }).catch(explain);
    return `token for "${o.username}" (shown once): ${String(made!.extra.token ?? '')}`;
  });
}
