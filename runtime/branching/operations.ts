/**
 * The branch operations run by jobs: provision, sync, merge and revert. Each runs in one
 * REPEATABLE READ transaction under the branch's advisory lock; a dry run (`commit: false`) does
 * all the work and rolls it back; problems and conflicts are reported together in the job data.
 */
import { ident, type Db, type Sql } from '../db/index.ts';
import { jobKind, type JobKind, type TaskContext } from '../jobs/task.ts';
import type { Snapshot, WriteContext } from '../write/index.ts';
import { applyStates, type Problem } from './apply.ts';
import { conflictsOf, type DiffAction } from './diffs.ts';
import {
  FALLBACK,
  getBranch,
  lockBranch,
  recordEvent,
  transition,
  type BranchRow,
  type BranchStatus,
} from './lifecycle.ts';
import { branchDiffs, planMerge, planRevert, planSync, statesIn, tracked, type Conflict } from './plans.ts';
import { createBranchTables, dropBranchSchema, vacuumBranchTables } from './provision.ts';
import { branchableTables, inSchema, schemaName } from './schema.ts';
import { jobProgress, type Progress } from './progress.ts';
import { tables } from '../db/tables.ts';

export type Operation = 'provision' | 'sync' | 'merge' | 'revert';

/** A branch job's payload, as the routes and the branch hooks enqueue it. */
export interface BranchJobPayload {
  readonly branch_id: number;
  readonly commit?: boolean;
  readonly acknowledge_conflicts?: boolean;
  readonly user_id?: number | null;
  readonly username?: string;
}

/** The job of each operation (tasks/branch-operation.ts runs them). */
export const branchJobs: Readonly<Record<Operation, JobKind<BranchJobPayload>>> = {
  provision: jobKind('provision_branch'),
  sync: jobKind('sync_branch'),
  merge: jobKind('merge_branch'),
  revert: jobKind('revert_branch'),
};

export interface OperationRequest {
  readonly branchId: number;
  readonly commit: boolean;
  readonly acknowledgeConflicts: boolean;
  readonly userId: number | null;
  readonly username: string;
}

export interface OperationReport {
  ok: boolean;
  dry_run: boolean;
  conflicts: Conflict[];
  problems: Problem[];
  changes: { created: number; updated: number; deleted: number };
  log: string[];
  ms?: number;
  rows_copied?: number;
  progress?: { stage: string; done: number; total: number };
}

const OPERATING: Record<Operation, BranchStatus> = {
  provision: 'provisioning',
  sync: 'syncing',
  merge: 'merging',
  revert: 'reverting',
};
const DONE: Record<Operation, BranchStatus> = { provision: 'ready', sync: 'ready', merge: 'merged', revert: 'ready' };
const EVENT: Record<Operation, string> = {
  provision: 'provisioned',
  sync: 'synced',
  merge: 'merged',
  revert: 'reverted',
};

class Abort extends Error {
  constructor(readonly report: OperationReport) {
    super('rolled back');
  }
}

function context(
  task: TaskContext,
  tx: Db,
  req: OperationRequest,
  jobId: string,
  branch: BranchRow,
  op: Operation,
  target: 'main' | 'branch',
): WriteContext {
  return {
    db: tx,
    registry: task.registry,
    settings: task.settings,
    actor: req.userId ? { id: req.userId, username: req.username } : null,
    requestId: jobId,
    observers: task.observers,
    hooks: task.hooks,
    strictInput: true,
    operation: { branchId: branch.id, kind: op === 'provision' ? 'sync' : op },
    ...(target === 'branch' ? { branch: { id: branch.id, schema: schemaName(branch.schema_id) } } : {}),
  };
}

function count(states: { action: string }[]) {
  return {
    created: states.filter((s) => s.action === 'create').length,
    updated: states.filter((s) => s.action === 'update').length,
    deleted: states.filter((s) => s.action === 'delete').length,
  };
}

/** After a sync, the baseline of every diff moves to main's state (no false conflicts later). */
async function rebase(task: TaskContext, tx: Db, branch: BranchRow): Promise<void> {
  const diffs = await branchDiffs(tx, branch.id);
  if (!diffs.length) return;
  const objects = diffs.map((d) => ({ type: d.object_type, id: d.object_id }));
  const main = await statesIn(tx, task.registry, null, objects);
  const br = await statesIn(tx, task.registry, schemaName(branch.schema_id), objects);
  const keep: Record<string, unknown>[] = [];
  const drop: number[] = [];
  for (const d of diffs) {
    const k = `${d.object_type}:${d.object_id}`;
    const m = main.get(k)?.snapshot ?? null;
    const b = br.get(k)?.snapshot ?? null;
    let action: DiffAction = d.action;
    let original = d.original_data;
    if (d.action === 'create') {
      if (!b) {
        drop.push(d.id);
        continue;
      }
    } else if (!b && !m) {
      drop.push(d.id);
      continue;
    } else {
      if (m) original = m;
      if (b && m && JSON.stringify(b) === JSON.stringify(m)) {
        drop.push(d.id);
        continue;
      }
      action = b ? 'update' : 'delete';
    }
    keep.push({
      id: d.id,
      action,
      original_data: original,
      modified_data: b,
      current_data: m,
      conflicts: conflictsOf(action, original, b, m),
    });
  }
  if (drop.length)
    await tx.unsafe(`DELETE FROM public.${tables.changeDiff} WHERE id = ANY($1::bigint[])`, [drop as never]);
  if (keep.length) {
    await tx.unsafe(
      `UPDATE public.${tables.changeDiff} d
          SET action = r.action, original_data = r.original_data, modified_data = r.modified_data,
              current_data = r.current_data, conflicts = ARRAY(SELECT jsonb_array_elements_text(r.conflicts)),
              last_updated = now()
         FROM jsonb_to_recordset($1::text::jsonb)
           AS r(id bigint, action text, original_data jsonb, modified_data jsonb, current_data jsonb, conflicts jsonb)
        WHERE d.id = r.id`,
      [JSON.stringify(keep)],
    );
  }
}

