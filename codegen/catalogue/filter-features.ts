/**
 * The filters a model gets from its own fields and features, reaching no other model's: each field's
 * (filter-fields.ts), tags, a tree's ancestors, cables, computed counts and the change log's requests.
 * filters.ts adds what other models hand on and what the model declares.
 */
import type { CableOp, Catalogue, FilterDef, ModelDef, RequestOp } from '../../runtime/catalogue/ir.ts';
import type { RestLookup } from '../../runtime/catalogue/lookups.ts';
import type { RawCatalogue } from './schema.ts';
import { fieldFilters, numberLookups, relationFilters, stringLookups } from './filter-fields.ts';

const requestOps = ['created_by_request', 'updated_by_request', 'modified_by_request'] as const;

/** The objects the request with the given id created, updated, or either (NetBox's change-log filters). */
export function requestFilter(name: RequestOp): FilterDef {
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
  const cable = (
    name: CableOp,
    type: FilterDef['type'],
    lookups: readonly RestLookup[],
    description: string,
  ): FilterDef => ({
    name,
    kind: 'cable',
    path: [],
    column: 'id',
    lookups,
    op: name,
    type,
    description,
  });
  const out = [
    cable('cable_id', 'integer', ['n'], 'Cable (ID)'),
    cable('cable_end', 'string', stringLookups, 'Cable end (A or B)'),
    cable('cabled', 'boolean', [], 'Has a cable'),
  ];
  if (m.fields.some((f) => f.name === 'mark_connected'))
    out.push(cable('occupied', 'boolean', [], 'Has a cable or is marked connected'));
  // a path endpoint (NetBox's PathEndpoint): whether its traced path is complete and active
  if (m.fields.some((f) => f.kind === 'computed' && f.computed.type === 'cable' && f.computed.part === 'endpoints'))
    out.push(cable('connected', 'boolean', [], 'Its cable path is complete and active'));
  return out;
}

function countFilters(m: ModelDef, cat: Catalogue): FilterDef[] {
  const out: FilterDef[] = [];
  for (const f of m.fields) {
    if (f.kind !== 'computed' || f.computed.type !== 'count' || f.computed.cumulative) continue;
    out.push({
      name: f.name,
      kind: 'count',
      path: [],
      column: 'id',
      lookups: numberLookups,
      type: 'integer',
      description: f.label,
    });
  }
  return out;
}

/** `tag` (by slug) and `tag_id`: every value must be a tag of the object, `__any` one of them. */
export function tagFilters(): FilterDef[] {
  const tag = (name: string, kind: 'tag' | 'tag_id', type: FilterDef['type'], by: string): FilterDef => ({
    name,
    kind,
    path: [],
    column: 'id',
    lookups: ['n', 'any'],
    target: 'extras.tag',
    type,
    description: `Tag (${by}); repeated values must all be present (${name}__any: one of them)`,
  });
  return [tag('tag', 'tag', 'string', 'slug'), tag('tag_id', 'tag_id', 'integer', 'ID')];
}

/** What a model's fields and features give it, reaching no other model's filters. */
export function derivedFilters(cat: Catalogue, raw: RawCatalogue, m: ModelDef): FilterDef[] {
  const out: FilterDef[] = [];
  for (const f of m.fields) {
    // a hidden field NetBox has all the same (its change data shows it) is filtered on as NetBox does
    const filterable = !f.hidden || f.snapshot === true;
    if (!filterable || f.writeOnly || (!f.column && f.kind !== 'fk' && f.kind !== 'm2m')) continue;
    out.push(...fieldFilters(cat, raw, m, f));
  }
  if (m.features.tags) out.push(...tagFilters());
  // a tree's nodes below a given one (NetBox's ancestor filters)
  if (m.tree) {
    const ancestor = { base: 'ancestor', path: [], column: 'parent_id', target: m.key, tree: true, what: 'Ancestor' };
    out.push(...relationFilters(cat, ancestor));
  }
  if (m.fields.some((f) => f.kind === 'computed' && f.computed.type === 'cable')) out.push(...cableFilters(m));
  out.push(...countFilters(m, cat));
  if (m.features.changelog) out.push(...requestOps.map(requestFilter));
  return out;
}
