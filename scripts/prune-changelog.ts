/**
 * `npm run prune-changelog`: deletes change records and webhook deliveries older than CHANGELOG_RETENTION days,
 * once.
 */
import { loadSettings } from '../runtime/config/index.ts';
import { connect } from '../runtime/db/index.ts';
import { pruneChangelog } from '../runtime/changelog/prune.ts';
import { pruneDeliveries } from '../runtime/events/log.ts';
import { pruneEpochs } from '../runtime/stream/epochs.ts';

const settings = loadSettings();
if (!settings.databaseUrl) {
  console.error('set DATABASE_URL (with the embedded database, the running server prunes on its own schedule)');
  process.exit(2);
}
const sql = connect(settings.databaseUrl, { max: 1 });
const n = await pruneChangelog(sql, settings.changelogRetentionDays);
const d = await pruneDeliveries(sql, settings.changelogRetentionDays);
await pruneEpochs(sql, settings.changelogRetentionDays);
console.log(
  settings.changelogRetentionDays
    ? `${n} change record(s) and ${d} webhook delivery attempt(s) older than ` +
        `${settings.changelogRetentionDays} days deleted`
    : 'CHANGELOG_RETENTION is 0: nothing deleted',
);
await sql.end();
