/**
 * Older field names a source may send, mapped to the catalogue's current fields: first the
 * catalogue's own aliases (what the server accepts on writes: a device's `device_role`, a prefix's
 * `site`), then the renames of NetBox 3.7 → 4.x releases an import meets on older sources. A rule
 * applies only when the object lacks the current name, so a source that sends both keeps the current.
 */
import type { FieldDef, ModelDef, Registry } from '../catalogue/index.ts';

/** One older key standing for a current field: a value, or (`type`) a generic relation of one type. */
interface Rename {
  readonly from: string;
  readonly to: string;
  readonly type?: string;
  readonly value?: (source: Record<string, unknown>) => unknown;
  /** older keys the rule reads besides `from` (consumed with it) */
  readonly reads?: readonly string[];
  /** only for objects this holds for (the older release's shape) */
  readonly when?: (source: Record<string, unknown>) => boolean;
}

const jobEnd = ['job_completed', 'job_errored', 'job_failed'];

/** NetBox 4.1: an event rule's five booleans became a list of event types. */
function eventTypes(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (o.type_create) out.push('object_created');
  if (o.type_update) out.push('object_updated');
  if (o.type_delete) out.push('object_deleted');
  if (o.type_job_start) out.push('job_started');
  if (o.type_job_end) out.push(...jobEnd);
  return out;
}

/** NetBox 4.2: a VLAN group's minimum and maximum VLAN id became a list of ranges. */
function vidRanges(o: Record<string, unknown>): number[][] {
  return [[Number(o.min_vid ?? 1), Number(o.max_vid ?? 4094)]];
}

/** Renames by the current field they stand for, applied where the model has that field. */
function releaseRenames(model: ModelDef, fields: ReadonlyMap<string, FieldDef>): Rename[] {
  const out: Rename[] = [];
  const has = (name: string) => fields.has(name);
  // NetBox 4.0: content types became object types everywhere
  if (has('object_types')) out.push({ from: 'content_types', to: 'object_types' });
  if (fields.get('object_type')?.kind === 'object_type') out.push({ from: 'content_type', to: 'object_type' });
  // a custom field's related object type was `object_type` before 4.0
  if (has('related_object_type') && !has('object_type')) out.push({ from: 'object_type', to: 'related_object_type' });
  if (has('event_types'))
    out.push({
      from: 'type_create',
      to: 'event_types',
      value: eventTypes,
      reads: ['type_update', 'type_delete', 'type_job_start', 'type_job_end'],
    });
  if (has('vid_ranges')) out.push({ from: 'min_vid', to: 'vid_ranges', value: vidRanges, reads: ['max_vid'] });
  // NetBox 4.1: a rack's `type` became its form factor (and `type` a rack type)
  if (has('form_factor') && has('rack_type')) out.push({ from: 'type', to: 'form_factor' });
  const generic = (name: string) => fields.get(name)?.kind === 'generic';
  // NetBox 4.2: a circuit termination's site or provider network became its termination
  if (generic('termination') && model.key === 'circuits.circuittermination') {
    out.push({ from: 'site', to: 'termination', type: 'dcim.site' });
    out.push({ from: 'provider_network', to: 'termination', type: 'circuits.providernetwork' });
  }
  // NetBox 4.5: a token without a version is a v1 token whose `key` was its plaintext, now `token`
  if (model.key === 'users.token' && has('version') && has('token'))
    out.push({ from: 'key', to: 'token', when: (o) => !('version' in o) });
  // NetBox 4.3: a service's device or virtual machine became its parent
  if (generic('parent') && model.key === 'ipam.service') {
    out.push({ from: 'device', to: 'parent', type: 'dcim.device' });
    out.push({ from: 'virtual_machine', to: 'parent', type: 'virtualization.virtualmachine' });
  }
  return out;
}

export interface LegacyNames {
  /** whether the model has older names at all */
  readonly any: boolean;
  /** rewrites an object's older keys in place; returns the older keys it used */
  apply(source: Record<string, unknown>): string[];
}

/** The key(s) an object carries its current value under: a generic relation's type column. */
function currentKey(fields: ReadonlyMap<string, FieldDef>, to: string): string {
  const f = fields.get(to);
  return f?.kind === 'generic' ? f.typeColumn : to;
}

export function legacyNames(registry: Registry, model: ModelDef): LegacyNames {
  const fields = registry.fields(model);
  const renames: Rename[] = [
    ...model.aliases.map((a) => ({ from: a.name, to: a.field, ...(a.type ? { type: a.type } : {}) })),
    ...releaseRenames(model, fields),
  ];
  return {
    any: renames.length > 0,
    apply(o) {
      const used: string[] = [];
      for (const r of renames) {
        if (!(r.from in o) || (r.when && !r.when(o))) continue;
        used.push(r.from, ...(r.reads ?? []).filter((k) => k in o));
        const key = currentKey(fields, r.to);
        if (key in o && o[key] !== null && o[key] !== undefined) continue; // the current name wins
        const value = r.value ? r.value(o) : o[r.from];
        const f = fields.get(r.to);
        if (f?.kind === 'generic') {
          // an older single relation standing for a generic one of a fixed type
          if (value === null || value === undefined) continue;
          o[f.typeColumn] = r.type;
          o[f.idColumn] = typeof value === 'object' ? (value as { id?: unknown }).id : value;
        } else o[r.to] = value;
      }
      return used;
    },
  };
}
