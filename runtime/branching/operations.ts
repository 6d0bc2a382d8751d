/**
 * The branch operations run by jobs: provision, sync, merge and revert. Each runs in one
 * REPEATABLE READ transaction under the branch's advisory lock; a dry run (`commit: false`) does
 * all the work and rolls it back. The job's data is the plugin's: its `log` (written as the job
 * runs, outside the operation's transaction) and a merge's summary; conflicts and problems, when
 * there are any, are added to it, all at once.
 */
import type { Db, Sql, SqlParam } from '../db/index.ts';
import type { TaskContext } from '../jobs/index.ts';
import type { WriteContext } from '../write/index.ts';
import type { Problem } from './apply.ts';
import { FALLBACK, type BranchRow, type BranchStatus, type TransitionalStatus } from './lifecycle.ts';
import { abandonBranchJob, getBranch, lockBranch, recordEvent, transition } from './branch-rows.ts';
import type { Conflict } from './plans.ts';
import { vacuumBranchTables } from './provision.ts';
import { schemaName } from './schema.ts';
import { jobProgress } from './progress.ts';
import { Abort, change, NothingToDo, provision, type StepContext } from './steps.ts';
import type { Operation } from './kinds.ts';
import { queryRow } from '../db/index.ts';

export { branchJobs, type BranchJobPayload, type Operation } from './kinds.ts';

export interface OperationRequest {
  readonly branchId: number;
  readonly commit: boolean;
  readonly acknowledgeConflicts: boolean;
  readonly userId: number | null;
  readonly username: string;
}

/** One run of an operation on its branch: the job running it, and what was asked of it by whom. */
interface OperationRun {
  readonly task: TaskContext;
  readonly op: Operation;
  readonly req: OperationRequest;
  readonly jobId: string;
  readonly branch: BranchRow;
}

export interface OperationReport {
  ok: boolean;
  conflicts: Conflict[];
  problems: Problem[];
  /** the job's data */
  data: Record<string, unknown> & { log: string[] };
}

const OPERATING: Record<Operation, TransitionalStatus> = {
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
const VERB: Record<Operation, string> = {
  provision: 'Provisioning',
  sync: 'Syncing',
  merge: 'Merging',
  revert: 'Reverting',
};
const COMPLETED: Record<Operation, string> = {
  provision: 'Provisioning completed',
  sync: 'Syncing completed',
  merge: 'Merging completed',
  revert: 'Reversion completed',
};

function context({ task, op, req, jobId, branch }: OperationRun, tx: Db): WriteContext {
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
    ...(op === 'sync' ? { branch: { id: branch.id, schema: schemaName(branch.schema_id) } } : {}),
  };
}

/** The operation's end: the branch leaves its transitional state, and the event is recorded. */
async function finishOperation(
  { op, req, branch }: OperationRun,
  tx: Db,
  fields: Record<string, SqlParam>,
  say: StepContext['say'],
): Promise<void> {
  say(`Setting branch status to ${DONE[op]}`);
  if (!(await transition(tx, branch.id, [OPERATING[op]], DONE[op], fields)))
    throw new Error('the branch changed status during the operation');
  say(`Recording branch event: ${EVENT[op]}`);
  await recordEvent(tx, branch.id, EVENT[op], req.userId);
}

/** Columns the branch's end state sets: its new snapshot (provision, sync) and the merge or sync stamps. */
async function stamps(tx: Db, op: Operation, req: OperationRequest): Promise<Record<string, SqlParam>> {
  // the snapshot the branch is now in step with: its next sync starts from here
  const snapshot: Record<string, SqlParam> =
    op === 'provision' || op === 'sync'
      ? { snapshot: (await queryRow(tx, 'SELECT pg_current_snapshot()::text AS s')).s }
      : {};
  const when: Record<string, SqlParam> =
    op === 'merge'
      ? { merged_time: new Date().toISOString(), merged_by_id: req.userId }
      : op === 'revert'
        ? { merged_time: null, merged_by_id: null }
        : { last_sync: new Date().toISOString() };
  return { job: null, ...snapshot, ...when };
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
  const report: OperationReport = { ok: false, conflicts: [], problems: [], data: { log: [] } };
  const progress = jobProgress(sql, jobId, report.data.log);
  const say = (line: string) => {
    report.data.log.push(line);
    progress.logged();
  };
  let branch = await getBranch(sql, req.branchId);
  if (!branch) throw new Error(`Branch ${req.branchId} no longer exists.`);
  // a new branch shows "provisioning" while its copy is made (committed first, so clients see it)
  if (op === 'provision' && branch.status === 'new' && branch.job === jobId) {
    await transition(sql, branch.id, ['new'], 'provisioning');
    const provisioning = await getBranch(sql, req.branchId);
    if (!provisioning) throw new Error(`Branch ${req.branchId} no longer exists.`);
    branch = provisioning;
  }
  if (branch.job !== jobId || branch.status !== OPERATING[op]) {
    say(`Branch ${branch.name} is ${branch.status} and belongs to job ${branch.job ?? 'none'}: nothing done`);
    await progress.flush();
    return report;
  }
  say(`${VERB[op]} branch ${branch.name} (${schemaName(branch.schema_id)})`);
  const run: OperationRun = { task, op, req, jobId, branch };
  let filled: readonly string[] = [];
  let finish: Record<string, SqlParam> = {};
  try {
    await sql.begin('isolation level repeatable read', async (tx) => {
      await lockBranch(tx, branch.id);
      const s: StepContext = { task, tx, branch, report, progress, say };
      if (op === 'provision') filled = await provision(s, jobId);
      else await change(s, op, context(run, tx), req.acknowledgeConflicts);
      if (!req.commit) throw new Abort(true);
      finish = await stamps(tx, op, req);
      // a new branch is made ready only once its tables are vacuumed (below)
      if (op !== 'provision') await finishOperation(run, tx, finish, say);
    });
    if (op === 'provision') {
      await vacuumBranchTables(sql, schemaName(branch.schema_id), filled);
      await sql.begin((tx) => finishOperation(run, tx, finish, say));
    }
    say(COMPLETED[op]);
    report.ok = true;
  } catch (e) {
    if (!(e instanceof Abort) && !(e instanceof NothingToDo)) throw e;
    if (e instanceof Abort && e.dryRun) say('Dry run completed; rolling back changes');
    report.ok = e instanceof NothingToDo || (e as Abort).dryRun;
    await sql.begin(async (tx) => {
      await transition(tx, branch.id, [OPERATING[op]], FALLBACK[OPERATING[op]], { job: null });
    });
  }
  if (report.conflicts.length) report.data.conflicts = report.conflicts;
  if (report.problems.length) report.data.problems = report.problems;
  await progress.flush();
  return report;
}

/** When a job gives up for good, its branch goes back to a stable state. */
export async function abandonOperation(sql: Sql, op: Operation, branchId: number, jobId: string): Promise<void> {
  await abandonBranchJob(sql, { branchId, jobId, from: OPERATING[op], to: FALLBACK[OPERATING[op]] });
}
