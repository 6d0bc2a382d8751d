/** The catalogue's rules of a model's own keys beside its fields (validate.ts runs them). */
import { keyFaults } from './normalize-keys.ts';
import { modelAt } from './load.ts';
import { parseDisplay } from './display.ts';
import { actionArgs, checkArgs } from '../../runtime/catalogue/names.ts';
import { orderFaults, placementsOf } from './order.ts';
import { expressionFaults, expressionKey } from './expressions.ts';
import { LAST_KNOWN_ID, OTHER_OBJECT_TYPES } from '../../runtime/catalogue/known-object-types.ts';
import { eachModel, fieldOf, operationFaults, walk, wireNames, type Fault, type Rule } from './validate-context.ts';

const uniquePaths: Rule = {
  name: 'unique paths',
  check: (c) => {
    const paths = new Map<string, string>();
    const out: Fault[] = [];
    for (const [key, m] of c.models) {
      const pathKey = `${key.slice(0, key.indexOf('.'))}/${m.path}`;
      const other = paths.get(pathKey);
      if (other) out.push(`${modelAt(c.raw, key)}.path: "${m.path}" is already used by ${other}`);
      paths.set(pathKey, key);
    }
    return out;
  },
};

/** The field lists (brief, nested, search, ordering, options…) name fields the model has. */
const fieldLists = eachModel('field lists', (c, { key, m, at }) => {
  const names = wireNames(m);
  const out: Fault[] = [];
  const checkList = (list: string[] | undefined, where: string) => {
    for (const n of list ?? []) if (!names.has(n)) out.push(`${at}.${where}: unknown field "${n}"`);
  };
  checkList(m.brief, 'brief');
  checkList(m.nested, 'nested');
  checkList(m.generic_nested, 'generic_nested');
  // (normalisation checks the order again over the names the model really has: tags only with the feature…)
  out.push(...orderFaults(names, placementsOf(c.raw, key)));
  for (const n of Object.keys(m.move ?? {}))
    if ((m.fields[n] && !c.raw.inherited[key]?.[n]) || m.computed?.[n])
      out.push(`${at}.move.${n}: "${n}" is declared here: give it "after:" instead`);
  checkList(m.search, 'search');
  // a name the model lacks, described whole, is a field only NetBox's serializer declares
  const whole = (o: Record<string, unknown>) => ['type', 'label', 'required', 'read_only'].every((k) => k in o);
  const described = Object.entries(m.options?.fields ?? {});
  checkList(
    described.filter(([, o]) => !whole(o)).map(([n]) => n),
    'options.fields',
  );
  const typeChoices = m.options?.type_choices;
  if (typeChoices && typeChoices !== true) checkList(Object.keys(typeChoices), 'options.type_choices');
  for (const [n, o] of described) {
    for (const set of [o.choices, (o.child as Record<string, unknown> | null | undefined)?.choices])
      if (typeof set === 'string' && !c.choices[set])
        out.push(`${at}.options.fields.${n}: unknown choice set "${set}"`);
  }
  for (const k of ['ordering', 'list_ordering'] as const)
    checkList(
      m[k]?.map((o) => o.replace(/^-/, '').replace(/ .*$/, '')).filter((n) => !m.keys?.[n]),
      k,
    );
  if (m.natural_key && !m.fields[m.natural_key]) out.push(`${at}.natural_key: unknown field "${m.natural_key}"`);
  return out;
});

const trees = eachModel('trees', (_c, { key, m, at }) => {
  const parent = m.fields.parent;
  return m.tree && (parent?.type !== 'fk' || parent.to !== key)
    ? [`${at}.fields.parent: a tree model needs a "parent" foreign key to itself`]
    : [];
});

const uniqueTogether = eachModel('unique together', (_c, { m, at }) => {
  const stored = new Set(
    Object.entries(m.fields).flatMap(([n, f]) =>
      f.type === 'generic' ? [`${n}_type`, `${n}_id`] : f.type === 'm2m' || f.type === 'children' ? [] : [n],
    ),
  );
  return (m.unique_together ?? []).flatMap((u, i) =>
    [...u.fields, ...(u.ci ?? []), ...(u.when_set ?? []), ...(u.when_null ?? [])]
      .filter((n) => !stored.has(n))
      .map((n) => `${at}.unique_together.${i}: unknown field "${n}"`),
  );
});

