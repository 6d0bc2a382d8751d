/**
 * `config_context` of devices and virtual machines, as NetBox renders it: every active config
 * context whose assignments all match the object (an empty assignment matches everything; regions,
 * groups, locations, roles and platforms match their descendants), merged deeply in order of
 * weight and name, then the object's local context data on top. Nothing but the local data is
 * read when no context is active. The active contexts of main are kept in the shared cache
 * (cleared on any change to contexts, their assignments or tags: cache-triggers.ts), so a device
 * read costs no query for them; a read inside a branch or a write's transaction reads them.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, type CachedModels, type Row, query, tables } from '../db/index.ts';
import type { ReadContext } from './serialize.ts';
import { present } from '../collections.ts';

type Render = (row: Row) => unknown;
type Def = { readonly contexts: string; readonly local?: string; readonly match: Readonly<Record<string, string>> };

export function deepMerge(base: unknown, over: unknown): unknown {
  if (
    !base ||
    typeof base !== 'object' ||
    Array.isArray(base) ||
    !over ||
    typeof over !== 'object' ||
    Array.isArray(over)
  )
    return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out;
}

/** For each row, the ids its `path` reaches (with a tree target's ancestors). */
async function reached(
  ctx: ReadContext,
  model: ModelDef,
  path: string,
  rows: Row[],
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>(rows.map((r) => [Number(r.id), new Set<number>()]));
  if (path === '-') return out; // the object has no such assignment: only contexts without one match
  if (path === 'tags') {
    const links = await query(
      ctx.db,
      `SELECT object_id, tag_id FROM ${tables.taggedItem} WHERE object_type = $1
      AND object_id = ANY($2::bigint[])`,
      [model.key, rows.map((r) => r.id)],
    );
    for (const l of links) out.get(Number(l.object_id))?.add(Number(l.tag_id));
    return out;
  }
  const [head, ...steps] = path.split('.');
  // the first hop from the stored row
  const first = ctx.registry.fieldOfKind(model, head, 'fk');
  let values = new Map<number, number | null>(rows.map((r) => [Number(r.id), null]));
  const ids = rows.map((r) => Number(r.id));
  const firstRows = await query(
    ctx.db,
    `SELECT id, ${ident(first.column)} AS v FROM ${ident(model.table)}
    WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  for (const r of firstRows) values.set(Number(r.id), r.v === null ? null : Number(r.v));
  let current = ctx.registry.model(first.to);
  for (const step of steps) {
    const f = ctx.registry.fieldOfKind(current, step, 'fk');
    const targets = [...new Set([...values.values()].filter((v): v is number => v !== null))];
    const hop = targets.length
      ? await query(
          ctx.db,
          `SELECT id, ${ident(f.column)} AS v FROM ${ident(current.table)}
      WHERE id = ANY($1::bigint[])`,
          [targets],
        )
      : [];
    const by = new Map(hop.map((r) => [Number(r.id), r.v === null ? null : Number(r.v)]));
    values = new Map([...values].map(([k, v]) => [k, v === null ? null : (by.get(v) ?? null)]));
    current = ctx.registry.model(f.to);
  }
  if (!current.tree) return new Map([...values].map(([k, v]) => [k, new Set(v === null ? [] : [v])]));
  const targets = [...new Set([...values.values()].filter((v): v is number => v !== null))];
  const paths = targets.length
    ? await query(
        ctx.db,
        `SELECT id, _path FROM ${ident(current.table)}
      WHERE id = ANY($1::bigint[])`,
        [targets],
      )
    : [];
  const byId = new Map(paths.map((r) => [Number(r.id), ((r._path ?? []) as unknown[]).map(Number)]));
  return new Map([...values].map(([k, v]) => [k, new Set(v === null ? [] : (byId.get(v) ?? [v]))]));
}

/** The active config contexts (id, data and the ids of each assignment), in merge order. */
export async function activeContexts(ctx: ReadContext, def: Def): Promise<Row[]> {
  const contexts = ctx.registry.model(def.contexts);
  const m2m = Object.keys(def.match).map((name) => ({ name, field: ctx.registry.field(contexts, name) }));
  const lists = m2m.map(({ name, field }) =>
    field?.kind === 'm2m'
      ? `(SELECT coalesce(array_agg(x.${ident(field.through.target)}), '{}') FROM ${ident(field.through.table)} x
      WHERE x.${ident(field.through.source)} = c.id) AS ${ident(name)}`
      : name === 'tags'
        ? `(SELECT coalesce(array_agg(x.tag_id), '{}') FROM ${tables.taggedItem} x
      WHERE x.object_type = '${contexts.key}' AND x.object_id = c.id) AS tags`
        : `'{}'::bigint[] AS ${ident(name)}`,
  );
  const load = async () =>
    [
      ...(await query(
        ctx.db,
        `SELECT c.id, c.data${lists.length ? `, ${lists.join(', ')}` : ''}
    FROM ${ident(contexts.table)} c WHERE c.is_active ORDER BY c.weight, c.name, c.id`,
      )),
    ] as Row[];
  // only main's committed rows are shared: a request on the pool (not in a branch or a transaction)
  const shared = ctx.cache?.isMain(ctx.db) ? ctx.cache : undefined;
  return shared ? shared.get('config_contexts', `${contexts.key}\0${Object.keys(def.match).join(',')}`, load) : load();
}

export async function configContextRenderer(ctx: ReadContext, model: ModelDef, def: Def, rows: Row[]): Promise<Render> {
  const localColumn = def.local ? ctx.registry.columnOf(model, def.local) : undefined;
  const local = (r: Row) => (localColumn === undefined ? null : (r[localColumn] ?? null));
  const active = rows.length ? await activeContexts(ctx, def) : [];
  if (!active.length) return (r) => deepMerge({}, local(r) ?? {});
  const used = Object.entries(def.match).filter(([name]) => active.some((c) => (c[name] as unknown[]).length > 0));
  const reach = await Promise.all(
    used.map(async ([name, path]) => ({ name, ids: await reached(ctx, model, path, rows) })),
  );
  return (r) => {
    let data: unknown = {};
    for (const c of active) {
      const fits = reach.every(({ name, ids }) => {
        const wanted = (c[name] as unknown[]).map(Number);
        if (!wanted.length) return true;
        const have = present(ids.get(Number(r.id)), 'the objects a row of the page reaches');
        return wanted.some((w) => have.has(w));
      });
      if (fits) data = deepMerge(data, c.data ?? {});
    }
    const l = local(r);
    return l ? deepMerge(data, l) : data;
  };
}

/** What the `config_contexts` cache topic holds (their tables' triggers notify). */
export const configContextCache: CachedModels = { topic: 'config_contexts', models: new Set(['extras.configcontext']) };
