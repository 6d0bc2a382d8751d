/**
 * `available-vlans` of a VLAN group: the VIDs of its ranges not used by a VLAN of the group. POST
 * gives each requested VLAN the next free VID (and the group) and creates it.
 * Args: `ranges` (the group's list of [low, high] VID ranges) and `creates` (the VLAN model, with
 * `vid` and `group` fields).
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
  nestedOf,
  requestedItems,
  resultLimit,
  takenTables,
  unionOf,
} from './allocate.ts';
import { query } from '../../db/index.ts';

type Action = Extract<ActionDef, { op: 'available_vlans' }>;

async function freeVids(
  c: Context<AppEnv>,
  model: ModelDef,
  action: Action,
  parent: Row,
  limit: number,
): Promise<number[]> {
  const { registry } = c.var.services;
  const target = registry.model(action.args.creates);
  const ranges = (parent[registry.columnOf(model, action.args.ranges)] ?? []) as [number, number][];
  const vid = registry.columnOf(target, 'vid');
  const rows = await query(
    c.var.tx,
    unionOf(await takenTables(c, target), `t.${vid} AS v`, `t.${registry.columnOf(target, 'group')} = $1`),
    [Number(parent.id)],
  );
  const used = new Set(rows.map((r) => Number(r.v)));
  const out: number[] = [];
  for (const [lo, hi] of [...ranges].sort((x, y) => x[0] - y[0])) {
    for (let v = lo; v <= hi && out.length < limit; v++) if (!used.has(v) && !out.includes(v)) out.push(v);
  }
  return out;
}

export async function listAvailableVlans(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const parent = await loadParent(c, model, false);
  const group = await nestedOf(c, model, parent.id);
  const list = (await freeVids(c, model, action, parent, resultLimit(c))).map((vid) => ({ vid, group }));
  return respond(c, 200, list);
}

export async function allocateVlans(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const { items, many } = await requestedItems(c);
  const parent = await loadParent(c, model, true);
  const vids = await freeVids(c, model, action, parent, items.length);
  if (vids.length < items.length) throw insufficient('The requested number of VLANs is not available');
  const inputs = items.map((item, k) => ({ ...item, vid: vids[k], group: parent.id }));
  return createAllocated(c, c.var.services.registry.model(action.args.creates), inputs, many);
}
