/**
 * Values PostgreSQL left to the server: a rendered config context while contexts are active (merged
 * by read/config-context.ts, as REST renders it), and values the caller may not read (hidden.ts). The
 * query wrote a marker with the row's id in their place; here each kind is rendered for all its rows at
 * once (one query per kind, never per row), and a value that may not be read fails the request.
 */
import { present } from '../collections.ts';
import { ident, type Row, query } from '../db/index.ts';
import { configContextRenderer } from '../read/index.ts';
import type { QueryContext } from './context.ts';
import { GraphqlFault } from './faults.ts';

const MARKER = '__nb_deferred';

type Marker = { [MARKER]: number; id: number };

function isMarker(v: unknown): v is Marker {
  return !!v && typeof v === 'object' && !Array.isArray(v) && MARKER in (v as object);
}

/** Every marker in the answer, with a setter for its place. */
function markers(root: unknown): { m: Marker; set: (v: unknown) => void }[] {
  const out: { m: Marker; set: (v: unknown) => void }[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      if (isMarker(x)) out.push({ m: x, set: (value) => ((v as Record<string | number, unknown>)[k] = value) });
      else walk(x);
    }
  };
  walk(root);
  return out;
}

async function render(qc: QueryContext, slot: number, ids: number[]): Promise<(id: number) => unknown> {
  const { model, field, refusal } = present(qc.deferred[slot], `deferred value ${slot}`);
  if (refusal) throw new GraphqlFault(refusal);
  const f = qc.registry.fieldOf(model, field);
  const c = f.kind === 'computed' ? f.computed : undefined;
  if (c?.type !== 'config_context') return () => null;
  const local = c.local ? `, ${ident(qc.registry.columnOf(model, c.local))}` : '';
  const rows = (await query(qc.read.db, `SELECT id${local} FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`, [
    ids,
  ])) as unknown as Row[];
  const renderRow = await configContextRenderer(qc.read, model, c, rows);
  const byId = new Map(rows.map((r) => [Number(r.id), renderRow(r)]));
  return (id) => byId.get(id) ?? null;
}

/** The data with every deferred value filled in (unchanged text when there is none). */
export async function fillDeferred(qc: QueryContext, data: string): Promise<string> {
  if (!qc.deferred.length || !data.includes(`"${MARKER}"`)) return data;
  const parsed = JSON.parse(data) as unknown;
  const found = markers(parsed);
  const bySlot = new Map<number, typeof found>();
  for (const f of found) {
    const list = bySlot.get(f.m[MARKER]) ?? [];
    list.push(f);
    bySlot.set(f.m[MARKER], list);
  }
  for (const [slot, list] of bySlot) {
    const value = await render(qc, slot, [...new Set(list.map((f) => Number(f.m.id)))]);
    for (const f of list) f.set(value(Number(f.m.id)));
  }
  return JSON.stringify(parsed);
}
