/**
 * Snapshots for the change log and events: an object's stored field values by wire name, with
 * relations as ids, tags as sorted names, custom field data — read back from the database so
 * they show what was really stored.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { ident, type Db } from '../db/index.ts';
import { displaySql } from '../read/display.ts';
import type { Snapshot } from './types.ts';
import { tables } from '../db/tables.ts';
import { pushTo } from '../collections.ts';

export interface Stored {
  readonly snapshot: Snapshot;
  readonly repr: string;
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
  // secrets (hidden columns, passwords, write-only fields) never reach the change log or events
  const fields = model.fields.filter(
    (f) =>
      f.column &&
      !f.hidden &&
      !f.writeOnly &&
      f.kind !== 'password' &&
      f.name !== 'created' &&
      f.name !== 'last_updated' &&
      f.kind !== 'id',
  );
  for (const f of fields) {
    const c = `t.${ident(f.column!)}`;
    cols.push(
      f.kind === 'ipaddress'
        ? `ip_with_mask(${c}) AS ${ident(f.column!)}`
        : f.kind === 'list' && f.item === 'ipnetwork'
          ? `${c}::text[] AS ${ident(f.column!)}`
          : c,
    );
  }
  cols.push(`${displaySql(registry, model, 't')} AS __display`);
  const rows = await db.unsafe(
    `SELECT ${cols.join(', ')} FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[])`,
    [ids as never],
  );
  const m2m = new Map<string, Map<number, number[]>>();
  for (const f of model.fields) {
    if (f.kind !== 'm2m') continue;
    const th = f.through!;
    const links = await db.unsafe(
      `SELECT ${ident(th.source)} AS s, ${ident(th.target)} AS t FROM ${ident(th.table)}
      WHERE ${ident(th.source)} = ANY($1::bigint[]) ORDER BY 2`,
      [ids as never],
    );
    const by = new Map<number, number[]>();
    for (const l of links) pushTo(by, l.s as number, l.t as number);
    m2m.set(f.name, by);
  }
  const tags = new Map<number, string[]>();
  if (model.features.tags) {
    const links = await db.unsafe(
      `SELECT ti.object_id AS o, g.name FROM ${tables.taggedItem} ti JOIN ${tables.tag} g ON g.id = ti.tag_id
        WHERE ti.object_type = $1 AND ti.object_id = ANY($2::bigint[]) ORDER BY g.name`,
      [model.key, ids as never],
    );
    for (const l of links) pushTo(tags, l.o as number, l.name as string);
  }
  for (const r of rows) {
    const s: Snapshot = {};
    for (const f of model.fields) {
      if (f.kind === 'm2m') s[f.name] = m2m.get(f.name)!.get(r.id as number) ?? [];
      else if (f.kind === 'tags') s.tags = tags.get(r.id as number) ?? [];
      else if (f.kind === 'custom_fields') s.custom_fields = r.custom_field_data ?? {};
      else if (fields.includes(f))
        s[f.name] = f.kind === 'decimal' && r[f.column!] !== null ? Number(r[f.column!]) : (r[f.column!] ?? null);
    }
    out.set(r.id as number, { snapshot: s, repr: String(r.__display ?? '').slice(0, 200) });
  }
  return out;
}
