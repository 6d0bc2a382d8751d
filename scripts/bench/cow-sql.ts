/**
 * The SQL of the two copy-on-write candidates that cow-candidates.ts measures, on a device-like table
 * (`dev`: NetBox's device columns that matter here — a varchar name ordered with the id, a site, a status,
 * text and JSON columns, stamps — with its indexes) and a `site` table it joins.
 *
 * (a) Main's tables stay as they are. Each main table has a history table beside it (`<t>__hist`): a
 * statement trigger writes main's old rows into it (updates and deletes) and the ids of rows it creates
 * (inserts), but only while a branch is open. A branch is a schema holding, per table, the rows it changed
 * or created and its deletion markers (`<t>__rows`, `_deleted`) and a view named like main's table: its
 * rows, main's rows that neither it nor main changed since its base (a snapshot, written into the view as
 * a constant), and the old rows main had at the base. search_path then routes every read to the views.
 *
 * (b) (cow-sql-b.ts) Main's own table holds every version: `_branch` (0 = main), `_from`/`_to` (the transactions that
 * wrote and replaced it, xid8). Main reads `_branch = 0 AND _to IS NULL` through partial indexes (a view
 * of that is main's table); a branch's overlay rows live in the same table under its `_branch`; a branch
 * reads them plus main's versions valid at its base. A branch is one row (`cow_b_branch`): views read
 * the current branch from a setting.
 *
 * `filler` tables (empty, shaped like `dev`) stand for the rest of the catalogue, which a branch's
 * creation also covers.
 */
export const COLUMNS = [
  'id',
  'name',
  'site_id',
  'status',
  'serial',
  'description',
  'comments',
  'custom_field_data',
  'created',
  'last_updated',
] as const;
export const cols = (alias: string) => COLUMNS.map((c) => `${alias}.${c}`).join(', ');

export const DEVICE_COLUMNS = `name varchar(64) NOT NULL, site_id bigint NOT NULL, status varchar(50) NOT NULL,
  serial varchar(50) NOT NULL DEFAULT '', description varchar(200) NOT NULL DEFAULT '',
  comments text NOT NULL DEFAULT '', custom_field_data jsonb NOT NULL DEFAULT '{}',
  created timestamptz DEFAULT now(), last_updated timestamptz DEFAULT now()`;

/** Main as it is today, with `fillers` more empty tables like `dev`. */
export function mainTables(fillers: number): string {
  const tables = ['dev', ...Array.from({ length: fillers }, (_, i) => `filler${i}`)];
  return `CREATE TABLE site (id bigint PRIMARY KEY, name varchar(100) NOT NULL);
  INSERT INTO site SELECT i, 'site-' || i FROM generate_series(1, 1000) i;
  ${tables
    .map(
      (t) => `CREATE TABLE ${t} (id bigserial PRIMARY KEY, ${DEVICE_COLUMNS});
  CREATE INDEX ${t}_name ON ${t} (name, id); CREATE INDEX ${t}_site ON ${t} (site_id);
  CREATE INDEX ${t}_status ON ${t} (status); CREATE UNIQUE INDEX ${t}_site_name ON ${t} (site_id, name);`,
    )
    .join('\n')}`;
}

/** Rows `from + 1 … to` of main's `dev` (names in no order of the id, every tenth planned), ids from its sequence. */
export function grow(table: string, from: number, to: number): string {
  return `INSERT INTO ${table} (name, site_id, status, serial, description)
    SELECT 'dev-' || md5(i::text), (i % 1000) + 1,
           CASE WHEN i % 10 = 0 THEN 'planned' ELSE 'active' END, 'SN' || i, 'device ' || i
      FROM generate_series(${from + 1}, ${to}) i`;
}

/* ---------- (a) branch schemas of changed rows over main, history beside main ---------- */

/** A history table and its triggers for one of main's tables (made once, at migration). */
export function aHistory(t: string): string {
  const kept = (op: string, rows: string) =>
    `INSERT INTO ${t}__hist (op, ${COLUMNS.join(', ')}) SELECT '${op}', ${cols('o')} FROM ${rows} o`;
  return `CREATE TABLE ${t}__hist (hid bigserial PRIMARY KEY, op "char" NOT NULL,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(), id bigint NOT NULL,
      ${DEVICE_COLUMNS.replace(/ NOT NULL/g, '').replace(/ DEFAULT [^,]+/g, '')});
    CREATE INDEX ${t}__hist_id ON ${t}__hist (id, hid);
    CREATE FUNCTION ${t}__keep() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM cow_a_branch) THEN RETURN NULL; END IF;
      IF TG_OP = 'INSERT' THEN INSERT INTO ${t}__hist (op, id) SELECT 'i', n.id FROM new_rows n;
      ELSIF TG_OP = 'UPDATE' THEN ${kept('u', 'old_rows')};
      ELSE ${kept('d', 'old_rows')}; END IF;
      RETURN NULL;
    END $f$;
    CREATE TRIGGER ${t}__keep_i AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${t}__keep();
    CREATE TRIGGER ${t}__keep_u AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${t}__keep();
    CREATE TRIGGER ${t}__keep_d AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${t}__keep();`;
}

