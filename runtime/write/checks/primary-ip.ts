/**
 * `primary_ip`: a primary (or out-of-band) IP of an object must be of the right family and
 * assigned to one of the object's interfaces, or be the NAT outside of an address that is
 * (NetBox's Device.clean / VirtualMachine.clean).
 * Args: `field` (the IP relation), `family` ('4' or '6', optional), `interfaces` (the interface
 * model's relation to this model), `address` (the IP model's address field),
 * `assigned` (its generic assignment), `nat_inside` (its NAT relation); optionally `chassis` (this
 * model's virtual chassis) and `mgmt_only` (the interface's flag): then an address on a
 * non-management interface of any member of the object's virtual chassis is accepted too.
 * Message: `{ip}` is the address; a second message for the wrong family is NetBox's own.
 */
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, query } from '../../db/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import type { CheckRuleOf } from './index.ts';

export async function checkPrimaryIp(
  ctx: WriteContext,
  model: ModelDef,
  rule: CheckRuleOf<'primary_ip'>,
  items: Pending[],
): Promise<void> {
  const a = rule.args;
  const given = items.filter((i) => i.values[a.field] !== null && i.values[a.field] !== undefined);
  if (!given.length) return;
  const ipModel = ctx.registry.targetOf(model, a.field);
  const assigned = ctx.registry.fieldOfKind(ipModel, a.assigned, 'generic');
  const address = ident(ctx.registry.columnOf(ipModel, a.address));
  const natInside = ident(ctx.registry.columnOf(ipModel, a.nat_inside));
  const iface = ctx.registry.model(a.interfaces.model);
  const ifaceCol = ident(ctx.registry.columnOf(iface, a.interfaces.field));
  const ids = [...new Set(given.map((i) => i.values[a.field] as number))];
  // the interface's owner, the owner's virtual chassis when the object may have one (null when the
  // interface is for management only, which the chassis does not share), and the same for the
  // address the given one is NAT for
  const chassisCol = a.chassis ? ident(ctx.registry.columnOf(model, a.chassis)) : undefined;
  const mgmtCol = a.mgmt_only ? ident(ctx.registry.columnOf(iface, a.mgmt_only)) : undefined;
  const ownerOf = (x: string) =>
    chassisCol && mgmtCol
      ? `CASE WHEN ${x}.${mgmtCol} THEN NULL ELSE (SELECT o.${chassisCol} FROM ${ident(model.table)} o
      WHERE o.id = ${x}.${ifaceCol}) END`
      : 'NULL::bigint';
  const rows = await query(
    ctx.db,
    `SELECT ip.id, ip_with_mask(ip.${address}) AS address,
      family(ip.${address}) AS family, o.owner, o.chassis, n.nat_owner, n.nat_chassis
       FROM ${ident(ipModel.table)} ip
       LEFT JOIN LATERAL (SELECT x.${ifaceCol} AS owner, ${ownerOf('x')} AS chassis FROM ${ident(iface.table)} x
      WHERE ip.${ident(assigned.typeColumn)} = $2 AND x.id = ip.${ident(assigned.idColumn)}) o ON true
       LEFT JOIN LATERAL (SELECT x.${ifaceCol} AS nat_owner, ${ownerOf('x')} AS nat_chassis
      FROM ${ident(ipModel.table)} n
      JOIN ${ident(iface.table)} x ON x.id = n.${ident(assigned.idColumn)} AND n.${ident(assigned.typeColumn)} = $2
      WHERE n.id = ip.${natInside}) n ON true
      WHERE ip.id = ANY($1::bigint[])`,
    [ids, iface.key],
  );
  const by = new Map(rows.map((r) => [Number(r.id), r]));
  for (const item of given) {
    const ip = by.get(item.values[a.field] as number);
    if (!ip) continue; // a missing object was reported when the relation was resolved
    if (a.family && Number(ip.family) !== Number(a.family)) {
      item.errors.add(a.field, `${ip.address as string} is not an IPv${a.family} address.`);
      continue;
    }
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    const chassis = a.chassis ? num(item.values[a.chassis]) : null;
    const mine = (owner: unknown, ownerChassis: unknown) =>
      num(owner) === item.id || (chassis !== null && num(ownerChassis) === chassis);
    if (!mine(ip.owner, ip.chassis) && !mine(ip.nat_owner, ip.nat_chassis))
      item.errors.add(
        a.field,
        (rule.message ?? 'The specified IP address ({ip}) is not assigned to this object.').replace(
          '{ip}',
          ip.address as string,
        ),
      );
  }
}
