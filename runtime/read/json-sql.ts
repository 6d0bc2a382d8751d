/**
 * Representations built by PostgreSQL: for each field whose value the database can give as the API
 * shows it (columns, choices, timestamps, URLs, display, counts, nested relations at any depth), the
 * SQL of that value as JSON. A page then comes out of its query as JSON text, ready to send: no
 * nested object is parsed, rebuilt and printed again in JavaScript. Fields that need JavaScript
 * (cable traces, merged config contexts, uploads) are left to serialize.ts; a nested relation with
 * such a field is rendered there as a whole.
 */
import {
  formModel,
  type ComputedField,
  type FieldDef,
  type ModelDef,
  type ModelRow,
  type Registry,
  type CablePart,
} from '../catalogue/index.ts';
import { unreachable } from '../collections.ts';
import { ident, literal } from '../db/index.ts';
import {
  displaySql,
  countSql,
  ipCountSql,
  relationReach,
  reverseListReach,
  type ListReach,
  rowExpression,
} from '../sql/index.ts';
import { nestedNames } from './embed.ts';
import { CABLE, TERMINATION } from '../cables/index.ts';
import { choice, columnSql } from './json-columns.ts';

/** What a query knows beyond the catalogue: the base URL, the current custom fields, active config contexts. */
export interface JsonScope {
  readonly registry: Registry;
  /** scheme and host of absolute URLs (`http://host:8000`) */
  readonly baseUrl: string;
  /** the custom fields defined for `model` now, in order (undefined: not known, leave to JavaScript) */
  readonly customFields?: (model: ModelDef) => readonly string[] | undefined;
  /** no config context is active: a rendered config context is the object's local data alone */
  readonly noActiveContexts?: boolean;
}

/** Which value of an object's cable end a field gives, and whether a related object is only its id. */
interface CableValue {
  readonly part: CablePart;
  readonly plain: boolean;
}

const MAX_NESTING = 4;
let counter = 0;
const alias = () => `j${++counter}`;

/** `{"id": …, "name": …}` of the named SQL values: one object, keys in this order. */
export function objectOf(columns: readonly (readonly [string, string])[]): string {
  return `(SELECT row_to_json(o) FROM (SELECT ${columns.map(([k, v]) => `${v} AS ${ident(k)}`).join(', ')}) o)`;
}

/** The nested representation of `target`'s row whose id is `id`, or undefined when it needs JavaScript. */
function nestedById(scope: JsonScope, target: ModelDef, names: readonly string[], id: string, depth: number) {
  const e = alias();
  const cols = columnsOf(scope, target, names, e, depth + 1);
  if (!cols) return undefined;
  return `(SELECT row_to_json(o) FROM (SELECT ${cols.map(([k, v]) => `${v} AS ${ident(k)}`).join(', ')}
    FROM ${ident(target.table)} ${e} WHERE ${e}.id = ${id}) o)`;
}

/**
 * A JSON list of the rows `reach` gives (the target aliased `e`, a link table `l`) for the row aliased
 * `a`: their nested objects (or `item` of each).
 */
function nestedList(
  scope: JsonScope,
  reach: (e: string, l: string) => ListReach,
  a: string,
  depth: number,
  item?: (e: string) => string,
): string | undefined {
  const e = alias();
  const r = reach(e, alias());
  const cols = item ? undefined : columnsOf(scope, r.target, r.names, e, depth + 1);
  const obj = item ? item(e) : cols && objectOf(cols);
  if (!obj) return undefined;
  return `(SELECT coalesce(json_agg(l.j ORDER BY l.o), '[]'::json)
    FROM (SELECT row_number() OVER (ORDER BY ${r.order}) AS o, ${obj} AS j
    FROM ${r.from} WHERE ${r.and}${r.key} = ${a}.id) l)`;
}

function computed(scope: JsonScope, model: ModelDef, f: ComputedField, a: string, depth: number): string | undefined {
  const { registry } = scope;
  const c = f.computed;
  switch (c.type) {
    case 'tree_depth':
      return `coalesce(${a}._depth, 0)`;
    case 'copy':
      return displaySql(registry, model, a);
    case 'count':
      // a subtree count reads 0 in a nested object, as NetBox's (its annotation is the list's alone)
      return depth > 0 && c.cumulative ? '0' : countSql(registry, model, c, a, alias);
    case 'ip_depth':
    case 'ip_children':
      return ipCountSql(registry, model, c, a, alias);
    case 'expr': {
      if (c.as === 'fk') {
        const target = formModel(registry.targetOf(model, f.name), f);
        // the id is compared inside the target's subquery: the expression reads a copy of the row
        return nestedById(scope, target, f.nested ?? target.nested, rowExpression(c.sql, a, true), depth);
      }
      if (c.as === 'choice') return rowExpression(c.sql, a, false, (v) => choice(registry, c.choices, v, f.plain));
      if (c.as === 'decimal') return rowExpression(c.sql, a, false, (v) => `${v}::float8`);
      return rowExpression(c.sql, a);
    }
    case 'reverse_list':
      return nestedList(scope, (e, l) => reverseListReach(registry, model, { list: c, shape: f }, { e, l }), a, depth);
    case 'config_context': {
      if (!scope.noActiveContexts) return undefined;
      const local = c.local ? `${a}.${ident(registry.columnOf(model, c.local))}` : 'NULL::jsonb';
      return `coalesce(${local}, '{}'::jsonb)`;
    }
    case 'cable':
      return cable(scope, { model, alias: a }, depth, { part: c.part, plain: f.plain === true });
    default:
      return unreachable(c, 'computed kind');
  }
}

