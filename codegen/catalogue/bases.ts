/**
 * Bases: what many models share, declared once in models/bases.yaml and named after NetBox's abstract models
 * (NetBoxModel's features, PrimaryModel's description, owner and comments, OrganizationalModel's name and
 * slug…). A model, or a base, `extends` one. Its own `fields` come first and a field of a base field's
 * name replaces it; the base's other fields follow in the base's order. Every other key it gives replaces
 * the base's. A field `to: self` points at the model that has it.
 */
import type { RawBase, RawField, RawModel, RawModelEntry } from './schema.ts';

/** The bases and the file they were read from. */
export interface Bases {
  readonly file: string;
  readonly bases: Readonly<Record<string, RawBase>>;
}

/** A base with its own bases applied, and where each of its fields was declared (for faults). */
interface Flat {
  readonly keys: RawBase;
  readonly origin: Readonly<Record<string, string>>;
}

const none: Flat = { keys: {}, origin: {} };

/** `own` over `base`: own fields first, then the base's it does not declare; own keys replace the base's. */
function merge(own: RawBase, base: Flat): { keys: RawBase; inherited: Record<string, string> } {
  const { extends: _, fields: ownFields = {}, ...rest } = own;
  const { fields: baseFields = {}, ...baseRest } = base.keys;
  const fields: Record<string, RawField> = { ...ownFields };
  const inherited: Record<string, string> = {};
  for (const [name, f] of Object.entries(baseFields)) {
    if (name in fields) continue;
    fields[name] = f;
    inherited[name] = base.origin[name] ?? '';
  }
  return { keys: { ...baseRest, ...rest, fields }, inherited };
}

/** The base `name` with its chain of bases applied, or the fault in that chain. */
function flatten(name: string, ctx: Bases, chain: readonly string[]): Flat | string {
  if (chain.includes(name)) return `"${name}" extends itself (${[...chain, name].join(' → ')})`;
  const b = ctx.bases[name];
  if (!b) return `unknown base "${name}" (bases: ${Object.keys(ctx.bases).join(', ') || 'none'})`;
  const parent = b.extends ? flatten(b.extends, ctx, [...chain, name]) : none;
  if (typeof parent === 'string') return parent;
  const { keys, inherited } = merge(b, parent);
  const origin: Record<string, string> = { ...inherited };
  for (const f of Object.keys(b.fields ?? {})) origin[f] = `${ctx.file}: bases.${name}.fields.${f}`;
  return { keys, origin };
}

export interface Extended {
  readonly model: RawModel;
  /** field → where the base declared it */
  readonly inherited: Record<string, string>;
}

/**
 * A model entry of a file (at YAML path `at`) with its base applied: model `key` as the catalogue reads it,
 * or the faults that keep it from being one.
 */
export function extendModel(entry: RawModelEntry, key: string, at: string, ctx: Bases): Extended | string[] {
  const base = entry.extends ? flatten(entry.extends, ctx, []) : none;
  if (typeof base === 'string') return [`${at}.extends: ${base}`];
  const { keys, inherited } = merge(entry, base);
  if (keys.display === undefined) return [`${at}: needs "display", of its own or from its base`];
  const fields: Record<string, RawField> = {};
  for (const [name, f] of Object.entries(keys.fields ?? {}))
    fields[name] = 'to' in f && f.to === 'self' ? { ...f, to: key } : f;
  return { model: { ...(keys as RawModel), fields }, inherited };
}

/** The bases file's own faults: a base extending one that does not exist, or itself (once a cycle). */
export function baseFaults(ctx: Bases): string[] {
  const faults: string[] = [];
  const inCycle = new Set<string>();
  for (const [name, b] of Object.entries(ctx.bases)) {
    if (b.extends === undefined || inCycle.has(name)) continue;
    const flat = flatten(name, ctx, []);
    if (typeof flat !== 'string') continue;
    if (!ctx.bases[b.extends]) faults.push(`${ctx.file}: bases.${name}.extends: ${flat}`);
    else if (flat.startsWith(`"${name}" `)) {
      faults.push(`${ctx.file}: bases.${name}.extends: ${flat}`);
      for (let n: string | undefined = name; n && !inCycle.has(n); n = ctx.bases[n]?.extends) inCycle.add(n);
    }
  }
  return faults;
}
