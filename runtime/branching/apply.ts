/**
 * Applies object states to the current schema (main or a branch) through the one write path:
 * creates in foreign-key order keeping their ids, references to objects created later deferred to
 * a second pass, updates of just the fields given, deletes dependents first. Every batch runs in a
 * savepoint so that all problems are collected and reported at once.
 */
import type { ModelDef, Registry } from '../catalogue/index.ts';
import { ServiceError, WriteError, type ErrorCode, type ItemErrors } from '../errors/index.ts';
import { createObjects, deleteObjects, updateObjects, type Snapshot, type WriteContext } from '../write/index.ts';
import { ident, query } from '../db/index.ts';

export interface ObjectState {
  readonly model: ModelDef;
  readonly id: number;
  readonly action: 'create' | 'update' | 'delete';
  /** the whole object for a create; the fields to set for an update */
  readonly values?: Snapshot;
  readonly repr?: string;
}

export interface Problem {
  readonly object_type: string;
  readonly object_id: number;
  readonly object_repr: string;
  readonly kind: 'conflict' | 'unique' | 'missing_reference' | 'deleted_in_main' | 'protected' | 'validation';
  readonly fields: string[];
  readonly message: string;
}

/** Models in foreign-key order: a model comes after every model it requires. */
export function modelOrder(registry: Registry, models: ModelDef[]): ModelDef[] {
  const set = new Set(models);
  const done: ModelDef[] = [];
  const visiting = new Set<ModelDef>();
  const visit = (m: ModelDef) => {
    if (done.includes(m) || visiting.has(m)) return;
    visiting.add(m);
    for (const f of m.fields) {
      if (f.kind !== 'fk' || f.nullable || f.readOnly) continue;
      const t = registry.model(f.to);
      if (t !== m && set.has(t)) visit(t);
    }
    visiting.delete(m);
    done.push(m);
  };
  for (const m of [...models].sort((a, b) => (a.key < b.key ? -1 : 1))) visit(m);
  return done;
}

/** A snapshot as write-path input: tags by name, nothing read-only. */
function toInput(model: ModelDef, values: Snapshot): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of model.fields) {
    if (!(f.name in values) || f.readOnly || f.kind === 'computed') continue;
    out[f.name] =
      f.kind === 'tags' ? ((values.tags as string[] | undefined) ?? []).map((name) => ({ name })) : values[f.name];
  }
  return out;
}

/** What a field's error codes (errors/) make of a problem: the first that says more than "invalid". */
function kindOf(codes: readonly ErrorCode[] | undefined): Problem['kind'] {
  for (const code of codes ?? []) {
    if (code === 'unique' || code === 'missing_reference' || code === 'protected') return code;
  }
  return 'validation';
}

/** One problem per object and kind, naming every field involved. */
function problemsFrom(e: ServiceError, states: ObjectState[]): Problem[] {
  const items: readonly ItemErrors[] =
    e instanceof WriteError ? e.items : [{ errors: (e.body ?? {}) as Record<string, unknown>, codes: {} }];
  // an error of one item (a single write, or a hook's refusal) stands for every object of the attempt
  const forState = (i: number) =>
    items.length === states.length ? items[i] : items.length === 1 ? items[0] : undefined;
  const out = new Map<string, { -readonly [K in keyof Problem]: Problem[K] }>();
  states.forEach((s, i) => {
    const item = forState(i);
    if (!item || !item.errors || typeof item.errors !== 'object' || !Object.keys(item.errors).length) return;
    for (const [field, messages] of Object.entries(item.errors)) {
      const text = Array.isArray(messages)
        ? messages.join(' ')
        : typeof messages === 'object'
          ? JSON.stringify(messages)
          : String(messages);
      const kind = kindOf(item.codes[field]);
      const key = `${s.model.key}:${s.id}:${kind}`;
      const p = out.get(key) ?? {
        object_type: s.model.key,
        object_id: s.id,
        object_repr: s.repr ?? '',
        kind,
        fields: [],
        message: '',
      };
      if (field !== 'detail' && field !== '__all__' && field !== 'non_field_errors') p.fields.push(field);
      p.message = p.message ? `${p.message} ${text}` : text;
      out.set(key, p);
    }
  });
  return [...out.values()];
}

async function attempt(
  ctx: WriteContext,
  states: ObjectState[],
  problems: Problem[],
  run: (c: WriteContext) => Promise<unknown>,
): Promise<boolean> {
  const tx = ctx.db as { savepoint?: <T>(fn: (sp: unknown) => Promise<T>) => Promise<T> };
  if (!tx.savepoint) throw new Error('changes are applied inside a transaction');
  try {
    await tx.savepoint(async (sp) => run({ ...ctx, db: sp as WriteContext['db'] }));
    return true;
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    const found = problemsFrom(e, states);
    problems.push(
      ...(found.length
        ? found
        : states.map((s) => ({
            object_type: s.model.key,
            object_id: s.id,
            object_repr: s.repr ?? '',
            kind: 'validation' as const,
            fields: [],
            message: JSON.stringify(e instanceof WriteError ? e.items.map((i) => i.errors) : e.body),
          }))),
    );
    return false;
  }
}

async function existing(ctx: WriteContext, model: ModelDef, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await query(ctx.db, `SELECT id FROM ${ident(model.table)} WHERE id = ANY($1::bigint[])`, [ids]);
  return new Set(rows.map((r) => r.id as number));
}

