/**
 * `lag`: an interface's parent LAG is an interface of type LAG, not the interface itself, on the
 * same device, or a device of the same virtual chassis (NetBox's Interface.clean); a virtual
 * interface has no LAG. Args: `field` (the LAG relation), `device` (the interface's device
 * relation), `type` (its type field), `lag_type` and `virtual_type` (the type values), optional
 * `chassis` (the device's virtual chassis relation).
 */
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, query } from '../../db/index.ts';
import { displaySql } from '../../sql/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import type { CheckRuleOf } from './index.ts';

export async function checkLag(
  ctx: WriteContext,
  model: ModelDef,
  rule: CheckRuleOf<'lag'>,
  items: Pending[],
): Promise<void> {
  const a = rule.args;
  const withLag = items.filter((i) => i.values[a.field] !== null && i.values[a.field] !== undefined);
  if (!withLag.length) return;
  const col = (f: string) => ident(ctx.registry.columnOf(model, f));
  const device = ctx.registry.targetOf(model, a.device);
  const chassis = a.chassis ? ident(ctx.registry.columnOf(device, a.chassis)) : undefined;
  const own = new Map<number, unknown>();
  if (chassis) {
    const ids = [...new Set(withLag.map((i) => i.values[a.device] as number))];
    for (const r of await query(
      ctx.db,
      `SELECT id, ${chassis} AS c FROM ${ident(device.table)}
      WHERE id = ANY($1::bigint[])`,
      [ids],
    ))
      own.set(Number(r.id), r.c);
  }
  const chassisSql = chassis
    ? `(SELECT d.${chassis} FROM ${ident(device.table)} d WHERE d.id = t.${col(a.device)})`
    : 'NULL';
  const rows = await query(
    ctx.db,
    `SELECT t.id, ${displaySql(ctx.registry, model, 't')} AS name, t.${col(a.type)} AS type,
      t.${col(a.device)} AS device,
            (SELECT ${displaySql(ctx.registry, device, 'd')} FROM ${ident(device.table)} d
      WHERE d.id = t.${col(a.device)}) AS device_name,
            ${chassisSql} AS chassis
       FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[])`,
    [[...new Set(withLag.map((i) => i.values[a.field] as number))]],
  );
  const by = new Map(rows.map((r) => [Number(r.id), r]));
  for (const item of withLag) {
    const lagId = item.values[a.field] as number;
    if (item.before && lagId === item.id) {
      item.errors.add(a.field, 'A LAG interface cannot be its own parent.');
      continue;
    }
    const lag = by.get(lagId);
    if (!lag) continue;
    if (lag.type !== a.lag_type) {
      item.errors.add(a.field, `The selected LAG interface (${lag.name as string}) is not a LAG interface.`);
      continue;
    }
    const sameChassis =
      lag.chassis !== null &&
      lag.chassis !== undefined &&
      String(own.get(Number(item.values[a.device]))) === String(lag.chassis);
    if (Number(lag.device) !== Number(item.values[a.device]) && !sameChassis) {
      item.errors.add(
        a.field,
        `The selected LAG interface (${lag.name as string}) belongs to a different device ` +
          `(${lag.device_name as string}).`,
      );
      continue;
    }
    if (item.values[a.type] === a.virtual_type)
      item.errors.add(a.type, 'Virtual interfaces cannot have a parent LAG interface.');
  }
}
