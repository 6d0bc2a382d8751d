/**
 * Branch actions: `POST …/branches/<id>/sync|merge|revert/` (`{"commit": bool,
 * "acknowledge_conflicts": bool}`) answer with the enqueued job, after checking — in the request,
 * so the answer is immediate — that the operation can run: the branch is in the right state, and
 * every conflict and problem is reported at once (409) unless acknowledged, and that change control
 * lets a merge happen (runtime/changes/gate.ts). Also `archive/` and
 * `retry/` (re-provision a failed branch).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ServiceError, invalidInput, notFound, forbidden, conflict } from '../errors/index.ts';
import { readJson } from '../http/body.ts';
import { respond } from '../http/render.ts';
import { hasPermission, authorize, requireUser } from '../auth/index.ts';
import { fetchObjects, writeContext } from '../rest/index.ts';
import { enqueueJob, jobRowId } from '../jobs/index.ts';
import {
  applyStates,
  JOB_ATTEMPTS,
  type BranchRow,
  type BranchStatus,
  getBranch,
  lockBranch,
  recordEvent,
  setBranchJob,
  transition,
  planMerge,
  planRevert,
  planSync,
  type Plan,
  dropBranchSchema,
  schemaName,
  branchJobs,
  type Operation,
} from '../branching/index.ts';
import { inSchema, tables } from '../db/index.ts';
import { present } from '../collections.ts';
import { mergeRefusal } from '../changes/index.ts';

const MODEL = 'netbox_branching.branch';
/** The operations a request starts (a branch is provisioned when it is created). */
type Requested = Exclude<Operation, 'provision'>;
const needs: Record<Requested, BranchStatus> = { sync: 'ready', merge: 'ready', revert: 'merged' };
const operating: Record<Requested, BranchStatus> = { sync: 'syncing', merge: 'merging', revert: 'reverting' };
const names: Record<Operation, string> = {
  provision: 'Provision branch',
  sync: 'Sync branch',
  merge: 'Merge branch',
  revert: 'Revert branch',
};

interface ActionBody {
  commit: boolean;
  acknowledge: boolean;
}

/** `{"commit": bool, "acknowledge_conflicts": bool}`: commit is required (spec 4.6), the other optional. */
async function actionBody(c: Context<AppEnv>): Promise<ActionBody> {
  const body = await readJson(c);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidInput({ commit: ['This field is required.'] });
  const { commit, acknowledge_conflicts: ack = false, ...rest } = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (commit === undefined) errors.commit = ['This field is required.'];
  else if (typeof commit !== 'boolean') errors.commit = ['Must be a valid boolean.'];
  if (typeof ack !== 'boolean') errors.acknowledge_conflicts = ['Must be a valid boolean.'];
  for (const k of Object.keys(rest)) errors[k] = ['Unknown field.'];
  if (Object.keys(errors).length) throw invalidInput(errors);
  return { commit: commit as boolean, acknowledge: ack as boolean };
}

async function allowed(c: Context<AppEnv>, action: string): Promise<void> {
  const user = c.var.user;
  const { settings, cache } = c.var.services;
  await authorize(c, c.var.services.registry.model(MODEL), 'view');
  if (!user || !(await hasPermission({ db: c.var.tx, settings, cache }, user, MODEL, action))) throw forbidden();
}

async function branchFor(c: Context<AppEnv>): Promise<BranchRow> {
  const id = Number(c.req.param('id'));
  await lockBranch(c.var.tx, id);
  const branch = await getBranch(c.var.tx, id, true);
  if (!branch) throw notFound('No Branch matches the given query.');
  return branch;
}

