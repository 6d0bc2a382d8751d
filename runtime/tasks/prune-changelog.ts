/** Task `prune_changelog`: CHANGELOG_RETENTION housekeeping, scheduled daily. */
import { pruneChangelog } from '../changelog/prune.ts';
import type { JobTask } from '../jobs/task.ts';

export const pruneChangelogTask: JobTask = async (ctx) => {
  const deleted = await pruneChangelog(ctx.sql, ctx.settings.changelogRetentionDays);
  return { ok: true, data: { deleted, retention_days: ctx.settings.changelogRetentionDays }, error: '' };
};
