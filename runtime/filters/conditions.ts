/**
 * One filter parameter → one SQL condition. Repeated values OR; negated lookups (`n`, `nic`, …)
 * exclude rows matching any value and keep rows whose value is null, as NetBox's `exclude()` does.
 */
import type { FilterDef, ModelDef, Registry } from '../catalogue/index.ts';
import { TERMINATION } from '../cables/model.ts';
import { ident, likeEscape, type Db, type Params } from '../db/index.ts';
import {
  FilterValueError,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  parseIp,
  parsePrefix,
  parseTimestamp,
  parseUuid,
} from './values.ts';
import { tables } from '../db/tables.ts';

export interface FilterContext {
  readonly db: Db;
  readonly registry: Registry;
  readonly params: Params;
}

const negations: Record<string, string> = { n: 'exact', nic: 'ic', nisw: 'isw', niew: 'iew', nie: 'ie' };
let aliasCounter = 0;

function any(ctx: FilterContext, values: unknown[], type: string): string {
  return `ANY(${ctx.params.add(values)}::${type}[])`;
}

function stringCondition(ctx: FilterContext, col: string, lookup: string, values: string[]): string {
  const p = (v: unknown) => ctx.params.add(v);
  switch (lookup) {
    case 'exact': {
      const nulls = values.includes('null');
      const rest = values.filter((v) => v !== 'null');
      const parts = [
        ...(rest.length ? [`${col}::text = ${any(ctx, rest, 'text')}`] : []),
        ...(nulls ? [`${col} IS NULL`] : []),
      ];
      return parts.join(' OR ');
    }
    case 'ic':
      return values.map((v) => `${col}::text ILIKE ${p(`%${likeEscape(v)}%`)}`).join(' OR ');
    case 'isw':
      return values.map((v) => `${col}::text ILIKE ${p(`${likeEscape(v)}%`)}`).join(' OR ');
    case 'iew':
      return values.map((v) => `${col}::text ILIKE ${p(`%${likeEscape(v)}`)}`).join(' OR ');
    case 'ie':
      return values.map((v) => `lower(${col}::text) = lower(${p(v)})`).join(' OR ');
    case 'regex':
      return values.map((v) => `${col}::text ~ ${p(v)}`).join(' OR ');
    case 'iregex':
      return values.map((v) => `${col}::text ~* ${p(v)}`).join(' OR ');
    default:
      throw new Error(`lookup ${lookup}`);
  }
}

function emptyCondition(col: string, values: string[], stringy: boolean): string {
  const yes = parseBoolean(values[values.length - 1]!);
  if (stringy) return yes ? `(${col} IS NULL OR ${col}::text = '')` : `(${col} IS NOT NULL AND ${col}::text <> '')`;
  return yes ? `${col} IS NULL` : `${col} IS NOT NULL`;
}

