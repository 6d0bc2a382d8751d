/**
 * A device's interfaces as NetBox's `Device.vc_interfaces()` gives them: its own, plus every other
 * member's non-management interfaces when it belongs to a virtual chassis (with `master` in `arg`:
 * only when it is that chassis's master). `field` is the component's device; `arg` names the device's
 * virtual chassis, the component's management-only flag and, optionally, the chassis's master.
 */
import type { SqlParam } from '../db/query.ts';
import type { FilterDef, ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import type { FilterContext } from './conditions.ts';
import { parseInteger } from './values.ts';

export function chassisCondition(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  values: string[],
  alias: string,
): string {
  const p = (v: SqlParam) => ctx.params.add(v);
  const [chassisName, mgmtName, masterName] = f.arg!.split(',') as [string, string, string | undefined];
  const deviceField = ctx.registry.field(model, f.column)!;
  const device = ctx.registry.model(deviceField.to!);
  const chassisField = ctx.registry.field(device, chassisName)!;
  const chassis = ident(chassisField.column!);
  const mgmt = ident(ctx.registry.field(model, mgmtName)!.column!);
  const own = `${alias}.${ident(deviceField.column!)}`;
  // devices by id, or by name (names need not be unique: every device of that name)
  const named =
    f.type === 'integer'
      ? `d.id = ANY(${p(values.map(parseInteger))}::bigint[])`
      : `d.${ident(ctx.registry.field(device, device.naturalKey!)!.column!)} = ANY(${p(values)}::text[])`;
  let chassisOf = `SELECT d.${chassis} FROM ${ident(device.table)} d WHERE ${named}`;
  if (masterName) {
    const vc = ctx.registry.model(chassisField.to!);
    const master = ident(ctx.registry.field(vc, masterName)!.column!);
    chassisOf += ` AND d.${chassis} IN (SELECT v.id FROM ${ident(vc.table)} v WHERE v.${master} = d.id)`;
  }
  return `(${own} IN (SELECT d.id FROM ${ident(device.table)} d WHERE ${named})
    OR (NOT ${alias}.${mgmt} AND ${own} IN (SELECT m.id FROM ${ident(device.table)} m
      WHERE m.${chassis} IN (${chassisOf}))))`;
}
