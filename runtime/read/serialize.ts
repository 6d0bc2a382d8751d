/**
 * Rows → API representations. Related data is loaded per page, never per row: one batched query
 * per relation, per many-to-many, for tags (relations.ts), and one grouped query per computed count
 * (computed.ts). This file renders a field by its kind and builds each representation.
 */
import type { ColumnField, FieldDef, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, isoTimestamp, type Db, type Row, type SharedCache, query } from '../db/index.ts';
import { selectList } from './select.ts';
import { loadComputed } from './computed.ts';
import { loadCustomFields } from './custom-fields.ts';
import { mediaUrl } from '../media/index.ts';
import { embedColumns } from './embed.ts';
import { childrenRenderer, relationRenderer } from './relations.ts';

export interface ReadContext {
  readonly db: Db;
  readonly registry: Registry;
  /** scheme and host of absolute URLs (`http://host:8000`), or '' for root-relative ones */
  readonly baseUrl: string;
  readonly cache?: SharedCache;
  /** rendering related objects nested in another (fetchNested, renderEmbedded) */
  readonly nested?: boolean;
}

/**
 * A read that renders the related objects its fields hold with this file's functions: relations.ts,
 * computed.ts and cabling.ts, which serialize calls, are given them (they would otherwise import this
 * file back).
 */
export interface NestingContext extends ReadContext {
  readonly fetchNested: typeof fetchNested;
  readonly renderEmbedded: typeof renderEmbedded;
}

export function nesting(ctx: ReadContext): NestingContext {
  return { ...ctx, fetchNested, renderEmbedded };
}

type Json = Record<string, unknown>;
type Render = (row: Row) => unknown;

function choiceValue(registry: Registry, set: string, value: unknown, plain: boolean | undefined): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (plain) return value;
  return { value, label: registry.choice(set, value as string | number)?.label ?? '' };
}

export function objectUrl(ctx: ReadContext, model: ModelDef, id: unknown): string {
  return `${ctx.baseUrl}/api/${model.apiPath}/${id}/`;
}

/** Nested objects of `model` for the given ids, rendered with `names`. */
export async function fetchNested(
  ctx: ReadContext,
  model: ModelDef,
  names: readonly string[],
  ids: unknown[],
): Promise<Map<number, Json>> {
  const unique = [...new Set(ids.filter((v) => v !== null && v !== undefined))];
  if (unique.length === 0) return new Map();
  const rows = await query(
    ctx.db,
    `SELECT ${selectList(ctx.registry, model)}${embedColumns(ctx.registry, model, names)} FROM ${ident(model.table)} ` +
      `t WHERE t.id = ANY($1::bigint[])`,
    [unique],
  );
  const objects = await serialize({ ...ctx, nested: true }, model, rows as unknown as Row[], names);
  return new Map(objects.map((o) => [o.id as number, o]));
}

/** Timestamps in JSON (row_to_json) as the connection's parser gives them. */
function fromJson(model: ModelDef, row: Row): Row {
  for (const f of model.fields) {
    if (f.kind !== 'timestamp' || !f.column) continue;
    const v = row[f.column];
    if (typeof v === 'string') row[f.column] = isoTimestamp(v.replace('T', ' ').replace(/\+00:00$/, '+00'));
  }
  return row;
}

/** Embedded target rows (see embed.ts), each once, rendered; by id. */
export async function renderEmbedded(
  ctx: ReadContext,
  target: ModelDef,
  names: readonly string[],
  embedded: unknown[],
): Promise<Map<number, Json>> {
  const unique = new Map<number, Row>();
  for (const r of embedded)
    if (r && typeof r === 'object' && !unique.has((r as Row).id as number))
      unique.set((r as Row).id as number, fromJson(target, r as Row));
  const objects = await serialize({ ...ctx, nested: true }, target, [...unique.values()], names);
  return new Map(objects.map((o) => [o.id as number, o]));
}

