/**
 * API tokens: parsing the Authorization header, minting v1/v2 tokens, and authenticating them
 * (enabled, expiry, allowed IPs, active user), comparing secrets in constant time. v2 secrets are
 * stored only as HMAC-SHA256 with a pepper; the plaintext is never kept.
 *
 * With the shared cache a token's row (and its user's) is read once per process and kept until a
 * token or user changes anywhere (cache-triggers.ts NOTIFYs every process at commit); the secret,
 * allowed IPs, expiry and enabled flags are still checked on every request against that row. An
 * unknown key is never kept (a flood of made-up keys cannot fill memory).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Db, SharedCache } from '../db/index.ts';
import { forbidden } from '../errors/index.ts';
import type { AuthToken, AuthUser } from '../http/env.ts';
import { ipToBigInt } from '../write/index.ts';
import { AUTH_CACHE_MAX_AGE_MS } from './permissions.ts';
import { tables, query } from '../db/index.ts';

export const V2_PREFIX = 'svt_';
/**
 * Also accepted on input: NetBox's own prefix, which NetBox clients write themselves (pynetbox's
 * create_token joins `nbt_`, the key and the response's `token`).
 */
const V2_PREFIXES = [V2_PREFIX, 'nbt_'];
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type Credential = { version: 1; plaintext: string } | { version: 2; key: string; secret: string };

const headerFormat = 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"';

/** null: no credentials (anonymous). Throws 403 for a malformed header. */
export function parseAuthorization(header: string | undefined): Credential | null {
  if (!header) return null;
  const parts = header.trim().split(/\s+/);
  const [first, value] = parts;
  const scheme = first.toLowerCase();
  if (scheme !== 'token' && scheme !== 'bearer') return null;
  if (parts.length !== 2) throw forbidden(headerFormat);
  // the version follows from the credential, not the keyword (as NetBox does)
  const prefix = V2_PREFIXES.find((p) => value.startsWith(p));
  if (prefix) {
    const body = value.slice(prefix.length);
    const dot = body.indexOf('.');
    if (dot < 1)
      throw forbidden(
        "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of " +
          "'Bearer'?",
      );
    const key = body.slice(0, dot);
    return { version: 2, key, secret: unwrapSecret(key, body.slice(dot + 1)) };
  }
  return { version: 1, plaintext: value };
}

/**
 * The secret of a v2 credential. Our `token` at creation is the whole credential (`svt_<key>.<secret>`),
 * where NetBox's is the secret alone; a client that joins prefix, key and `token` as NetBox's
 * clients do sends `<prefix><key>.svt_<key>.<secret>`, which means the same token.
 */
function unwrapSecret(key: string, secret: string): string {
  for (const p of V2_PREFIXES) if (secret.startsWith(`${p}${key}.`)) return secret.slice(p.length + key.length + 1);
  return secret;
}

export function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUM[randomInt(ALPHANUM.length)];
  return out;
}

export function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);
}

