/** Tasks `provision_branch`, `sync_branch`, `merge_branch`, `revert_branch`: one branch operation each. */
import { abandonOperation, runOperation, type BranchJobPayload, type Operation } from '../branching/index.ts';
import type { JobTask } from '../jobs/index.ts';

export function branchOperationTask(op: Operation): JobTask<BranchJobPayload> {
  return async (ctx, job) => {
    const p = job.payload ?? { branch_id: 0 };
    let report;
    try {
      report = await runOperation(
        ctx,
        op,
        {
          branchId: p.branch_id,
          commit: p.commit !== false,
          acknowledgeConflicts: p.acknowledge_conflicts === true,
          userId: p.user_id ?? null,
          username: p.username ?? '',
        },
        job.job_id,
      );
    } catch (e) {
      // nothing was written (one transaction); with no retry left the branch goes back to a stable state
      if (job.lastAttempt) await abandonOperation(ctx.sql, op, p.branch_id, job.job_id);
      throw e;
    }
    const log = report.data.log;
    const why =
      report.conflicts.length && !report.ok
        ? `${report.conflicts.length} conflict(s) must be acknowledged`
        : report.problems.length
          ? `${report.problems.length} problem(s) prevent the ${op}`
          : (log[log.length - 1] ?? 'failed');
    return { ok: report.ok, data: report.data, error: report.ok ? '' : why };
  };
}
