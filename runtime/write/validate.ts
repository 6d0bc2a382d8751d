/**
 * Model rules of a batch, all checked before anything is written: declared rules, uniqueness
 * (against the table and within the batch), and tree cycles. Errors go to the item at fault.
 */
import { checkArgs, type ArgSpec, type FieldDef, type ModelDef, type UniqueDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { displaySql } from '../sql/index.ts';
import { ipToBigInt } from './ip.ts';
import { runCheck, type CheckRule } from './checks/index.ts';
import type { Pending, WriteContext } from './types.ts';
import { checkModelRequired } from './item.ts';
import { checkGenericObjects } from './resolve.ts';

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Values of a path (`parent.site`) for each item: own field, then one query per further hop. */
async function pathValues(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  path: readonly string[],
): Promise<Map<Pending, unknown>> {
  const [head, ...rest] = path;
  const out = new Map<Pending, unknown>(items.map((i) => [i, i.values[head] ?? null]));
  // the model holding the relation last followed, and that relation
  let current = model;
  let relation = head;
  for (const step of rest) {
    current = ctx.registry.targetOf(current, relation);
    relation = step;
    const ids = [...new Set([...out.values()].filter((v) => !empty(v)))];
    const rows = ids.length
      ? await query(
          ctx.db,
          `SELECT id, ${ident(ctx.registry.columnOf(current, step))} AS v FROM ${ident(current.table)}
      WHERE id = ANY($1::bigint[])`,
          [ids],
        )
      : [];
    const by = new Map(rows.map((r) => [r.id as number, r.v]));
    for (const [item, v] of out) out.set(item, empty(v) ? null : (by.get(v as number) ?? null));
  }
  return out;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string' && a.includes('/') && b.includes('/')) {
    const x = ipToBigInt(a.split('/')[0]).value;
    const y = ipToBigInt(b.split('/')[0]).value;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = Number(a);
  const y = Number(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

type IpUnique = Extract<ModelDef['rules'][number], { type: 'ip_unique' }>;

/** NetBox's duplicate check for prefixes, ranges and addresses, per VRF (or the global table). */
async function checkIpUnique(ctx: WriteContext, model: ModelDef, rule: IpUnique, items: Pending[]): Promise<void> {
  const col = ident(ctx.registry.columnOf(model, rule.field));
  const vrfCol = ident(ctx.registry.columnOf(model, rule.vrf));
  const exempt = (i: Pending) =>
    rule.exemptField !== undefined && (rule.exempt ?? []).includes(String(i.values[rule.exemptField]));
  const candidates = items.filter((i) => !empty(i.values[rule.field]) && !exempt(i));
  if (!candidates.length) return;
  const vrfIds = [...new Set(candidates.map((i) => i.values[rule.vrf]).filter((v) => !empty(v)))];
  // the VRF (whatever model the rule's field points at): its name, and whether it enforces uniqueness
  const vrfModel = ctx.registry.targetOf(model, rule.vrf);
  const enforceCol = rule.enforce ? ident(ctx.registry.columnOf(vrfModel, rule.enforce)) : 'true';
  const vrfs = vrfIds.length
    ? await query(
        ctx.db,
        `SELECT v.id, ${displaySql(ctx.registry, vrfModel, 'v')} AS name, ${enforceCol} AS enforce
         FROM ${ident(vrfModel.table)} v WHERE v.id = ANY($1::bigint[])`,
        [vrfIds],
      )
    : [];
  const byVrf = new Map(vrfs.map((v) => [v.id as number, v]));
  const enforced = candidates.filter((i) =>
    empty(i.values[rule.vrf])
      ? ctx.settings.enforceGlobalUnique
      : byVrf.get(i.values[rule.vrf] as number)?.enforce !== false,
  );
  if (!enforced.length) return;
  const where = (i: Pending) =>
    empty(i.values[rule.vrf]) ? 'global table' : `VRF ${byVrf.get(i.values[rule.vrf] as number)?.name as string}`;
  const key = (i: Pending) =>
    `${i.values[rule.vrf] ?? ''}|${rule.host ? String(i.values[rule.field]).split('/')[0] : i.values[rule.field]}`;
  const seen = new Set<string>();
  for (const i of enforced) {
    if (seen.has(key(i)))
      i.errors.add(rule.key, `Duplicate ${rule.what} found in ${where(i)}: ${String(i.values[rule.field])}`, 'unique');
    seen.add(key(i));
  }
  // containment first, so that the GiST index on the column finds the candidates
  const match = rule.host
    ? `t.${col} >>= set_masklen(u.v::inet, CASE family(u.v::inet) WHEN 4 THEN 32 ELSE 128 END) AND host(t.${col}) = ` +
      `host(u.v::inet)`
    : `t.${col} = u.v::inet`;
  const exemptSql = rule.exemptField
    ? ` AND NOT coalesce(t.${ident(ctx.registry.columnOf(model, rule.exemptField))} = ANY($4::text[]), false)`
    : '';
  const rows = await query(
    ctx.db,
    `SELECT DISTINCT u.ord FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS u(v, vrf, ord)
       JOIN ${ident(model.table)} t ON ${match} AND t.${vrfCol} IS NOT DISTINCT FROM u.vrf
      WHERE NOT (t.id = ANY($3::bigint[]))${exemptSql}`,
    [
      enforced.map((i) => String(i.values[rule.field])),
      enforced.map((i) => i.values[rule.vrf] ?? null),
      items.filter((i) => i.before).map((i) => i.id),
      ...(rule.exemptField ? [rule.exempt ?? []] : []),
    ],
  );
  for (const r of rows) {
    const i = enforced[Number(r.ord) - 1];
    i.errors.add(rule.key, `Duplicate ${rule.what} found in ${where(i)}: ${String(i.values[rule.field])}`, 'unique');
  }
}

/** The fields of its model a check reads (its `field` arguments). */
function checkedFields(rule: CheckRule): string[] {
  const spec: ArgSpec = checkArgs[rule.check];
  return Object.entries(rule.args).flatMap(([name, value]) =>
    spec[name]?.startsWith('field') ? [value as string | readonly string[]].flat() : [],
  );
}

async function checkRules(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  for (const rule of model.rules) {
    switch (rule.type) {
      case 'ip_unique':
        await checkIpUnique(ctx, model, rule, items);
        break;
      case 'check': {
        // on the items whose fields this check reads are valid (another check's fault does not hide it)
        const reads = checkedFields(rule);
        await runCheck(
          ctx,
          model,
          rule,
          items.filter((i) => !reads.some((f) => i.errors.has(f))),
        );
        break;
      }
      case 'requires':
        for (const i of items)
          if (!empty(i.values[rule.field]) && i.values[rule.field] !== false && empty(i.values[rule.requires]))
            i.errors.add(rule.requires, rule.message);
        break;
      case 'one_of':
        for (const i of items) if (rule.fields.every((f) => empty(i.values[f]))) i.errors.add(rule.key, rule.message);
        break;
      case 'all_of':
        for (const i of items) {
          if (i.before) continue;
          const given = (f: string) => {
            const children = i.children?.get(f);
            return children ? children.length > 0 : !empty(i.values[f]);
          };
          if (!rule.fields.every(given)) i.errors.add(rule.key, rule.message);
        }
        break;
      case 'less':
        for (const i of items) {
          const a = i.values[rule.left];
          const b = i.values[rule.right];
          if (!empty(a) && !empty(b) && compare(a, b) >= 0) i.errors.add(rule.key, rule.message);
        }
        break;
      case 'same': {
        const left = await pathValues(ctx, model, items, rule.left);
        const right = await pathValues(ctx, model, items, rule.right);
        for (const i of items) {
          const a = left.get(i);
          const b = right.get(i);
          if (!empty(a) && !empty(b) && String(a) !== String(b)) i.errors.add(rule.key, rule.message);
        }
        break;
      }
    }
  }
}

function sqlType(ctx: WriteContext, f: FieldDef): string {
  switch (f.kind) {
    case 'fk':
    case 'bigint':
    case 'id':
      return 'bigint';
    case 'integer':
      return 'integer';
    case 'decimal':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamptz';
    case 'ipaddress':
      return 'inet';
    case 'ipnetwork':
      return 'cidr';
    case 'choice':
      return ctx.registry.choices(f.choices).every((c) => typeof c.value === 'number') ? 'integer' : 'text';
    default:
      return 'text';
  }
}

async function checkUnique(ctx: WriteContext, model: ModelDef, u: UniqueDef, items: Pending[]): Promise<void> {
  const fields = u.fields.map((n) => ctx.registry.fieldOf(model, n));
  const ci = new Set(u.ci ?? []);
  // a value that is itself at fault is not compared (Django leaves out constraints on the fields with errors)
  const read = [...u.fields, ...(u.whenSet ?? []), ...(u.whenNull ?? [])];
  const applies = (i: Pending) =>
    !read.some((n) => i.errors.has(n)) &&
    (u.whenSet ?? []).every((n) => !empty(i.values[n])) &&
    (u.whenNull ?? []).every((n) => empty(i.values[n])) &&
    (u.nullsEqual || fields.every((f) => !empty(i.values[f.name])));
  const candidates = items.filter(applies);
  if (!candidates.length) return;
  const norm = (i: Pending, f: FieldDef) => {
    const v = i.values[f.name] ?? null;
    return ci.has(f.name) && typeof v === 'string' ? v.toLowerCase() : v;
  };
  // within the batch
  const seen = new Map<string, Pending>();
  for (const i of candidates) {
    const key = JSON.stringify(fields.map((f) => norm(i, f)));
    if (seen.has(key)) i.errors.add(u.key, u.message, 'unique');
    else seen.set(key, i);
  }
  // against stored rows (other than the ones being updated)
  const arrays = fields.map((f) => candidates.map((i) => norm(i, f)));
  // plain equality where no value is null, so that the unique index serves the lookup
  const cols = fields.map((f, k) => {
    const col = `t.${ident(ctx.registry.columnOf(model, f.name))}`;
    const op = arrays[k].every((v) => v !== null) ? '=' : 'IS NOT DISTINCT FROM';
    return `${ci.has(f.name) ? `lower(${col})` : col} ${op} u.c${k}`;
  });
  const conds = [
    ...cols,
    ...(u.whenNull ?? []).map((n) => `t.${ident(ctx.registry.columnOf(model, n))} IS NULL`),
    ...(u.whenSet ?? []).map((n) => `t.${ident(ctx.registry.columnOf(model, n))} IS NOT NULL`),
  ];
  const unnest = fields.map((f, k) => `$${k + 1}::${sqlType(ctx, f)}[]`).join(', ');
  const exclude = items.filter((i) => i.before).map((i) => i.id);
  // a semi-join: a join's plan can multiply rows when many stored rows share a column value
  const rows = await query(
    ctx.db,
    `SELECT u.ord FROM unnest(${unnest}) WITH ORDINALITY AS u(${fields.map((_, k) => `c${k}`).join(', ')}, ord)
      WHERE EXISTS (SELECT 1 FROM ${ident(model.table)} t WHERE ${conds.join(' AND ')}
      AND NOT (t.id = ANY($${fields.length + 1}::bigint[])))`,
    [...arrays, exclude],
  );
  for (const r of rows) candidates[Number(r.ord) - 1].errors.add(u.key, u.message, 'unique');
}

async function checkTree(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  const moving = items.filter((i) => i.before && !empty(i.values.parent));
  if (!moving.length) return;
  const parents = [...new Set(moving.map((i) => i.values.parent as number))];
  const rows = await query(ctx.db, `SELECT id, _path FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`, [
    parents,
  ]);
  const paths = new Map(rows.map((r) => [r.id as number, (r._path as number[]) ?? []]));
  for (const i of moving) {
    const parent = i.values.parent as number;
    if (parent === i.id || (paths.get(parent) ?? []).includes(i.id))
      i.errors.add('parent', `Cannot assign self or child ${model.verboseName} as parent.`);
  }
}

/** The unique fields' constraints, checked with every other field (DRF's UniqueValidator): on every item. */
export async function checkFieldUniques(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  for (const u of model.uniques) if (u.fieldLevel) await checkUnique(ctx, model, u, items);
}

/**
 * The model's own checks, Django's full_clean, on items whose fields are all valid: the values the model
 * needs, the generic relations' objects, the rules, the tree, the constraints over several fields (or
 * with a condition) — every fault reported together.
 */
export async function validateItems(ctx: WriteContext, model: ModelDef, items: Pending[]): Promise<void> {
  for (const p of items) checkModelRequired(model, p);
  await checkGenericObjects(ctx, model, items);
  await checkRules(ctx, model, items);
  if (model.tree) await checkTree(ctx, model, items);
  for (const u of model.uniques) if (!u.fieldLevel) await checkUnique(ctx, model, u, items);
}
