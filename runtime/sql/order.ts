/**
 * ORDER BY as Django orders a model's rows (a relation by the related model's own ordering, joined),
 * and catalogue expressions read for a row under any alias.
 */
import { copiedOrdering, keyOrder, sortKey, type ModelDef, type OrderTerm, type Registry } from '../catalogue/index.ts';
import { ident, tables } from '../db/index.ts';

/**
 * A catalogue expression (its SQL names the row `t`, or its columns bare) for the row aliased `alias`:
 * as it is under `t`, otherwise over a copy of the row named t. `inner`: it is evaluated inside another
 * table's subquery, where a bare column could name that table's, so it always reads the copy. `use`
 * writes what is made of the value (a choice names it four times): inside the copy's subquery, so the
 * copy is one subplan however often the value is named (four were half a device's plan, issue 37).
 */
export function rowExpression(sql: string, alias: string, inner = false, use = (value: string) => value): string {
  return alias === 't' && !inner ? use(`(${sql})`) : `(SELECT ${use(`(${sql})`)} FROM (SELECT ${alias}.*) AS t)`;
}

/** An ORDER BY and the joins it needs. */
export interface OrderPlan {
  /** ` LEFT JOIN …` of the related rows the terms order by ('' when none) */
  readonly joins: string;
  readonly order: string;
}

/** How deep an ordering follows relations (a relation's ordering may name another relation). */
const MAX_ORDER_DEPTH = 3;

/**
 * How the terms of one model were reached: reversed (by a descending term on the way), how many
 * relations deep, and whether every relation followed so far is required (`inner`).
 */
interface OrderPath {
  readonly flip: boolean;
  readonly depth: number;
  readonly inner: boolean;
}

/**
 * ORDER BY for a list of terms, as Django orders: a relation by the related model's own ordering
 * (joined, or by its key kept on the row: runtime/catalogue/keys.ts; by its id when the term says
 * `byId` or the model has none), descending terms reverse it, names sort as NetBox's do (sortKey: its
 * natural_sort collation), stored keys as they compare (keyOrder), and ties always break on id.
 */
export function orderPlan(registry: Registry, model: ModelDef, terms: readonly OrderTerm[], alias = 't'): OrderPlan {
  const joins: string[] = [];
  const parts: string[] = [];
  // `inner`: every relation followed so far is required, so a row always has its related row and the
  // join may be an inner one, which lets PostgreSQL walk the related table's index first (interfaces by
  // their devices' names: devices in name order, each one's interfaces by its own index)
  const add = (m: ModelDef, list: readonly OrderTerm[], a: string, { flip, depth, inner }: OrderPath): void => {
    for (const t of list) {
      const dir = t.desc !== flip ? ' DESC' : '';
      if (t.field === '_tree') {
        parts.push(`${a}._sort${dir}`);
        continue;
      }
      if (t.field === 'id') {
        parts.push(`${a}.id${dir}`);
        continue;
      }
      const nulls = t.nullsFirst ? ' NULLS FIRST' : '';
      const key = m.keys?.find((k) => k.column === t.field);
      if (key) {
        parts.push(`${keyOrder(key, `${a}.${ident(key.column)}`)}${dir}${nulls}`);
        continue;
      }
      const f = registry.field(m, t.field);
      if (!f) continue;
      if (f.kind === 'fk' && !t.byId && depth < MAX_ORDER_DEPTH) {
        const target = registry.model(f.to);
        // by the related row's key kept on this one (the device's name on an interface): no join, one index
        const copied = copiedOrdering(m, f.name, target);
        if (copied) {
          parts.push(`${keyOrder(copied.key, `${a}.${ident(copied.key.column)}`)}${dir}`);
          if (copied.withId) parts.push(`${a}.${ident(f.column)}${dir}`);
          continue;
        }
        if (target.ordering.length) {
          const j = `${alias}_o${joins.length + 1}`;
          const required = inner && !f.nullable;
          joins.push(
            ` ${required ? 'JOIN' : 'LEFT JOIN'} ${ident(target.table)} ${j} ON ${j}.id = ${a}.${ident(f.column)}`,
          );
          add(target, target.ordering, j, { flip: t.desc !== flip, depth: depth + 1, inner: required });
          continue;
        }
      }
      if (f.column && f.kind === 'object_type') {
        // a content type orders as Django orders the foreign key to it: by the object type's id
        const c = `${a}.${ident(f.column)}`;
        parts.push(`(SELECT o.id FROM public.${tables.objectType} o
          WHERE o.app_label = split_part(${c}, '.', 1) AND o.model = split_part(${c}, '.', 2))${dir}${nulls}`);
      } else if (f.column) {
        const c = `${a}.${ident(f.column)}`;
        parts.push(`${sortKey(f, c)}${dir}${nulls}`);
      } else if (f.kind === 'computed' && f.computed.type === 'expr') {
        parts.push(`${rowExpression(f.computed.sql, a, joins.length > 0 || a !== alias)}${dir}${nulls}`);
      } else if (f.kind === 'computed' && f.computed.type === 'tree_depth') {
        parts.push(`${a}._depth${dir}`);
      }
    }
  };
  add(model, terms, alias, { flip: false, depth: 0, inner: true });
  if (!terms.some((t) => t.field === 'id')) parts.push(`${alias}.id`);
  return { joins: joins.join(''), order: parts.join(', ') };
}
