/**
 * Rows beside an object's own: many-to-many links and tags (written at once when their targets are
 * in, or kept in the resume state until the group that holds their targets is complete), and the
 * references of a cyclic group set once all of it is in. A link or reference to an object that was
 * not copied is left out and counted, never a failed page.
 */
import type { FieldOfKind, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, tables, type Db, query, queryRow } from '../db/index.ts';
import { TAG_MODEL, type LinkField } from './plan.ts';
import type { ReportData } from './report.ts';
import { STATE_SCHEMA } from './state.ts';

/** The state key of a link field: `dcim.interface.tagged_vlans`, or `dcim.interface.tags`. */
export const linkKey = (model: ModelDef, f: LinkField) => `${model.key}.${f.name}`;

/** A model's link field (many-to-many or tags), with the catalogue its targets are found in. */
export interface ModelLink {
  readonly registry: Registry;
  readonly model: ModelDef;
  readonly field: LinkField;
}

interface LinkTarget {
  readonly table: string;
  readonly source: string;
  readonly target: string;
  /** the table the target ids must exist in */
  readonly targetTable: string;
  /** fixed columns (a tagged item's object type) */
  readonly fixed?: Readonly<Record<string, string>>;
}

function linkTarget({ registry, model, field: f }: ModelLink): LinkTarget {
  if (f.kind === 'tags') {
    return {
      table: tables.taggedItem,
      source: 'object_id',
      target: 'tag_id',
      targetTable: registry.model(TAG_MODEL).table,
      fixed: { object_type: model.key },
    };
  }
  const th = f.through;
  return { table: th.table, source: th.source, target: th.target, targetTable: registry.model(f.to).table };
}

function dropped(report: ReportData, model: ModelDef, f: LinkField | FieldOfKind<'fk'>, n: number): void {
  if (n <= 0) return;
  const key = `${model.key}.${f.name} → ${f.kind === 'tags' ? TAG_MODEL : f.to}`;
  report.droppedReferences[key] = (report.droppedReferences[key] ?? 0) + n;
}

/** Inserts (object id, target id) pairs whose target exists; the others are counted as dropped. */
export async function insertLinks(
  db: Db,
  link: ModelLink,
  pairs: readonly (readonly [number, number])[],
  report: ReportData,
): Promise<void> {
  if (!pairs.length) return;
  const t = linkTarget(link);
  const fixed = Object.entries(t.fixed ?? {});
  const cols = [...fixed.map(([c]) => ident(c)), ident(t.source), ident(t.target)].join(', ');
  const values = [...fixed.map(([, v]) => `'${v.replace(/'/g, "''")}'`), 'x.s', 'x.t'].join(', ');
  const rows = await query(
    db,
    `INSERT INTO ${ident(t.table)} (${cols}) SELECT ${values} FROM unnest($1::bigint[], $2::bigint[]) x(s, t)
      WHERE EXISTS (SELECT 1 FROM ${ident(t.targetTable)} g WHERE g.id = x.t) ON CONFLICT DO NOTHING RETURNING 1`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  dropped(report, link.model, link.field, pairs.length - rows.length);
}

/** Keeps links for later (their targets are in the same group, not all written yet). */
export async function holdLinks(db: Db, key: string, pairs: readonly (readonly [number, number])[]): Promise<void> {
  if (!pairs.length) return;
  await query(
    db,
    `INSERT INTO ${STATE_SCHEMA}.link (field, s, t) SELECT $1, s, t FROM unnest($2::bigint[], $3::bigint[]) x(s, t)`,
    [key, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

/** Writes the held links of a group's fields. */
export async function releaseLinks(db: Db, registry: Registry, late: ReadonlySet<string>, report: ReportData) {
  for (const key of late) {
    const dot = key.lastIndexOf('.');
    const model = registry.model(key.slice(0, dot));
    const field = registry.fieldOfKind(model, key.slice(dot + 1), 'm2m', 'tags');
    const rows = await query(db, `DELETE FROM ${STATE_SCHEMA}.link WHERE field = $1 RETURNING s, t`, [key]);
    await insertLinks(
      db,
      { registry, model, field },
      rows.map((r) => [Number(r.s), Number(r.t)] as const),
      report,
    );
  }
}

/** Keeps the held-back references of a page: (table, column, id, value). */
export async function holdReferences(db: Db, table: string, refs: readonly [string, number, number][]) {
  if (!refs.length) return;
  await query(
    db,
    `INSERT INTO ${STATE_SCHEMA}.deferred (tbl, col, id, value)
      SELECT $1, c, i, v FROM unnest($2::text[], $3::bigint[], $4::bigint[]) x(c, i, v)`,
    [table, refs.map((r) => r[0]), refs.map((r) => r[1]), refs.map((r) => r[2])],
  );
}

/** Sets a group's held-back references where their target exists; the others are counted as dropped. */
export async function releaseReferences(db: Db, registry: Registry, models: readonly ModelDef[], report: ReportData) {
  for (const m of models) {
    for (const f of m.fields.flatMap((x) => (x.kind === 'fk' && x.column ? [x] : []))) {
      const target = registry.model(f.to);
      const held = await queryRow(
        db,
        `SELECT count(*)::int AS n FROM ${STATE_SCHEMA}.deferred WHERE tbl = $1 AND col = $2`,
        [m.table, f.column],
      );
      if (!held.n) continue;
      const set = await query(
        db,
        `UPDATE ${ident(m.table)} t SET ${ident(f.column)} = d.value FROM ${STATE_SCHEMA}.deferred d
          WHERE d.tbl = $1 AND d.col = $2 AND t.id = d.id
          AND EXISTS (SELECT 1 FROM ${ident(target.table)} g WHERE g.id = d.value) RETURNING 1`,
        [m.table, f.column],
      );
      dropped(report, m, f, Number(held.n) - set.length);
      await query(db, `DELETE FROM ${STATE_SCHEMA}.deferred WHERE tbl = $1 AND col = $2`, [m.table, f.column]);
    }
  }
}
