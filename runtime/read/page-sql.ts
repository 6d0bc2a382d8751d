/**
 * The set-based form of a page's fields. A field whose value comes from other rows — a related
 * object, a list, a count, a cable end — is computed once for the whole page by one common table
 * expression over the page's rows (`p`), grouped by the row it belongs to, and joined to each row,
 * instead of by a subquery run for every row. Fields with no such form stay per row (json-sql.ts).
 */
import { formModel, type FieldDef, type ModelDef, type ReverseOne } from '../catalogue/index.ts';
import { ident, literal } from '../db/index.ts';
import { CABLE, TERMINATION } from '../cables/index.ts';
import { nestedNames } from './embed.ts';
import type { PageRelated } from './page-related.ts';
import { columnsOf, objectOf, type JsonScope } from './json-sql.ts';
import {
  countReach,
  pointingReach,
  relationReach,
  reverseListReach,
  rowExpression,
  type ListReach,
  type Reach,
} from '../sql/index.ts';

/** A related object as a field shows it: the target's form, its nested fields, its id for the page's row `t`. */
interface RelatedShown {
  /** the field whose nested form it is */
  readonly shape: FieldDef;
  readonly target: ModelDef;
  readonly names: readonly string[];
  readonly id: string;
}

/** A common table expression over the page, and how the page's rows `t` join it. */
export interface PageCte {
  readonly name: string;
  readonly sql: string;
  readonly join: string;
}

export interface PageField {
  /** in the order they may refer to each other; the same name is the same expression */
  readonly ctes: readonly PageCte[];
  /** the joins of related objects built with the page's others (page-related.ts) */
  readonly joins?: string;
  /** the field's JSON value for the page's row `t` */
  readonly sql: string;
}

const byRow = (name: string) => ` LEFT JOIN ${name} ON ${name}.id = t.id`;
const pageIds = '(SELECT p.id FROM p)';

/** `[name, json of target's row e]`, or undefined when the target's nested form needs JavaScript. */
function nested(scope: JsonScope, target: ModelDef, names: readonly string[], e: string): string | undefined {
  const cols = columnsOf(scope, target, names, e, 1);
  return cols && objectOf(cols);
}

/** The rows `r` reaches from the page's rows, grouped by the row they belong to. */
function grouped(r: Reach, value: string): string {
  return `SELECT ${r.key} AS id, ${value} FROM ${r.from} WHERE ${r.and}${r.key} IN ${pageIds} GROUP BY 1`;
}

/** A list per page row of the rows `r` reaches (target `e`): nested objects, or with `slugs` tags' slugs. */
function list(scope: JsonScope, r: ListReach, name: string, e: string, slugs: boolean): PageField | undefined {
  const obj = slugs ? `${e}.slug` : nested(scope, r.target, r.names, e);
  if (!obj) return undefined;
  const sql = grouped(r, `json_agg(${obj} ORDER BY ${r.order}) AS j`);
  return { ctes: [{ name, sql, join: byRow(name) }], sql: `coalesce(${name}.j, '[]'::json)` };
}

/** The page's cable ends: one row per cabled object (`cab`), and their cables' nested objects (`cab_j`). */
function cable(scope: JsonScope, model: ModelDef, part: string, plain?: boolean): PageField | undefined {
  const { registry } = scope;
  const term = ident(registry.model(TERMINATION.model).table);
  const ends: PageCte = {
    name: 'cab',
    sql: `SELECT DISTINCT ON (x.${TERMINATION.id}) x.${TERMINATION.id} AS id, x.${TERMINATION.cable} AS cable,
      x.${TERMINATION.end} AS e FROM ${term} x
      WHERE x.${TERMINATION.type} = ${literal(model.key)} AND x.${TERMINATION.id} IN ${pageIds}
      ORDER BY x.${TERMINATION.id}, x.id`,
    join: byRow('cab'),
  };
  switch (part) {
    case 'cable': {
      if (plain) return { ctes: [ends], sql: 'cab.cable' };
      const target = registry.model(CABLE.model);
      const obj = nested(scope, target, target.nested, 'ce');
      if (!obj) return undefined;
      const sql = `SELECT ce.id, ${obj} AS j FROM ${ident(target.table)} ce WHERE ce.id IN (SELECT cable FROM cab)`;
      return { ctes: [ends, { name: 'cab_j', sql, join: ' LEFT JOIN cab_j ON cab_j.id = cab.cable' }], sql: 'cab_j.j' };
    }
    case 'end':
      return { ctes: [ends], sql: 'cab.e' };
    case 'occupied': {
      const marked = registry.field(model, 'mark_connected')?.column;
      return { ctes: [ends], sql: `(cab.id IS NOT NULL${marked ? ` OR t.${ident(marked)} IS TRUE` : ''})` };
    }
    case 'peers_type':
      return {
        ctes: [ends],
        sql: `CASE WHEN cab.id IS NOT NULL THEN (SELECT b.${TERMINATION.type} FROM ${term} b
          WHERE b.${TERMINATION.cable} = cab.cable AND b.${TERMINATION.end} <> cab.e ORDER BY b.id LIMIT 1) END`,
      };
    default:
      return undefined;
  }
}

