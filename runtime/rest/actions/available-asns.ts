/**
 * `available-asns` of an ASN range: the numbers from start to end not taken by an ASN. POST gives
 * each requested ASN the next free number (and the range's RIR) and creates it.
 * Args: `start`, `end`, `rir` (fields of the range) and `creates` (the ASN model, with `asn` and `rir`).
 */
import type { Context } from 'hono';
import type { ActionDef, ModelDef } from '../../catalogue/index.ts';
import type { Row } from '../../db/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { respond } from '../../http/render.ts';
import {
  createAllocated,
  insufficient,
  loadParent,
  requestedItems,
  resultLimit,
  takenTables,
  unionOf,
} from './allocate.ts';
import { query } from '../../db/index.ts';

type Action = Extract<ActionDef, { op: 'available_asns' }>;

async function freeAsns(
  c: Context<AppEnv>,
  model: ModelDef,
  action: Action,
  parent: Row,
  limit: number,
): Promise<{ free: number[]; total: number }> {
  const { registry } = c.var.services;
  const target = registry.model(action.args.creates);
  const lo = Number(parent[registry.columnOf(model, action.args.start)]);
  const hi = Number(parent[registry.columnOf(model, action.args.end)]);
  const col = registry.columnOf(target, 'asn');
  const rows = await query(
    c.var.tx,
    unionOf(await takenTables(c, target), `t.${col} AS v`, `t.${col} BETWEEN $1 AND $2`),
    [lo, hi],
  );
  const used = new Set(rows.map((r) => Number(r.v)));
  const free: number[] = [];
  for (let v = lo; v <= hi && free.length < limit; v++) if (!used.has(v)) free.push(v);
  return { free, total: hi - lo + 1 - used.size };
}

export async function listAvailableAsns(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const parent = await loadParent(c, model, false);
  const { free } = await freeAsns(c, model, action, parent, resultLimit(c));
  return respond(
    c,
    200,
    free.map((asn) => ({ asn })),
  );
}

export async function allocateAsns(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const { registry } = c.var.services;
  const { items, many } = await requestedItems(c);
  const parent = await loadParent(c, model, true);
  const { free, total } = await freeAsns(c, model, action, parent, items.length);
  if (free.length < items.length) {
    throw insufficient(
      `An insufficient number of ASNs are available within ${String(parent.__display)} (${items.length} requested, ` +
        `${Math.max(0, total)} available)`,
    );
  }
  const rir = parent[registry.columnOf(model, action.args.rir)];
  const inputs = items.map((item, k) => ({ ...item, asn: free[k], rir }));
  return createAllocated(c, registry.model(action.args.creates), inputs, many);
}
