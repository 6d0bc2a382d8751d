/**
 * A device's interfaces as NetBox's `Device.vc_interfaces()` gives them: its own, plus every other
 * member's non-management interfaces when it belongs to a virtual chassis (with `master`: only when it
 * is that chassis's master). `column` is the component's device; `chassis` names the device's virtual
 * chassis, `mgmtOnly` the component's management-only flag and `master`, optionally, the chassis's master.
 */
import type { SqlParam } from '../db/index.ts';
import type { SpecialFilter } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { naturalKeyOf } from './columns.ts';
import { parseInteger } from './values.ts';

export function chassisCondition(
  ctx: FilterContext,
  call: FilterCall<Extract<SpecialFilter, { readonly op: 'vc_interfaces' }>>,
): string {
  const { model, filter: f, values, alias } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  const deviceField = ctx.registry.fieldOfKind(model, f.column, 'fk');
  const device = ctx.registry.model(deviceField.to);
  const chassisField = ctx.registry.fieldOfKind(device, f.chassis, 'fk');
  const chassis = ident(chassisField.column);
  const mgmt = ident(ctx.registry.columnOf(model, f.mgmtOnly));
  const own = `${alias}.${ident(deviceField.column)}`;
  // devices by id, or by name (names need not be unique: every device of that name)
  const named =
    f.type === 'integer'
      ? `d.id = ANY(${p(values.map(parseInteger))}::bigint[])`
      : `d.${ident(naturalKeyOf(ctx.registry, device).column)} = ANY(${p(values)}::text[])`;
  let chassisOf = `SELECT d.${chassis} FROM ${ident(device.table)} d WHERE ${named}`;
  if (f.master) {
    const vc = ctx.registry.model(chassisField.to);
    const master = ident(ctx.registry.columnOf(vc, f.master));
    chassisOf += ` AND d.${chassis} IN (SELECT v.id FROM ${ident(vc.table)} v WHERE v.${master} = d.id)`;
  }
  return `(${own} IN (SELECT d.id FROM ${ident(device.table)} d WHERE ${named})
    OR (NOT ${alias}.${mgmt} AND ${own} IN (SELECT m.id FROM ${ident(device.table)} m
      WHERE m.${chassis} IN (${chassisOf}))))`;
}
