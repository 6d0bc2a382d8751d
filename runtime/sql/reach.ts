/**
 * The rows a list or a count of an object reads, described once for every form that reads them: an
 * object's own by a correlated subquery (`key = <object>.id`: read/embed.ts, read/json-sql.ts, count-sql.ts)
 * and a whole page's by one query grouped by `key` (read/page-sql.ts).
 */
import {
  formModel,
  type AlsoVia,
  type ComputedDef,
  type NestedShape,
  type FieldDef,
  type FkField,
  type GenericField,
  type M2mField,
  type ModelDef,
  type Registry,
  type TagsField,
} from '../catalogue/index.ts';
import { ident, literal, tables } from '../db/index.ts';
import { orderPlan } from './order.ts';

export interface Reach {
  /** the FROM clause; the rows listed are the target's, aliased as the caller asked */
  readonly from: string;
  /** the column holding the id of the object a row belongs to */
  readonly key: string;
  /** conditions beyond the key (`… AND `), or '' */
  readonly and: string;
}

export interface ListReach extends Reach {
  readonly target: ModelDef;
  /** the fields of the target's nested form that the list shows */
  readonly names: readonly string[];
  /** the list's ORDER BY terms: the target model's own ordering, as NetBox lists related objects */
  readonly order: string;
}

type Count = Extract<ComputedDef, { type: 'count' }>;
export type ReverseList = Extract<ComputedDef, { type: 'reverse_list' }>;

/**
 * A reverse list as it is shown: the list, and the nesting of its rows (its field's; a relation
 * GraphQL follows backwards has no field: `{}`, the target's own nested form).
 */
export interface ShownList {
  readonly list: ReverseList;
  readonly shape: NestedShape;
}

/** The aliases a list's rows are read under: the target's rows `e`, a link table `l`. */
export interface ListAliases {
  readonly e: string;
  readonly l: string;
}

/** `x.type = '<model>' AND ` when a generic relation points at `model`'s rows. */
const typed = (x: string, typeColumn: string, model: ModelDef) =>
  `${x}.${ident(typeColumn)} = ${literal(model.key)} AND `;

/** The column of a row of the relation's model that holds the id of the object it points at. */
export const ownerColumn = (tf: FkField | GenericField) => (tf.kind === 'generic' ? tf.idColumn : tf.column);

/**
 * The model a count or a reverse list reads, and its relation to the object (generate checks it is a
 * foreign key, a generic relation or a many-to-many field).
 */
export function reverseRelation(registry: Registry, c: Count | ReverseList) {
  const target = registry.model(c.model);
  return { target, tf: registry.fieldOfKind(target, c.field, 'fk', 'generic', 'm2m') };
}

/**
 * The target rows (aliased `e`, a link table `l`) of a many-to-many field, of tags, or of a computed
 * reverse list of `model`'s objects; undefined for any other field.
 */
export function listReach(
  registry: Registry,
  model: ModelDef,
  f: FieldDef,
  e: string,
  l: string,
): ListReach | undefined {
  if (f.kind === 'm2m' || f.kind === 'tags') return relationReach(registry, model, f, e, l);
  if (f.kind === 'computed' && f.computed.type === 'reverse_list')
    return reverseListReach(registry, model, { list: f.computed, shape: f }, { e, l });
  return undefined;
}

/** The rows a many-to-many field or tags list (aliased `e`, the link table `l`). */
export function relationReach(
  registry: Registry,
  model: ModelDef,
  f: M2mField | TagsField,
  e: string,
  l: string,
): ListReach {
  if (f.kind === 'm2m') {
    const target = registry.model(f.to);
    const th = f.through;
    const o = orderPlan(registry, target, target.ordering, e);
    return {
      target: formModel(target, f),
      names: f.nested ?? target.nested,
      from: `${ident(th.table)} ${l} JOIN ${ident(target.table)} ${e} ON ${e}.id = ${l}.${ident(th.target)}${o.joins}`,
      key: `${l}.${ident(th.source)}`,
      and: '',
      order: o.order,
    };
  }
  const tag = registry.model('extras.tag');
  return {
    target: tag,
    names: tag.nested,
    from: `${tables.taggedItem} ${l} JOIN ${tables.tag} ${e} ON ${e}.id = ${l}.tag_id`,
    key: `${l}.object_id`,
    and: typed(l, 'object_type', model),
    order: orderPlan(registry, tag, tag.ordering, e).order,
  };
}

