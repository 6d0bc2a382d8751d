/**
 * Snapshots of objects, read back from the database so they show what was really stored, in two forms:
 * - the snapshot: field values by wire name, relations as ids, tags as sorted names, custom field data
 *   (what branching compares, diffs and applies, and what decides whether an update changed anything);
 * - NetBox's form (`netboxForm`), what NetBox's change records and webhooks hold (Django's serializer):
 *   content types as object type ids, decimals as strings, empty images "", array fields as JSON text,
 *   the values NetBox keeps on the row (counter caches, an object's cable end) and `created`.
 */
import type { ColumnField, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, type Db, query, tables } from '../db/index.ts';
import { displaySql, countSql, rowExpression } from '../sql/index.ts';
import { TERMINATION } from '../cables/index.ts';
import type { Snapshot } from './types.ts';
import { pushTo } from '../collections.ts';

export interface Stored {
  readonly snapshot: Snapshot;
  readonly repr: string;
}

/** NetBox's form of each snapshot loadSnapshots made, by the snapshot object itself. */
const netboxForms = new WeakMap<Snapshot, Snapshot>();

/**
 * NetBox's form of a snapshot loadSnapshots returned (the change log and webhooks write this one), or
 * undefined for any other object.
 */
export function netboxForm(snapshot: Snapshot): Snapshot | undefined {
  return netboxForms.get(snapshot);
}

let counter = 0;
const alias = () => `s${++counter}`;

/** The id of the object type an `app.model` text names. */
const typeId = (col: string) =>
  `(SELECT o.id FROM public.${tables.objectType} o
    WHERE o.app_label = split_part(${col}, '.', 1) AND o.model = split_part(${col}, '.', 2))`;

