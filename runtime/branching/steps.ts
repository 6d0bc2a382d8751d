/**
 * The work of a branch operation inside its transaction, logged line by line as the branching
 * plugin logs it: provisioning copies main's tables; a sync, merge or revert works through its
 * change records (job-log.ts) and applies the planned object states through the write path.
 */
import { ident, keepCounters, keepTotals, type Db, query } from '../db/index.ts';
import type { TaskContext } from '../jobs/index.ts';
import type { WriteContext } from '../write/index.ts';
import { applyStates, type ObjectState } from './apply.ts';
import { mainStates, rebase, recordMerged } from './diff-upkeep.ts';
import { applyLines, branchRecords, changesSummary, undoLines, unsyncedRecords, type ChangeRecord } from './job-log.ts';
import type { BranchRow } from './lifecycle.ts';
import { planMerge, planRevert, planSync } from './plans.ts';
import { createBranchTables, dropBranchSchema } from './provision.ts';
import type { Progress } from './progress.ts';
import { branchableTables, branchCounters, branchTotals, inSchema, schemaName } from './schema.ts';
import { branchJobs, type Operation } from './kinds.ts';
import { fireMergedChanges } from '../events/index.ts';
import type { OperationReport } from './operations.ts';

/** Thrown to roll the operation back; the report says why (or that it was a dry run). */
export class Abort extends Error {
  constructor(readonly dryRun = false) {
    super('rolled back');
  }
}

/** Nothing to do: the plugin's "No changes found; aborting." (the branch keeps its state, no event). */
export class NothingToDo extends Error {}

export interface StepContext {
  readonly task: TaskContext;
  readonly tx: Db;
  readonly branch: BranchRow;
  readonly report: OperationReport;
  readonly progress: Progress;
  readonly say: (line: string) => void;
}

/** Copies main's branchable tables into the branch's schema; returns the tables that received rows. */
export async function provision(s: StepContext, jobId: string): Promise<readonly string[]> {
  const schema = schemaName(s.branch.schema_id);
  // a copy this job committed before dying (before the branch was made ready) is made again;
  // anything else in the way fails the job
  const [mark] = await query(
    s.tx,
    "SELECT obj_description(oid, 'pg_namespace') AS job FROM pg_namespace WHERE nspname = $1",
    [schema],
  );
  if (mark && mark.job === `job ${jobId}`) await dropBranchSchema(s.tx, schema);
  s.say(`Creating schema ${schema}`);
  const names = branchableTables(s.task.registry);
  const stats = await createBranchTables(s.tx, schema, names, true, (done, total) => {
    s.say(`Creating table ${schema}.${names[done - 1]}`);
    s.progress.step('copy', done, total);
  });
  // the copy's counts are main's in the same snapshot: the triggers keep them from here
  await keepCounters(s.tx, schema, branchCounters(s.task.registry), false);
  await keepTotals(s.tx, schema, branchTotals(s.task.registry));
  for (const t of stats.filled) s.say(`Copying public.${t} -> ${schema}.${t}`);
  for (const t of names) s.say(`Analyzing ${schema}.${t}`);
  await query(s.tx, `COMMENT ON SCHEMA ${ident(schema)} IS 'job ${jobId.replace(/'/g, '')}'`);
  await query(s.tx, "SELECT set_config('search_path', 'public', true)");
  return stats.filled;
}

const VERB = { sync: 'Syncing', merge: 'Merging', revert: 'Reverting' } as const;
/** How a merge (and so its revert) applies the branch's changes: the plugin's default, its net effect per object. */
const MERGE_STRATEGY = 'iterative';
const OPERATING = { sync: 'syncing', merge: 'merging', revert: 'reverting' } as const;

/** A sync, merge or revert: its records, its plan, and the states applied (to the branch for a sync). */
export async function change(
  s: StepContext,
  op: Exclude<Operation, 'provision'>,
  ctx: WriteContext,
  acknowledge: boolean,
): Promise<void> {
  const { task, tx, branch, report } = s;
  const schema = schemaName(branch.schema_id);
  const unsynced = async () => unsyncedRecords(tx, task.registry, branch.snapshot ?? '', branch.id);
  const records: ChangeRecord[] =
    op === 'sync' ? await unsynced() : await branchRecords(tx, task.registry, schema, branchJobs.sync.task);
  if (op === 'merge') {
    report.data.report = [];
    report.data.changes_summary = changesSummary(records);
    report.data.has_unsynced_changes = (await unsynced()).length > 0;
    report.data.merge_strategy = MERGE_STRATEGY;
  }
  const plan =
    op === 'sync'
      ? await planSync(tx, task.registry, branch)
      : op === 'merge'
        ? await planMerge(tx, task.registry, branch)
        : await planRevert(tx, task.registry, branch);
  if (!records.length && !plan.states.length) {
    s.say('No changes found; aborting.');
    throw new NothingToDo();
  }
  s.say(`Found ${records.length} changes to ${op}`);
  s.say(`Setting branch status to ${OPERATING[op]}`);
  if (op !== 'sync') s.say(`${VERB[op]} using ${MERGE_STRATEGY} strategy`);
  report.conflicts = plan.conflicts;
  if (plan.conflicts.length && !acknowledge) {
    s.say('All conflicts must be acknowledged before this action can proceed.');
    throw new Abort();
  }
  for (const line of op === 'revert' ? undoLines(task.registry, records) : applyLines(task.registry, records))
    s.say(op === 'sync' ? line.replace(/ using default /, ` using ${schema} `) : line);
  const before = op === 'merge' ? await mainStates(task, tx, branch) : null;
  s.progress.step('apply', 0, plan.states.length);
  report.problems = await inSchema(tx, op === 'sync' ? schema : null, () =>
    applyStates(ctx, plan.states, (done, total) => s.progress.step('apply', done, total)),
  );
  if (report.problems.length) {
    for (const p of report.problems.slice(0, 20)) s.say(`${p.object_type} ${p.object_id}: ${p.message}`);
    s.say(`${report.problems.length} problem(s): nothing was applied`);
    throw new Abort();
  }
  if (op === 'sync') {
    await rebase(task, tx, branch);
    await stampCreated(tx, 'public', schema, plan.states);
  } else {
    // a merge fires its rules once per change the branch made, in order (a revert, per object it writes)
    if (op === 'merge')
      await fireMergedChanges(
        ctx,
        schema,
        records.map((r) => r.id),
      );
    await recordMerged(task, tx, branch, before);
    await stampCreated(tx, schema, 'public', plan.states);
  }
}

/**
 * Objects an operation created carry their creation and last update times from the side they came from
 * (the branch for a merge or a revert, main for a sync), to the microsecond; an object the other side no
 * longer has keeps the times of its write.
 */
async function stampCreated(tx: Db, from: string, to: string, states: readonly ObjectState[]): Promise<void> {
  const byTable = new Map<string, number[]>();
  for (const st of states) {
    if (st.action !== 'create') continue;
    const names = new Set(st.model.fields.map((f) => f.column));
    if (!names.has('created') || !names.has('last_updated')) continue;
    byTable.set(st.model.table, [...(byTable.get(st.model.table) ?? []), st.id]);
  }
  for (const [table, ids] of byTable) {
    await query(
      tx,
      `UPDATE ${ident(to)}.${ident(table)} t
          SET created = s.created, last_updated = coalesce(s.last_updated, t.last_updated)
         FROM ${ident(from)}.${ident(table)} s WHERE s.id = t.id AND t.id = ANY($1::bigint[])`,
      [ids],
    );
  }
}