/** The rows a reverse list lists (aliased `e`, a link table `l`), nested as it is shown. */
export function reverseListReach(
  registry: Registry,
  model: ModelDef,
  { list: c, shape: f }: ShownList,
  { e, l }: ListAliases,
): ListReach {
  const { target, tf } = reverseRelation(registry, c);
  const o = orderPlan(registry, target, target.ordering, e);
  if (tf.kind === 'm2m') {
    const th = tf.through;
    return {
      target: formModel(target, f),
      names: f.nested ?? target.nested,
      from: `${ident(th.table)} ${l} JOIN ${ident(target.table)} ${e} ON ${e}.id = ${l}.${ident(th.source)}${o.joins}`,
      key: `${l}.${ident(th.target)}`,
      and: '',
      order: o.order,
    };
  }
  const pointing = pointingReach(model, target, tf, e);
  return {
    ...pointing,
    target: formModel(target, f),
    names: f.nested ?? target.nested,
    from: `${pointing.from}${o.joins}`,
    order: o.order,
  };
}

/** The rows (aliased `x`) of `target` whose foreign key or generic relation `tf` points at `model`'s objects. */
export function pointingReach(model: ModelDef, target: ModelDef, tf: FkField | GenericField, x: string): Reach {
  return {
    from: `${ident(target.table)} ${x}`,
    key: `${x}.${ident(ownerColumn(tf))}`,
    and: tf.kind === 'generic' ? typed(x, tf.typeColumn, model) : '',
  };
}

/**
 * The rows (aliased `x`) a direct count of `model`'s objects counts: children by a foreign key, a
 * generic relation or a many-to-many table.
 */
export function countReach(registry: Registry, model: ModelDef, c: Count, x: string): Reach {
  if (c.through) return { from: `${ident(c.through.table)} ${x}`, key: `${x}.${ident(c.through.target)}`, and: '' };
  const target = registry.model(c.model);
  // without a link table, the count is over a foreign key or a generic relation
  const tf = registry.fieldOfKind(target, c.field, 'fk', 'generic');
  if (c.also?.length) return alsoReach(registry, model, c.also, { target, tf, x });
  return pointingReach(model, target, tf, x);
}

/**
 * A count's rows that point here, and those whose related object leads here by an `also` path (a prefix
 * of a site counted for the site's region): one branch each, as rows `x` with the counted object's id in
 * `k`. Each branch joins by ids, so a condition on `k` reaches its indexes.
 */
function alsoReach(
  registry: Registry,
  model: ModelDef,
  also: readonly AlsoVia[],
  { target, tf, x }: { target: ModelDef; tf: FkField | GenericField; x: string },
): Reach {
  const own = ident(ownerColumn(tf));
  const r = `${x}_r`;
  const only = (type: string) =>
    tf.kind === 'generic' ? ` WHERE ${typed(r, tf.typeColumn, registry.model(type))}TRUE` : '';
  const branches = [`SELECT ${r}.${own} AS k FROM ${ident(target.table)} ${r}${only(model.key)}`];
  for (const [i, { type, path }] of also.entries()) {
    let m = registry.model(type);
    let at = `${x}_${i}_0`;
    const joins = [`JOIN ${ident(m.table)} ${at} ON ${at}.id = ${r}.${own}`];
    for (const [j, name] of path.slice(0, -1).entries()) {
      const f = registry.fieldOfKind(m, name, 'fk');
      m = registry.model(f.to);
      const next = `${x}_${i}_${j + 1}`;
      joins.push(`JOIN ${ident(m.table)} ${next} ON ${next}.id = ${at}.${ident(f.column)}`);
      at = next;
    }
    const last = ident(registry.fieldOfKind(m, path[path.length - 1] ?? '', 'fk').column);
    branches.push(`SELECT ${at}.${last} FROM ${ident(target.table)} ${r} ${joins.join(' ')}${only(type)}`);
  }
  return { from: `(${branches.join(' UNION ALL ')}) ${x}`, key: `${x}.k`, and: '' };
}
