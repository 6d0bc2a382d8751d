/** `custom_fields` on read: every field defined for the model, null when the object has no value. */
import type { ModelDef } from '../catalogue/index.ts';
import type { Row } from '../db/index.ts';
import type { ReadContext } from './serialize.ts';
import { customFieldDefinitions } from '../custom-fields/index.ts';

export async function loadCustomFields(ctx: ReadContext, model: ModelDef, rows: Row[]): Promise<(row: Row) => unknown> {
  const load = () => customFieldDefinitions(ctx.db, model.key);
  const defs = rows.length ? await (ctx.cache ? ctx.cache.get('custom_fields', model.key, load) : load()) : [];
  return (row) => {
    const data = (row.custom_field_data ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const d of defs) out[d.name] = data[d.name] ?? null;
    return out;
  };
}
