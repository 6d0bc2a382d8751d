/**
 * Filters over ranges and address spaces: IP ranges containing an address or within a prefix, VLAN
 * groups whose VID ranges hold a VID, FHRP groups by the network of a related address, and objects
 * present in a VRF (in it, or in a VRF exporting a route target it imports), as NetBox's filters.
 */
import type { SqlParam } from '../db/index.ts';
import type { ModelDef, SpecialFilter } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import { ident, query } from '../db/index.ts';
import { naturalKeyOf } from './columns.ts';
import type { FilterCall, FilterContext } from './conditions.ts';
import { FilterValueError, parseInteger, parseIp, parsePrefix } from './values.ts';

function valid(found: unknown[], wanted: unknown[]): void {
  if (found.length < new Set(wanted).size)
    throw new FilterValueError(`Select a valid choice. ${wanted.join(', ')} is not one of the available choices.`);
}

export async function rangeCondition(ctx: FilterContext, call: FilterCall<SpecialFilter>): Promise<string> {
  const { model, filter: f, values, alias } = call;
  const p = (v: SqlParam) => ctx.params.add(v);
  const column = (m: ModelDef, name: string) => ident(ctx.registry.columnOf(m, name));
  const col = `${alias}.${column(model, f.column)}`;
  const given = last(values).trim();
  switch (f.op) {
    case 'range_contains': {
      // the range's first and last address (`column` and `end`) hold the address, its mask aside
      const ip = parseIp(given);
      const end = `${alias}.${column(model, f.end)}`;
      return `(host(${col})::inet <= ${p(ip.host)}::inet AND host(${end})::inet >= ${p(ip.host)}::inet)`;
    }
    case 'range_within': {
      const end = `${alias}.${column(model, f.end)}`;
      const each = values.map((v) => {
        const net = p(parsePrefix(v));
        return `(host(${col})::inet <<= ${net}::inet AND host(${end})::inet <<= ${net}::inet)`;
      });
      return `(${each.join(' OR ')})`;
    }
    case 'vid_in_ranges':
      // a JSON list of inclusive [first, last] pairs
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(${col}, '[]')) r
        WHERE (r->>0)::int <= ${p(parseInteger(given))} AND (r->>1)::int >= ${p(parseInteger(given))})`;
    case 'related_ip': {
      // the addresses' model, its generic relation to this object, its address and VRF fields
      const ips = ctx.registry.model(f.model);
      const rel = ctx.registry.fieldOfKind(ips, f.relation, 'generic');
      const ids = values.map(parseInteger);
      valid(await query(ctx.db, `SELECT id FROM ${ident(ips.table)} WHERE id = ANY($1::bigint[])`, [ids]), ids);
      const [addr, vrf] = [column(ips, f.address), column(ips, f.vrf)];
      return `EXISTS (SELECT 1 FROM ${ident(ips.table)} x, ${ident(ips.table)} q WHERE q.id = ANY(${p(ids)}::bigint[])
        AND x.${ident(rel.typeColumn)} = ${p(model.key)} AND x.${ident(rel.idColumn)} = ${alias}.id
        AND x.${addr} <<= q.${addr} AND x.${vrf} IS NOT DISTINCT FROM q.${vrf})`;
    }
    case 'vrf_present': {
      // `column`: the VRF; `imports`, `exports`: its route-target fields; one VRF, by id or natural key
      const vrfModel = ctx.registry.targetOf(model, f.column);
      const by = f.type === 'integer' ? 'id' : ident(naturalKeyOf(ctx.registry, vrfModel).column);
      const value = f.type === 'integer' ? parseInteger(given) : given;
      const [vrf] = await query(ctx.db, `SELECT id FROM ${ident(vrfModel.table)} WHERE ${by}::text = $1::text`, [
        String(value),
      ]);
      if (!vrf) throw new FilterValueError(`Select a valid choice. ${given} is not one of the available choices.`);
      const imports = ctx.registry.fieldOfKind(vrfModel, f.imports, 'm2m').through;
      const exports = ctx.registry.fieldOfKind(vrfModel, f.exports, 'm2m').through;
      return `(${col} = ${p(vrf.id)}::bigint OR ${col} IN (SELECT e.${ident(exports.source)}
        FROM ${ident(exports.table)} e WHERE e.${ident(exports.target)} IN (SELECT i.${ident(imports.target)}
        FROM ${ident(imports.table)} i WHERE i.${ident(imports.source)} = ${p(vrf.id)}::bigint)))`;
    }
    default:
      throw new FilterValueError(`unknown range filter ${f.op}`);
  }
}
