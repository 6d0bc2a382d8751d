/**
 * Related objects on write (spec 2.4): a relation given as an id, a numeric string, `{id}`, or an
 * object of attributes (possibly nested) that must match exactly one row. Ids are checked in one
 * query per target model; attribute objects in one query each (deduplicated).
 */
import type { FieldDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, Params, type Db, query } from '../db/index.ts';
import { FieldError } from './coerce.ts';

export class LookupError extends Error {}

/** Python's dict repr, as NetBox's messages print lookups: `{'slug': 'x', 'site__name': 'y'}`. */
export function pyRepr(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as object)
      .map(([k, v]) => `'${k}': ${pyRepr(v)}`)
      .join(', ')}}`;
  return String(value);
}

function flatten(attrs: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}__`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

let aliasCounter = 0;

/** The condition selecting rows of `model` that have all the given attributes. */
export function attrsCondition(
  registry: Registry,
  model: ModelDef,
  attrs: Record<string, unknown>,
  params: Params,
  alias: string,
): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(attrs)) {
    if (key === 'id') {
      parts.push(`${alias}.id = ${params.add(asId(v))}::bigint`);
      continue;
    }
    const f = registry.field(model, key);
    if (!f || !f.column || f.hidden || f.writeOnly) {
      const choices = model.fields
        .filter((x) => x.column && !x.hidden && !x.writeOnly)
        .map((x) => x.name)
        .sort();
      throw new LookupError(`Cannot resolve keyword '${key}' into field. Choices are: ${choices.join(', ')}`);
    }
    const col = `${alias}.${ident(f.column)}`;
    if (v === null) {
      parts.push(`${col} IS NULL`);
    } else if (f.kind === 'fk' && typeof v === 'object' && !Array.isArray(v)) {
      const target = registry.model(f.to);
      const a = `r${++aliasCounter}`;
      const matches = attrsCondition(registry, target, v as Record<string, unknown>, params, a);
      parts.push(`${col} IN (SELECT ${a}.id FROM ${ident(target.table)} ${a} WHERE ${matches})`);
    } else if (typeof v === 'object') {
      throw new LookupError(`Invalid lookup value for '${key}': ${pyRepr(v)}`);
    } else if (f.kind === 'fk' || f.kind === 'integer' || f.kind === 'bigint') {
      parts.push(`${col} = ${params.add(asId(v))}::bigint`);
    } else if (f.kind === 'ipaddress' || f.kind === 'ipnetwork') {
      const text = String(v);
      parts.push(text.includes('/') ? `${col} = ${params.add(text)}::inet` : `host(${col}) = ${params.add(text)}`);
    } else if (f.kind === 'decimal') {
      parts.push(`${col} = ${params.add(String(v))}::numeric`);
    } else {
      parts.push(`${col}::text = ${params.add(String(v))}`);
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

function asId(v: unknown): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
  throw new LookupError(`Invalid id: ${pyRepr(v)}`);
}

/** A reference as written: an id, or attributes to look up. */
export type Reference = { id: number } | { attrs: Record<string, unknown> };

export function parseReference(value: unknown): Reference {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return { id: value };
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return { id: Number(value) };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const id = (value as { id?: unknown }).id;
    if (keys.length === 1 && keys[0] === 'id' && (typeof id === 'number' || typeof id === 'string'))
      return parseReference(id);
    return { attrs: value as Record<string, unknown> };
  }
  throw new FieldError(
    'Related objects must be referenced by numeric ID or by dictionary of attributes. ' +
      `Received an unrecognized value: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
}

/**
 * Resolves references to one target model. Returns, per reference, the id or the error message.
 * `extraCondition` narrows what may be referenced by attributes (permissions).
 */
export async function resolveReferences(
  db: Db,
  registry: Registry,
  target: ModelDef,
  refs: Reference[],
  extraCondition?: (alias: string, params: Params) => string,
): Promise<(number | FieldError)[]> {
  // ids beyond 2^53 cannot name a row (ids are bigint serials): they are simply not found
  const ids = [...new Set(refs.flatMap((r) => ('id' in r && Number.isSafeInteger(r.id) ? [r.id] : [])))];
  const found = new Set<number>();
  if (ids.length) {
    const rows = await query(db, `SELECT id FROM ${ident(target.table)} WHERE id = ANY($1::bigint[])`, [ids]);
    for (const r of rows) found.add(r.id as number);
  }
  // each distinct set of attributes is looked up once, in the order first given
  const byAttrs = new Map<string, number | FieldError>();
  const out: (number | FieldError)[] = [];
  for (const r of refs) {
    if ('id' in r) {
      out.push(
        found.has(r.id)
          ? r.id
          : new FieldError(`Related object not found using the provided numeric ID: ${r.id}`, 'missing_reference'),
      );
      continue;
    }
    const key = JSON.stringify(r.attrs);
    let result = byAttrs.get(key);
    if (result === undefined) {
      result = await byAttributes(db, registry, target, r.attrs, extraCondition);
      byAttrs.set(key, result);
    }
    out.push(result);
  }
  return out;
}

/** The one object these attributes name, or why there is none. */
async function byAttributes(
  db: Db,
  registry: Registry,
  target: ModelDef,
  attrs: Record<string, unknown>,
  extraCondition?: (alias: string, params: Params) => string,
): Promise<number | FieldError> {
  const params = new Params();
  try {
    const cond = attrsCondition(registry, target, attrs, params, 'a');
    const extra = extraCondition ? ` AND ${extraCondition('a', params)}` : '';
    const rows = await query(
      db,
      `SELECT a.id FROM ${ident(target.table)} a WHERE ${cond}${extra} LIMIT 2`,
      params.values,
    );
    const shown = pyRepr(flatten(attrs));
    if (rows.length === 0)
      return new FieldError(`Related object not found using the provided attributes: ${shown}`, 'missing_reference');
    if (rows.length > 1) return new FieldError(`Multiple objects match the provided attributes: ${shown}`);
    return rows[0].id as number;
  } catch (e) {
    if (!(e instanceof LookupError)) throw e;
    return new FieldError(e.message);
  }
}

/** Checks that every listed id exists (many-to-many written as ids). */
export async function missingIds(db: Db, target: ModelDef, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await query(db, `SELECT id FROM ${ident(target.table)} WHERE id = ANY($1::bigint[])`, [
    unique.filter(Number.isSafeInteger),
  ]);
  const have = new Set(rows.map((r) => r.id as number));
  return new Set(unique.filter((i) => !have.has(i)));
}

export type { FieldDef };
