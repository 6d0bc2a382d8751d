/**
 * The start the corpus's ids assume: one superuser `admin` (id 1), one v1 token (id 1), and nothing
 * else of the server's own apart from NetBox's preloaded rows (object types, 7 module type profiles).
 * Returns what is otherwise, one line each (empty when the start is right). Also gives the rows the
 * recording's own fixture data where no setting can (the token's description).
 */
import type { TestServer } from '../helpers/server.ts';

/** Tables that may hold rows at the start: the two rows above, NetBox's preloaded ones, bookkeeping. */
const EXPECTED: Record<string, number | 'any'> = {
  users_user: 1,
  users_token: 1,
  core_objecttype: 'any',
  dcim_moduletypeprofile: 7,
};
/** The server's own bookkeeping, not objects (migrations, running workers, browser sessions, tables' row totals). */
const BOOKKEEPING = /^(__drizzle|_migrations|schema_migrations|drizzle|core_worker$|users_session$|row_total$)/;

export async function checkStartState(s: TestServer): Promise<string[]> {
  const problems: string[] = [];
  const users = await s.request('GET', '/api/users/users/?limit=1000');
  const userIds = (users.body?.results ?? []).map((u: any) => `${u.id}:${u.username}`);
  if (userIds.join() !== '1:admin') problems.push(`users are ${JSON.stringify(userIds)}, not ["1:admin"]`);
  const tokens = await s.request('GET', '/api/users/tokens/?limit=1000');
  const tokenIds = (tokens.body?.results ?? []).map((t: any) => `${t.id}:${t.user?.id}`);
  if (tokenIds.join() !== '1:1') problems.push(`tokens are ${JSON.stringify(tokenIds)}, not ["1:1"] (id:user)`);
  const tables = (await s.sql.unsafe(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     ORDER BY table_name`,
  )) as unknown as { table_name: string }[];
  for (const { table_name: t } of tables) {
    if (BOOKKEEPING.test(t)) continue;
    const [row] = (await s.sql.unsafe(`SELECT count(*)::int AS n FROM public."${t}"`)) as unknown as { n: number }[];
    const n = row!.n;
    const want = EXPECTED[t] ?? 0;
    if (want !== 'any' && n !== want) problems.push(`table ${t} has ${n} rows at the start, NetBox ${want}`);
  }
  return problems;
}

/** The recording's superuser e-mail; set through SUPERUSER_EMAIL. */
export const FIXTURE_EMAIL = 'admin@example.com';

/**
 * The v1 token's description in the recording. No setting names it (the bootstrap writes its own), so
 * it is written directly, without a change record, as NetBox's reset made the token without one.
 */
export async function alignFixture(s: TestServer): Promise<void> {
  await s.sql.unsafe(`UPDATE public.users_token SET description = 'anchor fixed v1 token' WHERE id = 1`);
}