/**
 * How a view keeps rows out of main's arm: `exists` (NOT EXISTS: an anti-join, or a probe a row) or `in`
 * (NOT IN: a hashed subplan).
 */
export type Masking = 'exists' | 'in';
/**
 * Where the view's conditions stand: `arms`, in each arm of the UNION ALL (PostgreSQL then plans an arm with a
 * WHERE as a subquery of its own, unaware of the ORDER BY: no ordered Merge Append, a sort of every row), or
 * `above`, over the UNION ALL of unfiltered arms tagged with their source (`_src`), each arm's condition a
 * branch of a CASE: the arms flatten into the appendrel, the conditions come down to each as its filter
 * (constant-folded), and the ordered index scans merge.
 */
export type Shape = 'arms' | 'above';

/** One arm of a branch's view: its relation, its hidden columns (the view's conditions use them), its condition. */
export interface Source {
  readonly src: string;
  readonly from: string;
  readonly alias: string;
  readonly hidden: Readonly<Record<string, string>>;
  readonly cond: (alias: string) => string;
}

/** A branch's view over its sources, in either shape; `hidden`: every hidden column and its type. */
export function overlayView(name: string, sources: Source[], hidden: Record<string, string>, shape: Shape): string {
  if (shape === 'arms')
    return `CREATE OR REPLACE VIEW ${name} AS ${sources
      .map((x) => `SELECT ${cols(x.alias)} FROM ${x.from} ${x.alias} WHERE ${x.cond(x.alias)}`)
      .join('\n UNION ALL ')}`;
  const arm = (x: Source) =>
    `SELECT '${x.src}'::"char" AS _src, ${cols(x.alias)}, ` +
    `${Object.entries(hidden)
      .map(([k, type]) => `${x.hidden[k] ?? `NULL::${type}`} AS ${k}`)
      .join(', ')} FROM ${x.from} ${x.alias}`;
  return `CREATE OR REPLACE VIEW ${name} AS SELECT ${cols('x')} FROM (${sources.map(arm).join('\n UNION ALL ')}) x
    WHERE CASE x._src ${sources.map((x) => `WHEN '${x.src}' THEN ${x.cond('x')}`).join(' ')} END`;
}

/**
 * Where a branch of (a) keeps its rows of `t`, and its base: a table of its schema with the snapshot written
 * into the view (`schema`), or a table per main table shared by every branch, `branch_id` and the base
 * read from the setting cow.abranch (`shared`: a branch is a row, its views are made once, at migration).
 */
export interface Overlay {
  readonly view: string;
  readonly rows: string;
  /** the overlay's condition for this branch's rows ('' in a schema of its own) */
  readonly own: (alias: string) => string;
  /** the base snapshot, an SQL expression */
  readonly base: string;
}

const SHARED = `current_setting('cow.abranch')::int`;
export const schemaOverlay = (s: string, t: string, view: string, snapshot: string): Overlay => ({
  view: `${s}.${view}`,
  rows: `${s}.${t}__rows`,
  own: () => '',
  base: `'${snapshot}'::pg_snapshot`,
});
export const sharedOverlay = (t: string, view: string): Overlay => ({
  view: `cow_c.${view}`,
  rows: `public.${t}__rows_all`,
  own: (a) => `${a}.branch_id = ${SHARED} AND `,
  base: `(SELECT base FROM cow_a_branch WHERE id = ${SHARED})`,
});

/**
 * A branch's view of `t` (a): its own rows, main's that neither side changed since its base, main's rows
 * at the base.
 */
export function aView(t: string, o: Overlay, masking: Masking, shape: Shape): string {
  const after = (a: string) => `NOT pg_visible_in_snapshot(${a}.xid, ${o.base})`;
  const notMine = (a: string) =>
    masking === 'exists'
      ? `NOT EXISTS (SELECT 1 FROM ${o.rows} rx WHERE ${o.own('rx')}rx.id = ${a}.id)`
      : `${a}.id NOT IN (SELECT rx.id FROM ${o.rows} rx WHERE ${o.own('rx')}true)`;
  const notMoved = (a: string) =>
    masking === 'exists'
      ? `NOT EXISTS (SELECT 1 FROM public.${t}__hist hx WHERE hx.id = ${a}.id AND ${after('hx')})`
      : `${a}.id NOT IN (SELECT hx.id FROM public.${t}__hist hx WHERE ${after('hx')})`;
  const first = (a: string) =>
    `${a}.hid = (SELECT min(e.hid) FROM public.${t}__hist e WHERE e.id = ${a}.id AND ${after('e')})`;
  const sources: Source[] = [
    {
      src: 'b',
      from: o.rows,
      alias: 'r',
      hidden: { _deleted: 'r._deleted', ...(o.own('r') ? { branch_id: 'r.branch_id' } : {}) },
      cond: (a) => `${o.own(a)}NOT ${a}._deleted`,
    },
    { src: 'm', from: `public.${t}`, alias: 'm', hidden: {}, cond: (a) => `${notMine(a)} AND ${notMoved(a)}` },
    {
      src: 'h',
      from: `public.${t}__hist`,
      alias: 'h',
      hidden: { op: 'h.op', xid: 'h.xid', hid: 'h.hid' },
      cond: (a) => `${a}.op <> 'i' AND ${after(a)} AND ${notMine(a)} AND ${first(a)}`,
    },
  ];
  const hidden = { _deleted: 'boolean', branch_id: 'int', op: '"char"', xid: 'xid8', hid: 'bigint' };
  return overlayView(o.view, sources, hidden, shape);
}

