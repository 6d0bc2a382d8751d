/**
 * A model's computed values in the IR (part of normalize.ts): counts with their link tables, expressions
 * expanded to SQL with what they are read as, copies, IP depths, reverse lists, cables, config contexts.
 */
import type { AlsoVia, ComputedDef, ExprAs, FieldDef } from '../../runtime/catalogue/ir.ts';
import { expandExpression, expressionKey, type Expansion } from './expressions.ts';
import { rawModel } from './lookup.ts';
import { m2mColumns, nestedForm, throughTable } from './normalize-fields.ts';
import type { RawCatalogue, RawComputed } from './schema.ts';
import { labelFromName, tableName } from './names.ts';

/** A key validate.ts has made sure of (a computed IP depth's `vrf`): its value. */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`a computed value lacks ${what}`);
  return value;
}

/** The model a path of foreign keys leads to from `from` (`site.region` from a location), or undefined. */
function followFks(raw: RawCatalogue, from: string, path: readonly string[]): string | undefined {
  let at: string | undefined = from;
  for (const name of path) {
    const [app, model] = at.split('.') as [string, string];
    const f: { type?: string; to?: string } | undefined = raw.apps[app]?.models[model]?.fields[name];
    if (f?.type !== 'fk' || !f.to) return undefined;
    at = f.to === 'self' ? at : f.to;
  }
  return at;
}

/**
 * A count's `also_via` paths, each from every type the counted rows' relation may point at (`count:`'s
 * field: a generic relation's types, a foreign key's target) whose path leads to `key`; a path that
 * leads there from none is listed in `unresolved`.
 */
export function alsoVia(raw: RawCatalogue, c: RawComputed, key: string): { also: AlsoVia[]; unresolved: string[] } {
  const [app, model, field] = (c.count ?? '').split('.') as [string, string, string];
  const tf: { type?: string; to?: string; types?: readonly string[] } | undefined =
    raw.apps[app]?.models[model]?.fields[field];
  const types = tf?.type === 'generic' ? (tf.types ?? []) : tf?.to ? [tf.to] : [];
  const also: AlsoVia[] = [];
  const unresolved: string[] = [];
  for (const text of c.also_via ?? []) {
    const path = text.split('.');
    const found = types.filter((t) => followFks(raw, t, path) === key);
    if (!found.length) unresolved.push(text);
    also.push(...found.map((type) => ({ type, path })));
  }
  return { also, unresolved };
}

/** What an expression is read as (in the IR's key order: the choice set or target after `as`). */
function exprAs(e: Expansion): ExprAs {
  if (e.as === 'choice') return { as: 'choice', choices: e.choices };
  if (e.as === 'fk') return { as: 'fk', to: e.to };
  return { as: e.as };
}

export function normalizeComputed(name: string, c: RawComputed, raw: RawCatalogue, key: string): FieldDef {
  let computed: ComputedDef;
  if (c.count) {
    const [app, model, field] = c.count.split('.') as [string, string, string];
    const target = rawModel(raw, app, model);
    const tf = target.fields[field];
    const through =
      tf?.type === 'm2m'
        ? {
            table: tf.through ?? throughTable(target.table ?? tableName(app, model), field),
            ...m2mColumns(model, tf.to),
          }
        : undefined;
    computed = {
      type: 'count',
      model: `${app}.${model}`,
      field,
      cumulative: c.cumulative ?? false,
      ...(through ? { through } : {}),
      ...(c.also_via ? { also: alsoVia(raw, c, key).also } : {}),
      // NetBox's counter cache of children by a foreign key: a column of the row (runtime/db/counters.ts)
      ...(c.snapshot && tf?.type === 'fk' && !c.cumulative && !c.also_via ? { column: name } : {}),
    };
  } else if (expressionKey(c)) {
    const e = expandExpression(c, { raw, key }) as Expansion;
    computed = { type: 'expr', sql: e.sql, ...exprAs(e), ...(e.reverse ? { reverse: e.reverse } : {}) };
  } else if (c.copy) {
    computed = { type: 'copy', field: c.copy };
  } else if (c.ip_depth) {
    computed = { type: 'ip_depth', field: c.ip_depth, vrf: need(c.vrf, 'vrf') };
  } else if (c.config_context) {
    computed = { type: 'config_context', ...c.config_context };
  } else if (c.cable) {
    computed = { type: 'cable', part: c.cable };
  } else if (c.ip_children) {
    computed = { type: 'ip_children', field: c.ip_children, vrf: need(c.vrf, 'vrf') };
  } else {
    const [app, model, field] = need(c.reverse_list, 'what it computes').split('.') as [string, string, string];
    computed = { type: 'reverse_list', model: `${app}.${model}`, field };
  }
  return {
    name,
    kind: 'computed',
    label: c.label ?? labelFromName(name),
    required: false,
    nullable: true,
    blank: true,
    readOnly: true,
    writeOnly: false,
    unique: false,
    computed,
    ...(computed.type === 'expr' && computed.as === 'choice' ? { choices: computed.choices } : {}),
    ...(computed.type === 'expr' && computed.as === 'fk' ? { to: computed.to } : {}),
    ...(c.nested ? nestedForm(c.nested) : {}),
    ...(c.snapshot ? { snapshot: true } : {}),
  };
}
