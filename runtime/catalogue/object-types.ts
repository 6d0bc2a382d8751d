/**
 * `core.objecttype` rows, written at start: NetBox's object types with NetBox's ids (a catalogue model's
 * `object_type`, and known-object-types.ts for NetBox's types no model stands for),
 * and the catalogue's models NetBox does not have with ids after them. Ids never change once given, so
 * the ids in stored snapshots and in clients stay right across restarts and upgrades; a database whose
 * rows were numbered before NetBox's ids were kept is renumbered once (no table refers to these ids).
 * A database import-netbox filled keeps the ids of the NetBox it copied (keepSourceIds): a NetBox that was
 * upgraded from older releases numbers its types otherwise than a fresh 4.6, and its clients, filters by
 * `*_type_id` and copied change records use those. The table's comment says so, and the start keeps them.
 */
import type { Sql } from '../db/index.ts';
import type { ModelDef } from './ir.ts';
import type { Registry } from './registry.ts';
import { tables, literal, query, type Db } from '../db/index.ts';
import { APP_NAMES, LAST_KNOWN_ID, OTHER_OBJECT_TYPES, PLUGIN_APPS } from './known-object-types.ts';
import { featureOrder, type AppLabel, type KnownObjectType } from './known-object-types.ts';

const featureNames: Record<string, string> = {
  tags: 'tags',
  customFields: 'custom_fields',
  changelog: 'change_logging',
  branching: 'branching',
  events: 'event_rules',
  imageAttachments: 'image_attachments',
};

interface Row {
  readonly id: number | null;
  readonly app_label: string;
  readonly app_name: string;
  readonly model: string;
  readonly model_name: string;
  readonly model_name_plural: string;
  readonly public: boolean;
  readonly features: readonly string[];
  readonly is_plugin_model: boolean;
  readonly rest_api_endpoint: string | null;
  readonly description: string;
}

/** A catalogue model's features by NetBox's names, in NetBox's order (sorted, the plugin's `branching` last). */
function featuresOf(m: ModelDef): string[] {
  return featureOrder(
    Object.entries(m.features)
      .filter(([, on]) => on)
      .map(([k]) => featureNames[k] ?? k),
  );
}

const appName = (app: string, label: string | undefined) =>
  (app in APP_NAMES ? APP_NAMES[app as AppLabel] : undefined) ?? label ?? app;

/** A catalogue model's row: NetBox's id and features where NetBox has the model (id null: a new one). */
function modelRow(m: ModelDef, label: string | undefined): Row {
  return {
    id: m.objectType?.id ?? null,
    app_label: m.app,
    app_name: appName(m.app, label),
    model: m.model,
    model_name: m.verboseName,
    model_name_plural: m.verboseNamePlural,
    public: m.objectType?.public ?? true,
    features: m.objectType?.features ?? featuresOf(m),
    is_plugin_model: PLUGIN_APPS.has(m.app),
    rest_api_endpoint: `/api/${m.apiPath}/`,
    description: m.description,
  };
}

/** NetBox's types no catalogue model stands for. */
const otherRow = (k: KnownObjectType): Row => ({
  id: k.id,
  app_label: k.app,
  app_name: APP_NAMES[k.app],
  model: k.model,
  model_name: k.name,
  model_name_plural: k.plural,
  public: k.public,
  features: k.features,
  is_plugin_model: PLUGIN_APPS.has(k.app),
  rest_api_endpoint: k.endpoint ?? null,
  description: '',
});

/** Every row the table should hold: NetBox's types in its id order, then the catalogue's other models. */
export function objectTypeRows(registry: Registry): Row[] {
  const labels = new Map(registry.catalogue.apps.map((a) => [a.name, a.label]));
  const rows = [...OTHER_OBJECT_TYPES.map(otherRow), ...registry.all().map((m) => modelRow(m, labels.get(m.app)))];
  const order = (r: Row) => r.id ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => order(a) - order(b));
}

const RECORDS = `jsonb_to_recordset($1::text::jsonb) AS r(id bigint, app_label text, app_name text, model text,
  model_name text, model_name_plural text, public boolean, features jsonb, is_plugin_model boolean,
  rest_api_endpoint text, description text)`;

const T = `public.${tables.objectType}`;
const SEQ = `pg_get_serial_sequence('${T}', 'id')`;
/** The start of the table's comment on a database whose ids are those of the NetBox it was copied from. */
const KEPT = 'object type ids of the NetBox at ';

async function keptIds(db: Db): Promise<boolean> {
  const [row] = await query<{ d: string | null }>(db, `SELECT obj_description('${T}'::regclass, 'pg_class') AS d`);
  return !!row?.d?.startsWith(KEPT);
}

/**
 * Once, on a database numbered before NetBox's ids: known types move to their ids, and a row of another
 * type standing on one of those ids moves to a new id after them.
 */
