/** The SQL of candidate (b) of cow-sql.ts: every version in main's own table, branch overlays beside them. */
import { COLUMNS, cols, DEVICE_COLUMNS, overlayView, type Masking, type Shape, type Source } from './cow-sql.ts';

/* ---------- (b) versions in main's own table ---------- */

const B = `current_setting('cow.branch')::int`;
const BASE = `(SELECT base FROM cow_b_branch WHERE id = ${B})`;

/** Main's versioned table `devv`, its partial indexes, the trigger keeping old versions, and main's view. */
export function bTables(): string {
  const kept = `INSERT INTO devv (_branch, _from, _to, ${COLUMNS.join(', ')})
    SELECT 0, o._from, pg_current_xact_id(), ${cols('o')} FROM old_rows o WHERE o._branch = 0 AND o._to IS NULL`;
  const main = `WHERE _branch = 0 AND _to IS NULL`;
  return `CREATE SEQUENCE devv_id;
    CREATE TABLE devv (rid bigserial PRIMARY KEY, _branch int NOT NULL DEFAULT 0,
      _from xid8 NOT NULL DEFAULT pg_current_xact_id(), _to xid8, _deleted boolean NOT NULL DEFAULT false,
      id bigint NOT NULL DEFAULT nextval('devv_id'), ${DEVICE_COLUMNS});
    CREATE UNIQUE INDEX devv_id_main ON devv (id) ${main};
    CREATE INDEX devv_name_main ON devv (name, id) ${main};
    CREATE INDEX devv_site_main ON devv (site_id) ${main};
    CREATE INDEX devv_status_main ON devv (status) ${main};
    CREATE UNIQUE INDEX devv_site_name_main ON devv (site_id, name) ${main};
    CREATE INDEX devv_old ON devv (id) WHERE _branch = 0 AND _to IS NOT NULL;
    CREATE UNIQUE INDEX devv_branch_id ON devv (_branch, id) WHERE _branch <> 0;
    CREATE INDEX devv_branch_name ON devv (_branch, name, id) WHERE _branch <> 0;
    CREATE TABLE cow_b_branch (id int PRIMARY KEY, base pg_snapshot NOT NULL,
      opened timestamptz DEFAULT clock_timestamp());
    CREATE FUNCTION devv_keep() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF EXISTS (SELECT 1 FROM cow_b_branch) THEN ${kept}; END IF;
      RETURN NULL;
    END $f$;
    CREATE TRIGGER devv_keep_u AFTER UPDATE ON devv REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION devv_keep();
    CREATE TRIGGER devv_keep_d AFTER DELETE ON devv REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION devv_keep();
    CREATE SCHEMA bmain; CREATE SCHEMA bbranch;
    CREATE VIEW bmain.dev AS SELECT ${COLUMNS.join(', ')} FROM devv ${main};
    CREATE VIEW bmain.site AS SELECT * FROM public.site;
    CREATE VIEW bbranch.site AS SELECT * FROM public.site;`;
}

/**
 * The branch's view of `devv` (b), the branch named by the setting cow.branch (`_branch <> 0` beside it: a
 * setting is no constant, and without it no partial index of the overlay rows applies).
 */
export function bView(view: string, masking: Masking, shape: Shape): string {
  const notMine = (a: string) =>
    masking === 'exists'
      ? `NOT EXISTS (SELECT 1 FROM devv ox WHERE ox._branch = ${B} AND ox._branch <> 0 AND ox.id = ${a}.id)`
      : `${a}.id NOT IN (SELECT ox.id FROM devv ox WHERE ox._branch = ${B} AND ox._branch <> 0)`;
  const atBase = (a: string) => `pg_visible_in_snapshot(${a}._from, ${BASE})`;
  const hidden = (a: string) => ({
    _branch: `${a}._branch`,
    _deleted: `${a}._deleted`,
    _from: `${a}._from`,
    _to: `${a}._to`,
  });
  const sources: Source[] = [
    {
      src: 'b',
      from: 'devv',
      alias: 'o',
      hidden: hidden('o'),
      cond: (a) => `${a}._branch = ${B} AND ${a}._branch <> 0 AND NOT ${a}._deleted`,
    },
    {
      src: 'm',
      from: 'devv',
      alias: 'm',
      hidden: hidden('m'),
      cond: (a) => `${a}._branch = 0 AND ${a}._to IS NULL AND ${atBase(a)} AND ${notMine(a)}`,
    },
    {
      src: 'h',
      from: 'devv',
      alias: 'h',
      hidden: hidden('h'),
      cond: (a) =>
        `${a}._branch = 0 AND ${a}._to IS NOT NULL AND ${atBase(a)} ` +
        `AND NOT pg_visible_in_snapshot(${a}._to, ${BASE}) ` +
        `AND ${notMine(a)}`,
    },
  ];
  return overlayView(
    `bbranch.${view}`,
    sources,
    { _branch: 'int', _deleted: 'boolean', _from: 'xid8', _to: 'xid8' },
    shape,
  );
}

/** Merging branch `n`'s overlay rows into main's current versions, then dropping them. */
export function bMerge(n: number): string {
  const set = COLUMNS.filter((c) => c !== 'id')
    .map((c) => `${c} = o.${c}`)
    .join(', ');
  const main = `m._branch = 0 AND m._to IS NULL`;
  return `UPDATE devv m SET ${set}, _from = pg_current_xact_id() FROM devv o
      WHERE o._branch = ${n} AND NOT o._deleted AND ${main} AND m.id = o.id;
    INSERT INTO devv (${COLUMNS.join(', ')}) SELECT ${cols('o')} FROM devv o WHERE o._branch = ${n} AND NOT o._deleted
      AND NOT EXISTS (SELECT 1 FROM devv m WHERE ${main} AND m.id = o.id);
    DELETE FROM devv m USING devv o WHERE o._branch = ${n} AND o._deleted AND ${main} AND m.id = o.id;
    DELETE FROM devv WHERE _branch = ${n};`;
}

/** The rows both branch `n` and main changed since its base, for (b). */
export function bConflicts(n: number): string {
  return `SELECT count(*) AS n FROM devv o, cow_b_branch b WHERE o._branch = ${n} AND b.id = ${n}
    AND EXISTS (SELECT 1 FROM devv m WHERE m._branch = 0 AND m.id = o.id
      AND NOT pg_visible_in_snapshot(m._from, b.base) AND m._to IS NULL)`;
}

/** Old versions no open branch needs: replaced before the oldest open branch's base. */
export const bPurge = `DELETE FROM devv WHERE _branch = 0 AND _to IS NOT NULL AND pg_visible_in_snapshot(_to,
  (SELECT base FROM cow_b_branch ORDER BY opened LIMIT 1))`;
