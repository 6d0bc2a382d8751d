/**
 * `--generate-passwords`: every copied user still without a usable password gets a generated one,
 * hashed as the service hashes passwords, and shown once (the caller prints them). Users whose
 * password was set since the import keep it.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/index.ts';
import { tables, type Sql, query } from '../db/index.ts';
import { UNUSABLE_PREFIX } from './secrets.ts';

export interface GeneratedPassword {
  readonly username: string;
  readonly password: string;
}

export async function generatePasswords(sql: Sql): Promise<GeneratedPassword[]> {
  const users = await query(
    sql,
    `SELECT id, username FROM public.${tables.user} WHERE starts_with(password, $1) ORDER BY username`,
    [UNUSABLE_PREFIX],
  );
  const out: GeneratedPassword[] = [];
  for (const u of users) {
    const password = randomBytes(12).toString('base64url');
    await query(sql, `UPDATE public.${tables.user} SET password = $2 WHERE id = $1 AND starts_with(password, $3)`, [
      u.id as number,
      await hashPassword(password),
      UNUSABLE_PREFIX,
    ]);
    out.push({ username: u.username as string, password });
  }
  return out;
}
