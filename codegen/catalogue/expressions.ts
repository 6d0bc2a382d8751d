/**
 * Computed values and filters over a row's columns, said in the catalogue by what they mean (a field's IP
 * family, the first of some foreign keys that is set, the one row of another model pointing here…) and
 * turned into SQL here, once. `t` is the row's table; bare names are its columns. One-off expressions are
 * named in named-expressions.ts.
 */
import type { ExprAs, ReverseOne } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue, RawExpression, RawField, RawModel } from './schema.ts';
import { rawModel } from './lookup.ts';
import { namedExpressions } from './named-expressions.ts';
import { tableName } from './names.ts';

/** An expression's SQL, and what it is read as (a choice with its set, a relation with its target, a value). */
export type Expansion = { readonly sql: string; readonly reverse?: ReverseOne } & ExprAs;

/** What a plain value (not a choice, not a relation) is read as. */
type ValueAs = Exclude<ExprAs['as'], 'choice' | 'fk'>;

/** The keys that give an entry its expression; an entry gives at most one. */
export const expressionKeys = ['same_as', 'first_of', 'family', 'generic_id', 'reverse_one', 'sum', 'named'] as const;

/** Where an expression is read: the catalogue and the model (`app.model`) whose row `t` is. */
export interface ExpressionScope {
  readonly raw: RawCatalogue;
  readonly key: string;
}

/** Why an expression has no SQL: the key at fault (below the entry's path) and what is wrong. */
export interface ExpressionFault {
  readonly at: string;
  readonly fault: string;
}

/** The other table's alias in a subquery: its model's first letter, unless that is `t` (the row's own). */
function aliasOf(model: string): string {
  // the terminations' subqueries were first written with `x`; kept, so the generated SQL stays as it was
  if (model === 'circuits.circuittermination' || model === 'vpn.l2vpntermination') return 'x';
  const letter = model.charAt(model.indexOf('.') + 1);
  return letter === 't' ? 'x' : letter;
}

/** The value a field of a kind is read as (a choice and a foreign key, with their set and target, aside). */
const valueOfField: Partial<Record<RawField['type'], ValueAs>> = {
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'integer',
  decimal: 'decimal',
  string: 'string',
  text: 'string',
  slug: 'string',
  json: 'json',
};

export function expressionKey(e: RawExpression): (typeof expressionKeys)[number] | undefined {
  return expressionKeys.find((k) => e[k] !== undefined);
}

type Result = Expansion | ExpressionFault;

/** The model an expression is read on, with the lookups every kind of expression makes. */
interface Site {
  readonly scope: ExpressionScope;
  readonly model: RawModel;
  modelOf(key: string): RawModel | undefined;
  tableOf(key: string, m: RawModel): string;
  /** a field of the row and its column, or the fault */
  own(at: string, field: string): { f: RawField; column: string } | ExpressionFault;
}

function siteOf(scope: ExpressionScope): Site {
  const [app, name] = scope.key.split('.') as [string, string];
  const model = rawModel(scope.raw, app, name);
  return {
    scope,
    model,
    modelOf: (key) => {
      const [a, m] = key.split('.') as [string, string];
      return scope.raw.apps[a]?.models[m];
    },
    tableOf: (key, m) => m.table ?? tableName(...(key.split('.') as [string, string])),
    own: (at, field) => {
      const f = model.fields[field];
      if (!f || ['m2m', 'children', 'generic'].includes(f.type) || ('virtual' in f && f.virtual))
        return { at, fault: `"${field}" is not a field of ${scope.key} with a column` };
      return { f, column: f.type === 'fk' ? `${field}_id` : field };
    },
  };
}

/** `same_as`: a field of the row, read as that field is. */
function sameAs(field: string, s: Site): Result {
  const r = s.own('same_as', field);
  if ('fault' in r) return r;
  if (r.f.type === 'choice') return { sql: r.column, as: 'choice', choices: r.f.choices };
  if (r.f.type === 'fk') return { sql: r.column, as: 'fk', to: r.f.to };
  const as = valueOfField[r.f.type];
  if (!as) return { at: 'same_as', fault: `a ${r.f.type} field cannot be shown as a computed value` };
  return { sql: r.column, as };
}

/** `first_of`: the first of some foreign keys to one model that is set. */
function firstOf(names: readonly string[], s: Site): Result {
  const columns: string[] = [];
  const targets = new Set<string>();
  for (const n of names) {
    const r = s.own('first_of', n);
    if ('fault' in r) return r;
    if (r.f.type !== 'fk') return { at: 'first_of', fault: `"${n}" is not a foreign key` };
    columns.push(r.column);
    targets.add(r.f.to);
  }
  const [to] = targets;
  if (targets.size !== 1 || !to) return { at: 'first_of', fault: 'the foreign keys point at different models' };
  return { sql: `coalesce(${columns.join(', ')})`, as: 'fk', to };
}

/** `family`: an IP field's family. */
function familyOf(field: string, s: Site): Result {
  const r = s.own('family', field);
  if ('fault' in r) return r;
  if (r.f.type !== 'ipnetwork' && r.f.type !== 'ipaddress')
    return { at: 'family', fault: `"${field}" is not an IP field` };
  return { sql: `family(${field})`, as: 'choice', choices: 'ip_family' };
}

/** `generic_id` with `to`: the generic relation's object when it is of that model. */
function genericId(n: string, to: string | undefined, s: Site): Result {
  const g = s.model.fields[n];
  if (g?.type !== 'generic') return { at: 'generic_id', fault: `"${n}" is not a generic relation` };
  if (!to || !s.modelOf(to)) return { at: 'to', fault: `unknown model "${to ?? ''}"` };
  return { sql: `CASE WHEN ${n}_type = '${to}' THEN ${n}_id END`, as: 'fk', to };
}

