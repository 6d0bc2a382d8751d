/**
 * Custom field values on write: unknown names rejected, values checked by the definition's type
 * and validation settings, defaults applied on create, the stored dict merged on update.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import type { Pending, WriteContext } from './types.ts';
import type { CustomFieldDef } from '../custom-fields/index.ts';

class CfError extends Error {}

function checkValue(def: CustomFieldDef, v: unknown): unknown {
  const bad = (why: string): never => {
    throw new CfError(why);
  };
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url': {
      if (typeof v !== 'string') bad('Value must be a string.');
      const s = v as string;
      if (def.validation_regex && !new RegExp(def.validation_regex).test(s))
        bad(`Values must match this regex: ${def.validation_regex}`);
      if (def.type === 'url' && s && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(s)) bad('Enter a valid URL.');
      return s;
    }
    case 'integer': {
      if (typeof v !== 'number' || !Number.isInteger(v)) bad('Value must be an integer.');
      if (def.validation_minimum !== null && (v as number) < Number(def.validation_minimum))
        bad(`Value must be at least ${def.validation_minimum}`);
      if (def.validation_maximum !== null && (v as number) > Number(def.validation_maximum))
        bad(`Value must not exceed ${def.validation_maximum}`);
      return v;
    }
    case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
      if (Number.isNaN(n)) bad('Value must be a decimal.');
      if (def.validation_minimum !== null && n < Number(def.validation_minimum))
        bad(`Value must be at least ${def.validation_minimum}`);
      if (def.validation_maximum !== null && n > Number(def.validation_maximum))
        bad(`Value must not exceed ${def.validation_maximum}`);
      return n;
    }
    case 'boolean':
      if (v === true || v === false) return v;
      if (v === 1 || v === '1' || v === 'true') return true;
      if (v === 0 || v === '0' || v === 'false') return false;
      return bad('Value must be true or false.');
    case 'date':
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)))
        bad('Date values must be in ISO 8601 format (YYYY-MM-DD).');
      return v;
    case 'datetime':
      if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
        bad('Date and time values must be in ISO 8601 format (YYYY-MM-DD HH:MM:SS).');
      return v;
    case 'select':
      if (typeof v !== 'string' || !(def.choices ?? []).includes(v))
        bad(`Invalid choice (${String(v)}). Available choices are: ${(def.choices ?? []).join(', ')}`);
      return v;
    case 'multiselect': {
      if (!Array.isArray(v)) bad('Value must be a list.');
      for (const x of v as unknown[])
        if (typeof x !== 'string' || !(def.choices ?? []).includes(x))
          bad(`Invalid choice(s) (${String(x)}). Available choices are: ${(def.choices ?? []).join(', ')}`);
      return v;
    }
    case 'object':
      if (typeof v !== 'number' || !Number.isInteger(v)) bad('Value must be an object ID, not a ' + typeof v);
      return v;
    case 'multiobject': {
      if (!Array.isArray(v) || !(v as unknown[]).every((x) => typeof x === 'number' && Number.isInteger(x)))
        bad('Value must be a list of object IDs.');
      return v;
    }
    default:
      return v;
  }
}

/** Names that are no custom field of the model, with every other field's checks (NetBox's serializer field). */
export function checkCustomFieldNames(defs: readonly CustomFieldDef[], items: Pending[]): void {
  const names = new Set(defs.map((d) => d.name));
  for (const item of items) {
    const unknown = Object.keys(item.customFields ?? {})
      .filter((k) => !names.has(k))
      .sort();
    if (unknown.length)
      item.errors.set(
        'custom_fields',
        Object.fromEntries(unknown.map((k) => [k, `Custom field '${k}' does not exist for this object type.`])),
      );
  }
}

/**
 * The values of items whose fields are valid (NetBox's model clean): each checked by its definition's
 * type and validation settings, defaults applied on create, required and unique ones enforced.
 */
export async function applyCustomFields(
  ctx: WriteContext,
  model: ModelDef,
  defs: readonly CustomFieldDef[],
  items: Pending[],
  creating: boolean,
): Promise<void> {
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const item of items) {
    const stored = (item.before?.custom_fields ?? {}) as Record<string, unknown>;
    const data: Record<string, unknown> = creating ? {} : { ...stored };
    const incoming = item.customFields ?? {};
    for (const [k, v] of Object.entries(incoming)) {
      const def = byName.get(k);
      if (!def) continue; // refused with the fields (checkCustomFieldNames)
      if (v === null || v === '') {
        data[k] = null;
        continue;
      }
      try {
        data[k] = checkValue(def, v);
      } catch (e) {
        if (!(e instanceof CfError)) throw e;
        item.errors.add('__all__', `Invalid value for custom field '${k}': ${e.message}`);
      }
    }
    for (const d of defs) {
      if (!(d.name in data)) data[d.name] = creating && d.default !== undefined ? d.default : null;
      if (d.required && (data[d.name] === null || data[d.name] === undefined || data[d.name] === ''))
        item.errors.add('__all__', `Missing required custom field '${d.name}'.`);
    }
    item.values.custom_fields = data;
  }
  // unique custom fields: no other object of the model may hold the same value
  for (const d of defs.filter((x) => x.unique)) {
    const seen = new Map<string, Pending>();
    for (const item of items) {
      const v = (item.values.custom_fields as Record<string, unknown>)[d.name];
      if (v === null || v === undefined) continue;
      const key = JSON.stringify(v);
      if (seen.has(key)) item.errors.add('__all__', `Custom field '${d.name}' must have a unique value.`);
      seen.set(key, item);
    }
    const values = [...seen.keys()];
    if (!values.length) continue;
    const clash = await query(
      ctx.db,
      `SELECT custom_field_data->$1 AS v FROM ${ident(model.table)}
        WHERE custom_field_data->$1 = ANY($2::text[]::jsonb[]) AND NOT (id = ANY($3::bigint[]))`,
      [d.name, values, items.filter((i) => i.before).map((i) => i.id)],
    );
    for (const r of clash)
      seen.get(JSON.stringify(r.v))?.errors.add('__all__', `Custom field '${d.name}' must have a unique value.`);
  }
}