const ruleKinds = ['requires', 'same', 'one_of', 'all_of', 'less', 'ip_unique', 'check'];

const modelRulesRule = eachModel('rules', (c, model) => {
  const { key, m, at } = model;
  return (m.rules ?? []).flatMap((r, i) => {
    const out: Fault[] = [];
    const rat = `${at}.rules.${i}`;
    if (ruleKinds.filter((k) => (r as Record<string, unknown>)[k] !== undefined).length !== 1)
      out.push(`${rat}: give exactly one of ${ruleKinds.join(', ')}`);
    for (const n of r.all_of ?? []) if (!m.fields[n]) out.push(`${rat}.all_of: unknown field "${n}"`);
    if (r.ip_unique) {
      const { field, vrf, exempt_field, enforce } = r.ip_unique;
      for (const n of [field, vrf, ...(exempt_field ? [exempt_field] : [])])
        if (!m.fields[n]) out.push(`${rat}.ip_unique: unknown field "${n}"`);
      const v = m.fields[vrf];
      if (v && v.type !== 'fk') out.push(`${rat}.ip_unique: "${vrf}" is not a foreign key`);
      if (enforce && v?.type === 'fk' && fieldOf(c, v.to, enforce)?.type !== 'boolean')
        out.push(`${rat}.ip_unique.enforce: "${enforce}" is not a boolean field of ${v.to}`);
    }
    if (r.check) out.push(...operationFaults(c, model, checkArgs[r.check], r.args ?? {}, `${rat}.args`));
    else if (r.args) out.push(`${rat}.args: arguments are a check's`);
    for (const p of [...(r.requires ?? []), ...(r.same ?? []), ...(r.one_of ?? []), ...(r.less ?? [])]) {
      const fault = walk(c, key, p.split('.'), false);
      if (fault) out.push(`${rat}: ${fault}`);
    }
    return out;
  });
});

const templatesAndTotals = eachModel('templates and totals', (c, { m, at }) => {
  const out: Fault[] = [];
  if (m.template_of && !c.models.has(m.template_of)) out.push(`${at}.template_of: unknown model "${m.template_of}"`);
  (m.totals ?? []).forEach((t, i) => {
    const [via, field] = t.into.split('.') as [string, string];
    const fk = m.fields[via];
    if (!m.fields[t.sum]) out.push(`${at}.totals.${i}.sum: unknown field "${t.sum}"`);
    if (fk?.type !== 'fk' || !fk.to) out.push(`${at}.totals.${i}.into: "${via}" is not a foreign key`);
    else if (!fieldOf(c, fk.to, field)) out.push(`${at}.totals.${i}.into: unknown field "${field}" on ${fk.to}`);
  });
  return out;
});

const instantiates = eachModel('instantiates', (c, { key, m, at }) => {
  const inst = m.instantiates;
  if (!inst) return [];
  const out: Fault[] = [];
  if (m.fields[inst.type]?.type !== 'fk')
    out.push(`${at}.instantiates.type: "${inst.type}" is not a foreign key of ${key}`);
  if (inst.device && m.fields[inst.device]?.type !== 'fk')
    out.push(`${at}.instantiates.device: "${inst.device}" is not a foreign key of ${key}`);
  for (const k of ['replicate', 'adopt'] as const) {
    const f = inst[k] ? m.fields[inst[k]] : undefined;
    if (inst[k] && (f?.type !== 'boolean' || !f.virtual))
      out.push(`${at}.instantiates.${k}: "${inst[k]}" is not a virtual boolean field of ${key}`);
  }
  for (const [pname, path] of Object.entries(inst.placeholders ?? {})) {
    const fault = walk(c, key, path.split('.'), false);
    if (fault) out.push(`${at}.instantiates.placeholders.${pname}: ${fault}`);
  }
  return out;
});

