/**
 * `available-prefixes` of a prefix (NetBox's get_available_prefixes): the address space not covered
 * by a child prefix in the same VRF (any VRF for a global container), as the fewest CIDR blocks.
 * POST carves the first block that fits each requested `prefix_length` and creates the prefixes.
 * Args: `network`, `vrf`, optional `status`, and `creates` (the prefix model, with `prefix` and `vrf`).
 */
import type { SqlScalar } from '../../db/index.ts';
import type { Context } from 'hono';
import type { ActionDef, ModelDef } from '../../catalogue/index.ts';
import { Params, type Row, query } from '../../db/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidInput } from '../../errors/index.ts';
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
import { bitsOf, cidrs, formatIp, type Interval, parseNetwork, subtract } from './ipset.ts';

type Action = Extract<ActionDef, { op: 'available_prefixes' }>;

async function freeSpace(
  c: Context<AppEnv>,
  model: ModelDef,
  action: Action,
  parent: Row,
): Promise<{ family: 4 | 6; set: Interval[] }> {
  const { registry } = c.var.services;
  const a = action.args;
  const target = registry.model(a.creates);
  const text = String(parent[registry.columnOf(model, a.network)]);
  const net = parseNetwork(text);
  const vrf = (parent[registry.columnOf(model, a.vrf)] ?? null) as SqlScalar;
  const params = new Params();
  const p = params.add(text);
  const anyVrf = vrf === null && a.status && parent[registry.columnOf(model, a.status)] === 'container';
  const vrfCond = anyVrf
    ? 'TRUE'
    : `t.${registry.columnOf(target, 'vrf')} IS NOT DISTINCT FROM ${params.add(vrf)}::bigint`;
  const col = registry.columnOf(target, 'prefix');
  const rows = await query(
    c.var.tx,
    unionOf(await takenTables(c, target), `t.${col}::text AS p`, `t.${col} << ${p}::cidr AND ${vrfCond}`),
    params.values,
  );
  const taken = rows.map((r) => {
    const n = parseNetwork(r.p as string);
    return { lo: n.first, hi: n.last };
  });
  return { family: net.family, set: subtract([{ lo: net.first, hi: net.last }], taken) };
}

export async function listAvailablePrefixes(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const parent = await loadParent(c, model, false);
  const free = await freeSpace(c, model, action, parent);
  const vrfField = c.var.services.registry.fieldOfKind(model, action.args.vrf, 'fk');
  const vrf = await nestedOf(c, c.var.services.registry.model(vrfField.to), parent[vrfField.column]);
  const list = cidrs(free.set, free.family)
    .slice(0, resultLimit(c))
    .map((b) => ({ family: free.family, prefix: `${formatIp(b.start, free.family)}/${b.length}`, vrf }));
  return respond(c, 200, list);
}

export async function allocatePrefixes(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const { registry } = c.var.services;
  const { items, many } = await requestedItems(c);
  const parent = await loadParent(c, model, true);
  const free = await freeSpace(c, model, action, parent);
  const bits = bitsOf(free.family);
  const errors = items.map((i) => {
    const l = i.prefix_length;
    if (l === undefined || l === null) return { prefix_length: ['This field is required.'] };
    if (!Number.isInteger(l) || (l as number) < 1 || (l as number) > bits)
      return { prefix_length: [`Enter a prefix length between 1 and ${bits}.`] };
    return {};
  });
  if (errors.some((e) => Object.keys(e).length)) throw invalidInput(many ? errors : errors[0]);
  let set = free.set;
  const inputs: Record<string, unknown>[] = [];
  for (const { prefix_length: length, ...item } of items) {
    const block = cidrs(set, free.family).find((b) => b.length <= (length as number));
    if (!block) throw insufficient('Insufficient space is available to accommodate the requested prefix size(s)');
    const size = 1n << BigInt(bits - (length as number));
    set = subtract(set, [{ lo: block.start, hi: block.start + size - 1n }]);
    inputs.push({
      ...item,
      prefix: `${formatIp(block.start, free.family)}/${length as number}`,
      vrf: parent[registry.columnOf(model, action.args.vrf)] ?? null,
    });
  }
  return createAllocated(c, registry.model(action.args.creates), inputs, many);
}
