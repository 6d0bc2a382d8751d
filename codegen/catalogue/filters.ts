/**
 * Derives each model's filter parameters, as NetBox's filter sets do: from its fields and from what every
 * model of a kind has (tags, trees, cables, counts, the change log: filter-features.ts), from what related
 * models hand on (`propagate_filters`, `reverse_filters`) and from its own declarations (filter-reach.ts).
 */
import type { Catalogue, FilterDef, FilterSpecs, ModelDef } from '../../runtime/catalogue/ir.ts';
import { CatalogueError, modelAt } from './load.ts';
import type { RawCatalogue, RawFilter } from './schema.ts';
import { byCodePoint } from './names.ts';
import { declaredLookups, numberLookups, stringLookups } from './filter-fields.ts';
import { derivedFilters, requestFilter, tagFilters } from './filter-features.ts';
import { declaredFilters, type Reach } from './filter-reach.ts';
import { specialOp } from './filter-args.ts';
import { modelOf, rawModel } from './lookup.ts';
import { expandExpression, expressionKey, type Expansion, type ExpressionScope } from './expressions.ts';

/** Filters computed on demand (they may reach other models' filters), with the names they can give. */
interface Source {
  readonly names: readonly string[];
  /** the YAML path of the declaration, for faults */
  readonly at: string;
  readonly build: () => FilterDef[];
}

function source(r: Reach, m: ModelDef, name: string, d: RawFilter, at: string): Source {
  const expression = expressionKey(d) !== undefined;
  const relation = !d.op && !expression && !d.filter;
  const names = d.op === 'tag' ? ['tag', 'tag_id'] : relation && !name.endsWith('_id') ? [`${name}_id`, name] : [name];
  return {
    names,
    at,
    build: () => (d.op || expression ? special(name, d, { raw: r.raw, key: m.key }) : declaredFilters(r, m, name, d)),
  };
}

/** Filters other models hand this one: contacts of an object, its cable's connector, a site's region. */
function handedSources(r: Reach, m: ModelDef): Source[] {
  const out: Source[] = [];
  for (const [app, a] of Object.entries(r.raw.apps)) {
    for (const [name, other] of Object.entries(a.models)) {
      const rf = other.reverse_filters;
      if (!rf) continue;
      const owner = modelOf(r.cat, `${app}.${name}`);
      const g = owner.fields.find((f) => f.kind === 'generic' && f.typeColumn === `${rf.via}_type`);
      if (g?.kind !== 'generic' || !g.types.includes(m.key)) continue;
      for (const [fname, far] of Object.entries(rf.filters)) {
        const at = `${modelAt(r.raw, `${app}.${name}`)}.reverse_filters.filters.${fname} (on ${m.key})`;
        out.push(source(r, m, fname, { from: `${owner.key}.${g.name}`, filter: far }, at));
      }
    }
  }
  // filters a related model hands on to every model pointing at it (sites → region, site_group)
  for (const f of m.fields) {
    if (f.kind !== 'fk' || f.name === 'parent' || f.readOnly) continue;
    const [tapp, tmodel] = f.to.split('.') as [string, string];
    for (const [name, p] of Object.entries(rawModel(r.raw, tapp, tmodel).propagate_filters ?? {})) {
      const d: RawFilter = typeof p === 'string' ? { via: p } : p;
      const at = `${modelAt(r.raw, f.to)}.propagate_filters.${name} (on ${m.key})`;
      out.push(source(r, m, name, { ...d, via: `${f.name}.${d.via}` }, at));
    }
  }
  return out;
}

/** A filter's type by its expression's (a string by default). */
const filterTypes: Partial<Record<Expansion['as'], 'integer' | 'number' | 'boolean'>> = {
  integer: 'integer',
  decimal: 'number',
  boolean: 'boolean',
};

