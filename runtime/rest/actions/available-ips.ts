/**
 * `available-ips` of a prefix or an IP range (NetBox's get_available_ips): the addresses not taken
 * by an IP address in the same VRF (any VRF for a global container) nor by a populated range; a
 * prefix also keeps its network and broadcast addresses (IPv4) or subnet-router anycast (IPv6)
 * back unless it is a pool or a /31, /32, /127, /128. GET lists them, POST creates addresses.
 * Args: `network` (prefix) or `start`/`end` (range), `vrf`, optional `status`, `pool`, `populated`,
 * `ranges` (the range model), and `creates` (the address model, with `address` and `vrf` fields).
 */
import type { SqlScalar } from '../../db/index.ts';
import type { Context } from 'hono';
import { CatalogueLookupError, type ActionDef, type ModelDef } from '../../catalogue/index.ts';
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
import { bitsOf, firstAddresses, formatIp, hostValue, type Interval, parseNetwork, size, subtract } from './ipset.ts';

type Action = Extract<ActionDef, { op: 'available_ips' }>;

interface Free {
  readonly family: 4 | 6;
  readonly length: number;
  readonly set: Interval[];
}

async function freeAddresses(c: Context<AppEnv>, model: ModelDef, action: Action, parent: Row): Promise<Free> {
  const { registry } = c.var.services;
  const a = action.args;
  const column = (field: string) => registry.columnOf(model, field);
  const target = registry.model(a.creates);
  const vrf = (parent[column(a.vrf)] ?? null) as SqlScalar;
  const params = new Params();
  let whole: Interval;
  let family: 4 | 6;
  let length: number;
  let within: (col: string) => string;
  let vrfCond: string;
  const vrfCol = registry.columnOf(target, 'vrf');
  if (a.network) {
    const net = parseNetwork(String(parent[column(a.network)]));
    ({ family, length } = net);
    whole = { lo: net.first, hi: net.last };
    const p = params.add(String(parent[column(a.network)]));
    within = (col) => `t.${col} && ${p}::inet AND host(t.${col})::inet <<= ${p}::inet`;
    // a global container counts addresses of every VRF (NetBox's get_child_ips)
    const anyVrf = vrf === null && a.status && parent[column(a.status)] === 'container';
    vrfCond = anyVrf ? 'TRUE' : `t.${vrfCol} IS NOT DISTINCT FROM ${params.add(vrf)}::bigint`;
  } else {
    if (!a.start || !a.end)
      throw new CatalogueLookupError(`${model.key}: available_ips needs network, or start and end`);
    const start = String(parent[column(a.start)]);
    const end = String(parent[column(a.end)]);
    const first = parseNetwork(start);
    family = first.family;
    length = first.length;
    whole = { lo: hostValue(start), hi: hostValue(end) };
    if (a.populated && parent[column(a.populated)] === true) return { family, length, set: [] };
    const lo = params.add(start.split('/')[0]);
    const hi = params.add(end.split('/')[0]);
    within = (col) => `family(t.${col}) = ${family} AND host(t.${col})::inet BETWEEN ${lo}::inet AND ${hi}::inet`;
    vrfCond = `t.${vrfCol} IS NOT DISTINCT FROM ${params.add(vrf)}::bigint`;
  }
  const addresses = await takenTables(c, target);
  const queries = [
    query(
      c.var.tx,
      unionOf(addresses, 'host(t.address) AS lo, host(t.address) AS hi', `${within('address')} AND ${vrfCond}`),
      params.values,
    ),
  ];
  if (a.ranges) {
    const ranges = await takenTables(c, registry.model(a.ranges));
    const where = `t.mark_populated AND ${within('start_address')} AND ${within('end_address')} AND ${vrfCond}`;
    queries.push(
      query(c.var.tx, unionOf(ranges, 'host(t.start_address) AS lo, host(t.end_address) AS hi', where), params.values),
    );
  }
  const taken = (await Promise.all(queries))
    .flat()
    .map((r) => ({ lo: hostValue(r.lo as string), hi: hostValue(r.hi as string) }));
  let set = subtract([whole], taken);
  const fullyUsable =
    !a.network || (a.pool && parent[column(a.pool)] === true) || (family === 4 ? length >= 31 : length >= 127);
  if (!fullyUsable)
    set = subtract(
      set,
      family === 4
        ? [
            { lo: whole.lo, hi: whole.lo },
            { lo: whole.hi, hi: whole.hi },
          ]
        : [{ lo: whole.lo, hi: whole.lo }],
    );
  return { family, length, set };
}

export async function listAvailableIps(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const { registry } = c.var.services;
  const parent = await loadParent(c, model, false);
  const free = await freeAddresses(c, model, action, parent);
  const vrf = await nestedOf(
    c,
    registry.targetOf(model, action.args.vrf),
    parent[registry.columnOf(model, action.args.vrf)],
  );
  const list = firstAddresses(free.set, resultLimit(c)).map((v) => ({
    family: free.family,
    address: `${formatIp(v, free.family)}/${free.length}`,
    vrf,
  }));
  return respond(c, 200, list);
}

export async function allocateIps(c: Context<AppEnv>, model: ModelDef, action: Action): Promise<Response> {
  const { registry } = c.var.services;
  const { items, many } = await requestedItems(c);
  const parent = await loadParent(c, model, true);
  const free = await freeAddresses(c, model, action, parent);
  const available = size(free.set);
  if (available < BigInt(items.length)) {
    throw insufficient(
      `An insufficient number of IP addresses are available within ${String(parent.__display)} (${items.length} ` +
        `requested, ${available} available)`,
    );
  }
  const bits = bitsOf(free.family);
  const errors = items.map((i) =>
    i.prefix_length !== undefined &&
    !(Number.isInteger(i.prefix_length) && (i.prefix_length as number) >= 1 && (i.prefix_length as number) <= bits)
      ? { prefix_length: [`Enter a prefix length between 1 and ${bits}.`] }
      : {},
  );
  if (errors.some((e) => Object.keys(e).length)) throw invalidInput(many ? errors : errors[0]);
  // as many as there are items (there are enough: checked above)
  const values = firstAddresses(free.set, items.length);
  const vrf = parent[registry.columnOf(model, action.args.vrf)] ?? null;
  const inputs = items.map(({ prefix_length: length, ...item }, k) => ({
    ...item,
    address: `${formatIp(values[k], free.family)}/${(length as number | undefined) ?? free.length}`,
    vrf,
  }));
  return createAllocated(c, registry.model(action.args.creates), inputs, many);
}
