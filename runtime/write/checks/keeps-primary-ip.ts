/**
 * `keeps_primary_ip`: an address that is the primary (or out-of-band) IP of a device or VM cannot
 * be assigned to an interface of another parent, or unassigned (NetBox's IPAddress.clean).
 * Args: `assigned` (the generic assignment), `holders` (relations of other models that name an
 * address as primary), `parents` (per interface model, its relation to the parent).
 */
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, query } from '../../db/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import type { CheckRuleOf } from './index.ts';

export async function checkKeepsPrimaryIp(
  ctx: WriteContext,
  model: ModelDef,
  rule: CheckRuleOf<'keeps_primary_ip'>,
  items: Pending[],
): Promise<void> {
  const a = rule.args;
  const g = ctx.registry.fieldOfKind(model, a.assigned, 'generic');
  const moved = items.filter(
    (i) =>
      i.before && (i.values[g.typeColumn] !== i.before[g.typeColumn] || i.values[g.idColumn] !== i.before[g.idColumn]),
  );
  if (!moved.length) return;
  const ids = moved.map((i) => i.id);
  // who holds each moved address as primary: (holder model, holder id)
  const holders: { ip: number; model: string; id: number }[] = [];
  for (const h of a.holders) {
    const hm = ctx.registry.model(h.model);
    const col = ident(ctx.registry.columnOf(hm, h.field));
    const rows = await query(
      ctx.db,
      `SELECT id, ${col} AS ip FROM ${ident(hm.table)} WHERE ${col} = ANY($1::bigint[])`,
      [ids],
    );
    for (const r of rows) holders.push({ ip: Number(r.ip), model: h.model, id: Number(r.id) });
  }
  if (!holders.length) return;
  for (const item of moved) {
    const mine = holders.filter((h) => h.ip === item.id);
    if (!mine.length) continue;
    const type = item.values[g.typeColumn] as string | null;
    const target = item.values[g.idColumn] as number | null;
    let parent: { model: string; id: number } | null = null;
    const via = a.parents.find((p) => p.model === type);
    if (via && target !== null) {
      const im = ctx.registry.model(via.model);
      const f = ctx.registry.fieldOfKind(im, via.field, 'fk');
      const rows = await query(ctx.db, `SELECT ${ident(f.column)} AS p FROM ${ident(im.table)} WHERE id = $1`, [
        target,
      ]);
      if (rows[0]?.p !== null && rows[0]?.p !== undefined) parent = { model: f.to, id: Number(rows[0].p) };
    }
    if (mine.some((h) => !parent || h.model !== parent.model || h.id !== parent.id)) {
      item.errors.add(rule.key, rule.message ?? 'Cannot reassign primary IP address for the parent device/VM');
    }
  }
}
