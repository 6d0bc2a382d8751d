/**
 * A commit wakes the sequencer at once instead of at its next tick: every write that records a change
 * sends a notice on COMMIT_CHANNEL inside its transaction, which PostgreSQL delivers when (and only if) it
 * commits, to every process; the sequencer listens, and the holder of its lock sequences right away. A
 * write made without the observer (or a notice lost with its connection) is seen at the next tick.
 */
import { query } from '../db/index.ts';
import type { ChangeObserver } from '../write/index.ts';

/** The channel a committing write wakes the sequencer on (one notice per transaction). */
export const COMMIT_CHANNEL = 'nb_change_committed';

export function createCommitObserver(): ChangeObserver {
  return {
    async changed(ctx, changes) {
      // PostgreSQL folds the same notice sent twice in one transaction into one
      if (changes.some((c) => c.model.features.changelog))
        await query(ctx.db, `SELECT pg_notify('${COMMIT_CHANNEL}', '')`);
    },
  };
}
