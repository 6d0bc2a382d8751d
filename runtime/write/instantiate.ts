/**
 * NetBox's component instantiation: creating a device (or module) copies every template of its
 * type (or module type) into a component of its own — ports, bays, interfaces, inventory items —
 * through the write path, so the components get change records and events like any other create.
 * Template models say what they make (`template_of`); the created model says which of its relations
 * names the type (`instantiates`). References between templates (a front port's rear port, an
 * interface's bridge, an inventory item's parent or component) become references between the new
 * components.
 */
import type { FieldDef, FkField, ModelDef } from '../catalogue/index.ts';
import { ident, query } from '../db/index.ts';
import { fill, freeComponents, placeholderValues, templateModels } from './templates.ts';
import type { Pending, WriteContext } from './types.ts';
import { present, pushTo } from '../collections.ts';

/** Fields a component never copies from its template. */
const own = new Set(['id', 'created', 'last_updated', 'custom_fields', 'tags']);

type Instantiates = NonNullable<ModelDef['instantiates']>;
type Create = (ctx: WriteContext, model: ModelDef, inputs: unknown[], opts: { bulk: boolean }) => Promise<Pending[]>;
type Update = (
  ctx: WriteContext,
  model: ModelDef,
  inputs: { id: unknown; data: unknown }[],
  opts: { bulk: boolean; partial: boolean },
) => Promise<Pending[]>;
/** template model key → template id → created object → component id */
type Made = Map<string, Map<number, Map<Pending, number>>>;

/** One instantiation: the created objects, what they copy, and the components made so far. */
interface Run {
  readonly ctx: WriteContext;
  readonly model: ModelDef;
  readonly inst: Instantiates;
  readonly items: Pending[];
  /** type id → the items (by index) of that type that copy or adopt components */
  readonly byType: Map<number, number[]>;
  readonly placeholders: Record<string, string>[];
  readonly made: Made;
  readonly create: Create;
  readonly update: Update;
}

/** The component model one template model makes, and its relations to the created object and its device. */
interface Target {
  readonly template: ModelDef;
  readonly component: ModelDef;
  readonly owner: FkField;
  readonly device: FkField | undefined;
}

/** A reference between templates of one model, set on the new component in a second pass. */
interface SelfRef {
  readonly field: FieldDef;
  readonly template: number;
  readonly item: Pending;
}

/** What one template model's rows become: components to create and free components to adopt. */
interface Plan {
  readonly inputs: Record<string, unknown>[];
  readonly sources: { template: number; item: Pending }[];
  readonly selfRefs: (SelfRef & { index: number })[];
  readonly adopted: { id: number; template: number; item: Pending }[];
}

// the object's switches (NetBox's module: replicate_components, adopt_components), as given
function flag(i: Pending, name: string | undefined, otherwise: boolean): boolean {
  return name && typeof i.input[name] === 'boolean' ? (i.input[name] as boolean) : otherwise;
}
const replicates = (inst: Instantiates, i: Pending) => flag(i, inst.replicate, true);
const adopts = (inst: Instantiates, i: Pending) => flag(i, inst.adopt, false);

export async function instantiateComponents(
  ctx: WriteContext,
  model: ModelDef,
  items: Pending[],
  create: Create,
  update: Update,
): Promise<void> {
  const inst = model.instantiates;
  if (!inst || !items.length) return;
  const byType = new Map<number, number[]>();
  items.forEach((i, k) => {
    const t = i.values[inst.type];
    if (t !== null && t !== undefined && (replicates(inst, i) || adopts(inst, i))) pushTo(byType, Number(t), k);
  });
  if (!byType.size) return;
  const placeholders = await placeholderValues(ctx, model, items);
  const run: Run = { ctx, model, inst, items, byType, placeholders, made: new Map(), create, update };
  const typeField = ctx.registry.fieldOfKind(model, inst.type, 'fk');
  for (const tm of templateModels(ctx.registry, model, typeField)) await instantiateFrom(run, tm);
}

/** Makes (or adopts) the components of one template model for every created object of its type. */
async function instantiateFrom(run: Run, tm: ModelDef): Promise<void> {
  if (!tm.templateOf) return; // never: templateModels gives templates only
  const { ctx, inst } = run;
  const typeCol = ctx.registry.columnOf(tm, inst.type);
  const rows = await query(
    ctx.db,
    `SELECT * FROM ${ident(tm.table)} WHERE ${ident(typeCol)} = ANY($1::bigint[])
        ORDER BY ${tm.tree ? '_depth, ' : ''}id`,
    [[...run.byType.keys()]],
  );
  if (!rows.length) return;
  const target = targetOf(run, tm, ctx.registry.model(tm.templateOf));
  const plan = await planComponents(run, target, rows, typeCol);
  const { component, owner } = target;
  const created = plan.inputs.length ? await run.create(ctx, component, plan.inputs, { bulk: true }) : [];
  if (plan.adopted.length) {
    const data = plan.adopted.map((a) => ({ id: a.id, data: { [owner.name]: a.item.id } }));
    await run.update(ctx, component, data, { bulk: true, partial: true });
  }
  const map = new Map<number, Map<Pending, number>>();
  created.forEach((c, k) => {
    const { template, item } = plan.sources[k];
    map.set(template, (map.get(template) ?? new Map()).set(item, c.id));
  });
  for (const a of plan.adopted) map.set(a.template, (map.get(a.template) ?? new Map()).set(a.item, a.id));
  run.made.set(tm.key, map);
  await linkSelfRefs(run, component, plan.selfRefs, map, created);
}

