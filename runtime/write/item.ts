/**
 * One request item → a Pending object: values coerced by field kind, relations kept as references,
 * older field names (aliases) mapped to current ones, read-only keys ignored.
 */
import type { AliasDef, FieldDef, ModelDef } from '../catalogue/index.ts';
import { ErrorBag } from '../errors/index.ts';
import { coerceScalar, FieldError } from './coerce.ts';
import { parseReference } from './related.ts';
import type { Pending, WriteContext } from './types.ts';
import { RejectedUpload, StoredUpload } from '../media/index.ts';

/** Keys accepted in every body besides the model's fields. */
const bodyKeys = new Set(['changelog_message']);

function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'dict';
}

export function newPending(index: number, input: Record<string, unknown>, id = 0): Pending {
  return {
    index,
    id,
    input,
    values: {},
    refs: new Map(),
    m2m: new Map(),
    message: '',
    errors: new ErrorBag(),
    extra: {},
  };
}

/**
 * A list of related objects as given, each named once (NetBox stores a relation once however often
 * it is listed), and no longer than a bulk request may be: a list of a million repeats is refused
 * before anything looks at its entries.
 */
function relationList(ctx: WriteContext, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new FieldError(`Expected a list of items but got type "${typeName(value)}".`);
  const limit = ctx.settings.bulkLimit;
  if (value.length > limit) throw new FieldError(`Ensure this field has no more than ${limit} elements.`);
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const v of value) {
    const key = v !== null && typeof v === 'object' ? JSON.stringify(v) : `${typeof v === 'string' ? v.trim() : v}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

function assign(ctx: WriteContext, model: ModelDef, p: Pending, f: FieldDef, value: unknown): void {
  try {
    switch (f.kind) {
      case 'fk':
        if (value === null) {
          if (!f.nullable) throw new FieldError('This field may not be null.');
          p.refs.set(f.name, null);
        } else p.refs.set(f.name, parseReference(value));
        return;
      case 'm2m':
        p.m2m.set(f.name, relationList(ctx, value));
        return;
      case 'tags':
        p.tags = relationList(ctx, value);
        return;
      case 'children': {
        const list = relationList(ctx, value).map((v) => {
          const o = v as { object_type?: unknown; object_id?: unknown } | null;
          const id =
            typeof o?.object_id === 'string' && /^\d{1,15}$/.test(o.object_id) ? Number(o.object_id) : o?.object_id;
          if (
            !o ||
            typeof o !== 'object' ||
            typeof o.object_type !== 'string' ||
            !Number.isSafeInteger(id) ||
            (id as number) <= 0
          ) {
            throw new FieldError(
              'Each item must be an object with "object_type" (<app>.<model>) and "object_id" (an integer).',
            );
          }
          return { type: o.object_type, id: id as number };
        });
        (p.children ??= new Map()).set(f.name, list);
        return;
      }
      case 'custom_fields':
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw new FieldError(
            'Invalid data format. Custom field data must be passed as a dictionary mapping field names to their ' +
              'values.',
          );
        }
        p.customFields = value as Record<string, unknown>;
        return;
      case 'image': {
        // only a file of this request (multipart) or null; a JSON string cannot name a stored file
        if (value === null && f.nullable) {
          p.values[f.name] = null;
          for (const k of [f.upload?.widthField, f.upload?.heightField, f.upload?.sizeField]) if (k) p.values[k] = null;
          return;
        }
        if (value instanceof RejectedUpload) throw new FieldError(value.message);
        if (!(value instanceof StoredUpload))
          throw new FieldError(
            'The submitted data was not a file. Upload it as multipart/form-data (JSON cannot carry a file).',
          );
        p.values[f.name] = value.path;
        if (f.upload?.widthField) p.values[f.upload.widthField] = value.width;
        if (f.upload?.heightField) p.values[f.upload.heightField] = value.height;
        if (f.upload?.sizeField) p.values[f.upload.sizeField] = value.size;
        return;
      }
      default:
        p.values[f.name] = coerceScalar(ctx.registry, f, value);
    }
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    p.errors.add(f.name, e.message);
  }
}

/** Whether a value holds a NUL character in any string or key (PostgreSQL text and jsonb refuse them). */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasNul);
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v)) return true;
  return false;
}

/** A key of the body that is no field: the change log message is read, the others are the caller's. */
function readBodyKey(p: Pending, key: string, value: unknown): void {
  if (key !== 'changelog_message') return;
  if (typeof value !== 'string' && value !== null) p.errors.add(key, 'Not a valid string.');
  else if ((value ?? '').length > 200) p.errors.add(key, 'Ensure this field has no more than 200 characters.');
  else p.message = value ?? '';
}

/** add_tags or remove_tags: the list of tags to add or remove, resolved later. */
function readTagChange(ctx: WriteContext, p: Pending, key: 'add_tags' | 'remove_tags', value: unknown): void {
  let list: unknown[];
  try {
    list = relationList(ctx, value);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    p.errors.add(key, e.message);
    return;
  }
  p.tagChanges ??= { add: [], remove: [] };
  p.tagChanges[key === 'add_tags' ? 'add' : 'remove'] = list;
}

/** An older name of a field; the current name wins when both are given. */
function readAlias(ctx: WriteContext, model: ModelDef, p: Pending, alias: AliasDef, value: unknown): void {
  if (p.input[alias.field] !== undefined) return;
  const target = ctx.registry.fieldOf(model, alias.field);
  if (target.kind !== 'generic') return assign(ctx, model, p, target, value);
  // an older single relation standing for a generic one of a fixed type (prefix `site`)
  if (value === null) {
    if (p.values[target.typeColumn] === alias.type) {
      p.values[target.typeColumn] = null;
      p.values[target.idColumn] = null;
    }
    return;
  }
  p.values[target.typeColumn] = alias.type;
  try {
    p.refs.set(target.idColumn, parseReference(value));
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    p.errors.add(alias.name, e.message);
  }
}

/** Kinds a request never writes: the server computes them. */
const unwritable = new Set<FieldDef['kind']>(['computed', 'id', 'url', 'display_url', 'display']);

/** Reads the body keys of one item; `p.values` must already hold defaults or the stored values. */
export function readItem(ctx: WriteContext, model: ModelDef, p: Pending): void {
  const input = p.input;
  const fields = ctx.registry.fields(model);
  const aliases = new Map(model.aliases.map((a) => [a.name, a]));
  for (const [key, value] of Object.entries(input)) {
    const alias = aliases.get(key);
    const f = fields.get(key);
    // before anything reads the value: no field, body key or JSON column may hold one
    if (hasNul(value)) p.errors.add(key, 'Null characters are not allowed.');
    else if (bodyKeys.has(key)) readBodyKey(p, key, value);
    else if ((key === 'add_tags' || key === 'remove_tags') && model.features.tags) readTagChange(ctx, p, key, value);
    else if (alias) readAlias(ctx, model, p, alias, value);
    // hidden fields are the system's to write (the first superuser), never a request's
    else if (!f || (f.hidden && !ctx.system)) {
      if (ctx.strictInput) p.errors.add(key, 'Unknown field.');
      else ctx.ignored?.add(key);
    } else if (!f.readOnly && !unwritable.has(f.kind)) assign(ctx, model, p, f, value);
  }
  if (p.tagChanges) {
    if (input.tags !== undefined)
      p.errors.add('tags', 'Cannot specify "tags" together with "add_tags" or "remove_tags".');
    else if (!p.before && input.remove_tags !== undefined)
      p.errors.add('remove_tags', 'Tags cannot be removed from an object that is being created.');
  }
}

/** Defaults of every writable column for a new object. */
export function defaults(model: ModelDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of model.fields) {
    if (!f.column || f.kind === 'id' || f.kind === 'custom_fields') continue;
    if (f.name === 'created' || f.name === 'last_updated') continue;
    out[f.name] = f.default === undefined ? null : structuredClone(f.default);
  }
  return out;
}

/** Required fields missing from a create (or a full update). */
export function checkRequired(model: ModelDef, p: Pending): void {
  const given = (name: string) =>
    p.input[name] !== undefined || model.aliases.some((a) => a.field === name && p.input[a.name] !== undefined);
  for (const f of model.fields) {
    if (!f.required || f.readOnly || f.hidden) continue;
    if (f.kind === 'generic') continue; // its two columns are fields of their own
    if (!given(f.name) && !p.errors.has(f.name)) p.errors.add(f.name, requiredMessage(f));
  }
}

/** DRF's answer for a missing field (a file field says no file came). */
function requiredMessage(f: FieldDef): string {
  if (f.kind === 'image')
    return (
      'No file was submitted. Send the request as multipart/form-data with the image as a file part; JSON ' +
      'cannot carry a file.'
    );
  return 'This field is required.';
}

/**
 * The values the model needs that the request left empty, once it is otherwise valid: Django's
 * `full_clean` after the serializer (NetBox reports these only when nothing else is wrong).
 */
export function checkModelRequired(model: ModelDef, p: Pending): void {
  for (const f of model.fields) {
    // a field a check already refused (a hook that had no default to give it) says so once
    if (!f.modelRequired || f.readOnly || f.kind === 'generic' || p.errors.has(f.name)) continue;
    const v = p.values[f.name];
    const text = ['string', 'text', 'slug', 'choice'].includes(f.kind);
    if (v === null || v === undefined || (text && v === ''))
      p.errors.add(f.name, text ? 'This field cannot be blank.' : 'This field cannot be null.');
  }
}

export { typeName };
