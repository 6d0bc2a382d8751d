/**
 * Task `prune_tasks`: background tasks that ended are listed for at least a day (their `result_ttl`);
 * failed ones stay for CHANGELOG_RETENTION days (0: until deleted or requeued), so a failed delivery can
 * still be read and requeued. Scheduled daily.
 */
import type { JobTask } from '../jobs/index.ts';
import { tables, query } from '../db/index.ts';
import { RESULT_TTL } from '../jobs/index.ts';

export const pruneTasksTask: JobTask = async (ctx) => {
  const days = ctx.settings.changelogRetentionDays;
  const rows = await query(
    ctx.sql,
    `DELETE FROM public.${tables.backgroundTask}
      WHERE (status IN ('finished', 'canceled', 'stopped') AND ended_at < now() - make_interval(secs => $1))
         OR ($2::int > 0 AND status = 'failed' AND ended_at < now() - make_interval(days => $2::int))
      RETURNING 1`,
    [RESULT_TTL, days],
  );
  return { ok: true, data: { deleted: rows.length }, error: '' };
};
