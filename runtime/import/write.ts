/**
 * One page of one model into the target, set-based: one INSERT … SELECT from the page's rows as a
 * single JSON parameter (json, not jsonb: PostgreSQL reads it faster), with the source's ids and
 * timestamps, a NOT NULL column's default where the source sent nothing. No change records, events
 * or branch diffs: an import is not a change. Where rows may already exist (--merge, rows the
 * migrations preload), each is compared first: the same content is kept, different content is a
 * conflict in the report, never an overwrite. A page PostgreSQL refuses is retried row by row, so
 * one bad row is reported instead of stopping the import.
 */
import type { FieldOfKind, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, type Db, type Tx, query } from '../db/index.ts';
import type { TableColumns } from './columns.ts';
import type { Converted } from './convert.ts';
import { holdLinks, holdReferences, insertLinks, linkKey } from './links.ts';
import { linkFields } from './plan.ts';
import { pushCapped, tally, type ReportData } from './report.ts';

/** How a model's pages are written, as the copy decides it. */
export interface WriterOptions {
  /** rows may exist already: compare before inserting */
  readonly compare: boolean;
  /** existing rows with the same content take the source's timestamps (rows the migrations preload) */
  readonly adoptTimestamps: boolean;
  /** links written when the group is complete (`model.field`) */
  readonly late: ReadonlySet<string>;
  /** tags come from the objects (no tagged-item list is copied) */
  readonly tagsFromObjects: boolean;
  /** whether the import reported an object as not copied (a reference to it is then said to be to one not copied) */
  readonly notCopied: (model: string, id: number) => boolean;
}

export interface ModelWriter extends WriterOptions {
  readonly model: ModelDef;
  readonly registry: Registry;
  /** SELECT of the page's rows as the table's columns (`src`), defaults filled */
  readonly projection: string;
  readonly columns: readonly string[];
  /** columns compared with an existing row of the same id */
  readonly compared: readonly string[];
}

const never = new Set(['id', 'created', 'last_updated', '_path', '_sort', '_depth']);

export function modelWriter(
  registry: Registry,
  model: ModelDef,
  table: TableColumns,
  options: WriterOptions,
  deferred: readonly FieldOfKind<'fk'>[],
): ModelWriter {
  const columns = [
    ...new Set(model.fields.flatMap((f) => (f.column && table.names.has(f.column) ? [f.column] : []))),
  ].filter((c) => !['_path', '_sort', '_depth'].includes(c));
  for (const f of model.fields) {
    if (f.kind !== 'image') continue;
    for (const extra of [f.upload.widthField, f.upload.heightField, f.upload.sizeField])
      if (extra && table.names.has(extra) && !columns.includes(extra)) columns.push(extra);
  }
  const select = columns.map((c) => {
    const d = table.defaults.get(c);
    return d ? `coalesce(r.${ident(c)}, ${d}) AS ${ident(c)}` : `r.${ident(c)}`;
  });
  const held = new Set(deferred.map((f) => f.column));
  const secret = new Set(model.fields.filter((f) => f.kind === 'password' || f.hidden).map((f) => f.column));
  return {
    model,
    registry,
    projection: `SELECT ${select.join(', ')} FROM json_populate_recordset(NULL::${ident(model.table)},
      $1::text::json) r`,
    columns,
    compared: columns.filter((c) => !never.has(c) && !held.has(c) && !secret.has(c)),
    ...options,
  };
}

/** The page's rows as one JSON array; null values are left out (a missing key reads as NULL, a third less to send). */
function rowsJson(page: readonly Converted[]): string {
  return JSON.stringify(
    page.map((c) => {
      const row: Record<string, unknown> = { id: c.id };
      for (const k in c.row) if (c.row[k] !== null && c.row[k] !== undefined) row[k] = c.row[k];
      return row;
    }),
  );
}

/** Ids of the page that exist already with the same content; conflicts are reported. */
async function existing(tx: Db, w: ModelWriter, page: Converted[], report: ReportData): Promise<Set<number>> {
  const t = ident(w.model.table);
  const rows = await query(
    tx,
    `SELECT src.id, ARRAY(SELECT e.key FROM jsonb_each(to_jsonb(src)) e WHERE e.key = ANY($2::text[])
        AND e.value IS DISTINCT FROM to_jsonb(t) -> e.key ORDER BY e.key) AS differing
       FROM (${w.projection}) src JOIN ${t} t ON t.id = src.id`,
    [rowsJson(page), w.compared],
  );
  const found = new Set<number>();
  const same: Converted[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    found.add(id);
    const differing = r.differing as string[];
    const c = page.find((x) => x.id === id);
    if (!c) continue; // never: the rows are the page's own, joined by id
    if (!differing.length) {
      same.push(c);
      continue;
    }
    tally(report, w.model.key).conflicts++;
    pushCapped(report.conflicts, { model: w.model.key, id, reason: `exists here with other ${differing.join(', ')}` });
  }
  tally(report, w.model.key).same += same.length;
  if (w.adoptTimestamps && same.length && w.columns.includes('created')) {
    const stamps = w.columns.includes('last_updated') ? ', last_updated = src.last_updated' : '';
    await query(tx, `UPDATE ${t} t SET created = src.created${stamps} FROM (${w.projection}) src WHERE t.id = src.id`, [
      rowsJson(same),
    ]);
  }
  return found;
}

