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

interface Want {
  item: Pending;
  key: string;
  apply: (id: number) => void;
  ref: Reference;
}

/** The generic relation a reference keyed by its id column belongs to (item.ts keys them so). */
function genericOf(model: ModelDef, idField: string): GenericField {
  const g = model.fields.find((f): f is GenericField => f.kind === 'generic' && f.idColumn === idField);
  if (!g) throw new CatalogueLookupError(`${model.key} has no generic relation on ${idField}`);
  return g;
}

async function resolveAll(
  ctx: WriteContext,
  wants: Want[],
  targetOf: (w: Want) => ModelDef | undefined,
): Promise<void> {
  const groups = new Map<string, Want[]>();
  for (const w of wants) {
    const t = targetOf(w);
    if (t) pushTo(groups, t.key, w);
  }
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
async function applyTagChanges(
  ctx: WriteContext,
  model: ModelDef,
  changes: Map<Pending, { add: number[]; remove: number[] }>,
): Promise<void> {
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

export async function resolveRelations(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  const tagChanges = new Map<Pending, { add: number[]; remove: number[] }>();
  const wants: Want[] = [];
  const targets = new Map<Want, ModelDef>();
  const tagModel = ctx.registry.model('extras.tag');
  // tags written as slugs where the model shows them so (config contexts)
  const slugs = model.fields.some((f) => f.kind === 'tags' && f.plain);
  for (const item of items) {
    for (const [name, ref] of item.refs) {
      if (ref === null) {
        item.values[name] = null;
        continue;
      }
      // a foreign key by its name, or a generic relation by its id column
      const f = ctx.registry.fieldOf(model, name);
      let type = f.kind === 'fk' ? f.to : undefined;
      let key = name;
      if (type === undefined) {
        const generic = genericOf(model, name);
        type = item.values[generic.typeColumn] as string;
        key = model.aliases.find((a) => a.field === generic.name && item.input[a.name] !== undefined)?.name ?? name;
      }
      const w: Want = {
        item,
        key,
        ref,
        apply: (id) => {
          item.values[name] = id;
        },
      };
      targets.set(w, ctx.registry.model(type));
      wants.push(w);
    }
    // many-to-many given as lists of ids or references
    for (const [name, list] of item.m2m) {
      const f = ctx.registry.fieldOfKind(model, name, 'm2m');
      const target = ctx.registry.model(f.to);
      const ids: number[] = new Array(list.length);
      let bad = false;
      list.forEach((v, i) => {
        if (f.writeIds) {
          if (typeof v === 'number' && Number.isInteger(v)) ids[i] = v;
          else if (typeof v === 'string' && /^\d+$/.test(v)) ids[i] = Number(v);
          else {
            bad = true;
            item.errors.add(name, `Incorrect type. Expected pk value, received ${typeName(v)}.`);
          }
          return;
        }
        try {
          const w: Want = {
            item,
            key: name,
            ref: parseReference(v),
            apply: (id) => {
              ids[i] = id;
            },
          };
          targets.set(w, target);
          wants.push(w);
        } catch (e) {
          if (!(e instanceof FieldError)) throw e;
          bad = true;
          item.errors.add(name, e.message);
        }
      });
      if (!bad) item.m2m.set(name, ids);
    }
    if (item.tagChanges) {
      const changes = { add: [] as number[], remove: [] as number[] };
      for (const side of ['add', 'remove'] as const) {
        const key = side === 'add' ? 'add_tags' : 'remove_tags';
        item.tagChanges[side].forEach((v, i) => {
          try {
            const w: Want = {
              item,
              key,
              ref: parseReference(v),
              apply: (id) => {
                changes[side][i] = id;
              },
            };
            targets.set(w, ctx.registry.model('extras.tag'));
            wants.push(w);
          } catch (e) {
            if (!(e instanceof FieldError)) throw e;
            item.errors.add(key, e.message);
          }
        });
      }
      tagChanges.set(item, changes);
    }
    if (item.tags) {
      const tagIds: number[] = new Array(item.tags.length);
      item.tagIds = tagIds;
      item.tags.forEach((v, i) => {
        try {
          const w: Want = {
            item,
            key: 'tags',
            ref: slugs && typeof v === 'string' ? { attrs: { slug: v } } : parseReference(v),
            apply: (id) => {
              tagIds[i] = id;
            },
          };
          targets.set(w, tagModel);
          wants.push(w);
        } catch (e) {
          if (!(e instanceof FieldError)) throw e;
          item.errors.add('tags', e.message);
        }
      });
    }
  }
  await resolveAll(ctx, wants, (w) => targets.get(w));
  await applyTagChanges(ctx, model, tagChanges);

  // many-to-many ids must exist
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
