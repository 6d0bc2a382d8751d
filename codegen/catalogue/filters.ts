/**
 * Derives each model's filter parameters, as NetBox's filter sets do: from its fields (filter-fields.ts),
 * from what every model of a kind has (tags, trees, cables, counts, the change log), from what related
 * models hand on (`propagate_filters`, `reverse_filters`) and from its own declarations (filter-reach.ts).
 */
import type { Catalogue, FilterDef, FilterSpecs, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue, RawFilter } from './raw.ts';
import { byCodePoint } from './names.ts';
import { fieldFilters, numberLookups, relationFilters, stringLookups } from './filter-fields.ts';
import { declaredFilters, type Reach } from './filter-reach.ts';

export { numberLookups, stringLookups } from './filter-fields.ts';

const requestOps = ['created_by_request', 'updated_by_request', 'modified_by_request'] as const;

function requestFilter(name: (typeof requestOps)[number]): FilterDef {
  const what = {
    created_by_request: 'created',
    updated_by_request: 'updated',
    modified_by_request: 'created or updated',
  };
  return {
    name,
    kind: 'request',
    path: [],
    column: 'id',
    lookups: [],
    op: name,
    type: 'string',
    description: `Objects ${what[name]} by the request with this ID`,
  };
}

function cableFilters(m: ModelDef): FilterDef[] {
  const cable = (name: string, op: string, type: FilterDef['type'], lookups: string[], description: string) =>
    ({ name, kind: 'cable', path: [], column: 'id', lookups, op, type, description }) as FilterDef;
  const out = [
    cable('cable_id', 'cable_id', 'integer', ['n'], 'Cable (ID)'),
    cable('cable_end', 'cable_end', 'string', stringLookups, 'Cable end (A or B)'),
    cable('cabled', 'cabled', 'boolean', [], 'Has a cable'),
  ];
  if (m.fields.some((f) => f.name === 'mark_connected'))
    out.push(cable('occupied', 'occupied', 'boolean', [], 'Has a cable or is marked connected'));
  // a path endpoint (NetBox's PathEndpoint): whether its traced path is complete and active
  if (m.fields.some((f) => f.computed?.type === 'cable' && f.computed.part === 'endpoints'))
    out.push(cable('connected', 'connected', 'boolean', [], 'Its cable path is complete and active'));
  return out;
}

function countFilters(m: ModelDef, cat: Catalogue): FilterDef[] {
  const out: FilterDef[] = [];
  for (const f of m.fields) {
    const c = f.computed;
    if (c?.type !== 'count' || c.cumulative) continue;
    const tf = cat.models[c.model]!.fields.find((x) => x.name === c.field)!;
    out.push({
      name: f.name,
      kind: 'count',
      path: [],
      column: tf.kind === 'generic' ? tf.idColumn! : (tf.column ?? 'id'),
      lookups: numberLookups,
      target: c.model,
      ...(tf.kind === 'generic' ? { arg: tf.typeColumn! } : {}),
      ...(c.through ? { through: c.through } : {}),
      type: 'integer',
      description: f.label,
    });
  }
  return out;
}

function tagFilters(): FilterDef[] {
  const tag = (name: string, kind: 'tag' | 'tag_id', type: FilterDef['type'], by: string) =>
    ({
      name,
      kind,
      path: [],
      column: 'id',
      lookups: ['n', 'any'],
      target: 'extras.tag',
      type,
      description: `Tag (${by}); repeated values must all be present (${name}__any: one of them)`,
    }) as FilterDef;
  return [tag('tag', 'tag', 'string', 'slug'), tag('tag_id', 'tag_id', 'integer', 'ID')];
}