const compare: Record<string, string> = { exact: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function typedCondition(
  ctx: FilterContext,
  col: string,
  lookup: string,
  values: string[],
  type: string,
  parse: (v: string) => unknown,
): string {
  const parsed = values.map(parse);
  if (lookup === 'exact') return `${col} = ${any(ctx, parsed, type)}`;
  return parsed.map((v) => `${col} ${compare[lookup]} ${ctx.params.add(v)}::${type}`).join(' OR ');
}

async function checkExisting(
  ctx: FilterContext,
  target: ModelDef,
  column: string,
  values: unknown[],
  type: string,
): Promise<void> {
  const found = await ctx.db.unsafe(
    `SELECT DISTINCT ${ident(column)}::text AS v FROM ${ident(target.table)}
    WHERE ${ident(column)} = ANY($1::${type}[])`,
    [values as never],
  );
  const have = new Set(found.map((r) => r.v as string));
  const missing = values.map(String).filter((v) => !have.has(v));
  if (missing.length)
    throw new FilterValueError(`Select a valid choice. ${missing[0]} is not one of the available choices.`);
}

/** Ids of target rows (and, for trees, all their descendants) named by the filter values. */
async function relationIds(
  ctx: FilterContext,
  f: FilterDef,
  values: string[],
): Promise<{ sql: string; nulls: boolean }> {
  const target = ctx.registry.model(f.target!);
  const nulls = values.includes('null');
  const rest = values.filter((v) => v !== 'null');
  const natural = f.kind === 'fk_natural' || f.kind === 'tree_natural' || f.kind === 'm2m_natural';
  const tree = f.kind === 'tree' || f.kind === 'tree_natural';
  if (rest.length === 0) return { sql: '', nulls };
  let idsSql: string;
  if (natural) {
    const nk = ctx.registry.field(target, target.naturalKey!)!;
    const type = nk.kind === 'integer' || nk.kind === 'bigint' ? 'bigint' : 'text';
    const parsed = type === 'bigint' ? rest.map(parseInteger) : rest;
    await checkExisting(ctx, target, nk.column!, parsed, type);
    idsSql = `SELECT id FROM ${ident(target.table)} WHERE ${ident(nk.column!)} = ${any(ctx, parsed, type)}`;
  } else {
    const ids = rest.map(parseInteger);
    await checkExisting(ctx, target, 'id', ids, 'bigint');
    idsSql = `SELECT unnest(${ctx.params.add(ids)}::bigint[])`;
  }
  if (tree) idsSql = `SELECT d.id FROM ${ident(target.table)} d WHERE d._path && ARRAY(${idsSql})`;
  return { sql: idsSql, nulls };
}

async function relationCondition(
  ctx: FilterContext,
  f: FilterDef,
  col: string,
  values: string[],
  modelKey: string,
  alias: string,
  lookup = 'exact',
): Promise<string> {
  if (f.kind === 'tag' || f.kind === 'tag_id') {
    const column = f.kind === 'tag' ? 'slug' : 'id';
    const parsed = f.kind === 'tag' ? values : values.map(parseInteger);
    const type = f.kind === 'tag' ? 'text' : 'bigint';
    await checkExisting(ctx, ctx.registry.model('extras.tag'), column, parsed, type);
    const ct = ctx.params.add(modelKey);
    // every tag must be present (AND), as NetBox's tag filter does; tag__any: one of them
    return parsed
      .map(
        (v) => `EXISTS (SELECT 1 FROM ${tables.taggedItem} ti JOIN ${tables.tag} g ON g.id = ti.tag_id
      WHERE ti.object_type = ${ct} AND ti.object_id = ${alias}.id AND g.${column} = ${ctx.params.add(v)}::${type})`,
      )
      .join(lookup === 'any' ? ' OR ' : ' AND ');
  }
  const { sql, nulls } = await relationIds(ctx, f, values);
  const parts: string[] = [];
  if (f.kind === 'm2m' || f.kind === 'm2m_natural') {
    const th = f.through!;
    if (sql)
      parts.push(`${alias}.id IN (SELECT ${ident(th.source)} FROM ${ident(th.table)}
      WHERE ${ident(th.target)} IN (${sql}))`);
    if (nulls) parts.push(`NOT EXISTS (SELECT 1 FROM ${ident(th.table)} WHERE ${ident(th.source)} = ${alias}.id)`);
  } else {
    if (sql) parts.push(`${col} IN (${sql})`);
    if (nulls) parts.push(`${col} IS NULL`);
  }
  return parts.join(' OR ');
}

/** The positive condition for a base lookup (negations are applied by the caller). */
/** `cable_end` with NetBox's string lookups: the end (A or B) of the object's cable, '' when it has none. */
function cableEndCondition(
  ctx: FilterContext,
  model: ModelDef,
  lookup: string,
  values: string[],
  alias: string,
): string {
  const ct = ident(ctx.registry.model(TERMINATION.model).table);
  const end = `coalesce((SELECT x.${TERMINATION.end} FROM ${ct} x
    WHERE x.${TERMINATION.type} = ${ctx.params.add(model.key)} AND x.${TERMINATION.id} = ${alias}.id LIMIT 1), '')`;
  if (lookup === 'empty') return emptyCondition(end, values, true);
  if (lookup === 'exact')
    for (const v of values)
      if (v !== 'A' && v !== 'B')
        throw new FilterValueError(`Select a valid choice. ${v} is not one of the available choices.`);
  return stringCondition(ctx, end, lookup, values);
}

async function positive(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  lookup: string,
  values: string[],
  alias: string,
): Promise<string> {
  if (f.kind === 'cable' && f.op === 'cable_end') return cableEndCondition(ctx, model, lookup, values, alias);
  const col = `${alias}.${ident(f.column)}`;
  const stringy = f.kind === 'string' || f.kind === 'choice' || f.kind === 'content_type';
  if (lookup === 'empty') return emptyCondition(col, values, stringy);
  switch (f.kind) {
    case 'string':
      return stringCondition(ctx, col, lookup, values);
    case 'choice': {
      for (const v of values) {
        if (v !== 'null' && !ctx.registry.choices(f.choices!).some((c) => String(c.value) === v)) {
          throw new FilterValueError(`Select a valid choice. ${v} is not one of the available choices.`);
        }
      }
      return stringCondition(ctx, col, lookup, values);
    }
    case 'content_type': {
      if (lookup === 'exact')
        for (const v of values) if (!ctx.registry.has(v)) throw new FilterValueError(`Invalid content type: ${v}`);
      // a list of types (arg 'array'): any of its types matches
      if (f.arg === 'array')
        return `EXISTS (SELECT 1 FROM unnest(${col}) v WHERE ${stringCondition(ctx, 'v', lookup, values)})`;
      return stringCondition(ctx, col, lookup, values);
    }
    case 'content_type_id': {
      const ids = values.map(parseInteger);
      const types = `SELECT app_label || '.' || model FROM public.${tables.objectType}
        WHERE id = ANY(${ctx.params.add(ids)}::bigint[])`;
      const cond = f.arg === 'array' ? `${col} && ARRAY(${types})` : `${col} IN (${types})`;
      return lookup === 'n' ? `NOT coalesce(${cond}, false)` : cond;
    }
    case 'number':
      return typedCondition(ctx, col, lookup, values, 'bigint', parseInteger);
    case 'decimal':
      return typedCondition(ctx, col, lookup, values, 'numeric', parseDecimal);
    case 'date':
      return typedCondition(ctx, col, lookup, values, 'date', parseDate);
    case 'timestamp':
      return typedCondition(ctx, col, lookup, values, 'timestamptz', parseTimestamp);
    case 'boolean':
      return `${col} = ${ctx.params.add(parseBoolean(values[values.length - 1]!))}::boolean`;
    case 'ip': {
      const field = ctx.registry.field(model, f.column);
      return values
        .map((v) => {
          if (field?.kind === 'ipnetwork') return `${col} = network(${ctx.params.add(parsePrefix(v))}::inet)`;
          const ip = parseIp(v);
          return ip.mask === undefined
            ? `host(${col}) = ${ctx.params.add(ip.host)}`
            : `${col} = ${ctx.params.add(`${ip.host}/${ip.mask}`)}::inet`;
        })
        .join(' OR ');
    }
    case 'request': {
      const ids = values.map(parseUuid);
      const actions =
        f.op === 'created_by_request'
          ? "('create')"
          : f.op === 'updated_by_request'
            ? "('update')"
            : "('create', 'update')";
      return `${alias}.id IN (SELECT changed_object_id FROM ${tables.objectChange}
        WHERE changed_object_type = ${ctx.params.add(model.key)} AND request_id = ${any(ctx, ids, 'text')}
        AND action IN ${actions})`;
    }
    case 'reverse': {
      // rows of another model naming this object through its generic relation, with the given ids
      const owner = ctx.registry.model(f.target!);
      const [typeCol, idCol] = f.arg!.split(':') as [string, string];
      return `${alias}.id IN (SELECT x.${ident(idCol)} FROM ${ident(owner.table)} x
        WHERE x.${ident(typeCol)} = ${ctx.params.add(model.key)}
        AND x.${ident(f.column)} = ANY(${ctx.params.add(values.map(parseInteger))}::bigint[]))`;
    }
    case 'cable': {
      // the object's cable termination rows (runtime/cables/model.ts names the model)
      const ct = ident(ctx.registry.model(TERMINATION.model).table);
      const mine = (cond: string) => `EXISTS (SELECT 1 FROM ${ct} x
        WHERE x.${TERMINATION.type} = ${ctx.params.add(model.key)} AND x.${TERMINATION.id} = ${alias}.id${cond})`;
      if (f.op === 'cabled' || f.op === 'occupied') {
        const yes = parseBoolean(values[values.length - 1]!);
        const has = f.op === 'occupied' ? `(${mine('')} OR ${alias}.mark_connected)` : mine('');
        return yes ? has : `NOT ${has}`;
      }
      return mine(` AND x.${TERMINATION.cable} = ANY(${ctx.params.add(values.map(parseInteger))}::bigint[])`);
    }
    case 'count': {
      // the counted rows, per row: a correlated count compared like a number
      const target = ctx.registry.model(f.target!);
      // a generic relation counts only the rows that point at this model
      const typed = f.arg ? ` AND x.${ident(f.arg)} = ${ctx.params.add(model.key)}` : '';
      const counted = f.through
        ? `(SELECT count(*) FROM ${ident(f.through.table)} x WHERE x.${ident(f.through.target)} = ${alias}.id)`
        : `(SELECT count(*) FROM ${ident(target.table)} x
          WHERE x.${ident(f.column)} = ${alias}.id${typed})`;
      return typedCondition(ctx, counted, lookup, values, 'bigint', parseInteger);
    }
    default:
      return relationCondition(ctx, f, col, values, model.key, alias, lookup);
  }
}

/** The condition of one parameter, with the relation path of the filter applied. */
export async function filterCondition(
  ctx: FilterContext,
  model: ModelDef,
  f: FilterDef,
  lookup: string,
  values: string[],
  alias = 't',
): Promise<string> {
  const base = negations[lookup] ?? lookup;
  // walk the relation path: each hop becomes `fk IN (SELECT id FROM target WHERE …)`
  let current = model;
  const hops: { column: string; table: string; alias: string }[] = [];
  let a = alias;
  for (const step of f.path) {
    const fk = ctx.registry.field(current, step)!;
    current = ctx.registry.model(fk.to!);
    const next = `f${++aliasCounter}`;
    hops.push({ column: `${a}.${ident(fk.column!)}`, table: current.table, alias: next });
    a = next;
  }
  let cond = await positive(ctx, current, f, base, values, a);
  for (const hop of hops.reverse())
    cond = `${hop.column} IN (SELECT ${hop.alias}.id
    FROM ${ident(hop.table)} ${hop.alias} WHERE ${cond})`;
  return base !== lookup ? `NOT coalesce((${cond}), false)` : `(${cond})`;
}
