/**
 * Derives each model's filter parameters from its fields, as NetBox's filter sets do: lookups come
 * from the field kind, relations get `<name>_id` and `<name>` (natural key) filters, trees match
 * whole subtrees. Extra relation filters and special ones are declared in models.yaml.
 */
import type { Catalogue, FieldDef, FilterDef, FilterSpecs, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue } from './raw.ts';
import { byCodePoint, singular } from './names.ts';

export const stringLookups = ['n', 'ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie', 'empty', 'regex', 'iregex'];
export const numberLookups = ['n', 'lt', 'lte', 'gt', 'gte', 'empty'];

function relationFilters(
  cat: Catalogue,
  base: string,
  path: string[],
  column: string,
  target: string,
  tree: boolean,
  what: string,
): FilterDef[] {
  const t = cat.models[target]!;
  const out: FilterDef[] = [
    {
      name: `${base}_id`,
      kind: tree ? 'tree' : 'fk',
      path,
      column,
      lookups: ['n'],
      target,
      type: 'integer',
      description: `${what} (ID)${tree ? ', including descendants' : ''}`,
    },
  ];
  if (t.naturalKey) {
    out.push({
      name: base,
      kind: tree ? 'tree_natural' : 'fk_natural',
      path,
      column,
      lookups: ['n'],
      target,
      type: 'string',
      description: `${what} (${t.naturalKey})${tree ? ', including descendants' : ''}`,
    });
  }
  return out;
}

/** `<name>_id` and `<name>` filters reaching a related model through a path of foreign keys. */
/** The filter of a plain (non-relation) field, as the model's own filters have it. */
function plainFilter(f: FieldDef): FilterDef | undefined {
  const desc = f.helpText ?? f.label;
  const base = { name: f.name, path: [], column: f.column!, description: desc };
  switch (f.kind) {
    case 'integer':
    case 'bigint':
      return { ...base, kind: 'number', lookups: numberLookups, type: 'integer' };
    case 'decimal':
      return { ...base, kind: 'decimal', lookups: numberLookups, type: 'number' };
    case 'boolean':
      return { ...base, kind: 'boolean', lookups: [], type: 'boolean' };
    case 'string':
    case 'slug':
      return { ...base, kind: 'string', lookups: stringLookups, type: 'string' };
    case 'choice':
      return { ...base, kind: 'choice', lookups: stringLookups, choices: f.choices!, type: 'string' };
    default:
      return undefined;
  }
}

function viaFilters(
  cat: Catalogue,
  m: ModelDef,
  name: string,
  via: string[],
  tree?: boolean,
  description?: string,
): FilterDef[] {
  let current = m;
  for (const step of via.slice(0, -1)) current = cat.models[current.fields.find((f) => f.name === step)!.to!]!;
  const last = current.fields.find((f) => f.name === via[via.length - 1])!;
  // a plain column of the related object (a device's status on its components): its own filter, reached there
  const plain = plainFilter(last);
  if (plain) return [{ ...plain, name, path: via.slice(0, -1), description: description ?? plain.description }];
  if (!last.to) throw new Error(`${m.key}: filter "${name}" reaches ${last.name}, which cannot be filtered`);
  const target = cat.models[last.to!]!;
  const isTree = tree ?? (target.tree && last.name !== 'parent');
  return relationFilters(cat, name, via.slice(0, -1), last.column!, last.to!, isTree, description ?? last.label);
}

