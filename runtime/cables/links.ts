/** One hop of cabling, for many objects at once: each object's cable, its end, and the far end's objects. */
import { ident, type Db, query, readOptions } from '../db/index.ts';
import { CABLE, TERMINATION, type Ref, refKey } from './model.ts';

export interface Link {
  readonly cable: number;
  readonly end: string;
  readonly status: string;
  readonly far: Ref[];
}

export async function linksOf(
  db: Db,
  refs: readonly Ref[],
  tables: { termination: string; cable: string },
): Promise<Map<string, Link>> {
  if (!refs.length) return new Map();
  const t = ident(tables.termination);
  // one text per pair of tables, on every page of cabled objects: named, so it is planned once per connection
  const text = `SELECT a.${TERMINATION.type} AS nt, a.${TERMINATION.id} AS ni, a.${TERMINATION.cable} AS cable,
      a.${TERMINATION.end} AS e, c.${CABLE.status} AS status,
            b.${TERMINATION.type} AS ft, b.${TERMINATION.id} AS fi
       FROM unnest($1::text[], $2::bigint[]) AS r(t, i)
       JOIN ${t} a ON a.${TERMINATION.type} = r.t AND a.${TERMINATION.id} = r.i
       JOIN ${ident(tables.cable)} c ON c.id = a.${TERMINATION.cable}
       LEFT JOIN ${t} b ON b.${TERMINATION.cable} = a.${TERMINATION.cable}
      AND b.${TERMINATION.end} <> a.${TERMINATION.end}
      ORDER BY b.id`;
  const rows = await query(db, text, [refs.map((r) => r.type), refs.map((r) => r.id)], readOptions(text));
  const out = new Map<string, Link>();
  for (const r of rows) {
    const key = refKey({ type: r.nt as string, id: Number(r.ni) });
    const link = out.get(key) ?? { cable: Number(r.cable), end: r.e as string, status: r.status as string, far: [] };
    if (r.ft) link.far.push({ type: r.ft as string, id: Number(r.fi) });
    out.set(key, link);
  }
  return out;
}