/** Filters of other models' declarations that reach this one: contacts of an object, its cable's connector. */
function handedFilters(r: Reach, m: ModelDef): FilterDef[] {
  const out: FilterDef[] = [];
  for (const [app, a] of Object.entries(r.raw.apps)) {
    for (const [name, other] of Object.entries(a.models)) {
      const rf = other.reverse_filters;
      if (!rf) continue;
      const owner = r.cat.models[`${app}.${name}`]!;
      const g = owner.fields.find((f) => f.kind === 'generic' && f.typeColumn === `${rf.via}_type`);
      if (!g?.types?.includes(m.key)) continue;
      for (const [fname, far] of Object.entries(rf.filters))
        out.push(...declaredFilters(r, m, fname, { from: `${owner.key}.${g.name}`, filter: far }));
    }
  }
  // filters a related model hands on to every model pointing at it (sites → region, site_group)
  for (const f of m.fields) {
    if (f.kind !== 'fk' || f.name === 'parent' || f.readOnly) continue;
    const [tapp, tmodel] = f.to!.split('.') as [string, string];
    for (const [name, p] of Object.entries(r.raw.apps[tapp]!.models[tmodel]!.propagate_filters ?? {})) {
      const d: RawFilter = typeof p === 'string' ? { via: p } : p;
      out.push(...declaredFilters(r, m, name, { ...d, via: `${f.name}.${d.via}` }));
    }
  }
  return out;
}

function special(name: string, d: RawFilter): FilterDef {
  if ((requestOps as readonly string[]).includes(d.op!)) return requestFilter(d.op as (typeof requestOps)[number]);
  return {
    name,
    kind: 'special',
    path: [],
    column: d.field ?? 'id',
    lookups: d.lookups ?? [],
    op: d.op!,
    ...(d.arg ? { arg: d.arg } : {}),
    type: d.type ?? 'string',
    description: d.description ?? name,
  };
}

function modelFilters(r: Reach, m: ModelDef): FilterDef[] {
  const { cat, raw } = r;
  const out: FilterDef[] = [];
  for (const f of m.fields) {
    if (f.hidden || f.writeOnly || (!f.column && f.kind !== 'fk' && f.kind !== 'm2m')) continue;
    out.push(...fieldFilters(cat, raw, m, f));
  }
  if (m.features.tags) out.push(...tagFilters());
  // a tree's nodes below a given one (NetBox's ancestor filters)
  if (m.tree) out.push(...relationFilters(cat, 'ancestor', [], 'parent_id', m.key, true, 'Ancestor'));
  if (m.fields.some((f) => f.computed?.type === 'cable')) out.push(...cableFilters(m));
  out.push(...countFilters(m, cat));
  if (m.features.changelog) out.push(...requestOps.map(requestFilter));
  out.push(...handedFilters(r, m));
  const byName = new Map<string, FilterDef>();
  for (const f of out) if (!byName.has(f.name)) byName.set(f.name, f);
  // a model's own declarations win over what is derived; other names of its own filters come last
  const declared = Object.entries(raw.apps[m.app]!.models[m.model]!.filters ?? {});
  const alias = ([, d]: [string, RawFilter]) => !!d.filter && !d.via && !d.from;
  for (const [name, d] of declared.filter((e) => !alias(e))) {
    for (const f of d.op ? [special(name, d)] : declaredFilters(r, m, name, d)) byName.set(f.name, f);
  }
  for (const [name, d] of declared.filter(alias)) {
    const own = byName.get(d.filter!);
    if (!own) throw new Error(`${m.key}: filter "${name}" names "${d.filter}", which is not a filter of ${m.key}`);
    byName.set(name, {
      ...own,
      name,
      ...(d.lookups ? { lookups: d.lookups } : {}),
      ...(d.description ? { description: d.description } : {}),
    });
  }
  return [...byName.values()].sort((a, b) => byCodePoint(a.name, b.name));
}

export function buildFilterSpecs(cat: Catalogue, raw: RawCatalogue): FilterSpecs {
  const done = new Map<string, readonly FilterDef[]>();
  const busy = new Set<string>();
  const r: Reach = {
    cat,
    raw,
    filtersOf(key) {
      const have = done.get(key);
      if (have) return have;
      if (busy.has(key)) throw new Error(`filters of ${key} reach back to themselves (${[...busy].join(' → ')})`);
      busy.add(key);
      const list = modelFilters(r, cat.models[key]!);
      busy.delete(key);
      done.set(key, list);
      return list;
    },
  };
  const specs: Record<string, readonly FilterDef[]> = {};
  for (const m of Object.values(cat.models)) specs[m.key] = r.filtersOf(m.key);
  return specs;
}
