/** The catalogue's rules of a model's fields and computed fields (validate.ts runs them). */
import { fieldAt } from './load.ts';
import { alsoVia } from './normalize-computed.ts';
import { expressionFaults, expressionKeys } from './expressions.ts';
import type { RawComputed, RawField } from './schema.ts';
import {
  eachModel,
  envelope,
  expansion,
  fieldOf,
  nestedFaults,
  walk,
  wireNames,
  type Checked,
  type Fault,
  type ModelAt,
  type Rule,
} from './validate-context.ts';

const columnlessPrefixes = ['_'];

/** What a field's type needs of the rest of the catalogue (what it takes is the schema's: schema-fields.ts). */
function fieldFaults(c: Checked, { key }: ModelAt, f: RawField, fat: string): Fault[] {
  const out: Fault[] = [];
  switch (f.type) {
    case 'choice': {
      const set = c.choices[f.choices];
      if (!set) out.push(`${fat}: unknown choice set "${f.choices}"`);
      else if (f.default !== undefined && !set.some(([v]) => v === f.default))
        out.push(`${fat}.default: ${JSON.stringify(f.default)} is not in choice set "${f.choices}"`);
      break;
    }
    case 'fk':
    case 'm2m':
      if (!c.models.has(f.to)) out.push(`${fat}: unknown model "${f.to}"`);
      else if (f.nested) out.push(...nestedFaults(c, f.to, f.nested, `${fat}.nested`));
      if (f.type === 'fk' && f.on_delete === 'set_null' && !f.nullable)
        out.push(`${fat}: on_delete set_null needs "nullable: true"`);
      if (f.type === 'm2m' && f.mirror) {
        const [app, model, field] = f.mirror.split('.') as [string, string, string];
        const other = fieldOf(c, `${app}.${model}`, field);
        if (other?.type !== 'm2m' || other.to !== key || `${app}.${model}` !== f.to)
          out.push(`${fat}.mirror: "${f.mirror}" is not a many-to-many field of ${f.to} to ${key}`);
      }
      break;
    case 'children': {
      const child = c.models.get(f.to);
      if (!child) return [`${fat}: a children field needs "to" naming a catalogued model`];
      const via = child.fields[f.via];
      if (via?.type !== 'fk' || via.to !== key)
        out.push(`${fat}.via: "${f.via}" is not a foreign key of ${f.to} to ${key}`);
      if (child.fields[f.item_field]?.type !== 'generic')
        out.push(`${fat}.item_field: "${f.item_field}" is not a generic relation of ${f.to}`);
      for (const w of Object.keys(f.where ?? {}))
        if (!child.fields[w]) out.push(`${fat}.where: unknown field "${w}" on ${f.to}`);
      break;
    }
    case 'generic':
      if ([f.types, f.types_with_feature, f.types_any].filter(Boolean).length !== 1)
        out.push(`${fat}: a generic field needs one of "types", "types_with_feature", "types_any"`);
      for (const t of f.types ?? []) if (!c.models.has(t)) out.push(`${fat}.types: unknown model "${t}"`);
      break;
    case 'string':
    case 'text':
    case 'slug':
    case 'password':
      if (f.pattern && !validPattern(f.pattern)) out.push(`${fat}.pattern: not a valid regular expression`);
      break;
  }
  return out;
}

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The names of fields: none of the envelope's, none starting with "_", a rename from a name now free. */
const fieldNames = eachModel('field names', (c, { key, m }) => {
  const names = wireNames(m);
  return Object.entries(m.fields).flatMap(([fname, f]) => {
    const fat = fieldAt(c.raw, key, fname);
    const out: Fault[] = [];
    if (envelope.has(fname)) out.push(`${fat}: "${fname}" is provided by every model and cannot be declared`);
    if (columnlessPrefixes.some((p) => fname.startsWith(p))) out.push(`${fat}: field names may not start with "_"`);
    const before = 'renamed_from' in f ? f.renamed_from : undefined;
    if (before !== undefined && (names.has(before) || ('virtual' in f && f.virtual)))
      out.push(`${fat}.renamed_from: "${before}" ${names.has(before) ? 'is a field of' : 'needs a column in'} ${key}`);
    return out;
  });
});

const fieldReferences = eachModel('field references', (c, model) =>
  Object.entries(model.m.fields).flatMap(([fname, f]) => fieldFaults(c, model, f, fieldAt(c.raw, model.key, fname))),
);

const computedKinds = [
  'count',
  ...expressionKeys,
  'ip_depth',
  'ip_children',
  'reverse_list',
  'copy',
  'cable',
  'config_context',
];

const kindsOf = (x: RawComputed) => computedKinds.filter((k) => (x as Record<string, unknown>)[k] !== undefined);