/** (a) with shared overlays: the tables beside main's `dev` and `site` and the views every branch reads. */
export function sharedTables(): string {
  return `CREATE TABLE dev__rows_all (branch_id int NOT NULL, LIKE dev INCLUDING DEFAULTS,
      _deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (branch_id, id));
    CREATE INDEX ON dev__rows_all (branch_id, name, id);
    CREATE TABLE site__rows_all (branch_id int NOT NULL, LIKE site, _deleted boolean NOT NULL DEFAULT false,
      PRIMARY KEY (branch_id, id));
    CREATE SCHEMA cow_c;
    CREATE VIEW cow_c.site AS SELECT r.id, r.name FROM site__rows_all r WHERE r.branch_id = ${SHARED} AND NOT r._deleted
    UNION ALL SELECT m.id, m.name FROM public.site m
      WHERE NOT EXISTS (SELECT 1 FROM site__rows_all r WHERE r.branch_id = ${SHARED} AND r.id = m.id);`;
}

/** A branch's table of changed rows for `t` and its view. */
export function aBranchTable(s: string, t: string, base: string): string {
  return `CREATE TABLE ${s}.${t}__rows (LIKE public.${t} INCLUDING DEFAULTS, _deleted boolean NOT NULL DEFAULT false,
      PRIMARY KEY (id));
    CREATE INDEX ON ${s}.${t}__rows (name, id);
    ${aView(t, schemaOverlay(s, t, t, base), 'in', 'above')};`;
}

/** A site view of a branch that changed no site: every read of it falls through to main. */
export function aSiteView(s: string): string {
  return `CREATE TABLE ${s}.site__rows (LIKE public.site, _deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (id));
    CREATE VIEW ${s}.site AS SELECT r.id, r.name FROM ${s}.site__rows r WHERE NOT r._deleted
    UNION ALL SELECT m.id, m.name FROM public.site m
      WHERE NOT EXISTS (SELECT 1 FROM ${s}.site__rows r WHERE r.id = m.id)`;
}

/** Merging branch schema `s`'s rows of `dev` into main: updates, creates, deletions; set-based. */
export function aMerge(s: string): string {
  const set = COLUMNS.filter((c) => c !== 'id')
    .map((c) => `${c} = r.${c}`)
    .join(', ');
  return `UPDATE public.dev m SET ${set} FROM ${s}.dev__rows r WHERE r.id = m.id AND NOT r._deleted;
    INSERT INTO public.dev (${COLUMNS.join(', ')}) SELECT ${cols('r')} FROM ${s}.dev__rows r
      WHERE NOT r._deleted AND NOT EXISTS (SELECT 1 FROM public.dev m WHERE m.id = r.id);
    DELETE FROM public.dev m USING ${s}.dev__rows r WHERE r.id = m.id AND r._deleted;`;
}

/** The rows both a branch and main changed since its base (a sync's or a merge's conflicts), for (a). */
export function aConflicts(s: string, base: string): string {
  return `SELECT count(*) AS n FROM ${s}.dev__rows r WHERE EXISTS (SELECT 1 FROM public.dev__hist h
    WHERE h.id = r.id AND NOT pg_visible_in_snapshot(h.xid, '${base}'::pg_snapshot))`;
}

/** The same for (a) with shared overlays: the branch in the setting cow.abranch. */
export const sharedConflicts = `SELECT count(*) AS n FROM dev__rows_all r WHERE r.branch_id = ${SHARED}
  AND EXISTS (SELECT 1 FROM public.dev__hist h WHERE h.id = r.id
    AND NOT pg_visible_in_snapshot(h.xid, (SELECT base FROM cow_a_branch WHERE id = ${SHARED})))`;

/** History no open branch needs: written before the oldest open branch's base. */
export const aPurge = `DELETE FROM dev__hist h WHERE pg_visible_in_snapshot(h.xid,
  (SELECT base FROM cow_a_branch ORDER BY opened LIMIT 1))`;
