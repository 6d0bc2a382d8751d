/**
 * Arguments of the runtime's operations (checks, detail actions), as the catalogue (models/*.yaml) writes them, read
 * against their specs (runtime/catalogue/names.ts): every required one given, no unknown one, each in
 * its form (`app.model.field` becomes a FieldRef, a `fields?` list is split). Faults name the argument.
 */
import type { ArgKind, ArgSpec, ArgsOf, FieldRef } from '../../runtime/catalogue/names.ts';
import { contentTypePattern, fieldPathPattern } from './schema-parts.ts';

export type RawArgs = Readonly<Record<string, string | readonly string[]>>;

/** `app.model` and `app.model.field`, as the schema writes them. */
export const contentType = new RegExp(contentTypePattern);
export const fieldPath = new RegExp(fieldPathPattern);

/** `app.model.field` as a FieldRef (the text is one; the callers have checked it against `fieldPath`). */
export function fieldRef(text: string): FieldRef {
  const [app, model, field] = text.split('.') as [string, string, string];
  return { model: `${app}.${model}`, field };
}

/** The fault of one argument's value, or undefined. */
function faultOf(kind: ArgKind, value: string | readonly string[]): string | undefined {
  const base = kind.replace('?', '');
  if (base === 'refs') {
    if (!Array.isArray(value)) return 'a list of `app.model.field`';
    return value.every((v) => fieldPath.test(v)) ? undefined : 'a list of `app.model.field`';
  }
  if (typeof value !== 'string') return 'a single value';
  if (base === 'ref') return fieldPath.test(value) ? undefined : '`app.model.field`';
  if (base === 'model') return contentType.test(value) ? undefined : 'a content type `app.model`';
  return undefined;
}

/** Faults of `raw` against `spec`, each `<name>: …`. */
export function argFaults(spec: ArgSpec, raw: RawArgs): string[] {
  const faults: string[] = [];
  for (const [name, kind] of Object.entries(spec))
    if (!kind.endsWith('?') && raw[name] === undefined) faults.push(`${name}: required`);
  for (const [name, value] of Object.entries(raw)) {
    const kind = spec[name];
    if (!kind) {
      faults.push(`${name}: unknown argument (${Object.keys(spec).join(', ') || 'none taken'})`);
      continue;
    }
    const fault = faultOf(kind, value);
    if (fault) faults.push(`${name}: must be ${fault}`);
  }
  return faults;
}

/** The field names of `raw` that name fields of the operation's own model (`field`, `fields?`). */
export function ownFieldArgs(spec: ArgSpec, raw: RawArgs): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(raw)) {
    const kind = spec[name];
    if (kind === 'field' || kind === 'field?') out.push([name, String(value)]);
    if (kind === 'fields?') for (const part of String(value).split(',')) out.push([name, part]);
  }
  return out;
}

/** `raw` in the catalogue's form; call only once argFaults has found nothing. */
export function parseArgs<S extends ArgSpec>(spec: S, raw: RawArgs): ArgsOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const kind = spec[name];
    if (kind === 'ref') out[name] = fieldRef(String(value));
    else if (kind === 'refs') out[name] = (value as readonly string[]).map(fieldRef);
    else if (kind === 'fields?') out[name] = String(value).split(',').filter(Boolean);
    else out[name] = value;
  }
  return out as ArgsOf<S>;
}