/**
 * What the object's cable end says of it (cabling.ts renders the same from one lookup per page): its
 * cable, the end, whether it is occupied, the far end's type. The far objects and the traced path's
 * endpoints are left to JavaScript.
 */
function cable(
  scope: JsonScope,
  { model, alias: a }: ModelRow,
  depth: number,
  { part, plain }: CableValue,
): string | undefined {
  const { registry } = scope;
  const x = alias();
  const term = ident(registry.model(TERMINATION.model).table);
  const mine = `${x}.${TERMINATION.type} = ${literal(model.key)} AND ${x}.${TERMINATION.id} = ${a}.id`;
  switch (part) {
    case 'cable': {
      const target = registry.model(CABLE.model);
      const id = `(SELECT ${x}.${TERMINATION.cable} FROM ${term} ${x} WHERE ${mine} LIMIT 1)`;
      return plain ? id : nestedById(scope, target, target.nested, id, depth);
    }
    case 'end':
      return `(SELECT ${x}.${TERMINATION.end} FROM ${term} ${x} WHERE ${mine} LIMIT 1)`;
    case 'occupied': {
      const marked = registry.field(model, 'mark_connected')?.column;
      return `(EXISTS (SELECT 1 FROM ${term} ${x} WHERE ${mine})${marked ? ` OR ${a}.${ident(marked)} IS TRUE` : ''})`;
    }
    case 'peers_type': {
      const b = alias();
      return `(SELECT ${b}.${TERMINATION.type} FROM ${term} ${x} JOIN ${term} ${b}
        ON ${b}.${TERMINATION.cable} = ${x}.${TERMINATION.cable} AND ${b}.${TERMINATION.end} <> ${x}.${TERMINATION.end}
        WHERE ${mine} ORDER BY ${b}.id LIMIT 1)`;
    }
    case 'peers':
    case 'endpoints':
    case 'endpoints_type':
    case 'reachable':
      return undefined; // the far objects and the path's endpoints: runtime/read/cabling.ts
    default:
      return unreachable(part, 'cable part');
  }
}

type RelationField = Extract<FieldDef, { kind: 'fk' | 'm2m' | 'tags' | 'generic' }>;

function relation(scope: JsonScope, model: ModelDef, f: RelationField, a: string, depth: number): string | undefined {
  const { registry } = scope;
  switch (f.kind) {
    case 'fk': {
      const column = `${a}.${ident(f.column)}`;
      if (f.plain) return column;
      return nestedById(scope, formModel(registry.model(f.to), f), nestedNames(registry, f), column, depth);
    }
    case 'm2m':
      return nestedList(scope, (e, l) => relationReach(registry, model, f, e, l), a, depth);
    case 'tags':
      // tags as slugs (config contexts), as NetBox shows them there
      return nestedList(
        scope,
        (e, l) => relationReach(registry, model, f, e, l),
        a,
        depth,
        f.plain ? (e) => `${e}.slug` : undefined,
      );
    case 'generic': {
      // only over the declared types: any other type (or none) reads as null, as in JavaScript
      if (!f.types.length) return undefined;
      const branches: string[] = [];
      for (const t of f.types) {
        if (!registry.has(t)) continue;
        const target = registry.model(t);
        const names = target.genericNested ?? target.nested;
        const sql = nestedById(scope, target, names, `${a}.${ident(f.idColumn)}`, depth);
        if (!sql) return undefined;
        branches.push(`WHEN ${literal(t)} THEN ${sql}`);
      }
      return branches.length ? `CASE ${a}.${ident(f.typeColumn)} ${branches.join(' ')} END` : 'NULL::json';
    }
    default:
      return unreachable(f, 'relation kind');
  }
}

/** The SQL of one field's JSON value for the row aliased `a`, or undefined when JavaScript renders it. */
export function fieldSql(scope: JsonScope, model: ModelDef, f: FieldDef, a: string, depth = 0): string | undefined {
  if (depth > MAX_NESTING) return undefined;
  const { registry } = scope;
  switch (f.kind) {
    case 'id':
      return `${a}.id`;
    case 'url':
      return `${literal(`${scope.baseUrl}/api/${model.apiPath}/`)} || ${a}.id || '/'`;
    case 'display_url':
      return `${literal(`${scope.baseUrl}/${model.uiPath ?? model.apiPath}/`)} || ${a}.id || '/'`;
    case 'display':
      return displaySql(registry, model, a);
    case 'fk':
    case 'm2m':
    case 'tags':
    case 'generic':
      return relation(scope, model, f, a, depth);
    case 'computed':
      return computed(scope, model, f, a, depth);
    case 'custom_fields': {
      const names = scope.customFields?.(model);
      if (!names) return undefined;
      return names.length ? objectOf(names.map((n) => [n, `${a}.custom_field_data -> ${literal(n)}`])) : `'{}'::json`;
    }
    case 'children':
    case 'image':
    case 'password':
      return undefined;
    case 'string':
    case 'text':
    case 'slug':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'timestamp':
    case 'json':
    case 'choice':
    case 'ipnetwork':
    case 'ipaddress':
    case 'object_type':
    case 'list':
      return f.column ? columnSql(registry, f, `${a}.${ident(f.column)}`) : 'NULL';
    default:
      return unreachable(f, 'field kind');
  }
}

export function columnsOf(
  scope: JsonScope,
  model: ModelDef,
  names: readonly string[],
  a: string,
  depth: number,
): [string, string][] | undefined {
  const wanted = new Set(names);
  const out: [string, string][] = [];
  for (const f of model.fields) {
    if (!wanted.has(f.name) || f.hidden || f.writeOnly || f.kind === 'password') continue;
    const sql = fieldSql(scope, model, f, a, depth);
    if (sql === undefined) return undefined;
    out.push([f.name, sql]);
  }
  return out;
}