function targetOf(run: Run, template: ModelDef, component: ModelDef): Target {
  const { registry } = run.ctx;
  const owner = present(
    component.fields.find((f): f is FkField => f.kind === 'fk' && f.to === run.model.key),
    `${component.key}'s relation to ${run.model.key}`,
  );
  const deviceTo = run.inst.device ? registry.fieldOfKind(run.model, run.inst.device, 'fk').to : undefined;
  const device = deviceTo
    ? component.fields.find((f): f is FkField => f.kind === 'fk' && f.to === deviceTo)
    : undefined;
  return { template, component, owner, device };
}

/**
 * For every template row and created object of its type, the component's input, or the free component
 * of the device with this name that belongs to no such object, taken over instead.
 */
async function planComponents(
  run: Run,
  target: Target,
  rows: Record<string, unknown>[],
  typeCol: string,
): Promise<Plan> {
  const { inst, items } = run;
  const { component, owner, device } = target;
  const deviceName = inst.device;
  const plan: Plan = { inputs: [], sources: [], selfRefs: [], adopted: [] };
  const adopting = deviceName ? items.filter((i) => adopts(inst, i)).map((i) => i.values[deviceName]) : [];
  const free = device ? await freeComponents(run.ctx, component, device, owner, adopting) : new Map<string, number>();
  for (const row of rows) {
    for (const k of run.byType.get(Number(row[typeCol])) ?? []) {
      const item = items[k];
      const { input, refs } = copyTemplate(run, target, row, k);
      const freeKey = adopts(inst, item) && deviceName ? `${String(item.values[deviceName])} ${input.name}` : undefined;
      const taken = freeKey === undefined ? undefined : free.get(freeKey);
      if (freeKey !== undefined && taken !== undefined) {
        free.delete(freeKey);
        plan.adopted.push({ id: taken, template: Number(row.id), item });
        continue;
      }
      if (!replicates(inst, item)) continue;
      input[owner.name] = item.id;
      if (device && deviceName) input[device.name] = item.values[deviceName];
      plan.selfRefs.push(...refs.map((r) => ({ ...r, index: plan.inputs.length })));
      plan.inputs.push(input);
      plan.sources.push({ template: Number(row.id), item });
    }
  }
  return plan;
}

/** The component's input copied from one template row for the k-th created object, and its self-references. */
function copyTemplate(
  run: Run,
  target: Target,
  row: Record<string, unknown>,
  k: number,
): { input: Record<string, unknown>; refs: SelfRef[] } {
  const { registry } = run.ctx;
  const { template: tm, component, owner, device } = target;
  const item = run.items[k];
  const made = (model: string, template: unknown) => run.made.get(model)?.get(Number(template))?.get(item);
  const refs: SelfRef[] = [];
  const input: Record<string, unknown> = {};
  for (const f of component.fields) {
    if (own.has(f.name) || f.readOnly || f.hidden || f === owner || f === device) continue;
    const tf = registry.field(tm, f.name);
    if (!tf || tf.hidden || tf.name === run.inst.type) continue;
    if (f.kind === 'fk' && tf.kind === 'fk') {
      const ref = row[tf.column];
      if (ref === null || ref === undefined) continue;
      if (tf.to === tm.key) {
        refs.push({ field: f, template: Number(ref), item });
        continue;
      }
      const id = made(tf.to, ref);
      if (id !== undefined) input[f.name] = id;
    } else if (f.kind === 'generic' && tf.kind === 'generic') {
      const type = row[tf.typeColumn] as string | null;
      const id = type ? made(type, row[tf.idColumn]) : undefined;
      if (type && id !== undefined && registry.model(type).templateOf) {
        input[f.typeColumn] = registry.model(type).templateOf;
        input[f.idColumn] = id;
      }
    } else if (f.kind === 'json' && f.itemRefs && tf.itemRefs && tf.column && Array.isArray(row[tf.column])) {
      // a list of objects naming other templates (a front port's rear ports): name the new components
      const itemRefs = Object.entries(tf.itemRefs);
      input[f.name] = (row[tf.column] as Record<string, unknown>[]).map((entry) => {
        const copy = { ...entry };
        for (const [key, target] of itemRefs)
          if (copy[key] !== undefined && copy[key] !== null) copy[key] = made(target, copy[key]) ?? null;
        return copy;
      });
    } else if (f.column && tf.column) {
      const v = row[tf.column];
      input[f.name] = typeof v === 'string' && f.name === 'name' ? fill(v, run.placeholders[k]) : v;
    }
  }
  return { input, refs };
}

/** References between templates of one model (an interface's bridge, an item's parent): a second pass. */
async function linkSelfRefs(
  run: Run,
  component: ModelDef,
  selfRefs: Plan['selfRefs'],
  map: Map<number, Map<Pending, number>>,
  created: Pending[],
): Promise<void> {
  const fixes = new Map<number, Record<string, unknown>>();
  for (const r of selfRefs) {
    const target = map.get(r.template)?.get(r.item);
    const id = created[r.index].id;
    if (target !== undefined) fixes.set(id, { ...fixes.get(id), [r.field.name]: target });
  }
  if (fixes.size)
    await run.update(
      run.ctx,
      component,
      [...fixes].map(([id, data]) => ({ id, data })),
      { bulk: true, partial: true },
    );
}