export function digest(pepper: string, secret: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `ip` lies in one of the networks (`10.0.0.0/8`, `2001:db8::/32`). */
export function ipAllowed(ip: string, networks: readonly string[]): boolean {
  const host = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (!isIP(host)) return false;
  const { value, family } = ipToBigInt(host);
  return networks.some((net) => {
    const [addr = '', len = ''] = net.split('/');
    if (isIP(addr) !== family) return false;
    const bits = family === 4 ? 32n : 128n;
    const n = BigInt(len === '' ? Number(bits) : Number(len));
    const mask = n === 0n ? 0n : ((1n << n) - 1n) << (bits - n);
    return (ipToBigInt(addr).value & mask) === (value & mask);
  });
}

interface TokenRow {
  id: number;
  user_id: number;
  version: number;
  plaintext: string | null;
  hmac_digest: string | null;
  pepper_id: number | null;
  enabled: boolean;
  write_enabled: boolean;
  expires: string | null;
  last_used: string | null;
  allowed_ips: string[];
  username: string;
  is_superuser: boolean;
  is_active: boolean;
}

export interface Authenticated {
  readonly user: AuthUser;
  readonly token: AuthToken;
  readonly lastUsed: string | null;
  /** records a use written to the database, so the next requests of this process see it */
  used(at: Date): void;
}

const select = `SELECT t.id, t.user_id, t.version, t.plaintext, t.hmac_digest, t.pepper_id, t.enabled, t.write_enabled,
  t.expires,
  t.last_used, t.allowed_ips::text[] AS allowed_ips, u.username, u.is_superuser, u.is_active
  FROM public.${tables.token} t JOIN public.${tables.user} u ON u.id = t.user_id`;

class NoSuchToken extends Error {}

async function tokenRow(db: Db, cred: Credential): Promise<TokenRow> {
  const rows =
    cred.version === 1
      ? await query(db, `${select} WHERE t.version = 1 AND t.plaintext = $1`, [cred.plaintext], { prepare: true })
      : await query(db, `${select} WHERE t.version = 2 AND t.key = $1`, [cred.key], { prepare: true });
  if (!rows[0]) throw new NoSuchToken();
  return rows[0] as unknown as TokenRow;
}

/** The token's row, from the cache when there is one; undefined for an unknown token. */
async function findToken(db: Db, cred: Credential, cache: SharedCache | undefined): Promise<TokenRow | undefined> {
  const key = cred.version === 1 ? `token1\0${cred.plaintext}` : `token2\0${cred.key}`;
  try {
    return await (cache
      ? cache.get('auth', key, () => tokenRow(cache.pool, cred), AUTH_CACHE_MAX_AGE_MS)
      : tokenRow(db, cred));
  } catch (e) {
    if (e instanceof NoSuchToken) return undefined;
    throw e;
  }
}

/** The token was used now (written outside the request's transaction: a rolled-back request still counts). */
export async function recordTokenUse(db: Db, id: number): Promise<void> {
  await query(db, `UPDATE public.${tables.token} SET last_used = now() WHERE id = $1`, [id]);
}

export async function authenticateToken(
  db: Db,
  cred: Credential,
  peppers: ReadonlyMap<number, string>,
  clientIp: string | undefined,
  cache?: SharedCache,
): Promise<Authenticated> {
  const row = await findToken(db, cred, cache);
  if (cred.version === 1) {
    if (!row || !sameSecret(row.plaintext ?? '', cred.plaintext)) throw forbidden('Invalid token');
  } else {
    const pepper = row?.pepper_id !== null && row?.pepper_id !== undefined ? peppers.get(row.pepper_id) : undefined;
    // compute the digest even for an unknown key, so both answers take the same time
    const computed = digest(pepper ?? 'unknown-pepper', cred.secret);
    if (!row || !pepper || !sameSecret(row.hmac_digest ?? '', computed)) throw forbidden('Invalid token');
  }
  if (row.allowed_ips?.length) {
    if (!clientIp)
      throw forbidden(
        'Client IP address could not be determined for validation. ' +
          'Check that the HTTP server is correctly configured to pass the required header(s).',
      );
    if (!ipAllowed(clientIp, row.allowed_ips))
      throw forbidden(`Source IP ${clientIp} is not permitted to authenticate using this token.`);
  }
  if (!row.enabled) throw forbidden('Token disabled');
  if (row.expires && Date.parse(row.expires) <= Date.now()) throw forbidden('Token expired');
  if (!row.is_active) throw forbidden('User inactive');
  return {
    user: { id: row.user_id, username: row.username, isSuperuser: row.is_superuser, isActive: row.is_active },
    token: { id: row.id, writeEnabled: row.write_enabled },
    lastUsed: row.last_used,
    used(at) {
      // the cached row is shared by this process's requests: one write a minute, not one each
      row.last_used = at.toISOString();
    },
  };
}
