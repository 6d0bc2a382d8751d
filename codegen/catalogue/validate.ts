/**
 * Rules of the catalogue (models/*.yaml) that need all of it: references between models, choice sets, field
 * lists naming fields that exist. Every fault is reported with its file and YAML path, all at once.
 */
import type { RawCatalogue, RawExpression, RawModel } from './schema.ts';
import { CatalogueError, fieldAt, modelAt } from './load.ts';
import { parseDisplay } from './display.ts';
import { alsoVia } from './normalize-computed.ts';
import { argFaults, ownFieldArgs, type RawArgs } from './args.ts';
import { actionArgs, checkArgs, type ArgSpec } from '../../runtime/catalogue/names.ts';
import { orderFaults, placementsOf } from './order.ts';
import {
  expandExpression,
  expressionFaults,
  expressionKey,
  expressionKeys,
  isFault,
  type Expansion,
} from './expressions.ts';

const envelope = new Set(['id', 'url', 'display_url', 'display', 'tags', 'custom_fields', 'created', 'last_updated']);
const columnlessPrefixes = ['_'];

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

export function validateCatalogue(raw: RawCatalogue): void {
  const faults: string[] = [];
  const models = new Map<string, RawModel>();
  for (const [app, a] of Object.entries(raw.apps)) {
    for (const [name, m] of Object.entries(a.models)) models.set(`${app}.${name}`, m);
  }
  const choices = raw.choices ?? {};
  const paths = new Map<string, string>();

  const fieldOf = (key: string, field: string) => models.get(key)?.fields[field];
  /** what an entry's expression gives on model `key`, if it has one that holds */
  const expansion = (key: string, e: RawExpression | undefined): Expansion | undefined => {
    if (!e || !expressionKey(e)) return undefined;
    const x = expandExpression(e, { raw, key });
    return isFault(x) ? undefined : x;
  };
  /** Walks `a.b.c` through foreign keys; returns the fault text or undefined. */
  const walk = (key: string, path: string[], allowComputed: boolean): string | undefined => {
    let current = key;
    for (const [i, name] of path.entries()) {
      const m = models.get(current);
      if (!m) return `unknown model "${current}"`;
      const f = m.fields[name];
      const last = i === path.length - 1;
      const reverse = m.computed?.[name]?.reverse_list;
      if (!f && reverse && !last) {
        // through a reverse list: its first object (display rules)
        current = reverse.split('.').slice(0, 2).join('.');
        if (!models.has(current)) return `unknown model in "${reverse}"`;
        continue;
      }
      if (!f) {
        if (last && wireNames(m).has(name) && !m.computed?.[name] && name !== '_depth') return undefined;
        if (last && allowComputed && (m.computed?.[name] || name === '_depth')) return undefined;
        return `unknown field "${name}" on ${current}`;
      }
      if (last) return undefined;
      if (f.type !== 'fk' || !models.has(f.to)) return `"${name}" on ${current} is not a foreign key`;
      current = f.to;
    }
    return undefined;
  };

  /** A `nested:` list of model `to`: names it has, and forms of their own only where a field can take one. */
  const checkNested = (to: string, list: readonly unknown[], at: string): void => {
    const target = models.get(to);
    if (!target) return;
    const names = wireNames(target);
    for (const item of list) {
      const [name = '', form] = typeof item === 'string' ? [item] : (Object.entries(item as object)[0] ?? []);
      if (!names.has(name)) {
        faults.push(`${at}: unknown field "${name}" on ${to}`);
        continue;
      }
      if (form === undefined) continue;
      const f = target.fields[name];
      const c = target.computed?.[name];
      if (form === 'plain') {
        if (!(f?.type === 'fk' || f?.type === 'choice' || c?.cable === 'cable' || expansion(to, c)?.as === 'choice'))
          faults.push(`${at}.${name}: only a choice, a foreign key or a cable can be plain`);
        continue;
      }
      const e = expansion(to, c);
      const rel =
        f?.type === 'fk' || f?.type === 'm2m'
          ? f.to
          : c?.reverse_list
            ? c.reverse_list.split('.').slice(0, 2).join('.')
            : e?.as === 'fk'
              ? e.to
              : undefined;
      if (!rel || !models.has(rel)) faults.push(`${at}.${name}: only a relation has a form of its own`);
      else checkNested(rel, form as unknown[], `${at}.${name}`);
    }
  };

  for (const [key, m] of models) {
    const app = key.slice(0, key.indexOf('.'));
    const at = modelAt(raw, key);
    const pathKey = `${app}/${m.path}`;
    if (paths.has(pathKey)) faults.push(`${at}.path: "${m.path}" is already used by ${paths.get(pathKey)}`);
    paths.set(pathKey, key);
    const names = wireNames(m);
    /** An operation's arguments against its spec; those naming this model's fields must name one. */
    const operationArgs = (spec: ArgSpec, args: RawArgs, where: string) => {
      for (const fault of argFaults(spec, args)) faults.push(`${where}.${fault}`);
      for (const [arg, field] of ownFieldArgs(spec, args))
        if (!m.fields[field] && !m.computed?.[field])
          faults.push(`${where}.${arg}: unknown field "${field}" of ${key}`);
      for (const [arg, kind] of Object.entries(spec)) {
        const value = args[arg];
        if (value === undefined) continue;
        if (kind.startsWith('model') && !models.has(String(value)))
          faults.push(`${where}.${arg}: unknown model "${String(value)}"`);
        const refs = kind === 'ref' ? [String(value)] : kind === 'refs' && Array.isArray(value) ? value : [];
        for (const ref of refs) {
          const [app, model, field] = ref.split('.') as [string, string, string];
          if (!fieldOf(`${app}.${model}`, field)) faults.push(`${where}.${arg}: unknown field "${ref}"`);
        }
      }
    };

    for (const [fname, f] of Object.entries(m.fields)) {
      const fat = fieldAt(raw, key, fname);
      if (envelope.has(fname)) faults.push(`${fat}: "${fname}" is provided by every model and cannot be declared`);
      if (columnlessPrefixes.some((p) => fname.startsWith(p)))
        faults.push(`${fat}: field names may not start with "_"`);
      const before = 'renamed_from' in f ? f.renamed_from : undefined;
      if (before !== undefined && (names.has(before) || ('virtual' in f && f.virtual)))
        faults.push(
          `${fat}.renamed_from: "${before}" ${names.has(before) ? 'is a field of' : 'needs a column in'} ${key}`,
        );
      // what a type needs and takes is the schema's (schema-fields.ts); here, what needs the whole catalogue
      switch (f.type) {
        case 'choice': {
          const set = choices[f.choices];
          if (!set) faults.push(`${fat}: unknown choice set "${f.choices}"`);
          else if (f.default !== undefined && !set.some(([v]) => v === f.default))
            faults.push(`${fat}.default: ${JSON.stringify(f.default)} is not in choice set "${f.choices}"`);
          break;
        }
        case 'fk':
        case 'm2m':
          if (!models.has(f.to)) faults.push(`${fat}: unknown model "${f.to}"`);
          else if (f.nested) checkNested(f.to, f.nested, `${fat}.nested`);
          if (f.type === 'fk' && f.on_delete === 'set_null' && !f.nullable)
            faults.push(`${fat}: on_delete set_null needs "nullable: true"`);
          if (f.type === 'm2m' && f.mirror) {
            const [app, model, field] = f.mirror.split('.') as [string, string, string];
            const other = models.get(`${app}.${model}`)?.fields[field];
            if (other?.type !== 'm2m' || other.to !== key || `${app}.${model}` !== f.to)
              faults.push(`${fat}.mirror: "${f.mirror}" is not a many-to-many field of ${f.to} to ${key}`);
          }
          break;
        case 'children': {
          const child = models.get(f.to);
          if (!child) {
            faults.push(`${fat}: a children field needs "to" naming a catalogued model`);
            break;
          }
          const via = child.fields[f.via];
          if (via?.type !== 'fk' || via.to !== key)
            faults.push(`${fat}.via: "${f.via}" is not a foreign key of ${f.to} to ${key}`);
          if (child.fields[f.item_field]?.type !== 'generic')
            faults.push(`${fat}.item_field: "${f.item_field}" is not a generic relation of ${f.to}`);
          for (const w of Object.keys(f.where ?? {}))
            if (!child.fields[w]) faults.push(`${fat}.where: unknown field "${w}" on ${f.to}`);
          break;
        }
        case 'generic':
          if ([f.types, f.types_with_feature, f.types_any].filter(Boolean).length !== 1)
            faults.push(`${fat}: a generic field needs one of "types", "types_with_feature", "types_any"`);
          for (const t of f.types ?? []) if (!models.has(t)) faults.push(`${fat}.types: unknown model "${t}"`);
          break;
        case 'string':
        case 'text':
        case 'slug':
        case 'password':
          if (f.pattern) {
            try {
              new RegExp(f.pattern, 'u');
            } catch {
              faults.push(`${fat}.pattern: not a valid regular expression`);
            }
          }
          break;
      }
    }

    for (const [cname, c] of Object.entries(m.computed ?? {})) {
      const cat = `${at}.computed.${cname}`;
      const kinds = [
        'count',
        ...expressionKeys,
        'ip_depth',
        'ip_children',
        'reverse_list',
        'copy',
        'cable',
        'config_context',
      ].filter((k) => (c as Record<string, unknown>)[k] !== undefined);
      if (kinds.length !== 1) {
        faults.push(
          `${cat}: give exactly one of count, ${expressionKeys.join(', ')}, ip_depth, ip_children, reverse_list, ` +
            'copy, cable, config_context',
        );
        continue;
      }
      if (c.config_context) {
        const cc = c.config_context;
        if (!models.has(cc.contexts)) faults.push(`${cat}.contexts: unknown model "${cc.contexts}"`);
        if (cc.local && !m.fields[cc.local]) faults.push(`${cat}.local: unknown field "${cc.local}"`);
        for (const [mname, path] of Object.entries(cc.match)) {
          if (path === 'tags' || path === '-') continue;
          const fault = walk(key, path.split('.'), false);
          if (fault) faults.push(`${cat}.match.${mname}: ${fault}`);
        }
      }
      if (m.fields[cname]) faults.push(`${cat}: "${cname}" is also declared as a field`);
      if (c.copy !== undefined && c.copy !== 'display') faults.push(`${cat}: only "display" can be copied`);
      const ref = c.count ?? c.reverse_list;
      if (ref) {
        const [capp, cmodel, cfield] = ref.split('.') as [string, string, string];
        const target = `${capp}.${cmodel}`;
        const tf = fieldOf(target, cfield);
        if (!models.has(target)) faults.push(`${cat}: unknown model "${target}"`);
        else if (!tf || (tf.type !== 'fk' && tf.type !== 'm2m' && tf.type !== 'generic')) {
          faults.push(`${cat}: "${cfield}" on ${target} is not a relation`);
        } else if (tf.type !== 'generic' && tf.to !== key)
          faults.push(`${cat}: ${target}.${cfield} does not point to ${key}`);
        if (c.cumulative && !m.tree) faults.push(`${cat}: cumulative counts need a tree model`);
        if (c.also_via && (c.cumulative || tf?.type === 'm2m'))
          faults.push(`${cat}.also_via: only a direct count over a foreign key or a generic relation has it`);
        else if (c.also_via)
          for (const path of alsoVia(raw, c, key).unresolved)
            faults.push(`${cat}.also_via: "${path}" leads to ${key} from none of the objects ${ref} names`);
      }
      faults.push(...expressionFaults(c, cat, { raw, key }));
      if (c.nested) {
        // the objects a reverse list or a relation expression shows, in a form of their own
        const x = expansion(key, c);
        const to = c.reverse_list ? c.reverse_list.split('.').slice(0, 2).join('.') : x?.as === 'fk' ? x.to : undefined;
        if (!to || !models.has(to)) faults.push(`${cat}.nested: only a reverse_list or an fk expression has one`);
        else checkNested(to, c.nested, `${cat}.nested`);
      }
      for (const k of ['ip_depth', 'ip_children'] as const) {
        const fld = c[k];
        if (fld !== undefined) {
          if (!['ipnetwork', 'ipaddress'].includes(m.fields[fld]?.type ?? ''))
            faults.push(`${cat}: "${fld}" is not an IP field`);
          if (!c.vrf || m.fields[c.vrf]?.type !== 'fk') faults.push(`${cat}: "vrf" must name a foreign key`);
        }
      }
    }

    const checkList = (list: string[] | undefined, where: string) => {
      for (const n of list ?? []) if (!names.has(n)) faults.push(`${at}.${where}: unknown field "${n}"`);
    };
    checkList(m.brief, 'brief');
    checkList(m.nested, 'nested');
    checkList(m.generic_nested, 'generic_nested');
    // (normalisation checks the order again over the names the model really has: tags only with the feature…)
    faults.push(...orderFaults(names, placementsOf(raw, key)));
    for (const n of Object.keys(m.move ?? {}))
      if ((m.fields[n] && !raw.inherited[key]?.[n]) || m.computed?.[n])
        faults.push(`${at}.move.${n}: "${n}" is declared here: give it "after:" instead`);
    checkList(m.search, 'search');
    // a name the model lacks, described whole, is a field only NetBox's serializer declares
    const whole = (o: Record<string, unknown>) => ['type', 'label', 'required', 'read_only'].every((k) => k in o);
    checkList(
      Object.entries(m.options?.fields ?? {})
        .filter(([, o]) => !whole(o))
        .map(([n]) => n),
      'options.fields',
    );
    const typeChoices = m.options?.type_choices;
    if (typeChoices && typeChoices !== true) checkList(Object.keys(typeChoices), 'options.type_choices');
    for (const [n, o] of Object.entries(m.options?.fields ?? {})) {
      for (const set of [o.choices, (o.child as Record<string, unknown> | null | undefined)?.choices]) {
        if (typeof set === 'string' && !choices[set])
          faults.push(`${at}.options.fields.${n}: unknown choice set "${set}"`);
      }
    }
    for (const k of ['ordering', 'list_ordering'] as const)
      checkList(
        m[k]?.map((o) => o.replace(/^-/, '').replace(/ .*$/, '')),
        k,
      );
    if (m.natural_key && !m.fields[m.natural_key]) faults.push(`${at}.natural_key: unknown field "${m.natural_key}"`);
    const parent = m.fields.parent;
    if (m.tree && (parent?.type !== 'fk' || parent.to !== key))
      faults.push(`${at}.fields.parent: a tree model needs a "parent" foreign key to itself`);

    const stored = new Set(
      Object.entries(m.fields).flatMap(([n, f]) =>
        f.type === 'generic' ? [`${n}_type`, `${n}_id`] : f.type === 'm2m' || f.type === 'children' ? [] : [n],
      ),
    );
    (m.unique_together ?? []).forEach((u, i) => {
      for (const n of [...u.fields, ...(u.ci ?? []), ...(u.when_set ?? []), ...(u.when_null ?? [])]) {
        if (!stored.has(n)) faults.push(`${at}.unique_together.${i}: unknown field "${n}"`);
      }
    });
    (m.rules ?? []).forEach((r, i) => {
      const kinds = ['requires', 'same', 'one_of', 'all_of', 'less', 'ip_unique', 'check'].filter(
        (k) => (r as Record<string, unknown>)[k] !== undefined,
      );
      if (kinds.length !== 1)
        faults.push(`${at}.rules.${i}: give exactly one of requires, same, one_of, all_of, less, ip_unique, check`);
      for (const n of r.all_of ?? []) if (!m.fields[n]) faults.push(`${at}.rules.${i}.all_of: unknown field "${n}"`);
      if (r.ip_unique) {
        for (const n of [
          r.ip_unique.field,
          r.ip_unique.vrf,
          ...(r.ip_unique.exempt_field ? [r.ip_unique.exempt_field] : []),
        ])
          if (!m.fields[n]) faults.push(`${at}.rules.${i}.ip_unique: unknown field "${n}"`);
        const vrf = m.fields[r.ip_unique.vrf];
        if (vrf && vrf.type !== 'fk')
          faults.push(`${at}.rules.${i}.ip_unique: "${r.ip_unique.vrf}" is not a foreign key`);
        const enforce = r.ip_unique.enforce;
        if (enforce && vrf?.type === 'fk' && fieldOf(vrf.to, enforce)?.type !== 'boolean')
          faults.push(`${at}.rules.${i}.ip_unique.enforce: "${enforce}" is not a boolean field of ${vrf.to}`);
      }
      if (r.check) operationArgs(checkArgs[r.check], r.args ?? {}, `${at}.rules.${i}.args`);
      else if (r.args) faults.push(`${at}.rules.${i}.args: arguments are a check's`);
      for (const p of [...(r.requires ?? []), ...(r.same ?? []), ...(r.one_of ?? []), ...(r.less ?? [])]) {
        const fault = walk(key, p.split('.'), false);
        if (fault) faults.push(`${at}.rules.${i}: ${fault}`);
      }
    });
    if (m.template_of && !models.has(m.template_of)) faults.push(`${at}.template_of: unknown model "${m.template_of}"`);
    (m.totals ?? []).forEach((t, i) => {
      const [via, field] = t.into.split('.') as [string, string];
      const fk = m.fields[via];
      if (!m.fields[t.sum]) faults.push(`${at}.totals.${i}.sum: unknown field "${t.sum}"`);
      if (fk?.type !== 'fk' || !fk.to) faults.push(`${at}.totals.${i}.into: "${via}" is not a foreign key`);
      else if (!fieldOf(fk.to, field)) faults.push(`${at}.totals.${i}.into: unknown field "${field}" on ${fk.to}`);
    });
    if (m.instantiates) {
      const inst = m.instantiates;
      if (m.fields[inst.type]?.type !== 'fk')
        faults.push(`${at}.instantiates.type: "${inst.type}" is not a foreign key of ${key}`);
      if (inst.device && m.fields[inst.device]?.type !== 'fk')
        faults.push(`${at}.instantiates.device: "${inst.device}" is not a foreign key of ${key}`);
      for (const k of ['replicate', 'adopt'] as const) {
        const f = inst[k] ? m.fields[inst[k]] : undefined;
        if (inst[k] && (f?.type !== 'boolean' || !f.virtual))
          faults.push(`${at}.instantiates.${k}: "${inst[k]}" is not a virtual boolean field of ${key}`);
      }
      for (const [pname, path] of Object.entries(inst.placeholders ?? {})) {
        const fault = walk(key, path.split('.'), false);
        if (fault) faults.push(`${at}.instantiates.placeholders.${pname}: ${fault}`);
      }
    }
    for (const [aname, { op, ...args }] of Object.entries(m.actions ?? {}))
      operationArgs(actionArgs[op], args, `${at}.actions.${aname}`);
    // paths through generic relations and reverse hops are followed (and faulted) where filters are built
    for (const [fname, f] of Object.entries(m.filters ?? {})) {
      if (!f.op && !expressionKey(f) && !f.via && !f.from && !f.filter && !f.any)
        faults.push(`${at}.filters.${fname}: give "op", an expression, "via", "from", "filter" or "any"`);
      faults.push(...expressionFaults(f, `${at}.filters.${fname}`, { raw, key }, true));
      if (f.from && !models.has(f.from.split('.').slice(0, 2).join('.')))
        faults.push(`${at}.filters.${fname}.from: unknown model in "${f.from}"`);
    }
    for (const [aname, a] of Object.entries(m.aliases ?? {})) {
      if (!names.has(a.field)) faults.push(`${at}.aliases.${aname}: unknown field "${a.field}"`);
      // an alias may share its name with a read-only computed field that shows it on read
      if (names.has(aname) && !m.computed?.[aname])
        faults.push(`${at}.aliases.${aname}: "${aname}" is already a field`);
    }
    try {
      for (const alt of parseDisplay(m.display)) {
        for (const part of alt) {
          for (const path of [part.path, part.arg]) {
            const fault = path && walk(key, [...path], true);
            if (fault) faults.push(`${at}.display: ${fault}`);
          }
        }
      }
    } catch (e) {
      faults.push(`${at}.display: ${(e as Error).message}`);
    }
  }
  // features rely on models the runtime reads and writes
  const needs: Record<string, string[]> = {
    tags: ['extras.tag', 'extras.taggeditem'],
    custom_fields: ['extras.customfield'],
    changelog: ['core.objectchange'],
  };
  for (const [key, m] of models) {
    for (const feature of m.features ?? []) {
      for (const need of needs[feature] ?? []) {
        if (!models.has(need))
          faults.push(`${modelAt(raw, key)}.features: "${feature}" needs the model ${need} in the catalogue`);
      }
    }
  }
  if (faults.length) throw new CatalogueError([...new Set(faults)]);
}
