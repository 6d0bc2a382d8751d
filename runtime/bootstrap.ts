/**
 * First-start provisioning with netbox-docker's settings: the superuser (SUPERUSER_NAME,
 * SUPERUSER_PASSWORD, SUPERUSER_EMAIL) and its v1 API token (SUPERUSER_API_TOKEN, 40 hex).
 * Neither is change-logged: NetBox's createsuperuser writes no change record, so a fresh server's
 * change log starts empty and its first record has id 1, as NetBox's does.
 */
import { randomBytes } from 'node:crypto';
import { present } from './collections.ts';
import type { Registry } from './catalogue/index.ts';
import type { Settings } from './config/index.ts';
import type { Sql } from './db/index.ts';
import { createObjects, type ChangeObserver, type HookRegistry } from './write/index.ts';
import { tables, query } from './db/index.ts';
import { recordObjectChanges } from './changelog/index.ts';

/**
 * What a first start did, for the console: the superuser created and the password generated for it; and
 * whether the database has no (active) superuser at all, which the console then says how to create.
 */
export interface Bootstrapped {
  readonly superuser?: string;
  readonly generatedPassword?: string;
  readonly token?: boolean;
  readonly noSuperuser?: boolean;
}

async function noSuperuser(sql: Sql): Promise<boolean> {
  return !(await query(sql, `SELECT 1 FROM public.${tables.user} WHERE is_superuser AND is_active LIMIT 1`)).length;
}

export async function bootstrap(
  sql: Sql,
  registry: Registry,
  settings: Settings,
  hooks: HookRegistry,
  observers: readonly ChangeObserver[],
): Promise<Bootstrapped> {
  const { name, password, email, apiToken } = settings.superuser;
  if (!name) return (await noSuperuser(sql)) ? { noSuperuser: true } : {};
  let done: Bootstrapped = {};
  if (apiToken && !/^[0-9a-fA-F]{40}$/.test(apiToken))
    throw new Error('SUPERUSER_API_TOKEN must be 40 hexadecimal characters');
  await sql.begin(async (tx) => {
    await query(tx, 'SELECT pg_advisory_xact_lock(4606002)');
    const ctx = {
      db: tx,
      registry,
      settings,
      actor: null,
      system: true,
      requestId: crypto.randomUUID(),
      observers: observers.filter((o) => o !== recordObjectChanges),
      hooks,
      strictInput: true,
    };
    let user = (await query(tx, `SELECT id FROM public.${tables.user} WHERE username = $1`, [name]))[0] as unknown as
      { id: number } | undefined;
    if (!user) {
      // without SUPERUSER_PASSWORD a password is generated and shown once on the console
      const generated = password ? undefined : randomBytes(12).toString('base64url');
      const [created] = await createObjects(
        ctx,
        registry.model('users.user'),
        [
          {
            username: name,
            password: password ?? generated,
            email: email ?? '',
            is_superuser: true,
            is_staff: true,
          },
        ],
        { bulk: false },
      );
      user = { id: present(created, 'the created superuser').id };
      done = { superuser: name, ...(generated ? { generatedPassword: generated } : {}) };
    }
    if (apiToken) {
      const exists = await query(tx, `SELECT 1 FROM public.${tables.token} WHERE version = 1 AND plaintext = $1`, [
        apiToken,
      ]);
      if (!exists.length) {
        await createObjects(
          { ...ctx, actor: null },
          registry.model('users.token'),
          [{ user: user.id, version: 1, token: apiToken, description: 'SUPERUSER_API_TOKEN', allowed_ips: null }],
          { bulk: false },
        );
        done = { ...done, token: true };
      }
    }
  });
  // the user named may be one that exists already without being a superuser
  return (await noSuperuser(sql)) ? { ...done, noSuperuser: true } : done;
}
