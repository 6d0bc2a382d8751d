/**
 * One object as the source's API shows it → the row of its table: nested relations to their ids,
 * choices to their values, custom field objects to ids, many-to-many and tag lists to link rows, and
 * references inside a cyclic group held back (plan.ts). Keys this catalogue has no field for are
 * counted in the report, never dropped unseen.
 */
import type { ColumnField, FieldDef, FieldOfKind, ModelDef, Registry } from '../catalogue/index.ts';
import type { TableColumns } from './columns.ts';
import { legacyNames, type LegacyNames } from './legacy.ts';
import { linkFields } from './plan.ts';
import { noteLacking, pushCapped, type ReportData } from './report.ts';

export interface Converted {
  readonly id: number;
  readonly source: Record<string, unknown>;
  /** column → value; deferred references are null here */
  readonly row: Record<string, unknown>;
  readonly deferred: [column: string, value: number][];
  /** many-to-many field name → target ids */
  readonly links: Map<string, number[]>;
  /** tag ids or slugs, when tags are written from the objects */
  tags?: (number | string)[];
  readonly images: { field: FieldOfKind<'image'>; url: string }[];
  /** why the object is not copied */
  skip?: string;
  /** not copied because the source does not show its secret: listed to be made again, not as a fault */
  secretless?: boolean;
}

export interface ConvertSetup {
  readonly registry: Registry;
  readonly model: ModelDef;
  /** model keys this import copies */
  readonly copied: ReadonlySet<string>;
  /** names of this model's references held back until its group is complete */
  readonly deferred: ReadonlySet<string>;
  readonly columns: TableColumns;
  /** custom field name → its type, for object and multi-object values */
  readonly customFields: ReadonlyMap<string, string>;
  /** tags come from each object's `tags` (the source has no tagged-item list to copy) */
  readonly tagsFromObjects: boolean;
}

/** A nested object's id (or an id given bare). */
export function refId(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number') return (v as { id: number }).id;
  return null;
}

const choiceValue = (v: unknown) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && !v.length) ||
  (typeof v === 'object' && !Object.keys(v as object).length);

/** Fields an import leaves alone: rendered, computed or written apart (children have their own model). */
const passive = new Set(['url', 'display', 'display_url', 'computed', 'generic', 'children', 'password']);

/** A field a row is made of: a column the target table has, or the tag list. */
type Active = ColumnField | FieldOfKind<'tags'>;

export class Converter {
  private readonly fields: ReadonlyMap<string, FieldDef>;
  private readonly legacy: LegacyNames;
  private readonly m2m: FieldOfKind<'m2m'>[];
  /** the fields a row is made of (worked out once: every object of the model has the same) */
  private readonly active: Active[];
  private readonly generics: FieldOfKind<'generic'>[];

  constructor(private readonly s: ConvertSetup) {
    this.fields = s.registry.fields(s.model);
    this.legacy = legacyNames(s.registry, s.model);
    this.m2m = linkFields(s.model);
    this.active = s.model.fields.flatMap((f): Active[] => {
      if (passive.has(f.kind) || f.kind === 'm2m') return [];
      if (f.kind === 'tags') return [f];
      return f.column && s.columns.names.has(f.column) ? [f] : [];
    });
    this.generics = s.model.fields.filter((f) => f.kind === 'generic');
  }

  /** One object's row; what it lacks or loses is noted in `report` (its page's). */
  convert(source: Record<string, unknown>, report: ReportData): Converted {
    // older names are rewritten on a copy; most models have none
    const o = this.legacy.any ? { ...source } : source;
    const used = this.legacy.any ? new Set(this.legacy.apply(o)) : undefined;
    const out: Converted = { id: Number(o.id), source, row: {}, deferred: [], links: new Map(), images: [] };
    for (const f of this.active) if (f.name in o) this.field(out, f, o[f.name], report);
    for (const f of this.m2m) if (f.name in o) out.links.set(f.name, this.ids(o[f.name]));
    for (const f of this.generics) if (f.typeColumn in out.row) this.generic(out, f, report);
    for (const k in o) {
      if (!this.fields.has(k) && !used?.has(k)) noteLacking(report, this.s.model.key, k, !isEmpty(o[k]));
    }
    return out;
  }

  private field(out: Converted, f: Active, v: unknown, report: ReportData): void {
    switch (f.kind) {
      case 'fk':
        return this.reference(out, f, refId(v), report);
      case 'tags':
        if (this.s.tagsFromObjects && Array.isArray(v))
          out.tags = v.map((t) => (typeof t === 'string' ? t : refId(t))).filter((t) => t !== null);
        return;
      case 'custom_fields':
        out.row[f.column] = this.customFields(v);
        return;
      case 'image':
        if (typeof v === 'string' && v) out.images.push({ field: f, url: v });
        else out.row[f.column] = null;
        return;
      case 'choice':
        out.row[f.column] = choiceValue(v);
        return;
      default:
        out.row[f.column] = v;
    }
  }

  /** A foreign key: held back in a cyclic group; emptied (or the object skipped) if its model is not copied. */
  private reference(out: Converted, f: FieldOfKind<'fk'>, id: number | null, report: ReportData): void {
    if (id !== null && !this.s.copied.has(f.to)) {
      if (!f.nullable) {
        out.skip = `its ${f.name} (${f.to} ${id}) is not copied`;
        return;
      }
      this.emptied(out, f, f.to, report);
      id = null;
    }
    if (id !== null && this.s.deferred.has(f.name)) {
      out.deferred.push([f.column, id]);
      id = null;
    }
    out.row[f.column] = id;
  }

  /**
   * A generic relation to a model not copied here: emptied when it may be (a later object of that id
   * must not inherit it), kept otherwise, and either way reported.
   */
  private generic(out: Converted, f: FieldOfKind<'generic'>, report: ReportData): void {
    const type = out.row[f.typeColumn];
    if (typeof type !== 'string' || this.s.copied.has(type)) return;
    this.emptied(out, f, type, report);
    const typeField = this.fields.get(f.typeColumn);
    if (typeField?.nullable && this.s.registry.has(type)) {
      out.row[f.typeColumn] = null;
      out.row[f.idColumn] = null;
    }
  }

  private emptied(out: Converted, f: FieldDef, target: string, r: ReportData): void {
    const key = `${this.s.model.key}.${f.name} → ${target}`;
    r.droppedReferences[key] = (r.droppedReferences[key] ?? 0) + 1;
    pushCapped(r.emptied, { model: this.s.model.key, id: out.id, field: f.name });
  }

  private ids(v: unknown): number[] {
    return Array.isArray(v) ? v.map(refId).filter((x): x is number => x !== null) : [];
  }

  /** Custom field values as stored: an object custom field keeps the object's id, a multi-object its ids. */
  private customFields(v: unknown): Record<string, unknown> {
    if (!v || typeof v !== 'object') return {};
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(v as Record<string, unknown>)) {
      const type = this.s.customFields.get(name);
      if (type === 'object' || (type === undefined && isNested(value)))
        out[name] = value === null ? null : refId(value);
      else if (type === 'multiobject' || (type === undefined && Array.isArray(value) && value.every(isNested)))
        out[name] = value === null ? null : this.ids(value);
      else out[name] = value;
    }
    return out;
  }
}

/** How NetBox nests an object: an integer id beside its API URL. */
function isNested(v: unknown): boolean {
  return !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' && 'url' in v;
}
