/**
 * The computed values and filters NetBox derives in a way of their own, each named once with its SQL, so
 * the catalogue says `named: <name>` instead of holding SQL (`t` is the row's table; bare names are its
 * columns). Shapes that recur (a field's family, the row pointing here…) are structured keys instead:
 * expressions.ts. The names are the schema's enum, so a misspelt one fails `npm run generate`.
 */
import type { Expansion } from './expressions.ts';

/** The front ports whose `rear_ports` mapping names this rear port, as NetBox's rear port serializer lists them. */
const frontPortsOf = (table: string) =>
  "(SELECT coalesce(jsonb_agg(jsonb_build_object('position', coalesce((m->>'rear_port_position')::int, 1), " +
  "'front_port', f.id, 'front_port_position', coalesce((m->>'position')::int, 1)) ORDER BY f.id), '[]'::jsonb) " +
  `FROM ${table} f, jsonb_array_elements(coalesce(f.rear_ports, '[]'::jsonb)) m ` +
  "WHERE (m->>'rear_port')::bigint = t.id)";

/** The VLAN IDs a group's `vid_ranges` (pairs of first and last) span. */
const vlanIdCount = 'coalesce(sum((r->>1)::int - (r->>0)::int + 1), 0)';

export const namedExpressions = {
  /** a device's parent device: NetBox computes it for a child device; none is here */
  null_json: { as: 'json', sql: 'NULL::jsonb' },
  /** whether a module bay holds a module */
  module_bay_occupied: { as: 'boolean', sql: 'EXISTS (SELECT 1 FROM dcim_module m WHERE m.module_bay_id = t.id)' },
  /** whether a device bay holds a device */
  device_bay_occupied: { as: 'boolean', sql: 't.installed_device_id IS NOT NULL' },
  rear_port_front_ports: { as: 'json', sql: frontPortsOf('dcim_frontport') },
  rear_port_template_front_ports: { as: 'json', sql: frontPortsOf('dcim_frontporttemplate') },
  /** a power feed's available power in VA: NetBox stores it, computed from voltage, amperage and phase */
  power_feed_available_power: {
    as: 'integer',
    sql:
      'round(abs(voltage) * amperage * max_utilization / 100.0 * ' +
      "CASE WHEN phase = 'three-phase' THEN 1.732 ELSE 1 END)",
  },
  /** how many rack units a reservation holds */
  reservation_unit_count: { as: 'integer', sql: 'coalesce(array_length(t.units, 1), 0)' },
  /** how many addresses an IP range spans, first and last included */
  ip_range_size: { as: 'integer', sql: '(host(end_address)::inet - host(start_address)::inet) + 1' },
  vlan_group_total_vlan_ids: {
    as: 'integer',
    sql: `(SELECT ${vlanIdCount}::int FROM jsonb_array_elements(t.vid_ranges) r)`,
  },
  /** the share of a group's VLAN IDs in use, as NetBox writes the decimal (`50.0`, `33.33`), or null with no IDs */
  vlan_group_utilization: {
    as: 'string',
    sql:
      `(SELECT CASE WHEN ${vlanIdCount} = 0 THEN NULL ELSE regexp_replace(trim_scale(round(100.0 * ` +
      '(SELECT count(*) FROM ipam_vlan v WHERE v.group_id = t.id) / sum((r->>1)::int - (r->>0)::int + 1), 2))::text, ' +
      "'^(-?[0-9]+)$', '\\1.0') END FROM jsonb_array_elements(t.vid_ranges) r)",
  },
  /** the ASNs an ASN range holds */
  asn_range_asn_count: {
    as: 'integer',
    sql: '(SELECT count(*)::int FROM ipam_asn a WHERE a.asn BETWEEN t.start AND t."end")',
  },
  /** the JSON type of a custom field's values, as NetBox's serializer names it */
  custom_field_data_type: {
    as: 'string',
    sql:
      "CASE type WHEN 'integer' THEN 'integer' WHEN 'decimal' THEN 'decimal' WHEN 'boolean' THEN 'boolean' " +
      "WHEN 'json' THEN 'object' WHEN 'object' THEN 'object' WHEN 'multiselect' THEN 'array' " +
      "WHEN 'multiobject' THEN 'array' ELSE 'string' END",
  },
  /** how many choices a custom field choice set adds to its base choices */
  choice_set_choices_count: { as: 'integer', sql: 'coalesce(jsonb_array_length(extra_choices), 0)' },
  /** a data source's sync interval as text, as NetBox's choice filter compares it */
  sync_interval_text: { as: 'string', sql: 'sync_interval::text' },
  /** a branch change's fields that differ, from its original, modified and current data (a SQL function) */
  change_diff: { as: 'json', sql: 'change_diff(original_data, modified_data, current_data)' },
} as const satisfies Record<string, Pick<Expansion, 'as' | 'sql'>>;

export type ExpressionName = keyof typeof namedExpressions;
export const expressionNames = Object.keys(namedExpressions) as ExpressionName[];