async function renumber(tx: Db, rows: string): Promise<void> {
  await query(
    tx,
    `UPDATE ${T} o SET id = -o.id FROM ${RECORDS}
      WHERE r.id IS NOT NULL AND ((r.app_label = o.app_label AND r.model = o.model AND r.id <> o.id)
        OR (r.id = o.id AND (r.app_label <> o.app_label OR r.model <> o.model)))`,
    [rows],
  );
  await query(
    tx,
    `UPDATE ${T} o SET id = r.id FROM ${RECORDS}
      WHERE o.id < 0 AND r.id IS NOT NULL AND r.app_label = o.app_label AND r.model = o.model`,
    [rows],
  );
  await query(tx, `SELECT setval(${SEQ}, greatest(${LAST_KNOWN_ID}, (SELECT max(id) FROM ${T})))`);
  await query(tx, `UPDATE ${T} SET id = nextval(${SEQ}) WHERE id < 0`);
}

export async function syncObjectTypes(sql: Sql, registry: Registry): Promise<void> {
  const rows = JSON.stringify(objectTypeRows(registry));
  await sql.begin(async (tx) => {
    await query(tx, 'SELECT pg_advisory_xact_lock(4606003)');
    // ids kept from the NetBox copied (keepSourceIds) stay; a new type there takes NetBox's id if it is free
    const kept = await keptIds(tx);
    if (!kept) await renumber(tx, rows);
    await query(tx, `SELECT setval(${SEQ}, greatest(${LAST_KNOWN_ID}, (SELECT max(id) FROM ${T})))`);
    await query(
      tx,
      `UPDATE ${T} o SET app_name = r.app_name, model_name = r.model_name, model_name_plural = r.model_name_plural,
        public = r.public, features = ARRAY(SELECT jsonb_array_elements_text(r.features)),
        is_plugin_model = r.is_plugin_model, rest_api_endpoint = r.rest_api_endpoint, description = r.description
        FROM ${RECORDS} WHERE r.app_label = o.app_label AND r.model = o.model`,
      [rows],
    );
    // new rows: NetBox's id for a type NetBox has, the next free one after NetBox's for any other
    const free = kept ? `AND NOT EXISTS (SELECT 1 FROM ${T} o WHERE o.id = n.id)` : '';
    await query(
      tx,
      `INSERT INTO ${T} (id, app_label, app_name, model, model_name, model_name_plural, public, features,
        is_plugin_model, rest_api_endpoint, description)
       SELECT CASE WHEN n.id IS NOT NULL ${free} THEN n.id ELSE nextval(${SEQ}) END, n.app_label, n.app_name,
        n.model, n.model_name, n.model_name_plural, n.public, ARRAY(SELECT jsonb_array_elements_text(n.features)),
        n.is_plugin_model, n.rest_api_endpoint, n.description
         FROM (SELECT r.* FROM ${RECORDS}
                WHERE NOT EXISTS (SELECT 1 FROM ${T} o WHERE o.app_label = r.app_label AND o.model = r.model)
                ORDER BY r.id NULLS LAST, r.app_label, r.model OFFSET 0) n`,
      [rows],
    );
  });
}

/** A type as the NetBox being copied numbers it. */
export interface SourceObjectType {
  readonly id: number;
  readonly app_label: string;
  readonly model: string;
}

/**
 * Gives the object types the ids the NetBox at `source` gives them (import-netbox, into a database with no
 * objects of its own, after syncObjectTypes): a type it lacks moves to a new id after all of them, and
 * the table's comment keeps the ids from then on. Returns how many types took the source's id.
 */
export async function keepSourceIds(sql: Sql, types: readonly SourceObjectType[], source: string): Promise<number> {
  const given = JSON.stringify(types.map(({ id, app_label, model }) => ({ id, app_label, model })));
  const theirs = `jsonb_to_recordset($1::text::jsonb) AS r(id bigint, app_label text, model text)`;
  return sql.begin(async (tx) => {
    await query(tx, 'SELECT pg_advisory_xact_lock(4606003)');
    await query(tx, `UPDATE ${T} SET id = -id`);
    const moved = await query(
      tx,
      `UPDATE ${T} o SET id = r.id FROM ${theirs} WHERE r.app_label = o.app_label AND r.model = o.model
        RETURNING o.id`,
      [given],
    );
    const top = `(SELECT max(r.id) FROM ${theirs})`;
    await query(tx, `SELECT setval(${SEQ}, greatest(${LAST_KNOWN_ID}, (SELECT max(id) FROM ${T}), ${top}))`, [given]);
    await query(tx, `UPDATE ${T} SET id = nextval(${SEQ}) WHERE id < 0`);
    await query(tx, `COMMENT ON TABLE ${T} IS ${literal(`${KEPT}${source}`)}`);
    return moved.length;
  });
}
