/**
 * The rows a list or a count of an object reads, described once for every form that reads them: an
 * object's own by a correlated subquery (`key = <object>.id`: embed.ts, json-sql.ts, count-sql.ts)
 * and a whole page's by one query grouped by `key` (page-sql.ts).
 */
import { formModel, type ComputedDef, type FieldDef, type ModelDef, type Registry } from '../catalogue/index.ts';
import { ident, literal } from '../db/index.ts';
import { tables } from '../db/tables.ts';
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

/** `x.type = '<model>' AND ` when a generic relation points at `model`'s rows. */
const typed = (x: string, typeColumn: string, model: ModelDef) =>
  `${x}.${ident(typeColumn)} = ${literal(model.key)} AND `;

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
  const c = f.computed;
  if (f.kind === 'm2m') {
    const target = registry.model(f.to!);
    const th = f.through!;
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
  if (f.kind === 'tags') {
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
  if (c?.type !== 'reverse_list') return undefined;
  const target = registry.model(c.model);
  const tf = registry.field(target, c.field)!;
  const o = orderPlan(registry, target, target.ordering, e);
  if (tf.kind === 'm2m') {
    const th = tf.through!;
    return {
      target: formModel(target, f),
      names: f.nested ?? target.nested,
      from: `${ident(th.table)} ${l} JOIN ${ident(target.table)} ${e} ON ${e}.id = ${l}.${ident(th.source)}${o.joins}`,
      key: `${l}.${ident(th.target)}`,
      and: '',
      order: o.order,
    };
  }
  const generic = tf.kind === 'generic';
  return {
    target: formModel(target, f),
    names: f.nested ?? target.nested,
    from: `${ident(target.table)} ${e}${o.joins}`,
    key: `${e}.${ident(generic ? tf.idColumn! : tf.column!)}`,
    and: generic ? typed(e, tf.typeColumn!, model) : '',
    order: o.order,
  };
}

/**
 * The rows (aliased `x`) a direct count of `model`'s objects counts: children by a foreign key, a
 * generic relation or a many-to-many table.
 */
export function countReach(registry: Registry, model: ModelDef, c: Count, x: string): Reach {
  if (c.through) return { from: `${ident(c.through.table)} ${x}`, key: `${x}.${ident(c.through.target)}`, and: '' };
  const target = registry.model(c.model);
  const tf = registry.field(target, c.field)!;
  const generic = tf.kind === 'generic';
  return {
    from: `${ident(target.table)} ${x}`,
    key: `${x}.${ident(generic ? tf.idColumn! : tf.column!)}`,
    and: generic ? typed(x, tf.typeColumn!, model) : '',
  };
}