/** Inserts the rows; where rows may exist, those clashing with another row's unique values are conflicts. */
async function insert(tx: Tx, w: ModelWriter, page: Converted[], report: ReportData): Promise<Set<number>> {
  const cols = w.columns.map(ident).join(', ');
  const sql = `INSERT INTO ${ident(w.model.table)} (${cols}) SELECT ${cols} FROM (${w.projection}) src
    ${w.compare ? 'ON CONFLICT DO NOTHING' : ''} RETURNING id`;
  try {
    const rows = await tx.savepoint((sp) => query(sp, sql, [rowsJson(page)]));
    const done = new Set(rows.map((r) => Number(r.id)));
    for (const c of page.filter((x) => !done.has(x.id))) {
      tally(report, w.model.key).conflicts++;
      pushCapped(report.conflicts, { model: w.model.key, id: c.id, reason: 'a unique value is taken here by another' });
    }
    return done;
  } catch {
    return insertOneByOne(tx, w, sql, page, report);
  }
}

function skip(report: ReportData, w: ModelWriter, id: number, reason: string): void {
  tally(report, w.model.key).skipped++;
  pushCapped(report.skipped, { model: w.model.key, id, reason });
}

/** PostgreSQL's `Key (site_id)=(99) is not present in table "dcim_site".` */
const MISSING_KEY = /^Key \(([a-z0-9_]+)\)=\((\d+)\) is not present in table "([a-z0-9_]+)"/;

/**
 * Why PostgreSQL refused a row, in the source's terms where it can be: a reference to an object that is
 * not here names the field and the object, and says whether the source never listed it or the import
 * did not copy it; anything else is PostgreSQL's message.
 */
function refused(w: ModelWriter, e: unknown): string {
  const err = e as { code?: unknown; detail?: unknown; message: string };
  const key = err.code === '23503' && typeof err.detail === 'string' ? MISSING_KEY.exec(err.detail) : null;
  if (!key) return err.message;
  const [, column, id, table] = key as unknown as [string, string, string, string];
  const field = w.model.fields.find((f) => f.column === column)?.name ?? column;
  const target = w.registry.all().find((m) => m.table === table)?.key ?? table;
  const why = w.notCopied(target, Number(id)) ? 'was not copied either' : 'is not among the objects the source lists';
  return `its ${field} (${target} ${id}) ${why}`;
}

/** The page again, row by row: the rows PostgreSQL refuses are reported with its reason. */
async function insertOneByOne(tx: Tx, w: ModelWriter, sql: string, page: Converted[], report: ReportData) {
  const done = new Set<number>();
  for (const c of page) {
    try {
      const rows = await tx.savepoint((sp) => query(sp, sql, [rowsJson([c])]));
      if (rows.length) done.add(c.id);
    } catch (e) {
      skip(report, w, c.id, refused(w, e));
    }
  }
  return done;
}

/** Many-to-many links and tags of the written objects: now, or held until their group is complete. */
async function links(tx: Tx, w: ModelWriter, page: Converted[], report: ReportData): Promise<void> {
  const fields = linkFields(w.model);
  const tagField = w.model.fields.find((f) => f.kind === 'tags');
  for (const f of [...fields, ...(tagField && w.tagsFromObjects ? [tagField] : [])]) {
    const pairs = page.flatMap((c) =>
      (f.kind === 'tags' ? ((c.tags as number[] | undefined) ?? []) : (c.links.get(f.name) ?? [])).map(
        (t) => [c.id, t] as const,
      ),
    );
    if (w.late.has(linkKey(w.model, f))) await holdLinks(tx, linkKey(w.model, f), pairs);
    else await insertLinks(tx, { registry: w.registry, model: w.model, field: f }, pairs, report);
  }
}

/** Writes one page in the caller's transaction; returns how many objects were written. */
export async function writePage(tx: Tx, w: ModelWriter, page: Converted[], report: ReportData): Promise<number> {
  const todo = page.filter((c) => !c.skip);
  for (const c of page) {
    if (!c.skip) continue;
    // a token whose secret is not shown is listed with the tokens to make again (report.tokens)
    if (c.secretless) tally(report, w.model.key).secretless++;
    else skip(report, w, c.id, c.skip);
  }
  if (!todo.length) return 0;
  const present = w.compare ? await existing(tx, w, todo, report) : new Set<number>();
  const fresh = todo.filter((c) => !present.has(c.id));
  if (!fresh.length) return 0;
  const done = await insert(tx, w, fresh, report);
  const written = fresh.filter((c) => done.has(c.id));
  await links(tx, w, written, report);
  await holdReferences(
    tx,
    w.model.table,
    written.flatMap((c) => c.deferred.map(([col, v]) => [col, c.id, v] as [string, number, number])),
  );
  return written.length;
}
