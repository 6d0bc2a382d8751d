/**
 * Hand-written behaviour of users and tokens: passwords are hashed before they are stored, tokens
 * are minted (v1 plaintext or v2 key + peppered digest) and their secret shown only once.
 */
import type { ModelHooks, Pending, WriteContext } from '../write/index.ts';
import { hashPassword, digest, randomHex, randomString, hasPermission } from '../auth/index.ts';
import { ServiceError } from '../errors/index.ts';
import { tables, query } from '../db/index.ts';

export const userHooks: ModelHooks = {
  async prepare(_ctx, _model, items, action) {
    for (const p of items) {
      if (action === 'create') p.values.date_joined = new Date().toISOString();
      if (p.input.password !== undefined && typeof p.values.password === 'string')
        p.values.password = await hashPassword(p.values.password);
    }
  },
};

export interface TokenHookOptions {
  readonly peppers: ReadonlyMap<number, string>;
}

async function mayGrant(ctx: WriteContext, userId: number): Promise<boolean> {
  const actor = ctx.actor;
  if (!actor?.id) return true; // bootstrap and system writes
  if (actor.id === userId) return true;
  const row = (
    await query(
      ctx.db,
      `SELECT id, username, is_superuser, is_active FROM public.${tables.user}
    WHERE id = $1`,
      [actor.id],
    )
  )[0];
  if (!row) return false;
  return hasPermission(
    { db: ctx.db, settings: ctx.settings },
    { id: actor.id, username: actor.username, isSuperuser: row.is_superuser as boolean, isActive: true },
    'users.token',
    'grant_token',
  );
}

function mint(p: Pending, peppers: ReadonlyMap<number, string>): void {
  const given = p.input.token;
  if (given !== undefined && given !== null && (typeof given !== 'string' || given.length < 40)) {
    p.errors.add('token', 'Ensure this field has at least 40 characters.');
    return;
  }
  if (p.values.version === 1) {
    if (typeof given === 'string' && !/^[0-9a-fA-F]{40}$/.test(given)) {
      p.errors.add('token', 'A v1 token must be exactly 40 hexadecimal characters.');
      return;
    }
    const plaintext = typeof given === 'string' ? given : randomHex(40);
    p.values.plaintext = plaintext;
    p.values.last_chars = null;
    p.values.key = null;
    p.values.hmac_digest = null;
    p.values.pepper_id = null;
    p.extra.token = plaintext;
    return;
  }
  if (!peppers.size) {
    p.errors.add('version', 'Unable to save v2 tokens: API_TOKEN_PEPPERS is not defined.');
    return;
  }
  // the newest pepper: the one with the highest id
  const [pepperId, pepper] = [...peppers].reduce((a, b) => (b[0] > a[0] ? b : a));
  const secret = typeof given === 'string' ? given : randomString(40);
  p.values.key = randomString(12);
  p.values.pepper_id = pepperId;
  p.values.hmac_digest = digest(pepper, secret);
  p.values.last_chars = secret.slice(-6);
  p.values.plaintext = null;
  p.extra.token = `svt_${p.values.key as string}.${secret}`;
  p.extra.secret = secret;
}

export function tokenHooks(options: TokenHookOptions): ModelHooks {
  return {
    async prepare(ctx, _model, items, action) {
      for (const p of items) {
        p.values.token = null; // the write-only input is never stored
        if (action === 'update') {
          for (const k of ['user', 'version', 'key', 'plaintext', 'hmac_digest', 'pepper_id', 'last_chars'] as const)
            p.values[k] = p.before?.[k];
          continue;
        }
        if (p.values.user === null || p.values.user === undefined) {
          if (!ctx.actor?.id) p.errors.add('user', 'This field is required.');
          else p.values.user = ctx.actor.id;
        }
        if (p.values.expires && Date.parse(p.values.expires as string) <= Date.now() && !p.extra.provisioning) {
          p.errors.add('expires', 'Expiration time must be in the future.');
        }
        if (p.errors.empty && !(await mayGrant(ctx, p.values.user as number))) {
          throw new ServiceError('forbidden', {
            detail: 'This user does not have permission to create tokens for other users.',
          });
        }
        mint(p, options.peppers);
      }
    },
    present(item, object) {
      if ('token' in object) object.token = (item.extra.token as string | undefined) ?? null;
    },
    // a v1 token's plaintext stays readable only when ALLOW_TOKEN_RETRIEVAL is on; v2 never
    read(settings, row, object) {
      if ('token' in object)
        object.token =
          settings.allowTokenRetrieval && row.version === 1 ? ((row.plaintext as string | null) ?? null) : null;
    },
  };
}