function modelFilters(cat: Catalogue, raw: RawCatalogue, m: ModelDef): FilterDef[] {
  const out: FilterDef[] = [];
  for (const f of m.fields) {
    if (f.hidden || f.writeOnly || (!f.column && f.kind !== 'fk' && f.kind !== 'm2m')) continue;
    const desc = f.helpText ?? f.label;
    switch (f.kind) {
      case 'id':
      case 'integer':
      case 'bigint':
        out.push({
          name: f.name,
          kind: 'number',
          path: [],
          column: f.column!,
          lookups: numberLookups,
          type: 'integer',
          description: desc,
        });
        break;
      case 'decimal':
        out.push({
          name: f.name,
          kind: 'decimal',
          path: [],
          column: f.column!,
          lookups: numberLookups,
          type: 'number',
          description: desc,
        });
        break;
      case 'date':
      case 'timestamp':
        out.push({
          name: f.name,
          kind: f.kind,
          path: [],
          column: f.column!,
          lookups: numberLookups,
          type: 'string',
          description: desc,
        });
        break;
      case 'boolean':
        out.push({
          name: f.name,
          kind: 'boolean',
          path: [],
          column: f.column!,
          lookups: [],
          type: 'boolean',
          description: desc,
        });
        break;
      case 'string':
      case 'slug':
        out.push({
          name: f.name,
          kind: 'string',
          path: [],
          column: f.column!,
          lookups: stringLookups,
          type: 'string',
          description: desc,
        });
        break;
      case 'choice':
        out.push({
          name: f.name,
          kind: 'choice',
          path: [],
          column: f.column!,
          lookups: stringLookups,
          choices: f.choices!,
          type: 'string',
          description: desc,
        });
        break;
      case 'object_type':
        out.push({
          name: f.name,
          kind: 'content_type',
          path: [],
          column: f.column!,
          lookups: ['n'],
          type: 'string',
          description: desc,
        });
        out.push({
          name: `${f.name}_id`,
          kind: 'content_type_id',
          path: [],
          column: f.column!,
          lookups: ['n'],
          type: 'integer',
          description: `${desc} (ID)`,
        });
        break;
      case 'list':
        // a list of object types (custom fields, permissions…): the objects naming a type, by name or id
        if (f.item !== 'object_type') break;
        for (const name of [singular(f.name), f.name]) {
          out.push({
            name,
            kind: 'content_type',
            path: [],
            column: f.column!,
            lookups: name === f.name ? ['n'] : stringLookups.filter((l) => l !== 'empty'),
            arg: 'array',
            type: 'string',
            description: desc,
          });
        }
        out.push({
          name: `${singular(f.name)}_id`,
          kind: 'content_type_id',
          path: [],
          column: f.column!,
          lookups: ['n'],
          arg: 'array',
          type: 'integer',
          description: `${desc} (ID)`,
        });
        break;
      case 'ipnetwork':
      case 'ipaddress':
        out.push({
          name: f.name,
          kind: 'ip',
          path: [],
          column: f.column!,
          lookups: ['n'],
          type: 'string',
          description: desc,
        });
        break;
      case 'fk': {
        const target = cat.models[f.to!]!;
        out.push(...relationFilters(cat, f.name, [], f.column!, f.to!, target.tree && f.name !== 'parent', f.label));
        break;
      }
      case 'm2m': {
        const name = raw.apps[m.app]!.models[m.model]!.fields[f.name]!.filter_name ?? singular(f.name);
        const t = cat.models[f.to!]!;
        out.push({
          name: `${name}_id`,
          kind: 'm2m',
          path: [],
          column: 'id',
          lookups: ['n'],
          target: f.to!,
          through: f.through!,
          type: 'integer',
          description: `${f.label} (ID)`,
        });
        if (t.naturalKey)
          out.push({
            name,
            kind: 'm2m_natural',
            path: [],
            column: 'id',
            lookups: ['n'],
            target: f.to!,
            through: f.through!,
            type: 'string',
            description: `${f.label} (${t.naturalKey})`,
          });
        break;
      }
      default:
        break;
    }
  }
  if (m.features.tags) {
    out.push({
      name: 'tag',
      kind: 'tag',
      path: [],
      column: 'id',
      lookups: ['n', 'any'],
      target: 'extras.tag',
      type: 'string',
      description: 'Tag (slug); repeated values must all be present (tag__any: one of them)',
    });
    out.push({
      name: 'tag_id',
      kind: 'tag_id',
      path: [],
      column: 'id',
      lookups: ['n', 'any'],
      target: 'extras.tag',
      type: 'integer',
      description: 'Tag (ID); repeated values must all be present (tag_id__any: one of them)',
    });
  }
  // a tree's nodes below a given one (NetBox's ancestor filters)
  if (m.tree) out.push(...relationFilters(cat, 'ancestor', [], 'parent_id', m.key, true, 'Ancestor'));
  // cabled objects: their cable, its end, and whether they are cabled or occupied
  if (m.fields.some((f) => f.computed?.type === 'cable')) {
    out.push({
      name: 'cable_id',
      kind: 'cable',
      path: [],
      column: 'id',
      lookups: ['n'],
      op: 'cable_id',
      type: 'integer',
      description: 'Cable (ID)',
    });
    out.push({
      name: 'cable_end',
      kind: 'cable',
      path: [],
      column: 'id',
      lookups: stringLookups,
      op: 'cable_end',
      type: 'string',
      description: 'Cable end (A or B)',
    });
    out.push({
      name: 'cabled',
      kind: 'cable',
      path: [],
      column: 'id',
      lookups: [],
      op: 'cabled',
      type: 'boolean',
      description: 'Has a cable',
    });
    if (m.fields.some((f) => f.name === 'mark_connected')) {
      out.push({
        name: 'occupied',
        kind: 'cable',
        path: [],
        column: 'id',
        lookups: [],
        op: 'occupied',
        type: 'boolean',
        description: 'Has a cable or is marked connected',
      });
    }
  }
  // filters a model with a generic relation gives the models it can name (contact, contact_role)
  for (const [app, a] of Object.entries(raw.apps)) {
    for (const [name, other] of Object.entries(a.models)) {
      const rf = other.reverse_filters;
      if (!rf) continue;
      const owner = cat.models[`${app}.${name}`]!;
      const g = owner.fields.find((f) => f.kind === 'generic' && f.typeColumn === `${rf.via}_type`);
      if (!g?.types?.includes(m.key)) continue;
      for (const [fname, fk] of Object.entries(rf.filters)) {
        const f = owner.fields.find((x) => x.name === fk)!;
        out.push({
          name: fname,
          kind: 'reverse',
          path: [],
          column: f.column!,
          lookups: ['n'],
          target: owner.key,
          arg: `${g.typeColumn}:${g.idColumn}`,
          type: 'integer',
          description: `${f.label} of ${owner.verboseNamePlural} (ID)`,
        });
      }
    }
  }
  // computed counts filter like numbers
  for (const f of m.fields) {
    const c = f.computed;
    if (c?.type !== 'count' || c.cumulative) continue;
    const target = cat.models[c.model]!;
    const tf = target.fields.find((x) => x.name === c.field)!;
    out.push({
      name: f.name,
      kind: 'count',
      path: [],
      column: tf.kind === 'generic' ? tf.idColumn! : (tf.column ?? 'id'),
      lookups: numberLookups.filter((l) => l !== 'empty'),
      target: c.model,
      ...(tf.kind === 'generic' ? { arg: tf.typeColumn! } : {}),
      ...(c.through ? { through: c.through } : {}),
      type: 'integer',
      description: f.label,
    });
  }
  if (m.features.changelog) {
    for (const [name, what] of [
      ['created_by_request', 'created'],
      ['updated_by_request', 'updated'],
      ['modified_by_request', 'created or updated'],
    ] as const) {
      out.push({
        name,
        kind: 'request',
        path: [],
        column: 'id',
        lookups: [],
        op: name,
        type: 'string',
        description: `Objects ${what} by the request with this ID`,
      });
    }
  }
  // filters a related model hands on to every model pointing at it (sites → region, site_group)
  for (const f of m.fields) {
    if (f.kind !== 'fk' || f.name === 'parent' || f.readOnly) continue;
    const [tapp, tmodel] = f.to!.split('.') as [string, string];
    for (const [name, path] of Object.entries(raw.apps[tapp]!.models[tmodel]!.propagate_filters ?? {})) {
      const via = [f.name, ...path.split('.')];
      out.push(...viaFilters(cat, m, name, via));
    }
  }
  const declared = raw.apps[m.app]!.models[m.model]!.filters ?? {};
  for (const [name, d] of Object.entries(declared)) {
    if (d.op) {
      out.push({
        name,
        kind: 'special',
        path: [],
        column: d.field ?? 'id',
        lookups: d.lookups ?? [],
        op: d.op,
        ...(d.arg ? { arg: d.arg } : {}),
        type: d.type ?? 'string',
        description: d.description ?? name,
      });
      continue;
    }
    out.push(...viaFilters(cat, m, name, d.via!.split('.'), d.tree, d.description));
  }
  const seen = new Set<string>();
  return out
    .filter((f) => (seen.has(f.name) ? false : (seen.add(f.name), true)))
    .sort((a, b) => byCodePoint(a.name, b.name));
}

export function buildFilterSpecs(cat: Catalogue, raw: RawCatalogue): FilterSpecs {
  const specs: Record<string, readonly FilterDef[]> = {};
  for (const m of Object.values(cat.models)) specs[m.key] = modelFilters(cat, raw, m);
  return specs;
}
