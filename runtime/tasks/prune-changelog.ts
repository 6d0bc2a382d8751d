/**
 * Task `prune_changelog`: CHANGELOG_RETENTION housekeeping, scheduled daily: change records, the
 * delivery log (every attempt, failed or not, is kept as long as the change log) and the change
 * stream's history (each schema's newest row stays: a stream started now reads on from it).
 */
import { pruneChangelog } from '../changelog/index.ts';
import { pruneDeliveries } from '../events/index.ts';
import { pruneEpochs } from '../stream/index.ts';
import type { JobTask } from '../jobs/index.ts';

export const pruneChangelogTask: JobTask = async (ctx) => {
  const days = ctx.settings.changelogRetentionDays;
  const deleted = await pruneChangelog(ctx.sql, days);
  const deliveries = await pruneDeliveries(ctx.sql, days);
  const history = await pruneEpochs(ctx.sql, days);
  return {
    ok: true,
    data: { deleted, deliveries_deleted: deliveries, stream_rows_deleted: history, retention_days: days },
    error: '',
  };
};
