/**
 * `rack_space`: a device placed in a rack sits at a multiple of 0.5U, on a face, inside the rack's
 * units, and on units no other device on that face (or a full-depth one) occupies — against the
 * stored devices and the rest of the batch (NetBox's Device.clean and Rack.get_available_units).
 * Args: `rack`, `position`, `face` and `type` (fields of this model), `height` and `full_depth`
 * (fields of the type), `rack_height` and `starting_unit` (fields of the rack).
 */
import type { ModelDef } from '../../catalogue/index.ts';
import { ident, query, type Row } from '../../db/index.ts';
import { displaySql } from '../../sql/index.ts';
import type { Pending, WriteContext } from '../types.ts';
import type { CheckRuleOf } from './index.ts';

interface Placed {
  readonly id: number;
  readonly rack: number;
  readonly position: number;
  readonly face: string | null;
  readonly height: number;
  readonly fullDepth: boolean;
}

const fmt = (n: number) => n.toFixed(1);

function overlaps(a: Placed, b: Placed): boolean {
  if (a.rack !== b.rack || a.id === b.id || a.height <= 0 || b.height <= 0) return false;
  if (!(a.fullDepth || b.fullDepth || a.face === b.face)) return false;
  return a.position < b.position + b.height && b.position < a.position + a.height;
}

type Args = CheckRuleOf<'rack_space'>['args'];

/** The stored rows the check compares against: the types and racks named, and the devices already placed. */
async function loadPlacement(ctx: WriteContext, model: ModelDef, a: Args, placed: Pending[], items: Pending[]) {
  const col = (m: ModelDef, f: string) => ident(ctx.registry.columnOf(m, f));
  const typeModel = ctx.registry.targetOf(model, a.type);
  const rackModel = ctx.registry.targetOf(model, a.rack);
  const typeIds = [...new Set(placed.map((i) => i.values[a.type] as number))];
  const rackIds = [...new Set(placed.map((i) => i.values[a.rack] as number))];
  const [types, racks, stored] = await Promise.all([
    query(
      ctx.db,
      `SELECT t.id, ${displaySql(ctx.registry, typeModel, 't')} AS name,
      t.${col(typeModel, a.height)}::float8 AS h, t.${col(typeModel, a.full_depth)} AS fd
      FROM ${ident(typeModel.table)} t WHERE t.id = ANY($1::bigint[])`,
      [typeIds],
    ),
    query(
      ctx.db,
      `SELECT id, ${col(rackModel, a.rack_height)} AS h, ${col(rackModel, a.starting_unit)} AS s
      FROM ${ident(rackModel.table)} WHERE id = ANY($1::bigint[])`,
      [rackIds],
    ),
    query(
      ctx.db,
      `SELECT d.id, d.${col(model, a.rack)} AS rack, d.${col(model, a.position)}::float8 AS position,
        d.${col(model, a.face)} AS face,
              t.${col(typeModel, a.height)}::float8 AS h, t.${col(typeModel, a.full_depth)} AS fd
         FROM ${ident(model.table)} d JOIN ${ident(typeModel.table)} t ON t.id = d.${col(model, a.type)}
        WHERE d.${col(model, a.rack)} = ANY($1::bigint[]) AND d.${col(model, a.position)} IS NOT NULL
        AND NOT (d.id = ANY($2::bigint[]))`,
      [rackIds, items.filter((i) => i.before).map((i) => i.id)],
    ),
  ]);
  const others: Placed[] = stored.map((r) => ({
    id: Number(r.id),
    rack: Number(r.rack),
    position: Number(r.position),
    face: r.face as string | null,
    height: Number(r.h),
    fullDepth: !!r.fd,
  }));
  return {
    typeBy: new Map(types.map((t) => [Number(t.id), t])),
    rackBy: new Map(racks.map((r) => [Number(r.id), r])),
    others,
  };
}

/** The batch's placed devices, each with its type's row. */
function batchPlaced(a: Args, placed: Pending[], typeBy: Map<number, Row>): { item: Pending; p: Placed; type: Row }[] {
  const mine: { item: Pending; p: Placed; type: Row }[] = [];
  for (const item of placed) {
    const type = typeBy.get(item.values[a.type] as number);
    if (!type) continue;
    const p: Placed = {
      id: item.id || -1 - item.index,
      rack: item.values[a.rack] as number,
      position: Number(item.values[a.position]),
      face: (item.values[a.face] as string | null) ?? null,
      height: Number(type.h),
      fullDepth: !!type.fd,
    };
    mine.push({ item, p, type });
  }
  return mine;
}

/** What is wrong with one device's place, as the field and message NetBox gives, if anything. */
function placementFault(
  a: Args,
  p: Placed,
  t: Row,
  rack: Row,
  clashes: (p: Placed) => boolean,
): [string, string] | undefined {
  if ((p.position * 2) % 1 !== 0) return [a.position, 'Position must be in increments of 0.5 rack units.'];
  if (p.face === null) return [a.face, 'Must specify rack face when defining rack position.'];
  if (p.height === 0)
    return [a.position, `A 0U device type (${t.name as string}) cannot be assigned to a rack position.`];
  const first = Number(rack.s);
  const fits = p.position >= first && p.position + p.height <= first + Number(rack.h);
  if (fits && !clashes(p)) return undefined;
  return [
    a.position,
    `U${fmt(p.position)} is already occupied or does not have sufficient space to accommodate this device type: ` +
      `${t.name as string} (${fmt(p.height)}U)`,
  ];
}

export async function checkRackSpace(
  ctx: WriteContext,
  model: ModelDef,
  rule: CheckRuleOf<'rack_space'>,
  items: Pending[],
): Promise<void> {
  const a = rule.args;
  const placed = items.filter((i) => i.values[a.rack] != null && i.values[a.position] != null);
  if (!placed.length) return;
  const { typeBy, rackBy, others } = await loadPlacement(ctx, model, a, placed, items);
  const mine = batchPlaced(a, placed, typeBy);
  const clashes = (p: Placed) => others.some((o) => overlaps(p, o)) || mine.some((o) => o.p !== p && overlaps(p, o.p));
  for (const { item, p, type } of mine) {
    const rack = rackBy.get(p.rack);
    const fault = rack ? placementFault(a, p, type, rack, clashes) : undefined;
    if (fault) item.errors.add(...fault);
  }
}