/** Runs the plan's writes in a savepoint that always rolls back, collecting every problem. */
async function precheck(
  c: Context<AppEnv>,
  op: Operation,
  branch: BranchRow,
): Promise<{ plan: Plan; problems: Awaited<ReturnType<typeof applyStates>> }> {
  const { registry } = c.var.services;
  const tx = c.var.tx;
  const plan =
    op === 'sync'
      ? await planSync(tx, registry, branch)
      : op === 'merge'
        ? await planMerge(tx, registry, branch)
        : await planRevert(tx, registry, branch);
  const target = op === 'sync' ? schemaName(branch.schema_id) : null;
  let problems: Awaited<ReturnType<typeof applyStates>> = [];
  const rollback = new Error('precheck');
  await tx
    .savepoint(async (sp) => {
      const ctx = {
        ...writeContext(c, { unrestricted: true }),
        db: sp,
        observers: [],
        guard: undefined,
        operation: { branchId: branch.id, kind: op === 'provision' ? ('sync' as const) : op },
        ...(target ? { branch: { id: branch.id, schema: target } } : { branch: undefined }),
      };
      problems = await inSchema(sp, target, () => applyStates(ctx, plan.states));
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return { plan, problems };
}

/**
 * Enqueues the operation's job and answers with it as it is then: its branch still in the status it
 * had (NetBox answers so); the caller moves the branch to its transitional status afterwards.
 */
async function enqueue(c: Context<AppEnv>, op: Operation, branch: BranchRow, body: ActionBody): Promise<Response> {
  const user = c.var.user;
  const jobId = await enqueueJob(c.var.tx, {
    kind: branchJobs[op],
    name: names[op],
    maxAttempts: JOB_ATTEMPTS,
    objectType: MODEL,
    objectId: branch.id,
    userId: user?.id ?? null,
    payload: {
      branch_id: branch.id,
      commit: body.commit,
      acknowledge_conflicts: body.acknowledge,
      user_id: user?.id ?? null,
      username: user?.username ?? '',
    },
  });
  await setBranchJob(c.var.tx, branch.id, jobId);
  const [object] = await fetchObjects(c, c.var.services.registry.model('core.job'), [await jobRowId(c.var.tx, jobId)]);
  return respond(c, 200, object, { Location: String(present(object, `job ${jobId}`).url) });
}

/** `sync/`, `merge/`, `revert/`: the operation's job, once its state, change control and precheck allow it. */
async function operate(c: Context<AppEnv>, op: Requested): Promise<Response> {
  await allowed(c, op);
  const body = await actionBody(c);
  const branch = await branchFor(c);
  if (branch.status !== needs[op]) {
    const what = op === 'revert' ? 'Only merged branches can be reverted' : `Branch is not ready to ${op}`;
    throw new ServiceError('conflict', { detail: `${what} (status: ${branch.status}).`, status: branch.status });
  }
  // change control: an approved change request first (a dry run may always run)
  const refused = op === 'merge' && body.commit && (await mergeRefusal(c.var.tx, c.var.services.settings, branch.id));
  if (refused) throw new ServiceError('conflict', refused);
  const { plan, problems } = await precheck(c, op, branch);
  if (plan.conflicts.length && !body.acknowledge) {
    throw new ServiceError('conflict', {
      detail: 'All conflicts must be acknowledged before this action can proceed.',
      conflicts: plan.conflicts,
      problems,
    });
  }
  // a dry run exists to find problems: it runs and reports them in its job's data
  if (problems.length && body.commit) {
    throw new ServiceError('conflict', {
      detail: `The ${op} would fail: ${problems.length} problem(s) must be resolved first.`,
      problems,
      conflicts: plan.conflicts,
    });
  }
  const answer = await enqueue(c, op, branch, body);
  if (!(await transition(c.var.tx, branch.id, [needs[op]], operating[op])))
    throw conflict('Another operation started on this branch.');
  return answer;
}

/** `branchable-models/`: every model copied into a branch, as the plugin lists them. */
async function branchableModels(c: Context<AppEnv>): Promise<Response> {
  // any authenticated user may list them (the plugin's permission)
  if (c.var.services.settings.loginRequired) requireUser(c);
  const results = c.var.services.registry
    .all()
    // every model copied into a branch (its change log starts empty: not branched)
    .filter((m) => m.features.branching && m.table !== tables.objectChange)
    .map((m) => ({
      app_label: m.app,
      model: m.model,
      verbose_name: m.verboseName,
      verbose_name_plural: m.verboseNamePlural,
    }))
    .sort((a, b) => (`${a.app_label}.${a.model}` < `${b.app_label}.${b.model}` ? -1 : 1));
  // NetBox's view is not paginated: the plain list
  return respond(c, 200, results, { Allow: 'GET, HEAD, OPTIONS' });
}

/** `retry/`: a failed (or never provisioned) branch's schema dropped and its provisioning enqueued again. */
async function retry(c: Context<AppEnv>): Promise<Response> {
  await allowed(c, 'change');
  const branch = await branchFor(c);
  if (branch.status !== 'failed' && branch.status !== 'new')
    throw new ServiceError('conflict', {
      detail: `Only a failed branch can be provisioned again (status: ${branch.status}).`,
      status: branch.status,
    });
  await dropBranchSchema(c.var.tx, schemaName(branch.schema_id));
  const answer = await enqueue(c, 'provision', branch, { commit: true, acknowledge: false });
  await transition(c.var.tx, branch.id, ['failed', 'new'], 'provisioning');
  return answer;
}

/** `archive/`: a merged branch's schema dropped; the branch stays, archived. */
async function archive(c: Context<AppEnv>): Promise<Response> {
  await allowed(c, 'change');
  const branch = await branchFor(c);
  if (branch.status !== 'merged')
    throw new ServiceError('conflict', {
      detail: `Only merged branches can be archived (status: ${branch.status}).`,
      status: branch.status,
    });
  await dropBranchSchema(c.var.tx, schemaName(branch.schema_id));
  await transition(c.var.tx, branch.id, ['merged'], 'archived');
  await recordEvent(c.var.tx, branch.id, 'archived', c.var.user?.id ?? null);
  const [object] = await fetchObjects(c, c.var.services.registry.model(MODEL), [branch.id]);
  return respond(c, 200, object);
}

export function createBranchRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true });
  for (const op of ['sync', 'merge', 'revert'] as const)
    app.post(`/api/plugins/branching/branches/:id{[0-9]+}/${op}/`, (c) => operate(c, op));
  app.get('/api/plugins/branching/branchable-models/', branchableModels);
  app.post('/api/plugins/branching/branches/:id{[0-9]+}/retry/', retry);
  app.post('/api/plugins/branching/branches/:id{[0-9]+}/archive/', archive);
  return app;
}
