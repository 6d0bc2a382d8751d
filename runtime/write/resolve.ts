/**
 * Resolves every relation of a batch: foreign keys, generic relations, many-to-many lists and
 * tags, with one query per target model and errors recorded on the item that caused them.
 */
import { CatalogueLookupError, type GenericField, type ModelDef } from '../catalogue/index.ts';
import { ident, query, tables } from '../db/index.ts';
import { FieldError } from './coerce.ts';
import { missingIds, parseReference, resolveReferences, type Reference } from './related.ts';
import { typeName } from './item.ts';
import type { Pending, WriteContext } from './types.ts';
import { pushTo } from '../collections.ts';

/** One reference of an item to resolve to an id: the error key it reports under, its target, where the id goes. */
interface Want {
  item: Pending;
  key: string;
  target: ModelDef;
  apply: (id: number) => void;
  ref: Reference;
}

type TagChanges = { add: number[]; remove: number[] };

/** The generic relation a reference keyed by its id column belongs to (item.ts keys them so). */
function genericOf(model: ModelDef, idField: string): GenericField {
  const g = model.fields.find((f): f is GenericField => f.kind === 'generic' && f.idColumn === idField);
  if (!g) throw new CatalogueLookupError(`${model.key} has no generic relation on ${idField}`);
  return g;
}

/** Resolves the references with one query per target model; a reference that fails is its item's error. */
async function resolveAll(ctx: WriteContext, wants: Want[]): Promise<void> {
  const groups = new Map<string, Want[]>();
  for (const w of wants) pushTo(groups, w.target.key, w);
  for (const [key, list] of groups) {
    const target = ctx.registry.model(key);
    const extra = ctx.guard?.viewCondition ? await ctx.guard.viewCondition(target) : undefined;
    const results = await resolveReferences(
      ctx.db,
      ctx.registry,
      target,
      list.map((w) => w.ref),
      extra,
    );
    list.forEach((w, i) => {
      const r = results[i];
      if (r instanceof FieldError) w.item.errors.add(w.key, r.message, r.code);
      else w.apply(r);
    });
  }
}

/** add_tags/remove_tags → the object's whole new tag set (stored set ∪ added − removed). */
async function applyTagChanges(ctx: WriteContext, model: ModelDef, changes: Map<Pending, TagChanges>): Promise<void> {
  const ready = [...changes].filter(([item]) => item.errors.empty);
  if (!ready.length) return;
  const stored = ready.filter(([item]) => item.before).map(([item]) => item.id);
  const rows = stored.length
    ? await query(
        ctx.db,
        `SELECT object_id, tag_id FROM ${tables.taggedItem} WHERE object_type = $1
      AND object_id = ANY($2::bigint[]) ORDER BY id`,
        [model.key, stored],
      )
    : [];
  for (const [item, { add, remove }] of ready) {
    const removed = new Set(remove);
    const both = add.filter((id) => removed.has(id));
    if (both.length) {
      const names = await query(ctx.db, `SELECT name FROM ${tables.tag} WHERE id = ANY($1::bigint[]) ORDER BY name`, [
        both,
      ]);
      item.errors.add(
        'remove_tags',
        `Tags may not be present in both "add_tags" and "remove_tags": ` +
          `${names.map((r) => r.name as string).join(', ')}`,
      );
      continue;
    }
    const current = item.before ? rows.filter((r) => Number(r.object_id) === item.id).map((r) => Number(r.tag_id)) : [];
    item.tagIds = [...new Set([...current, ...add])].filter((id) => !removed.has(id));
  }
}

/**
 * Adds the reference `parse` reads to `wants`, or records its fault under `key`; whether it could be read.
 */
function want(wants: Want[], w: Omit<Want, 'ref'>, parse: () => Reference): boolean {
  try {
    wants.push({ ...w, ref: parse() });
    return true;
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    w.item.errors.add(w.key, e.message);
    return false;
  }
}

/** The item's foreign keys by their name and generic relations by their id column (null is set at once). */
function referenceWants(ctx: WriteContext, model: ModelDef, item: Pending, wants: Want[]): void {
  for (const [name, ref] of item.refs) {
    if (ref === null) {
      item.values[name] = null;
      continue;
    }
    const f = ctx.registry.fieldOf(model, name);
    let type = f.kind === 'fk' ? f.to : undefined;
    let key = name;
    if (type === undefined) {
      const generic = genericOf(model, name);
      type = item.values[generic.typeColumn] as string;
      key = model.aliases.find((a) => a.field === generic.name && item.input[a.name] !== undefined)?.name ?? name;
    }
    wants.push({
      item,
      key,
      ref,
      target: ctx.registry.model(type),
      apply: (id) => {
        item.values[name] = id;
      },
    });
  }
}