/** Main's state of every object the branch changed (null = main does not have it). */
async function mainStates(task: TaskContext, tx: Db, branch: BranchRow): Promise<Map<string, Snapshot | null>> {
  const diffs = (await branchDiffs(tx, branch.id)).filter((d) => tracked(task.registry, d.object_type));
  const main = await statesIn(
    tx,
    task.registry,
    null,
    diffs.map((d) => ({ type: d.object_type, id: d.object_id })),
  );
  return new Map(
    diffs.map((d) => [
      `${d.object_type}:${d.object_id}`,
      main.get(`${d.object_type}:${d.object_id}`)?.snapshot ?? null,
    ]),
  );
}

/**
 * After a merge, each diff keeps main's state before and after it: a revert restores the one and
 * refuses where main moved on from the other. After a revert both are cleared.
 */
async function recordMerged(
  task: TaskContext,
  tx: Db,
  branch: BranchRow,
  before: Map<string, Snapshot | null> | null,
): Promise<void> {
  const diffs = await branchDiffs(tx, branch.id);
  const after = await mainStates(task, tx, branch);
  const rows = diffs.map((d) => {
    const k = `${d.object_type}:${d.object_id}`;
    const m = after.get(k) ?? null;
    return before
      ? { id: d.id, premerge: before.get(k) ?? null, merged: m, current: m, conflicts: [] }
      : {
          id: d.id,
          premerge: null,
          merged: null,
          current: m,
          conflicts: conflictsOf(d.action, d.original_data, d.modified_data, m),
        };
  });
  if (!rows.length) return;
  await tx.unsafe(
    `UPDATE public.${tables.changeDiff} d
        SET premerge_data = r.premerge, merged_data = r.merged, current_data = r.current,
            conflicts = ARRAY(SELECT jsonb_array_elements_text(r.conflicts)), last_updated = now()
       FROM jsonb_to_recordset($1::text::jsonb)
         AS r(id bigint, premerge jsonb, merged jsonb, current jsonb, conflicts jsonb)
      WHERE d.id = r.id`,
    [JSON.stringify(rows)],
  );
}

/** Runs the operation in `tx`; returns the branch tables it filled (provisioning), to vacuum after commit. */
async function body(
  task: TaskContext,
  tx: Db,
  op: Operation,
  branch: BranchRow,
  req: OperationRequest,
  jobId: string,
  report: OperationReport,
  progress: Progress,
): Promise<readonly string[]> {
  const schema = schemaName(branch.schema_id);
  if (op === 'provision') {
    // a copy this job committed before dying (before the branch was made ready) is made again;
    // anything else in the way fails the job
    const [mark] = await tx.unsafe(
      "SELECT obj_description(oid, 'pg_namespace') AS job FROM pg_namespace WHERE nspname = $1",
      [schema],
    );
    if (mark && mark.job === `job ${jobId}`) await dropBranchSchema(tx, schema);
    const stats = await createBranchTables(tx, schema, branchableTables(task.registry), true, (done, total) => {
      report.progress = { stage: 'copy', done, total };
      progress.step('copy', done, total);
    });
    await tx.unsafe(`COMMENT ON SCHEMA ${ident(schema)} IS 'job ${jobId.replace(/'/g, '')}'`);
    await tx.unsafe("SELECT set_config('search_path', 'public', true)");
    report.rows_copied = stats.rows;
    report.log.push(`copied ${stats.rows} rows of ${stats.tables} tables in ${stats.ms} ms`);
    return stats.filled;
  }
  const plan =
    op === 'sync'
      ? await planSync(tx, task.registry, branch)
      : op === 'merge'
        ? await planMerge(tx, task.registry, branch)
        : await planRevert(tx, task.registry, branch);
  report.conflicts = plan.conflicts;
  report.changes = count(plan.states);
  report.log.push(`${plan.states.length} object change(s) to apply, ${plan.conflicts.length} conflict(s)`);
  progress.log(report.log[report.log.length - 1]!);
  progress.step('apply', 0, plan.states.length);
  if (plan.conflicts.length && !req.acknowledgeConflicts) {
    report.log.push('conflicts not acknowledged: nothing applied');
    throw new Abort(report);
  }
  const target = op === 'sync' ? 'branch' : 'main';
  const before = op === 'merge' ? await mainStates(task, tx, branch) : null;
  const ctx = context(task, tx, req, jobId, branch, op, target);
  report.problems = await inSchema(tx, target === 'branch' ? schema : null, () =>
    applyStates(ctx, plan.states, (done, total) => {
      report.progress = { stage: 'apply', done, total };
      progress.step('apply', done, total);
    }),
  );
  if (report.problems.length) {
    report.log.push(`${report.problems.length} problem(s): nothing applied`);
    throw new Abort(report);
  }
  if (op === 'sync') await rebase(task, tx, branch);
  else await recordMerged(task, tx, branch, before);
  return [];
}

