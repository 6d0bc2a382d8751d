/**
 * The filters a model's own fields give it, as NetBox's filter sets derive them: lookups by field
 * kind, `<name>_id` and `<name>` (natural key) for relations, whole subtrees for trees.
 */
import type { Catalogue, FieldDef, FilterDef, M2mField, ModelDef, ValueFilter } from '../../runtime/catalogue/ir.ts';
import { modelOf, rawModel } from './lookup.ts';
import type { RawCatalogue } from './schema.ts';
import { singular } from './names.ts';
import { isRestLookup, numberLookups, stringLookups, type RestLookup } from '../../runtime/catalogue/lookups.ts';

export { numberLookups, stringLookups } from '../../runtime/catalogue/lookups.ts';

/** A filter's `lookups:` as the catalogue declares them, each a REST lookup name. */
export function declaredLookups(names: readonly string[]): RestLookup[] {
  const unknown = names.filter((n) => !isRestLookup(n));
  if (unknown.length) throw new Error(`unknown lookup ${unknown.map((n) => `"${n}"`).join(', ')}`);
  return names.filter(isRestLookup);
}

/** How a relation's filters are named and match: `<base>_id` and `<base>`, whole subtrees with `tree`. */
export interface RelationNames {
  readonly base: string;
  /** a target node matches its descendants too */
  readonly tree?: boolean;
  /** the target's field `<base>` compares (default: its natural key) */
  readonly natural?: string;
}

/** A relation to filter by: its filters' names, where it is (path, column) and what it reaches. */
export interface Relation extends RelationNames {
  /** foreign keys from the filtered model to the model holding `column` */
  readonly path: string[];
  readonly column: string;
  /** the model the relation reaches */
  readonly target: string;
  /** what the relation names, for the descriptions (`Site`) */
  readonly what: string;
}

/** `<base>_id` (by id) and `<base>` (by the target's natural key, or `natural`) for a relation. */
export function relationFilters(cat: Catalogue, relation: Relation): FilterDef[] {
  const { base, path, column, target, tree, what, natural } = relation;
  const t = modelOf(cat, target);
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
  const nk = natural ?? t.naturalKey;
  if (nk) {
    out.push({
      name: base,
      kind: tree ? 'tree_natural' : 'fk_natural',
      path,
      column,
      lookups: ['n'],
      target,
      ...(natural ? { natural } : {}),
      type: 'string',
      description: `${what} (${nk})${tree ? ', including descendants' : ''}`,
    });
  }
  return out;
}

/** The same pair for a many-to-many field (the rows it links). */
export function m2mFilters(cat: Catalogue, f: M2mField, names: RelationNames): FilterDef[] {
  const { base, tree = false, natural } = names;
  const t = modelOf(cat, f.to);
  const common = {
    path: [],
    column: 'id',
    lookups: ['n'] as RestLookup[],
    target: f.to,
    through: f.through,
    ...(tree ? { tree } : {}),
  };
  const out: FilterDef[] = [
    { name: `${base}_id`, kind: 'm2m', ...common, type: 'integer', description: `${f.label} (ID)` },
  ];
  const nk = natural ?? t.naturalKey;
  if (nk)
    out.push({
      name: base,
      kind: 'm2m_natural',
      ...common,
      ...(natural ? { natural } : {}),
      type: 'string',
      description: `${f.label} (${nk})`,
    });
  return out;
}

/** A field's own value compared by a filter of one of the kinds that need nothing more. */
function scalar(
  f: FieldDef,
  kind: ValueFilter['kind'],
  lookups: readonly RestLookup[],
  type: FilterDef['type'],
): FilterDef {
  const column = f.column ?? f.name;
  return { name: f.name, kind, path: [], column, lookups, type, description: f.helpText ?? f.label };
}