/** A declared operation: one of runtime/filters/special.ts, or a derived kind on a model without its feature. */
function special(name: string, d: RawFilter, scope: ExpressionScope): FilterDef[] {
  const op = d.op;
  if (op === 'created_by_request' || op === 'updated_by_request' || op === 'modified_by_request')
    return [requestFilter(op)];
  // tags NetBox filters on models whose API shows none (data sources): nothing is tagged, but the filter holds
  if (op === 'tag') return tagFilters();
  if (expressionKey(d)) {
    const e = expandExpression(d, scope) as Expansion;
    // the filter's type is the expression's unless the filter names one
    const type = d.type ?? filterTypes[e.as];
    const kind =
      type === 'integer' ? 'number' : type === 'number' ? 'decimal' : type === 'boolean' ? 'boolean' : 'string';
    const fallback = kind === 'string' ? stringLookups : kind === 'boolean' ? [] : numberLookups;
    const lookups = d.lookups ? declaredLookups(d.lookups) : fallback;
    return [
      {
        name,
        kind,
        path: [],
        column: 'id',
        lookups,
        expr: e.sql,
        type: type ?? 'string',
        description: d.description ?? name,
      },
    ];
  }
  if (!op) throw new Error('give "op" or an expression');
  return [
    {
      name,
      kind: 'special',
      path: [],
      column: d.field ?? 'id',
      lookups: declaredLookups(d.lookups ?? []),
      ...specialOp(op, d.arg, d.field),
      type: d.type ?? 'string',
      description: d.description ?? name,
    },
  ];
}

/**
 * The filters of every model. A filter may reuse another model's (a circuit's site is its terminations'
 * site), so each is built on demand, once; only a filter that reaches back to itself is an error.
 * Derived and handed filters keep the first of a name; a model's own declarations win over both.
 */
class FilterBuilder implements Reach {
  private readonly built = new Map<Source, FilterDef[]>();
  private readonly busy = new Set<Source>();
  private readonly models = new Map<string, { derived: FilterDef[]; handed: Source[]; declared: Source[] }>();

  constructor(
    readonly cat: Catalogue,
    readonly raw: RawCatalogue,
  ) {}

  private parts(key: string) {
    let p = this.models.get(key);
    if (!p) {
      const m = modelOf(this.cat, key);
      const own = Object.entries(rawModel(this.raw, m.app, m.model).filters ?? {});
      p = {
        derived: derivedFilters(this.cat, this.raw, m),
        handed: handedSources(this, m),
        declared: own.map(([name, d]) => source(this, m, name, d, `${modelAt(this.raw, m.key)}.filters.${name}`)),
      };
      this.models.set(key, p);
    }
    return p;
  }

  private build(s: Source): FilterDef[] {
    const have = this.built.get(s);
    if (have) return have;
    if (this.busy.has(s)) throw new CatalogueError([`${s.at}: the filter reaches back to itself`]);
    this.busy.add(s);
    let list: FilterDef[];
    try {
      list = s.build();
    } catch (e) {
      if (e instanceof CatalogueError) throw e;
      throw new CatalogueError([`${s.at}: ${(e as Error).message}`]);
    }
    this.busy.delete(s);
    this.built.set(s, list);
    return list;
  }

  filterOf(key: string, name: string): FilterDef | undefined {
    const p = this.parts(key);
    for (const s of p.declared.filter((x) => x.names.includes(name))) {
      const f = this.build(s).find((x) => x.name === name);
      if (f) return f;
    }
    const f = p.derived.find((x) => x.name === name);
    if (f) return f;
    for (const s of p.handed.filter((x) => x.names.includes(name))) {
      const h = this.build(s).find((x) => x.name === name);
      if (h) return h;
    }
    return undefined;
  }

  filtersOf(key: string): FilterDef[] {
    const p = this.parts(key);
    const faults: string[] = [];
    const built = (s: Source) => {
      try {
        return this.build(s);
      } catch (e) {
        if (!(e instanceof CatalogueError)) throw e;
        faults.push(...e.faults);
        return [];
      }
    };
    const byName = new Map<string, FilterDef>();
    for (const f of [...p.derived, ...p.handed.flatMap(built)]) if (!byName.has(f.name)) byName.set(f.name, f);
    for (const s of p.declared) for (const f of built(s)) byName.set(f.name, f);
    if (faults.length) throw new CatalogueError(faults);
    return [...byName.values()].sort((a, b) => byCodePoint(a.name, b.name));
  }
}

export function buildFilterSpecs(cat: Catalogue, raw: RawCatalogue): FilterSpecs {
  const b = new FilterBuilder(cat, raw);
  const specs: Record<string, readonly FilterDef[]> = {};
  const faults = new Set<string>();
  // every faulty declaration at once, as the validator reports
  for (const m of Object.values(cat.models)) {
    try {
      specs[m.key] = b.filtersOf(m.key);
    } catch (e) {
      if (!(e instanceof CatalogueError)) throw e;
      e.faults.forEach((f) => faults.add(f));
    }
  }
  if (faults.size) throw new CatalogueError([...faults]);
  return specs;
}