/** The operation's end: the branch leaves its transitional state, and the event is recorded. */
async function finishOperation(
  tx: Db,
  op: Operation,
  branchId: number,
  fields: Record<string, unknown>,
  userId: number | null,
): Promise<void> {
  if (!(await transition(tx, branchId, [OPERATING[op]], DONE[op], fields)))
    throw new Error('the branch changed status during the operation');
  await recordEvent(tx, branchId, EVENT[op], userId);
}

/**
 * Runs one operation for a job. The branch must be in the operation's transitional state and
 * belong to this job (set when it was requested), so two operations can never overlap.
 */
export async function runOperation(
  task: TaskContext,
  op: Operation,
  req: OperationRequest,
  jobId: string,
): Promise<OperationReport> {
  const sql: Sql = task.sql;
  const started = Date.now();
  const report: OperationReport = {
    ok: false,
    dry_run: !req.commit,
    conflicts: [],
    problems: [],
    changes: { created: 0, updated: 0, deleted: 0 },
    log: [],
  };
  const progress = jobProgress(sql, jobId);
  progress.log(`${op} of branch ${req.branchId} started${req.commit ? '' : ' (dry run)'}`);
  let branch = await getBranch(sql, req.branchId);
  if (!branch) throw new Error(`Branch ${req.branchId} no longer exists.`);
  // a new branch shows "provisioning" while its copy is made (committed first, so clients see it)
  if (op === 'provision' && branch.status === 'new' && branch.job === jobId) {
    await transition(sql, branch.id, ['new'], 'provisioning');
    branch = (await getBranch(sql, req.branchId))!;
  }
  if (branch.job !== jobId || branch.status !== OPERATING[op]) {
    report.log.push(`branch is ${branch.status} and belongs to job ${branch.job ?? 'none'}: nothing done`);
    return report;
  }
  let filled: readonly string[] = [];
  let finish: Record<string, unknown> = {};
  try {
    await sql.begin('isolation level repeatable read', async (tx) => {
      await lockBranch(tx, branch.id);
      filled = await body(task, tx, op, branch, req, jobId, report, progress);
      if (!req.commit) {
        report.log.push('dry run: all changes rolled back');
        throw new Abort(report);
      }
      // the snapshot the branch is now in step with: its next sync starts from here
      const snapshot =
        op === 'provision' || op === 'sync'
          ? { snapshot: (await tx.unsafe('SELECT pg_current_snapshot()::text AS s'))[0]!.s }
          : {};
      const stamps =
        op === 'merge'
          ? { merged_time: new Date().toISOString(), merged_by_id: req.userId }
          : op === 'revert'
            ? { merged_time: null, merged_by_id: null }
            : { last_sync: new Date().toISOString() };
      finish = { job: null, ...snapshot, ...stamps };
      // a new branch is made ready only once its tables are vacuumed (below)
      if (op !== 'provision') await finishOperation(tx, op, branch.id, finish, req.userId);
    });
    if (op === 'provision') {
      report.log.push(
        `vacuumed ${filled.length} tables in ${await vacuumBranchTables(sql, schemaName(branch.schema_id), filled)} ms`,
      );
      await sql.begin((tx) => finishOperation(tx, op, branch.id, finish, req.userId));
    }
    report.ok = true;
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    report.ok = report.dry_run && !report.problems.length && !(report.conflicts.length && !req.acknowledgeConflicts);
    await sql.begin(async (tx) => {
      await transition(tx, branch.id, [OPERATING[op]], FALLBACK[OPERATING[op]]!, { job: null });
    });
  }
  report.ms = Date.now() - started;
  for (const line of report.log.slice(1)) progress.log(line, report.ok ? 'info' : 'warning');
  progress.log(
    `${op} ${report.ok ? 'completed' : 'ended without changes'} in ${report.ms} ms`,
    report.ok ? 'info' : 'warning',
  );
  await progress.flush();
  return report;
}

/** When a job gives up for good, its branch goes back to a stable state. */
export async function abandonOperation(sql: Sql, op: Operation, branchId: number, jobId: string): Promise<void> {
  await sql.unsafe(
    `UPDATE public.${tables.branch} SET status = $2, job = NULL, last_updated = now()
      WHERE id = $1 AND status = $3 AND job = $4`,
    [branchId, FALLBACK[OPERATING[op]] ?? 'ready', OPERATING[op], jobId],
  );
}