/** The same for a choice (with its set) or an object type (a list of them with `list`). */
function typed(
  f: FieldDef,
  kind: 'choice' | 'content_type' | 'content_type_id',
  lookups: readonly RestLookup[],
  type: FilterDef['type'],
  extra: { choices?: string; list?: boolean },
): FilterDef {
  const [name, path, column, description] = [f.name, [], f.column ?? f.name, f.helpText ?? f.label];
  if (kind !== 'choice') return { name, kind, path, column, lookups, ...extra, type, description };
  if (!extra.choices) throw new Error(`${f.name}: a choice filter needs its choice set`);
  return { name, kind, path, column, lookups, choices: extra.choices, type, description };
}

/**
 * The filters of one field of `m` (none for fields NetBox does not filter on); a text field gets one
 * only when a declaration names it (NetBox filters a few, such as a custom link's text).
 */
export function fieldFilters(
  cat: Catalogue,
  raw: RawCatalogue,
  m: ModelDef,
  f: FieldDef,
  declared = false,
): FilterDef[] {
  const desc = f.helpText ?? f.label;
  switch (f.kind) {
    case 'id':
    case 'integer':
    case 'bigint':
      return [scalar(f, 'number', numberLookups, 'integer')];
    case 'decimal':
      return [scalar(f, 'decimal', numberLookups, 'number')];
    case 'date':
    case 'timestamp':
      return [scalar(f, f.kind, numberLookups, 'string')];
    case 'boolean':
      return [scalar(f, 'boolean', [], 'boolean')];
    case 'string':
    case 'slug':
      return [scalar(f, 'string', stringLookups, 'string')];
    case 'text':
      return declared ? [scalar(f, 'string', stringLookups, 'string')] : [];
    case 'choice':
      return [typed(f, 'choice', stringLookups, 'string', { choices: f.choices })];
    case 'object_type':
      return [
        typed(f, 'content_type', ['n'], 'string', {}),
        { ...typed(f, 'content_type_id', ['n'], 'integer', {}), name: `${f.name}_id`, description: `${desc} (ID)` },
      ];
    case 'list': {
      // a list of object types (custom fields, permissions…): the objects naming a type, by name or id
      if (f.item !== 'object_type') return [];
      const byName = (name: string, lookups: readonly RestLookup[]): FilterDef => ({
        ...typed(f, 'content_type', lookups, 'string', { list: true }),
        name,
      });
      return [
        byName(
          singular(f.name),
          stringLookups.filter((l) => l !== 'empty'),
        ),
        byName(f.name, ['n']),
        {
          ...typed(f, 'content_type_id', ['n'], 'integer', { list: true }),
          name: `${singular(f.name)}_id`,
          description: `${desc} (ID)`,
        },
      ];
    }
    case 'ipnetwork':
    case 'ipaddress':
      return [scalar(f, 'ip', ['n'], 'string')];
    case 'fk': {
      const target = modelOf(cat, f.to);
      const tree = target.tree && f.name !== 'parent';
      return relationFilters(cat, { base: f.name, path: [], column: f.column, target: f.to, tree, what: f.label });
    }
    case 'm2m': {
      const own = rawModel(raw, m.app, m.model).fields[f.name];
      const name = (own?.type === 'm2m' ? own.filter_name : undefined) ?? singular(f.name);
      return m2mFilters(cat, f, { base: name });
    }
    default:
      return [];
  }
}

/** A computed value a filter can compare (an expression, or a prefix's depth and children), like a field. */
export function computedFilter(f: FieldDef): FilterDef | undefined {
  if (f.kind !== 'computed') return undefined;
  const c = f.computed;
  if (c.type === 'ip_depth' || c.type === 'ip_children') return scalar(f, 'number', numberLookups, 'integer');
  if (c.type !== 'expr') return undefined;
  switch (c.as) {
    case 'integer':
      return scalar(f, 'number', numberLookups, 'integer');
    case 'decimal':
      return scalar(f, 'decimal', numberLookups, 'number');
    case 'boolean':
      return scalar(f, 'boolean', [], 'boolean');
    case 'string':
      return scalar(f, 'string', stringLookups, 'string');
    default:
      return undefined;
  }
}
