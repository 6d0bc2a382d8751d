/**
 * What NetBox's API does not show, handled without inventing it: passwords (users get an unusable
 * one, to be set with `manage changepassword` or generated at the end), flags hidden from the API but
 * filterable (a user's superuser status, read as two filtered lists, or named with `--superuser` where
 * the source will not filter on it), token secrets (a v1 token's
 * plaintext is copied when the source shows it, other tokens are listed for their owners to replace),
 * and write-only values such as webhook secrets (copied when shown, else listed to enter again).
 */
import { randomBytes } from 'node:crypto';
import type { ColumnField, FieldDef, ModelDef, Registry } from '../catalogue/index.ts';
import { query, type Sql, tables } from '../db/index.ts';
import { ImportRefused } from './options.ts';
import type { Converted } from './convert.ts';
import { note, pushCapped, type ReportData } from './report.ts';
import { SourceError, type Source } from './source.ts';
import { readAll } from './pages.ts';

/** The stored password of an imported user until one is set: unusable (no hash has this form). */
export const UNUSABLE_PREFIX = '!netbox-import:';

const hex40 = /^[0-9a-fA-F]{40}$/;

/** Hidden boolean columns whose value a same-named filter reveals: field name → ids with true. */
export type HiddenFlags = Map<string, Set<number>>;

async function idsWhere(source: Source, path: string, query: string): Promise<Set<number>> {
  const rows = await readAll(source, path, `${query}&brief=1`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Reads each hidden flag as the objects filtered true and false; a flag the source will not filter is unread. */
export async function readHiddenFlags(
  source: Source,
  registry: Registry,
  model: ModelDef,
  path: string,
  report: ReportData,
): Promise<HiddenFlags> {
  const out: HiddenFlags = new Map();
  for (const f of model.fields) {
    if (!f.hidden || f.kind !== 'boolean' || !f.column || !registry.filters(model).has(f.name)) continue;
    try {
      const [yes, no] = await Promise.all([
        idsWhere(source, path, `${f.name}=true`),
        idsWhere(source, path, `${f.name}=false`),
      ]);
      // a source that ignored the filter answers both with everything: then nothing is known
      if ([...yes].some((id) => no.has(id))) throw new SourceError('the filter was ignored');
      out.set(f.name, yes);
    } catch (e) {
      if (!(e instanceof SourceError)) throw e;
      const superuser = model.table === tables.user && f.name === 'is_superuser';
      note(
        report,
        `${model.key}.${f.name} could not be read from the source (${e.message.slice(0, 120)}); ` +
          (superuser ? 'copied as false but for the users --superuser names' : 'copied as false: set it again here'),
      );
    }
  }
  return out;
}

/** Refuses, before anything is copied, a `--superuser` name that is none of the source's users (`path`: their list). */
export async function checkSuperusers(source: Source, path: string | undefined, names: readonly string[]) {
  if (!names.length) return;
  if (!path) throw new ImportRefused("--superuser names users, but the source's users are not copied");
  const missing: string[] = [];
  for (const name of new Set(names)) {
    // a source that ignores the filter lists every user: the name is looked for among them
    const found = await readAll(source, path, `username=${encodeURIComponent(name)}&brief=1`);
    if (!found.some((u) => u.username === name)) missing.push(name);
  }
  if (missing.length)
    throw new ImportRefused(
      `--superuser ${missing.join(', ')}: the source has no such user (names are case-sensitive)`,
    );
}

/** Makes the users `--superuser` names superusers here, once they are copied, and says so in the report. */
export async function markSuperusers(sql: Sql, names: readonly string[], report: ReportData): Promise<void> {
  if (!names.length) return;
  const rows = await query<{ username: string }>(
    sql,
    `UPDATE public.${tables.user} SET is_superuser = true WHERE username = ANY($1::text[]) RETURNING username`,
    [[...new Set(names)]],
  );
  const made = rows.map((r) => r.username).sort();
  note(report, `superusers here as --superuser names them: ${made.join(', ')}`);
}

function userName(v: unknown): string {
  if (v && typeof v === 'object') {
    const u = v as { username?: unknown; display?: unknown };
    return String(u.username ?? u.display ?? '');
  }
  return String(v ?? '');
}

/** A token: its v1 plaintext when the source shows it, else not copied and listed. */
function token(c: Converted, report: ReportData): void {
  const o = c.source;
  const version = o.version === undefined ? 1 : Number(choice(o.version));
  const plaintext = [o.token, o.version === undefined ? o.key : undefined].find(
    (v) => typeof v === 'string' && hex40.test(v),
  ) as string | undefined;
  if (version === 1 && plaintext) {
    Object.assign(c.row, { version: 1, plaintext, key: null, hmac_digest: null, pepper_id: null });
    return;
  }
  c.skip = 'its secret is not readable through the API';
  c.secretless = true;
  pushCapped(report.tokens, {
    id: c.id,
    user: userName(o.user),
    version,
    key: typeof o.key === 'string' && o.key ? o.key : String(o.display ?? ''),
    description: String(o.description ?? ''),
    expires: o.expires ?? null,
  });
}

const choice = (v: unknown) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);

export class Secrets {
  private readonly passwords: ColumnField[];
  private readonly writeOnly: FieldDef[];
  private readonly flags: [ColumnField, Set<number>][];

  constructor(
    private readonly model: ModelDef,
    flags: HiddenFlags,
  ) {
    this.passwords = model.fields.flatMap((f) => (f.kind === 'password' && f.column ? [f] : []));
    this.writeOnly = model.fields.filter((f) => f.writeOnly && f.column && f.kind !== 'password');
    // only stored flags are read (readHiddenFlags)
    this.flags = model.fields.flatMap((f): [ColumnField, Set<number>][] => {
      const yes = flags.get(f.name);
      return yes && f.column ? [[f, yes]] : [];
    });
  }

  /** Applies to one converted object; what must be done by hand is listed in `report` (its page's). */
  apply(c: Converted, report: ReportData): void {
    if (this.model.table === tables.token) token(c, report);
    for (const f of this.passwords) {
      c.row[f.column] = `${UNUSABLE_PREFIX}${randomBytes(20).toString('hex')}`;
      pushCapped(report.passwordless, String(c.source.username ?? c.id));
    }
    for (const [f, yes] of this.flags) if (!(f.name in c.source)) c.row[f.column] = yes.has(c.id);
    for (const f of this.writeOnly) {
      if (f.name in c.source) continue;
      pushCapped(report.reenter, {
        model: this.model.key,
        id: c.id,
        reason: `${f.name} of "${String(c.source.display ?? c.id)}" is not shown by the source: enter it again`,
      });
    }
  }
}
