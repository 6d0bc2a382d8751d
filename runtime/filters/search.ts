/** `q`: the model's free-text search, an OR over its search fields (NetBox's per-model `search`). */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, likeEscape } from '../db/index.ts';
import type { FilterContext } from './conditions.ts';
import { parseIp } from './values.ts';

export function searchCondition(ctx: FilterContext, model: ModelDef, raw: string, alias: string): string | undefined {
  const q = raw.trim();
  if (!q) return undefined;
  if (q.includes('\u0000')) return 'FALSE';
  const parts: string[] = [];
  const like = () => ctx.params.add(`%${likeEscape(q)}%`);
  for (const name of model.search) {
    const f = ctx.registry.field(model, name);
    if (!f?.column) continue;
    const col = `${alias}.${ident(f.column)}`;
    switch (f.kind) {
      case 'integer':
      case 'bigint':
        if (/^\d{1,15}$/.test(q)) parts.push(`${col} = ${ctx.params.add(Number(q))}`);
        break;
      case 'ipnetwork': {
        try {
          const ip = parseIp(q);
          parts.push(`${col} >>= ${ctx.params.add(ip.mask === undefined ? ip.host : `${ip.host}/${ip.mask}`)}::inet`);
        } catch {
          // not an address: prefixes cannot match
        }
        break;
      }
      case 'ipaddress':
        parts.push(`ip_with_mask(${col}) ILIKE ${ctx.params.add(`${likeEscape(q)}%`)}`);
        break;
      default:
        parts.push(`${col}::text ILIKE ${like()}`);
    }
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}