const actions = eachModel('actions', (c, model) =>
  Object.entries(model.m.actions ?? {}).flatMap(([aname, { op, ...args }]) =>
    operationFaults(c, model, actionArgs[op], args, `${model.at}.actions.${aname}`),
  ),
);

// paths through generic relations and reverse hops are followed (and faulted) where filters are built
const filters = eachModel('filters', (c, { key, m, at }) =>
  Object.entries(m.filters ?? {}).flatMap(([fname, f]) => [
    ...(!f.op && !expressionKey(f) && !f.via && !f.from && !f.filter && !f.any
      ? [`${at}.filters.${fname}: give "op", an expression, "via", "from", "filter" or "any"`]
      : []),
    ...expressionFaults(f, `${at}.filters.${fname}`, { raw: c.raw, key }, true),
    ...(f.from && !c.models.has(f.from.split('.').slice(0, 2).join('.'))
      ? [`${at}.filters.${fname}.from: unknown model in "${f.from}"`]
      : []),
  ]),
);

const aliases = eachModel('aliases', (_c, { m, at }) => {
  const names = wireNames(m);
  return Object.entries(m.aliases ?? {}).flatMap(([aname, a]) => [
    ...(names.has(a.field) ? [] : [`${at}.aliases.${aname}: unknown field "${a.field}"`]),
    // an alias may share its name with a read-only computed field that shows it on read
    ...(names.has(aname) && !m.computed?.[aname] ? [`${at}.aliases.${aname}: "${aname}" is already a field`] : []),
  ]);
});

const display = eachModel('display', (c, { key, m, at }) => {
  try {
    return parseDisplay(m.display).flatMap((alt) =>
      alt.flatMap((part) =>
        [part.path, part.arg].flatMap((path) => {
          const fault = path && walk(c, key, [...path], true);
          return fault ? [`${at}.display: ${fault}`] : [];
        }),
      ),
    );
  } catch (e) {
    return [`${at}.display: ${(e as Error).message}`];
  }
});

/** Features rely on models the runtime reads and writes. */
const needs: Readonly<Record<string, readonly string[]>> = {
  tags: ['extras.tag', 'extras.taggeditem'],
  custom_fields: ['extras.customfield'],
  changelog: ['core.objectchange'],
};

const features = eachModel('features', (c, { m, at }) =>
  (m.features ?? []).flatMap((feature) =>
    (needs[feature] ?? [])
      .filter((need) => !c.models.has(need))
      .map((need) => `${at}.features: "${feature}" needs the model ${need} in the catalogue`),
  ),
);

const storedKeys = eachModel('stored keys', (c, { key, at }) => keyFaults(c.models, key, at));

/** NetBox's object type ids: each one type's, NetBox's (up to its last id), never one of its other types'. */
const objectTypes: Rule = {
  name: 'object types',
  check: (c) => {
    const others = OTHER_OBJECT_TYPES.map((t) => [t.id, `${t.app}.${t.model}`] as const);
    const ids = new Map(others.map(([id, key]) => [id, `NetBox's ${key} (known-object-types.ts)`]));
    const out: Fault[] = [];
    for (const [key, m] of c.models) {
      const id = m.object_type?.id;
      const at = `${modelAt(c.raw, key)}.object_type.id`;
      if (others.some(([, k]) => k === key))
        out.push(`${modelAt(c.raw, key)}: ${key} is in known-object-types.ts: give it \`object_type:\` here instead`);
      if (id === undefined) continue;
      if (id > LAST_KNOWN_ID)
        out.push(`${at}: ${id} is not NetBox's (its last id is ${LAST_KNOWN_ID}; a new type gets one after)`);
      const other = ids.get(id);
      if (other) out.push(`${at}: ${id} is already the id of ${other}`);
      ids.set(id, key);
    }
    return out;
  },
};

export const modelRules: readonly Rule[] = [
  uniquePaths,
  fieldLists,
  trees,
  uniqueTogether,
  modelRulesRule,
  templatesAndTotals,
  instantiates,
  actions,
  filters,
  aliases,
  display,
  features,
  storedKeys,
  objectTypes,
];