function scalarRenderer(ctx: ReadContext, f: ColumnField): Render {
  const col = f.column;
  switch (f.kind) {
    case 'id':
      return (r) => r.id;
    case 'decimal':
      return (r) => (r[col] === null || r[col] === undefined ? null : Number(r[col]));
    case 'choice': {
      // one (frozen) {value, label} object per value for the whole page, not one per row
      const seen = new Map<unknown, unknown>();
      return (r) => {
        const v = r[col];
        let out = seen.get(v);
        if (out === undefined) {
          out = choiceValue(ctx.registry, f.choices, v, f.plain);
          seen.set(v, out && typeof out === 'object' ? Object.freeze(out) : out);
        }
        return out;
      };
    }
    case 'image':
      return (r) => (r[col] ? mediaUrl(ctx.baseUrl, r[col] as string) : null);
    default:
      return (r) => r[col] ?? null;
  }
}

export async function rendererFor(
  ctx: ReadContext,
  model: ModelDef,
  f: FieldDef,
  rows: Row[],
): Promise<Render | undefined> {
  switch (f.kind) {
    case 'url':
      return (r) => objectUrl(ctx, model, r.id);
    case 'display_url':
      return (r) => `${ctx.baseUrl}/${model.uiPath ?? model.apiPath}/${r.id}/`;
    case 'display':
      return (r) => r.__display;
    case 'fk':
    case 'm2m':
    case 'generic':
      return relationRenderer(nesting(ctx), model, f, rows);
    case 'tags': {
      const render = await relationRenderer(nesting(ctx), model, f, rows);
      // tags as slugs (config contexts), as NetBox shows them there
      return f.plain ? (r) => (render(r) as Json[]).map((t) => t.slug) : render;
    }
    case 'custom_fields':
      return loadCustomFields(ctx, model, rows);
    case 'children':
      return childrenRenderer(nesting(ctx), f, rows);
    case 'computed':
      return loadComputed(nesting(ctx), model, f, rows);
    case 'password':
      return undefined;
    default:
      // a virtual field (input only, no column) reads as null unless a read hook fills it
      return f.column ? scalarRenderer(ctx, f) : () => null;
  }
}

type Build = (renders: readonly Render[], row: Row) => Json;
const builds = new Map<string, Build>();

/**
 * A function that builds one representation as a single object literal (`{"id": r[0](row), …}`):
 * every object of a page gets the same shape at once, instead of growing property by property.
 * Keys are catalogue field names (quoted with JSON.stringify); one function per field list.
 */
function builder(keys: readonly string[]): Build {
  const id = keys.join(',');
  let build = builds.get(id);
  if (!build) {
    if (builds.size >= 1000) builds.clear(); // `fields=` subsets are many; keep the cache bounded
    // eslint-disable-next-line no-new-func
    build = new Function(
      'r',
      'row',
      `return {${keys.map((k, i) => `${JSON.stringify(k)}: r[${i}](row)`).join(', ')}};`,
    ) as Build;
    builds.set(id, build);
  }
  return build;
}

/** Renders rows with the named fields, in the model's field order. */
export async function serialize(
  ctx: ReadContext,
  model: ModelDef,
  rows: Row[],
  names: readonly string[],
): Promise<Json[]> {
  const wanted = new Set(names);
  const fields = model.fields.filter((f) => wanted.has(f.name) && !f.hidden && !f.writeOnly);
  const renderers = await Promise.all(fields.map((f) => rendererFor(ctx, model, f, rows)));
  const plan = fields
    .map((f, i) => [f.name, renderers[i]] as const)
    .filter((p): p is readonly [string, Render] => p[1] !== undefined);
  const keys = plan.map((p) => p[0]);
  if (keys.includes('__proto__')) {
    return rows.map((row) => Object.fromEntries(plan.map(([name, render]) => [name, render(row)])) as Json);
  }
  const build = builder(keys);
  const renders = plan.map((p) => p[1]);
  return rows.map((row) => build(renders, row));
}
