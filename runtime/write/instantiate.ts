/**
 * NetBox's component instantiation: creating a device (or module) copies every template of its
 * type (or module type) into a component of its own — ports, bays, interfaces, inventory items —
 * through the write path, so the components get change records and events like any other create.
 * Template models say what they make (`template_of`); the created model says which of its relations
 * names the type (`instantiates`). References between templates (a front port's rear port, an
 * interface's bridge, an inventory item's parent or component) become references between the new
 * components.
 */
import type { FieldDef, FkField, ModelDef, Registry } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import type { Pending, WriteContext } from './types.ts';
import { present, pushTo } from '../collections.ts';

/** Fields a component never copies from its template. */
const own = new Set(['id', 'created', 'last_updated', 'custom_fields', 'tags']);

/** Template models whose `type` relation points where the created model's does, dependencies first. */
function templateModels(registry: Registry, model: ModelDef, typeField: FkField): ModelDef[] {
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
async function placeholderValues(
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

export async function instantiateComponents(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  create: (ctx: WriteContext, model: ModelDef, inputs: unknown[], opts: { bulk: boolean }) => Promise<Pending[]>,
  update: (
    ctx: WriteContext,
    model: ModelDef,
    inputs: { id: unknown; data: unknown }[],
    opts: { bulk: boolean; partial: boolean },
  ) => Promise<Pending[]>,
): Promise<void> {
  const inst = model.instantiates;
  if (!inst || !items.length) return;
  const { registry } = ctx;
  const typeField = registry.fieldOfKind(model, inst.type, 'fk');
  const deviceName = inst.device;
  // the object's switches (NetBox's module: replicate_components, adopt_components), as given
  const flag = (i: Pending, name: string | undefined, otherwise: boolean) =>
    name && typeof i.input[name] === 'boolean' ? (i.input[name] as boolean) : otherwise;
  const replicates = (i: Pending) => flag(i, inst.replicate, true);
  const adopts = (i: Pending) => flag(i, inst.adopt, false);
  // type id → the items (by index) of that type that copy or adopt components
  const byType = new Map<number, number[]>();
  items.forEach((i, k) => {
    const t = i.values[inst.type];
    if (t !== null && t !== undefined && (replicates(i) || adopts(i))) pushTo(byType, Number(t), k);
  });
  if (!byType.size) return;
  const placeholders = await placeholderValues(ctx, model, items);
  /** template model key → template id → created object → component id */
  const made = new Map<string, Map<number, Map<Pending, number>>>();
  for (const tm of templateModels(registry, model, typeField)) {
    if (!tm.templateOf) continue; // never: templateModels gives templates only
    const component = registry.model(tm.templateOf);
    const typeCol = registry.columnOf(tm, inst.type);
    const rows = await query(
      ctx.db,
      `SELECT * FROM ${ident(tm.table)} WHERE ${ident(typeCol)} = ANY($1::bigint[])
        ORDER BY ${tm.tree ? '_depth, ' : ''}id`,
      [[...byType.keys()]],
    );
    if (!rows.length) continue;
    const owner = present(
      component.fields.find((f): f is FkField => f.kind === 'fk' && f.to === model.key),
      `${component.key}'s relation to ${model.key}`,
    );
    const deviceTo = deviceName ? registry.fieldOfKind(model, deviceName, 'fk').to : undefined;
    const device = deviceTo
      ? component.fields.find((f): f is FkField => f.kind === 'fk' && f.to === deviceTo)
      : undefined;
    const selfRefs: { field: FieldDef; template: number; item: Pending; index: number }[] = [];
    const inputs: Record<string, unknown>[] = [];
    const sources: { template: number; item: Pending }[] = [];
    const adopting = deviceName ? items.filter(adopts).map((i) => i.values[deviceName]) : [];
    const free = device ? await freeComponents(ctx, component, device, owner, adopting) : new Map<string, number>();
    const adopted: { id: number; template: number; item: Pending }[] = [];
    for (const row of rows) {
      for (const k of byType.get(Number(row[typeCol])) ?? []) {
        const item = items[k];
        const refs: typeof selfRefs = [];
        const input: Record<string, unknown> = {};
        for (const f of component.fields) {
          if (own.has(f.name) || f.readOnly || f.hidden || f === owner || f === device) continue;
          const tf = registry.field(tm, f.name);
          if (!tf || tf.hidden || tf.name === inst.type) continue;
          if (f.kind === 'fk' && tf.kind === 'fk') {
            const ref = row[tf.column];
            if (ref === null || ref === undefined) continue;
            if (tf.to === tm.key) {
              refs.push({ field: f, template: Number(ref), item, index: inputs.length });
              continue;
            }
            const id = made.get(tf.to)?.get(Number(ref))?.get(item);
            if (id !== undefined) input[f.name] = id;
          } else if (f.kind === 'generic' && tf.kind === 'generic') {
            const type = row[tf.typeColumn] as string | null;
            const id = type ? made.get(type)?.get(Number(row[tf.idColumn]))?.get(item) : undefined;
            if (type && id !== undefined && registry.model(type).templateOf) {
              input[f.typeColumn] = registry.model(type).templateOf;
              input[f.idColumn] = id;
            }
          } else if (f.kind === 'json' && f.itemRefs && tf.itemRefs && tf.column && Array.isArray(row[tf.column])) {
            // a list of objects naming other templates (a front port's rear ports): name the new components
            const itemRefs = Object.entries(tf.itemRefs);
            input[f.name] = (row[tf.column] as Record<string, unknown>[]).map((entry) => {
              const copy = { ...entry };
              for (const [key, target] of itemRefs) {
                if (copy[key] !== undefined && copy[key] !== null)
                  copy[key] = made.get(target)?.get(Number(copy[key]))?.get(item) ?? null;
              }
              return copy;
            });
          } else if (f.column && tf.column) {
            const v = row[tf.column];
            input[f.name] = typeof v === 'string' && f.name === 'name' ? fill(v, placeholders[k]) : v;
          }
        }
        // a component of the device with this name that belongs to no such object is taken over instead
        const freeKey = adopts(item) && deviceName ? `${String(item.values[deviceName])} ${input.name}` : undefined;
        const taken = freeKey === undefined ? undefined : free.get(freeKey);
        if (freeKey !== undefined && taken !== undefined) {
          free.delete(freeKey);
          adopted.push({ id: taken, template: Number(row.id), item });
          continue;
        }
        if (!replicates(item)) continue;
        input[owner.name] = item.id;
        if (device && deviceName) input[device.name] = item.values[deviceName];
        selfRefs.push(...refs);
        inputs.push(input);
        sources.push({ template: Number(row.id), item });
      }
    }
    const created = inputs.length ? await create(ctx, component, inputs, { bulk: true }) : [];
    if (adopted.length) {
      const data = adopted.map((a) => ({ id: a.id, data: { [owner.name]: a.item.id } }));
      await update(ctx, component, data, { bulk: true, partial: true });
    }
    const map = new Map<number, Map<Pending, number>>();
    created.forEach((c, k) => {
      const { template, item } = sources[k];
      map.set(template, (map.get(template) ?? new Map()).set(item, c.id));
    });
    for (const a of adopted) map.set(a.template, (map.get(a.template) ?? new Map()).set(a.item, a.id));
    made.set(tm.key, map);
    // references between templates of one model (an interface's bridge, an item's parent): a second pass
    const fixes = new Map<number, Record<string, unknown>>();
    for (const r of selfRefs) {
      const target = map.get(r.template)?.get(r.item);
      const id = created[r.index].id;
      if (target !== undefined) fixes.set(id, { ...fixes.get(id), [r.field.name]: target });
    }
    if (fixes.size)
      await update(
        ctx,
        component,
        [...fixes].map(([id, data]) => ({ id, data })),
        { bulk: true, partial: true },
      );
  }
}

/** The components of these devices that belong to no object of the owner's kind, by `<device> <name>`. */
async function freeComponents(
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

function fill(name: string, values: Record<string, string>): string {
  return name.replace(/\{([a-z_]+)\}/g, (m, key: string) => (key in values ? values[key] : m));
}
