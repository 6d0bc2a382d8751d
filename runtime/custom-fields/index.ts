/**
 * Custom field definitions (`extras.customfield` rows) as the read, write and filter paths need
 * them. Definitions are shared by every branch, so they are read from `public` explicitly.
 */
import type { CachedModels, Db } from '../db/index.ts';
import { tables, query } from '../db/index.ts';

/**
 * What the `custom_fields` cache topic holds: definitions and choice sets. No trigger watches their
 * tables, so the write's own transaction sends the NOTIFY.
 */
export const customFieldsCache: CachedModels = {
  topic: 'custom_fields',
  models: new Set(['extras.customfield', 'extras.customfieldchoiceset']),
  notify: true,
};

export interface CustomFieldDef {
  readonly id: number;
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly related_object_type: string | null;
  readonly required: boolean;
  readonly unique: boolean;
  readonly default: unknown;
  readonly filter_logic: string;
  readonly validation_minimum: string | null;
  readonly validation_maximum: string | null;
  readonly validation_regex: string;
  readonly choice_set_id: number | null;
  readonly choices: readonly string[] | null;
}

export async function customFieldDefinitions(db: Db, modelKey: string): Promise<CustomFieldDef[]> {
  const rows = await query(
    db,
    `SELECT cf.id, cf.name, cf.label, cf.type, cf.related_object_type, cf.required, cf."unique", cf."default",
            cf.filter_logic, cf.validation_minimum::text, cf.validation_maximum::text, cf.validation_regex,
      cf.choice_set_id,
            (SELECT array_agg(e->>0) FROM jsonb_array_elements(cs.extra_choices) e) AS choices
       FROM public.${tables.customField} cf LEFT
      JOIN public.${tables.customFieldChoiceSet} cs ON cs.id = cf.choice_set_id
      WHERE $1 = ANY(cf.object_types)
      ORDER BY cf.group_name, cf.weight, cf.name`,
    [modelKey],
  );
  return rows as unknown as CustomFieldDef[];
}
