/**
 * What component instantiation (./instantiate.ts) reads besides the template rows: the template models
 * in dependency order, the values of a template name's placeholders (`{module}`), and the free components
 * a module may adopt.
 */
import type { FieldDef, FkField, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import type { Pending, WriteContext } from './types.ts';

/** Template models whose `type` relation points where the created model's does, dependencies first. */
export function templateModels(registry: Registry, model: ModelDef, typeField: FkField): ModelDef[] {
  const pointsAtType = (f: FieldDef | undefined) => f !== undefined && 'to' in f && f.to === typeField.to;
  const templates = registry.all().filter((t) => t.templateOf && pointsAtType(registry.field(t, typeField.name)));
  const keys = new Set(templates.map((t) => t.key));
  const deps = (t: ModelDef) => [
    ...t.fields.flatMap((f) => (f.kind === 'fk' && f.to !== t.key && keys.has(f.to) ? [f.to] : [])),
    ...t.fields.flatMap((f) => Object.values(f.itemRefs ?? {})).filter((k) => k !== t.key && keys.has(k)),
  ];
  const ordered: ModelDef[] = [];
  const visit = (t: ModelDef, seen: Set<string>) => {
    if (ordered.includes(t) || seen.has(t.key)) return;
    seen.add(t.key);
    for (const d of deps(t)) visit(registry.model(d), seen);
    ordered.push(t);
  };
  for (const t of templates.sort((a, b) => (a.key < b.key ? -1 : 1))) visit(t, new Set());
  return ordered;
}

/** `{module}` and the like in a template's name, from the created object's values. */
export async function placeholderValues(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
): Promise<Record<string, string>[]> {
  const out = items.map((): Record<string, string> => ({}));
  for (const [name, path] of Object.entries(model.instantiates?.placeholders ?? {})) {
    const [head, ...rest] = path.split('.');
    // the model holding the relation last followed, and that relation
    let current = model;
    let relation = head;
    let values: unknown[] = items.map((i) => i.values[head]);
    for (const step of rest) {
      current = ctx.registry.targetOf(current, relation);
      relation = step;
      const ids = [...new Set(values.filter((v) => v !== null && v !== undefined))];
      const rows = ids.length
        ? await query(
            ctx.db,
            `SELECT id, ${ident(ctx.registry.columnOf(current, step))}::text AS v
        FROM ${ident(current.table)} WHERE id = ANY($1::bigint[])`,
            [ids],
          )
        : [];
      const by = new Map(rows.map((r) => [Number(r.id), r.v]));
      values = values.map((v) => (v === null || v === undefined ? null : (by.get(Number(v)) ?? null)));
    }
    values.forEach((v, k) => {
      out[k][name] = v === null || v === undefined ? '' : String(v);
    });
  }
  return out;
}

/** The components of these devices that belong to no object of the owner's kind, by `<device> <name>`. */
export async function freeComponents(
  ctx: WriteContext,
  component: ModelDef,
  device: FkField,
  owner: FkField,
  deviceIds: unknown[],
): Promise<Map<string, number>> {
  const devices = [...new Set(deviceIds.filter((d) => d !== null && d !== undefined))];
  const nameField = component.fields.find((f) => f.name === 'name');
  if (!devices.length || !nameField?.column) return new Map();
  const rows = await query(
    ctx.db,
    `SELECT id, ${ident(device.column)} AS d, ${ident(nameField.column)} AS n FROM ${ident(component.table)}
      WHERE ${ident(device.column)} = ANY($1::bigint[]) AND ${ident(owner.column)} IS NULL ORDER BY id`,
    [devices],
  );
  return new Map(rows.map((r) => [`${String(r.d)} ${String(r.n)}`, Number(r.id)]));
}

export function fill(name: string, values: Record<string, string>): string {
  return name.replace(/\{([a-z_]+)\}/g, (m, key: string) => (key in values ? values[key] : m));
}
