/**
 * Deletion with NetBox's on-delete rules, planned before anything is written: cascades are
 * followed to the end, nullable references are cleared (and logged as updates), and protecting
 * references block the delete, naming every dependent object, attributed to the item deleted.
 */
import type { ModelDef, ReverseRelation } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { displaySql } from '../sql/index.ts';
import type { WriteContext } from './types.ts';
import { last, present, pushTo } from '../collections.ts';

export interface DeletePlan {
  /** model key → ids to delete, in discovery order of models */
  readonly deletes: Map<string, Set<number>>;
  /** references to clear: model key → column names → ids of rows */
  readonly clears: Map<string, Map<ReverseRelation, Set<number>>>;
  /** requested root id → objects that protect it */
  readonly blockers: Map<number, { model: ModelDef; id: number }[]>;
}

const key = (m: string, id: number) => `${m}:${id}`;

export async function planDelete(ctx: WriteContext, model: ModelDef, ids: number[]): Promise<DeletePlan> {
  const deletes = new Map<string, Set<number>>([[model.key, new Set(ids)]]);
  const origin = new Map<string, number>(ids.map((id) => [key(model.key, id), id]));
  const protects: { rel: ReverseRelation; id: number; root: number }[] = [];
  const nulls: { rel: ReverseRelation; id: number }[] = [];
  let frontier: { model: ModelDef; ids: number[] }[] = [{ model, ids }];
  while (frontier.length) {
    const next: { model: ModelDef; ids: number[] }[] = [];
    for (const { model: m, ids: batch } of frontier) {
      for (const rel of m.reverse) {
        if (rel.kind === 'm2m' || rel.onDelete === 'none') continue; // links go with either side
        const owner = ctx.registry.model(rel.model);
        const typeCond =
          rel.kind === 'generic'
            ? ` AND ${ident(ctx.registry.fieldOfKind(owner, rel.field, 'generic').typeColumn)} = $2`
            : '';
        const rows = await query(
          ctx.db,
          `SELECT id, ${ident(rel.column)} AS ref FROM ${ident(owner.table)}
            WHERE ${ident(rel.column)} = ANY($1::bigint[])${typeCond}`,
          rel.kind === 'generic' ? [batch, m.key] : [batch],
        );
        const found: number[] = [];
        for (const r of rows) {
          const id = r.id as number;
          const root = present(origin.get(key(m.key, r.ref as number)), 'the requested object a deleted one goes with');
          if (rel.onDelete === 'cascade') {
            const set = deletes.get(owner.key) ?? new Set<number>();
            if (!set.has(id)) {
              set.add(id);
              deletes.set(owner.key, set);
              origin.set(key(owner.key, id), root);
              found.push(id);
            }
          } else if (rel.onDelete === 'protect') protects.push({ rel, id, root });
          else nulls.push({ rel, id });
        }
        if (found.length) next.push({ model: owner, ids: found });
      }
    }
    frontier = next;
  }
  const blockers = new Map<number, { model: ModelDef; id: number }[]>();
  for (const p of protects) {
    if (deletes.get(p.rel.model)?.has(p.id)) continue; // removed anyway
    pushTo(blockers, p.root, { model: ctx.registry.model(p.rel.model), id: p.id });
  }
  const clears = new Map<string, Map<ReverseRelation, Set<number>>>();
  for (const n of nulls) {
    if (deletes.get(n.rel.model)?.has(n.id)) continue;
    const byRel = clears.get(n.rel.model) ?? new Map<ReverseRelation, Set<number>>();
    byRel.set(n.rel, (byRel.get(n.rel) ?? new Set()).add(n.id));
    clears.set(n.rel.model, byRel);
  }
  return { deletes, clears, blockers };
}

/** NetBox's 409 text: `Unable to delete object. 2 dependent objects were found: Rack 1 (4), …` */
export async function blockerMessage(ctx: WriteContext, blockers: { model: ModelDef; id: number }[]): Promise<string> {
  const names: string[] = [];
  const byModel = new Map<ModelDef, number[]>();
  for (const b of blockers) pushTo(byModel, b.model, b.id);
  for (const [m, ids] of byModel) {
    const rows = await query(
      ctx.db,
      `SELECT t.id, ${displaySql(ctx.registry, m, 't')} AS d FROM ${ident(m.table)} t
      WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`,
      [ids],
    );
    for (const r of rows) names.push(`${r.d as string} (${m.verboseName} ${r.id as number})`);
  }
  return (
    `Unable to delete object. ${blockers.length} dependent object${blockers.length === 1 ? ' was' : 's were'} ` +
    `found: ${names.join(', ')}`
  );
}

/**
 * The order to delete the plan's models in: a model whose rows reference rows of another model of the
 * plan goes first (an outlet before the power port it draws from, both on a deleted device), so no
 * row is deleted while another still points at it. Where references go round in a cycle, the rest
 * follow in reverse discovery order (references within one model are checked per statement).
 */
export function deletionOrder(plan: DeletePlan, models: (key: string) => ModelDef): string[] {
  const keys = [...plan.deletes.keys()];
  const refs = new Map(
    keys.map((k) => [
      k,
      new Set(models(k).fields.flatMap((f) => (f.kind === 'fk' && f.to !== k && plan.deletes.has(f.to) ? [f.to] : []))),
    ]),
  );
  const order: string[] = [];
  const left = new Set(keys);
  while (left.size) {
    // the next model no remaining model references
    const next = [...left].reverse().find((k) => ![...left].some((o) => o !== k && refs.get(o)?.has(k)));
    const take = next ?? last([...left]);
    order.push(take);
    left.delete(take);
  }
  return order;
}
