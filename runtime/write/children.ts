/**
 * Children written with their parent (`children` fields): a cable's A and B terminations are rows of
 * the termination model, each naming one object. Giving the list replaces those rows — deleted and
 * created through the write path, so each gets its change record — and an error of a row is
 * reported on the parent's field.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { WriteError } from '../errors/index.ts';
import type { DeleteInput } from './index.ts';
import type { Pending, WriteContext } from './types.ts';

type Create = (ctx: WriteContext, model: ModelDef, inputs: unknown[], opts: { bulk: boolean }) => Promise<Pending[]>;
type Delete = (ctx: WriteContext, model: ModelDef, inputs: DeleteInput[], opts: { bulk: boolean }) => Promise<void>;

/** Messages of a failed child write, flattened onto the parent's field. */
function messages(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  return [...new Set(out)];
}

export async function writeChildren(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  create: Create,
  remove: Delete,
): Promise<void> {
  for (const f of model.fields) {
    if (f.kind !== 'children') continue;
    const given = items.flatMap((parent) => {
      const wanted = parent.children?.get(f.name);
      return wanted ? [{ parent, wanted }] : [];
    });
    if (!given.length) continue;
    const child = ctx.registry.model(f.to);
    const { via, where, item } = f.children;
    const viaCol = ctx.registry.columnOf(child, via);
    const g = ctx.registry.fieldOfKind(child, item, 'generic');
    const whereSql = Object.keys(where)
      .map((k, n) => ` AND ${ident(ctx.registry.columnOf(child, k))} = $${n + 2}`)
      .join('');
    const stored = await query(
      ctx.db,
      `SELECT id, ${ident(viaCol)} AS parent, ${ident(g.typeColumn)} AS type, ${ident(g.idColumn)} AS oid
        FROM ${ident(child.table)}
        WHERE ${ident(viaCol)} = ANY($1::bigint[])${whereSql} ORDER BY id`,
      [given.map((i) => i.parent.id), ...Object.values(where)],
    );
    for (const { parent, wanted } of given) {
      const mine = stored.filter((r) => Number(r.parent) === parent.id);
      const same =
        mine.length === wanted.length &&
        mine.every((r, k) => r.type === wanted[k].type && Number(r.oid) === wanted[k].id);
      if (same) continue;
      try {
        if (mine.length)
          await remove(
            ctx,
            child,
            mine.map((r) => ({ id: Number(r.id) })),
            { bulk: true },
          );
        if (wanted.length) {
          await create(
            ctx,
            child,
            wanted.map((w) => ({ [via]: parent.id, ...where, [g.typeColumn]: w.type, [g.idColumn]: w.id })),
            { bulk: true },
          );
        }
      } catch (e) {
        if (!(e instanceof WriteError) || e.kind !== 'invalid') throw e;
        parent.errors.set(f.name, messages(e.items.map((i) => i.errors)));
      }
    }
  }
}