/**
 * The one row of another model pointing at each of the page's rows (an interface's wireless link, by
 * either end): found for the whole page through the relations' indexes, not by a lookup per row.
 */
function reverseOne(
  scope: JsonScope,
  model: ModelDef,
  r: ReverseOne,
  shown: Omit<RelatedShown, 'id' | 'shape'>,
  name: string,
): PageField | undefined {
  const { target } = shown;
  const e = `${name}e`;
  const obj = nested(scope, target, shown.names, e);
  if (!obj) return undefined;
  const fixed = Object.entries(r.where).map(([column, value]) => ` AND ${e}.${ident(column)} = ${literal(value)}`);
  const ends = r.fields.map((field) => {
    const tf = scope.registry.fieldOfKind(target, field, 'fk', 'generic');
    const p = pointingReach(model, target, tf, e);
    return `SELECT ${p.key} AS id, ${e}.id AS o, ${obj} AS j FROM ${p.from}
      WHERE ${p.and}${p.key} IN ${pageIds}${fixed.join('')}`;
  });
  // one row per page row: the first by id when several point at it (the expression's LIMIT 1)
  const sql = `SELECT DISTINCT ON (u.id) u.id, u.j FROM (${ends.join(' UNION ALL ')}) u ORDER BY u.id, u.o`;
  return { ctes: [{ name, sql, join: byRow(name) }], sql: `${name}.j` };
}

/** A related object (`target`'s row whose id is `id` for the page's row `t`), built once per page with its equals. */
function relatedField(scope: JsonScope, related: PageRelated, r: RelatedShown): PageField | undefined {
  // equal nested fields of equal forms are the same JSON (an interface's parent, bridge and LAG)
  const form = JSON.stringify([r.names, 'forms' in r.shape ? r.shape.forms : null]);
  const joined = related.join(r.target, form, r.id, (e) => nested(scope, r.target, r.names, e));
  return joined && { ctes: [], joins: joined.join, sql: `${joined.alias}.j` };
}

/** The set-based form of field `f` of a page of `model` (CTE names start with `name`), if it has one. */
export function pageField(
  scope: JsonScope,
  model: ModelDef,
  f: FieldDef,
  { name, related }: { name: string; related: PageRelated },
): PageField | undefined {
  const { registry } = scope;
  const e = `${name}e`;
  const l = `${name}l`;
  switch (f.kind) {
    case 'fk': {
      if (f.plain) return undefined; // the row's own column
      const target = formModel(registry.model(f.to), f);
      return relatedField(scope, related, {
        shape: f,
        target,
        names: nestedNames(registry, f),
        id: `t.${ident(f.column)}`,
      });
    }
    case 'm2m':
    case 'tags':
      return list(scope, relationReach(registry, model, f, e, l), name, e, f.kind === 'tags' && f.plain === true);
    case 'computed':
      break;
    default:
      return undefined;
  }
  const c = f.computed;
  if (c.type === 'expr' && c.as === 'fk') {
    const target = formModel(registry.targetOf(model, f.name), f);
    const names = f.nested ?? target.nested;
    if (c.reverse) return reverseOne(scope, model, c.reverse, { target, names }, name);
    // the object an expression names (a field's old name for a relation, the first of two addresses); the
    // expression reads a copy of the row in the join, where a bare column could name a joined table's
    const id = rowExpression(c.sql, 't', true);
    return relatedField(scope, related, { shape: f, target, names, id });
  }
  if (c.type === 'cable') return cable(scope, model, c.part, f.plain === true);
  // a counter cache is the row's column (json-sql.ts)
  if (c.type === 'count' && !c.cumulative && !c.column) {
    const sql = grouped(countReach(registry, model, c, l), 'count(*)::int AS n');
    return { ctes: [{ name, sql, join: byRow(name) }], sql: `coalesce(${name}.n, 0)` };
  }
  if (c.type === 'reverse_list')
    return list(scope, reverseListReach(registry, model, { list: c, shape: f }, { e, l }), name, e, false);
  return undefined;
}