/** Many-to-many given as lists of ids (kept as they are) or references (to resolve). */
function m2mWants(ctx: WriteContext, model: ModelDef, item: Pending, wants: Want[]): void {
  for (const [name, list] of item.m2m) {
    const f = ctx.registry.fieldOfKind(model, name, 'm2m');
    const target = ctx.registry.model(f.to);
    const ids: number[] = new Array(list.length);
    let bad = false;
    list.forEach((v, i) => {
      if (!f.writeIds) {
        const apply = (id: number) => {
          ids[i] = id;
        };
        if (!want(wants, { item, key: name, target, apply }, () => parseReference(v))) bad = true;
      } else if (typeof v === 'number' && Number.isInteger(v)) ids[i] = v;
      else if (typeof v === 'string' && /^\d+$/.test(v)) ids[i] = Number(v);
      else {
        bad = true;
        item.errors.add(name, `Incorrect type. Expected pk value, received ${typeName(v)}.`);
      }
    });
    if (!bad) item.m2m.set(name, ids);
  }
}

/** add_tags and remove_tags as references to resolve; the ids they resolve to. */
function tagChangeWants(ctx: WriteContext, item: Pending, wants: Want[]): TagChanges | undefined {
  if (!item.tagChanges) return undefined;
  const changes: TagChanges = { add: [], remove: [] };
  const target = ctx.registry.model('extras.tag');
  for (const side of ['add', 'remove'] as const) {
    const key = side === 'add' ? 'add_tags' : 'remove_tags';
    item.tagChanges[side].forEach((v, i) => {
      const apply = (id: number) => {
        changes[side][i] = id;
      };
      want(wants, { item, key, target, apply }, () => parseReference(v));
    });
  }
  return changes;
}

/** The item's tags as references to resolve, as slugs where the model shows them so (config contexts). */
function tagWants(ctx: WriteContext, model: ModelDef, item: Pending, wants: Want[]): void {
  if (!item.tags) return;
  const slugs = model.fields.some((f) => f.kind === 'tags' && f.plain);
  const target = ctx.registry.model('extras.tag');
  const tagIds: number[] = new Array(item.tags.length);
  item.tagIds = tagIds;
  item.tags.forEach((v, i) => {
    const apply = (id: number) => {
      tagIds[i] = id;
    };
    want(wants, { item, key: 'tags', target, apply }, () =>
      slugs && typeof v === 'string' ? { attrs: { slug: v } } : parseReference(v),
    );
  });
}

/** Many-to-many ids given as ids must name existing objects. */
async function checkM2mIds(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  for (const f of model.fields) {
    if (f.kind !== 'm2m' || !f.writeIds) continue;
    const all = items.flatMap((i) => (i.m2m.get(f.name) ?? []) as number[]);
    const missing = await missingIds(ctx.db, ctx.registry.model(f.to), all);
    for (const item of items) {
      for (const id of (item.m2m.get(f.name) ?? []) as number[])
        if (missing.has(id))
          item.errors.add(f.name, `Invalid pk "${id}" - object does not exist.`, 'missing_reference');
    }
  }
}

export async function resolveRelations(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  const tagChanges = new Map<Pending, TagChanges>();
  const wants: Want[] = [];
  for (const item of items) {
    referenceWants(ctx, model, item, wants);
    m2mWants(ctx, model, item, wants);
    const changes = tagChangeWants(ctx, item, wants);
    if (changes) tagChanges.set(item, changes);
    tagWants(ctx, model, item, wants);
  }
  await resolveAll(ctx, wants);
  await applyTagChanges(ctx, model, tagChanges);
  await checkM2mIds(ctx, model, items);
}

/**
 * Generic relations of items whose fields are valid (NetBox's model clean): both parts or neither, and
 * the object must exist.
 */
export async function checkGenericObjects(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  for (const g of model.fields.filter((f) => f.kind === 'generic')) {
    const byType = new Map<string, Pending[]>();
    for (const item of items) {
      if (item.errors.has(g.typeColumn) || item.errors.has(g.idColumn)) continue;
      const type = item.values[g.typeColumn] as string | null;
      const id = item.values[g.idColumn] as number | null;
      if ((type === null) !== (id === null || id === undefined)) {
        if (g.required || type !== null || (id !== null && id !== undefined)) {
          item.errors.add(type === null ? g.typeColumn : g.idColumn, 'This field cannot be null.');
        }
        continue;
      }
      if (type === null) {
        if (g.required) item.errors.add(g.typeColumn, 'This field is required.');
        continue;
      }
      if (!item.refs.has(g.idColumn)) pushTo(byType, type, item);
    }
    for (const [type, list] of byType) {
      const target = ctx.registry.model(type);
      const ids = list.map((i) => i.values[g.idColumn] as number);
      const rows = await query(ctx.db, `SELECT id FROM ${ident(target.table)} WHERE id = ANY($1::bigint[])`, [ids]);
      const have = new Set(rows.map((r) => r.id as number));
      for (const item of list) {
        const id = item.values[g.idColumn] as number;
        if (!have.has(id))
          item.errors.add(g.idColumn, `Related object not found using the provided value: ${id}.`, 'missing_reference');
      }
    }
  }
}
