/**
 * `core.objecttype` rows mirror the catalogue: written at start (insert new, refresh changed),
 * so every model has a stable id and its features are queryable like NetBox's content types.
 */
import type { Sql } from '../db/index.ts';
import type { Registry } from './registry.ts';
import { tables } from '../db/tables.ts';

const featureNames: Record<string, string> = {
  tags: 'tags',
  customFields: 'custom_fields',
  changelog: 'change_logging',
  branching: 'branching',
  events: 'event_rules',
  imageAttachments: 'image_attachments',
};

export async function syncObjectTypes(sql: Sql, registry: Registry): Promise<void> {
  const labels = new Map(registry.catalogue.apps.map((a) => [a.name, a.label]));
  const rows = registry.all().map((m) => ({
    app_label: m.app,
    app_name: labels.get(m.app) ?? m.app,
    model: m.model,
    model_name: m.verboseName.charAt(0).toUpperCase() + m.verboseName.slice(1),
    model_name_plural: m.verboseNamePlural.charAt(0).toUpperCase() + m.verboseNamePlural.slice(1),
    features: Object.entries(m.features)
      .filter(([, on]) => on)
      .map(([k]) => featureNames[k] ?? k)
      .sort(),
    rest_api_endpoint: `/api/${m.apiPath}/`,
    description: m.description,
  }));
  await sql.begin(async (tx) => {
    await tx.unsafe('SELECT pg_advisory_xact_lock(4606003)');
    await tx.unsafe(
      `INSERT INTO public.${tables.objectType} (app_label, app_name, model, model_name, model_name_plural, public,
        features, is_plugin_model, rest_api_endpoint, description)
       SELECT r.app_label, r.app_name, r.model, r.model_name, r.model_name_plural, true,
        ARRAY(SELECT jsonb_array_elements_text(r.features)), false, r.rest_api_endpoint, r.description
         FROM jsonb_to_recordset($1::text::jsonb) AS r(app_label text, app_name text, model text, model_name text,
        model_name_plural text, features jsonb, rest_api_endpoint text, description text)
       ON CONFLICT (app_label, model) DO UPDATE SET app_name = EXCLUDED.app_name, model_name = EXCLUDED.model_name,
         model_name_plural = EXCLUDED.model_name_plural, features = EXCLUDED.features,
        rest_api_endpoint = EXCLUDED.rest_api_endpoint,
         description = EXCLUDED.description`,
      [JSON.stringify(rows)],
    );
  });
}