/** Each computed field of a model that is one kind, with its YAML path. */
function eachComputed(name: string, check: (c: Checked, model: ModelAt, x: RawComputed, cat: string) => Fault[]): Rule {
  return eachModel(name, (c, model) =>
    Object.entries(model.m.computed ?? {})
      .filter(([, x]) => kindsOf(x).length === 1)
      .flatMap(([cname, x]) => check(c, model, x, `${model.at}.computed.${cname}`)),
  );
}

/** A computed field is one kind, not also a field, and copies only the display. */
const computedKind = eachModel('computed kind', (_c, { m, at }) =>
  Object.entries(m.computed ?? {}).flatMap(([cname, x]): Fault[] => {
    const cat = `${at}.computed.${cname}`;
    if (kindsOf(x).length !== 1) return [`${cat}: give exactly one of ${computedKinds.join(', ')}`];
    return [
      ...(m.fields[cname] ? [`${cat}: "${cname}" is also declared as a field`] : []),
      ...(x.copy !== undefined && x.copy !== 'display' ? [`${cat}: only "display" can be copied`] : []),
    ];
  }),
);

const configContexts = eachComputed('config contexts', (c, { key, m }, x, cat) => {
  const cc = x.config_context;
  if (!cc) return [];
  const out: Fault[] = [];
  if (!c.models.has(cc.contexts)) out.push(`${cat}.contexts: unknown model "${cc.contexts}"`);
  if (cc.local && !m.fields[cc.local]) out.push(`${cat}.local: unknown field "${cc.local}"`);
  for (const [mname, path] of Object.entries(cc.match)) {
    if (path === 'tags' || path === '-') continue;
    const fault = walk(c, key, path.split('.'), false);
    if (fault) out.push(`${cat}.match.${mname}: ${fault}`);
  }
  return out;
});

/** A count or reverse list names a relation to the model; its options fit it. */
const countedRelations = eachComputed('counted relations', (c, { key, m }, x, cat) => {
  const ref = x.count ?? x.reverse_list;
  if (!ref) return [];
  const out: Fault[] = [];
  const [capp, cmodel, cfield] = ref.split('.') as [string, string, string];
  const target = `${capp}.${cmodel}`;
  const tf = fieldOf(c, target, cfield);
  if (!c.models.has(target)) out.push(`${cat}: unknown model "${target}"`);
  else if (!tf || (tf.type !== 'fk' && tf.type !== 'm2m' && tf.type !== 'generic'))
    out.push(`${cat}: "${cfield}" on ${target} is not a relation`);
  else if (tf.type !== 'generic' && tf.to !== key) out.push(`${cat}: ${target}.${cfield} does not point to ${key}`);
  if (x.cumulative && !m.tree) out.push(`${cat}: cumulative counts need a tree model`);
  if (x.also_via && (x.cumulative || tf?.type === 'm2m'))
    out.push(`${cat}.also_via: only a direct count over a foreign key or a generic relation has it`);
  else if (x.also_via)
    for (const path of alsoVia(c.raw, x, key).unresolved)
      out.push(`${cat}.also_via: "${path}" leads to ${key} from none of the objects ${ref} names`);
  return out;
});

/** An expression holds on the model; a nested form only where it shows objects. */
const computedExpressions = eachComputed('computed expressions', (c, { key }, x, cat) => {
  const out = expressionFaults(x, cat, { raw: c.raw, key });
  if (!x.nested) return out;
  // the objects a reverse list or a relation expression shows, in a form of their own
  const e = expansion(c, key, x);
  const to = x.reverse_list ? x.reverse_list.split('.').slice(0, 2).join('.') : e?.as === 'fk' ? e.to : undefined;
  if (!to || !c.models.has(to)) out.push(`${cat}.nested: only a reverse_list or an fk expression has one`);
  else out.push(...nestedFaults(c, to, x.nested, `${cat}.nested`));
  return out;
});

const ipComputed = eachComputed('ip depth and children', (_c, { m }, x, cat) =>
  (['ip_depth', 'ip_children'] as const).flatMap((k) => {
    const fld = x[k];
    if (fld === undefined) return [];
    return [
      ...(['ipnetwork', 'ipaddress'].includes(m.fields[fld]?.type ?? '')
        ? []
        : [`${cat}: "${fld}" is not an IP field`]),
      ...(!x.vrf || m.fields[x.vrf]?.type !== 'fk' ? [`${cat}: "vrf" must name a foreign key`] : []),
    ];
  }),
);

export const fieldRules: readonly Rule[] = [
  fieldNames,
  fieldReferences,
  computedKind,
  configContexts,
  countedRelations,
  computedExpressions,
  ipComputed,
];