/** One application of states: what it reports and how far it is. */
interface Run {
  readonly ctx: WriteContext;
  readonly states: ObjectState[];
  /** the models of the states, in foreign-key order */
  readonly models: ModelDef[];
  readonly problems: Problem[];
  readonly advance: (n: number) => void;
}

/**
 * Takes out of a create's input the references to objects this batch creates later (nullable foreign keys,
 * many-to-many lists, generic relations, a tree parent created alongside); returns them, set in pass 2.
 */
function deferReferences(model: ModelDef, input: Snapshot, pending: Set<string>, creates: ObjectState[]): Snapshot {
  const later: Snapshot = {};
  for (const f of model.fields) {
    const v = input[f.name];
    if (f.kind === 'fk' && f.nullable && v !== null && v !== undefined && pending.has(`${f.to}:${v as number}`)) {
      later[f.name] = v;
      input[f.name] = null;
    } else if (f.kind === 'm2m' && Array.isArray(v) && v.some((id) => pending.has(`${f.to}:${id as number}`))) {
      later[f.name] = v;
      delete input[f.name];
    } else if (f.kind === 'generic') {
      const type = input[f.typeColumn];
      const id = input[f.idColumn];
      if (type && id !== null && pending.has(`${type as string}:${id as number}`)) {
        later[f.typeColumn] = type;
        later[f.idColumn] = id;
        input[f.typeColumn] = null;
        input[f.idColumn] = null;
      }
    }
  }
  // a tree node whose parent is created in this same batch gets its parent afterwards
  if (model.tree && input.parent && creates.some((o) => o.id === input.parent)) {
    later.parent = input.parent;
    input.parent = null;
  }
  return later;
}

/** Pass 1: creates, in foreign-key order; returns the deferred references and the creates that failed. */
async function applyCreates(run: Run): Promise<{ deferred: ObjectState[]; failed: Set<string> }> {
  const { ctx, states, problems } = run;
  const pending = new Set(states.filter((s) => s.action === 'create').map((s) => `${s.model.key}:${s.id}`));
  const deferred: ObjectState[] = [];
  const failed = new Set<string>();
  for (const model of run.models) {
    const creates = states.filter((s) => s.model === model && s.action === 'create');
    if (!creates.length) continue;
    for (const s of creates) pending.delete(`${model.key}:${s.id}`);
    const inputs = creates.map((s) => {
      const input = toInput(model, s.values ?? {});
      const later = deferReferences(model, input, pending, creates);
      if (Object.keys(later).length) deferred.push({ model, id: s.id, action: 'update', values: later, repr: s.repr });
      return input;
    });
    const ok = await attempt(ctx, creates, problems, (c) =>
      createObjects(c, model, inputs, { bulk: true, ids: creates.map((s) => s.id) }),
    );
    if (!ok) for (const s of creates) failed.add(`${model.key}:${s.id}`);
    run.advance(creates.length);
  }
  return { deferred, failed };
}

/** Pass 2: the deferred references and the updates asked for; an object gone from main is a problem. */
async function applyUpdates(run: Run, deferred: ObjectState[], failed: Set<string>): Promise<void> {
  const { ctx, states, problems } = run;
  const asked = new Set(states);
  for (const model of run.models) {
    const updates = [
      ...deferred.filter((s) => !failed.has(`${s.model.key}:${s.id}`)),
      ...states.filter((s) => s.action === 'update'),
    ].filter((s) => s.model === model);
    if (!updates.length) continue;
    const there = await existing(
      ctx,
      model,
      updates.map((s) => s.id),
    );
    const gone = updates.filter((s) => !there.has(s.id));
    for (const s of gone)
      problems.push({
        object_type: model.key,
        object_id: s.id,
        object_repr: s.repr ?? '',
        kind: 'deleted_in_main',
        fields: Object.keys(s.values ?? {}),
        message: `${model.verboseName} ${s.id} no longer exists.`,
      });
    const live = updates.filter((s) => there.has(s.id));
    if (!live.length) continue;
    await attempt(ctx, live, problems, (c) =>
      updateObjects(
        c,
        model,
        live.map((s) => ({ id: s.id, data: toInput(model, s.values ?? {}) })),
        { bulk: true, partial: true },
      ),
    );
    run.advance(live.filter((s) => asked.has(s)).length);
  }
}

/** Pass 3: deletes, dependents first; objects already gone (cascades) are skipped. */
async function applyDeletes(run: Run): Promise<void> {
  const { ctx, states, problems } = run;
  for (const model of [...run.models].reverse()) {
    const deletes = states.filter((s) => s.model === model && s.action === 'delete');
    if (!deletes.length) continue;
    const there = await existing(
      ctx,
      model,
      deletes.map((s) => s.id),
    );
    const live = deletes.filter((s) => there.has(s.id));
    if (!live.length) continue;
    await attempt(ctx, live, problems, (c) =>
      deleteObjects(
        c,
        model,
        live.map((s) => ({ id: s.id })),
        { bulk: true },
      ),
    );
    run.advance(deletes.length);
  }
}

export async function applyStates(
  ctx: WriteContext,
  states: ObjectState[],
  onProgress?: (done: number, total: number) => void,
): Promise<Problem[]> {
  let done = 0;
  const advance = (n: number) => {
    done += n;
    onProgress?.(done, states.length);
  };
  const models = modelOrder(ctx.registry, [...new Set(states.map((s) => s.model))]);
  const run: Run = { ctx, states, models, problems: [], advance };
  const { deferred, failed } = await applyCreates(run);
  await applyUpdates(run, deferred, failed);
  await applyDeletes(run);
  onProgress?.(states.length, states.length);
  return run.problems;
}