/** Django's JSON of a timestamp: UTC, milliseconds when there is a fraction, `Z`. */
const djangoTime = (col: string) =>
  `CASE WHEN extract(microseconds FROM ${col})::bigint % 1000000 = 0
    THEN to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    ELSE to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

/** Python's json.dumps of a list of strings (`["a", "b"]`), as Django writes an array field. */
function pythonList(items: readonly (string | null)[]): string {
  return `[${items.map((x) => (x === null ? 'null' : JSON.stringify(x))).join(', ')}]`;
}

/** A list of [lower, upper] pairs as Django writes an array of integer ranges (upper bound exclusive). */
function djangoRanges(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const ranges = value.map((r) => {
    const [lo, hi] = r as [number, number];
    return `{"bounds": "[)", "lower": "${lo}", "upper": "${Number(hi) + 1}"}`;
  });
  return pythonList(ranges);
}

/** The columns NetBox's form reads beyond the snapshot's, as SQL by alias (`__n_<name>`). */
function netboxColumns(registry: Registry, model: ModelDef, fields: readonly ColumnField[]): [string, string][] {
  const cols: [string, string][] = [];
  for (const f of fields) {
    const c = `t.${ident(f.column)}`;
    if (f.kind === 'object_type') cols.push([f.name, typeId(c)]);
    else if (f.kind === 'list' && f.item === 'object_type')
      cols.push([
        f.name,
        `ARRAY(SELECT o.id FROM public.${tables.objectType} o WHERE o.app_label || '.' || o.model = ANY(${c})
          ORDER BY o.id)`,
      ]);
    else if (f.kind === 'decimal') cols.push([f.name, `${c}::text`]);
  }
  for (const f of model.fields) {
    if (!f.snapshot || f.kind !== 'computed') continue;
    const c = f.computed;
    if (c.type === 'count') cols.push([f.name, countSql(registry, model, c, 't', alias)]);
    else if (c.type === 'expr') cols.push([f.name, rowExpression(c.sql, 't')]);
  }
  if (model.fields.some((f) => f.kind === 'computed' && f.computed.type === 'cable' && f.computed.part === 'cable')) {
    // NetBox keeps an object's cable end on the object (CabledObjectModel)
    const term = registry.model(TERMINATION.model);
    const connector = ident(registry.columnOf(term, 'connector'));
    const positions = ident(registry.columnOf(term, 'positions'));
    const x = alias();
    const mine = `FROM ${ident(term.table)} ${x} WHERE ${x}.${TERMINATION.type} = '${model.key}'
      AND ${x}.${TERMINATION.id} = t.id LIMIT 1`;
    cols.push(['cable', `(SELECT ${x}.${TERMINATION.cable} ${mine})`]);
    cols.push(['cable_end', `(SELECT ${x}.${TERMINATION.end} ${mine})`]);
    cols.push(['cable_connector', `(SELECT ${x}.${connector} ${mine})`]);
    cols.push(['cable_positions', `(SELECT nullif(${x}.${positions}, '{}') ${mine})`]);
  }
  if (model.fields.some((f) => f.name === 'created' && f.kind === 'timestamp'))
    cols.push(['created', djangoTime('t.created')]);
  return cols;
}

/**
 * NetBox's form of one row, from its snapshot and the extra columns, without the fields NetBox does
 * not have (`omitted`: columns, and many-to-many fields of the other side's, as an ASN's sites).
 */
function toNetbox(
  fields: readonly ColumnField[],
  omitted: ReadonlySet<string>,
  s: Snapshot,
  row: Record<string, unknown>,
): Snapshot {
  const out: Snapshot = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(s)) {
    const f = byName.get(k);
    if (omitted.has(k)) continue;
    const extra = `__n_${k}`;
    if (f && extra in row) out[k] = row[extra] ?? null;
    else if (f?.kind === 'image') out[k] = v ?? '';
    else if (f?.snapshot === 'blank') out[k] = v ?? '';
    else if (f?.snapshot === 'ranges') out[k] = djangoRanges(v);
    else if (f?.kind === 'list' && Array.isArray(v)) out[k] = pythonList(v.map((x) => (x === null ? null : String(x))));
    else out[k] = v;
  }
  for (const [k, v] of Object.entries(row))
    if (k.startsWith('__n_') && !(k.slice(4) in out) && !byName.has(k.slice(4))) out[k.slice(4)] = v ?? null;
  return out;
}

export async function loadSnapshots(
  db: Db,
  registry: Registry,
  model: ModelDef,
  ids: number[],
): Promise<Map<number, Stored>> {
  const out = new Map<number, Stored>();
  if (!ids.length) return out;
  const cols: string[] = ['t.id'];
  // secrets (hidden columns, passwords, write-only fields) never reach the change log or events; a
  // hidden column the catalogue marks for the snapshot is NetBox's, not a secret (a tag's owner)
  const fields = model.fields.filter(
    (f): f is ColumnField =>
      !!f.column &&
      (!f.hidden || f.snapshot === true) &&
      !f.writeOnly &&
      f.kind !== 'password' &&
      f.name !== 'created' &&
      f.name !== 'last_updated' &&
      f.kind !== 'id',
  );
  for (const f of fields) {
    const c = `t.${ident(f.column)}`;
    cols.push(
      f.kind === 'ipaddress'
        ? `ip_with_mask(${c}) AS ${ident(f.column)}`
        : f.kind === 'list' && f.item === 'ipnetwork'
          ? `${c}::text[] AS ${ident(f.column)}`
          : c,
    );
  }
  for (const [name, sql] of netboxColumns(registry, model, fields)) cols.push(`${sql} AS ${ident(`__n_${name}`)}`);
  cols.push(`${displaySql(registry, model, 't')} AS __display`);
  const rows = await query(
    db,
    `SELECT ${cols.join(', ')} FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[])`,
    [ids],
  );
  const m2m = new Map<string, Map<number, number[]>>();
  for (const f of model.fields) {
    if (f.kind !== 'm2m') continue;
    const th = f.through;
    const links = await query(
      db,
      `SELECT ${ident(th.source)} AS s, ${ident(th.target)} AS t FROM ${ident(th.table)}
      WHERE ${ident(th.source)} = ANY($1::bigint[]) ORDER BY 2`,
      [ids],
    );
    const by = new Map<number, number[]>();
    for (const l of links) pushTo(by, l.s as number, l.t as number);
    m2m.set(f.name, by);
  }
  const tags = new Map<number, string[]>();
  if (model.features.tags) {
    // sorted by code point, as NetBox sorts the names
    const links = await query(
      db,
      `SELECT ti.object_id AS o, g.name FROM ${tables.taggedItem} ti JOIN ${tables.tag} g ON g.id = ti.tag_id
        WHERE ti.object_type = $1 AND ti.object_id = ANY($2::bigint[]) ORDER BY g.name COLLATE "C"`,
      [model.key, ids],
    );
    for (const l of links) pushTo(tags, l.o as number, l.name as string);
  }
  const omitted = new Set(model.fields.filter((f) => f.snapshot === false).map((f) => f.name));
  for (const r of rows) {
    const s: Snapshot = {};
    for (const f of model.fields) {
      if (f.kind === 'm2m') s[f.name] = m2m.get(f.name)?.get(r.id as number) ?? [];
      else if (f.kind === 'tags') s.tags = tags.get(r.id as number) ?? [];
      else if (f.kind === 'custom_fields') s.custom_fields = r.custom_field_data ?? {};
      else if (f.column !== undefined && fields.includes(f))
        s[f.name] = f.kind === 'decimal' && r[f.column] !== null ? Number(r[f.column]) : (r[f.column] ?? null);
    }
    netboxForms.set(s, toNetbox(fields, omitted, s, r as Record<string, unknown>));
    out.set(r.id as number, { snapshot: s, repr: String(r.__display ?? '').slice(0, 200) });
  }
  return out;
}
