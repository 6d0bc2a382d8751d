/** `custom_fields` on read: every field defined for the model, null when the object has no value. */
import type { ModelDef } from '../catalogue/index.ts';
import type { Row } from '../db/index.ts';
import type { ReadContext } from './serialize.ts';
import { customFieldDefinitions, type CustomFieldDef } from '../custom-fields/index.ts';

/** The custom fields defined for `model`, in the order `custom_fields` shows them. */
export function customFieldsOf(ctx: ReadContext, model: ModelDef): Promise<readonly CustomFieldDef[]> {
  // the definitions are main's (public) rows: loaded committed, on the cache's own connections
  const cache = ctx.cache;
  return cache
    ? cache.get('custom_fields', model.key, () => customFieldDefinitions(cache.pool, model.key))
    : customFieldDefinitions(ctx.db, model.key);
}

export async function loadCustomFields(ctx: ReadContext, model: ModelDef, rows: Row[]): Promise<(row: Row) => unknown> {
  const defs = rows.length ? await customFieldsOf(ctx, model) : [];
  return (row) => {
    const data = (row.custom_field_data ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const d of defs) out[d.name] = data[d.name] ?? null;
    return out;
  };
}
