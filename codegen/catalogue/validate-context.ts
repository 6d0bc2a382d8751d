/** What the catalogue's rules (validate.ts) share: the catalogue as they read it, and its walks. */
import type { RawCatalogue, RawExpression, RawField, RawModel } from './schema.ts';
import { modelAt } from './load.ts';
import { argFaults, ownFieldArgs, type RawArgs } from './args.ts';
import type { ArgSpec } from '../../runtime/catalogue/names.ts';
import { expandExpression, expressionKey, isFault, type Expansion } from './expressions.ts';

/** A fault: its file and YAML path, then what is wrong. */
export type Fault = string;

/** The catalogue as the rules read it: its models by key, and the walks several rules share. */
export interface Checked {
  readonly raw: RawCatalogue;
  readonly models: ReadonlyMap<string, RawModel>;
  readonly choices: NonNullable<RawCatalogue['choices']>;
}

export interface Rule {
  readonly name: string;
  readonly check: (c: Checked) => Fault[];
}

/** One model's part of a rule: the model, its key and its YAML path. */
export interface ModelAt {
  readonly key: string;
  readonly m: RawModel;
  readonly at: string;
}

/** A rule checked model by model. */
export function eachModel(name: string, check: (c: Checked, model: ModelAt) => Fault[]): Rule {
  return {
    name,
    check: (c) => [...c.models].flatMap(([key, m]) => check(c, { key, m, at: modelAt(c.raw, key) })),
  };
}

export const envelope = new Set([
  'id',
  'url',
  'display_url',
  'display',
  'tags',
  'custom_fields',
  'created',
  'last_updated',
]);

/** Wire names a model exposes (fields, generic parts, computed, envelope). */
export function wireNames(model: RawModel): Set<string> {
  const names = new Set(envelope);
  for (const [name, f] of Object.entries(model.fields)) {
    if (f.type === 'generic') {
      names.add(`${name}_type`);
      names.add(`${name}_id`);
    }
    names.add(f.type === 'generic' ? (f.read_as ?? name) : name);
  }
  for (const name of Object.keys(model.computed ?? {})) names.add(name);
  if (model.tree) names.add('_depth');
  return names;
}

export const fieldOf = (c: Checked, key: string, field: string): RawField | undefined =>
  c.models.get(key)?.fields[field];

/** What an entry's expression gives on model `key`, if it has one that holds. */
export function expansion(c: Checked, key: string, e: RawExpression | undefined): Expansion | undefined {
  if (!e || !expressionKey(e)) return undefined;
  const x = expandExpression(e, { raw: c.raw, key });
  return isFault(x) ? undefined : x;
}

/** Walks `a.b.c` through foreign keys; returns the fault text or undefined. */
export function walk(c: Checked, key: string, path: string[], allowComputed: boolean): string | undefined {
  let current = key;
  for (const [i, name] of path.entries()) {
    const m = c.models.get(current);
    if (!m) return `unknown model "${current}"`;
    const f = m.fields[name];
    const last = i === path.length - 1;
    const reverse = m.computed?.[name]?.reverse_list;
    if (!f && reverse && !last) {
      // through a reverse list: its first object (display rules)
      current = reverse.split('.').slice(0, 2).join('.');
      if (!c.models.has(current)) return `unknown model in "${reverse}"`;
      continue;
    }
    if (!f) {
      if (last && wireNames(m).has(name) && !m.computed?.[name] && name !== '_depth') return undefined;
      if (last && allowComputed && (m.computed?.[name] || name === '_depth')) return undefined;
      return `unknown field "${name}" on ${current}`;
    }
    if (last) return undefined;
    if (f.type !== 'fk' || !c.models.has(f.to)) return `"${name}" on ${current} is not a foreign key`;
    current = f.to;
  }
  return undefined;
}

/** A `nested:` list of model `to`: names it has, and forms of their own only where a field can take one. */
export function nestedFaults(c: Checked, to: string, list: readonly unknown[], at: string): Fault[] {
  const target = c.models.get(to);
  if (!target) return [];
  const names = wireNames(target);
  const out: Fault[] = [];
  for (const item of list) {
    const [name = '', form] = typeof item === 'string' ? [item] : (Object.entries(item as object)[0] ?? []);
    if (!names.has(name)) {
      out.push(`${at}: unknown field "${name}" on ${to}`);
      continue;
    }
    if (form === undefined) continue;
    const f = target.fields[name];
    const computed = target.computed?.[name];
    const e = expansion(c, to, computed);
    if (form === 'plain') {
      if (!(f?.type === 'fk' || f?.type === 'choice' || computed?.cable === 'cable' || e?.as === 'choice'))
        out.push(`${at}.${name}: only a choice, a foreign key or a cable can be plain`);
      continue;
    }
    const reverse = computed?.reverse_list?.split('.').slice(0, 2).join('.');
    const rel = f?.type === 'fk' || f?.type === 'm2m' ? f.to : (reverse ?? (e?.as === 'fk' ? e.to : undefined));
    if (!rel || !c.models.has(rel)) out.push(`${at}.${name}: only a relation has a form of its own`);
    else out.push(...nestedFaults(c, rel, form as unknown[], `${at}.${name}`));
  }
  return out;
}

/** An operation's arguments against its spec; those naming the model's fields must name one. */
export function operationFaults(c: Checked, { key, m }: ModelAt, spec: ArgSpec, args: RawArgs, where: string): Fault[] {
  const out = argFaults(spec, args).map((fault) => `${where}.${fault}`);
  for (const [arg, field] of ownFieldArgs(spec, args))
    if (!m.fields[field] && !m.computed?.[field]) out.push(`${where}.${arg}: unknown field "${field}" of ${key}`);
  for (const [arg, kind] of Object.entries(spec)) {
    const value = args[arg];
    if (value === undefined) continue;
    if (kind.startsWith('model') && !c.models.has(String(value)))
      out.push(`${where}.${arg}: unknown model "${String(value)}"`);
    const refs = kind === 'ref' ? [String(value)] : kind === 'refs' && Array.isArray(value) ? value : [];
    for (const ref of refs) {
      const [app, model, field] = ref.split('.') as [string, string, string];
      if (!fieldOf(c, `${app}.${model}`, field)) out.push(`${where}.${arg}: unknown field "${ref}"`);
    }
  }
  return out;
}

/** The catalogue as the rules read it. */
export function checked(raw: RawCatalogue): Checked {
  const models = new Map<string, RawModel>();
  for (const [app, a] of Object.entries(raw.apps))
    for (const [name, m] of Object.entries(a.models)) models.set(`${app}.${name}`, m);
  return { raw, models, choices: raw.choices ?? {} };
}