/** `reverse_one` (with `where`): the one row of another model whose relation (or one of them) points here. */
function reverseOne(paths: readonly string[], whereBy: Readonly<Record<string, string>>, s: Site): Result {
  const { key } = s.scope;
  const other = (paths[0] ?? '').split('.').slice(0, 2).join('.');
  const om = s.modelOf(other);
  if (!om) return { at: 'reverse_one', fault: `"${paths[0] ?? ''}" is not a relation pointing at ${key}` };
  const a = aliasOf(other);
  const conditions: string[] = [];
  for (const p of paths) {
    const [oapp, omodel, ofield] = p.split('.') as [string, string, string];
    const f = om.fields[ofield];
    if (`${oapp}.${omodel}` !== other) return { at: 'reverse_one', fault: 'the relations are of different models' };
    if (f?.type === 'fk' && f.to === key) conditions.push(`${a}.${ofield}_id = t.id`);
    else if (f?.type === 'generic') conditions.push(`${a}.${ofield}_type = '${key}' AND ${a}.${ofield}_id = t.id`);
    else return { at: 'reverse_one', fault: `"${p}" is not a relation pointing at ${key}` };
  }
  const where = Object.entries(whereBy).map(([k, v]) => ` AND ${a}.${k} = '${v}'`);
  if (where.length && paths.length > 1) return { at: 'where', fault: 'applies to one relation only' };
  for (const k of Object.keys(whereBy))
    if (!om.fields[k]) return { at: 'where', fault: `unknown field "${k}" on ${other}` };
  // several relations (either end of a link): the first row found
  const limit = paths.length > 1 ? ' LIMIT 1' : '';
  const from = `FROM ${s.tableOf(other, om)} ${a}`;
  const sql = `(SELECT ${a}.id ${from} WHERE ${conditions.join(' OR ')}${where.join('')}${limit})`;
  const reverse: ReverseOne = { fields: paths.map((p) => p.split('.')[2] ?? ''), where: { ...whereBy } };
  return { sql, as: 'fk', to: other, reverse };
}

/** `sum` with `over`: the sum of a number field of the rows of another model whose foreign key points here. */
function sumOver(field: string, over: string | undefined, s: Site): Result {
  const { key } = s.scope;
  const [oapp, omodel, ofield] = (over ?? '').split('.') as [string, string, string];
  const other = `${oapp}.${omodel}`;
  const om = s.modelOf(other);
  const fk = om?.fields[ofield ?? ''];
  if (!om || fk?.type !== 'fk' || fk.to !== key)
    return { at: 'over', fault: `"${over ?? ''}" is not a foreign key pointing at ${key}` };
  const summed = om.fields[field]?.type;
  if (summed !== 'integer' && summed !== 'decimal')
    return { at: 'sum', fault: `"${field}" is not a number field of ${other}` };
  const a = aliasOf(other);
  // an integer's sum is a bigint in PostgreSQL: cast back, as the field reads
  const cast = summed === 'integer' ? '::int' : '';
  const sql = `(SELECT sum(${a}.${field})${cast} FROM ${s.tableOf(other, om)} ${a} WHERE ${a}.${ofield}_id = t.id)`;
  return { sql, as: summed };
}

/** An expression's SQL and type, or what keeps it from having one. */
export function expandExpression(e: RawExpression, scope: ExpressionScope): Result {
  const s = siteOf(scope);
  if (e.named !== undefined) return { ...namedExpressions[e.named] };
  if (e.same_as !== undefined) return sameAs(e.same_as, s);
  if (e.first_of !== undefined) return firstOf(e.first_of, s);
  if (e.family !== undefined) return familyOf(e.family, s);
  if (e.generic_id !== undefined) return genericId(e.generic_id, e.to, s);
  if (e.reverse_one !== undefined)
    return reverseOne(typeof e.reverse_one === 'string' ? [e.reverse_one] : e.reverse_one, e.where ?? {}, s);
  if (e.sum !== undefined) return sumOver(e.sum, e.over, s);
  return { at: '', fault: 'no expression' };
}

/** True when `expandExpression` gave a fault. */
export function isFault(x: Expansion | ExpressionFault): x is ExpressionFault {
  return 'fault' in x;
}

/**
 * The faults of an entry's expression (at YAML path `at`): one that does not hold, keys that belong to an
 * expression it does not give, and, for a filter, a value it cannot compare.
 */
export function expressionFaults(e: RawExpression, at: string, scope: ExpressionScope, filter = false): string[] {
  const faults: string[] = [];
  const kind = expressionKey(e);
  const stray = { to: 'generic_id', where: 'reverse_one', over: 'sum' } as const;
  for (const [k, needs] of Object.entries(stray)) {
    // a filter's `where` without an expression is its own: fixed values of the rows its `from` reaches
    const own = filter && k === 'where' && !kind;
    if (e[k as keyof typeof stray] !== undefined && kind !== needs && !own)
      faults.push(`${at}.${k}: applies only to "${needs}"`);
  }
  if (!kind) return faults;
  const x = expandExpression(e, scope);
  if (isFault(x)) faults.push(`${at}${x.at ? `.${x.at}` : ''}: ${x.fault}`);
  else if (x.as === 'choice' && !scope.raw.choices[x.choices])
    faults.push(`${at}: needs the choice set "${x.choices}"`);
  else if (filter && !['integer', 'decimal', 'string', 'boolean'].includes(x.as))
    faults.push(`${at}: a filter compares a number, a string or a boolean, not a ${x.as}`);
  return faults;
}
