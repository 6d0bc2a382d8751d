/**
 * Progress of a running branch job, visible while it runs: `data.progress` ({stage, done, total})
 * and `log_entries` ({level, message, timestamp}, NetBox's shape) of its core_job row, written on
 * the task pool (not the operation's transaction, which a dry run rolls back), at most every 250 ms.
 */
import type { Sql } from '../db/index.ts';
import { tables } from '../db/tables.ts';

export interface Progress {
  step(stage: string, done: number, total: number): void;
  log(message: string, level?: 'info' | 'warning' | 'error'): void;
  /** writes what is pending; the last call of a job */
  flush(): Promise<void>;
}

export function jobProgress(sql: Sql, jobId: string, everyMs = 250): Progress {
  let current: { stage: string; done: number; total: number } | undefined;
  let entries: { level: string; message: string; timestamp: string }[] = [];
  let dirty = false;
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    if (!dirty) return chain;
    dirty = false;
    const progress = current ? JSON.stringify(current) : null;
    const logged = JSON.stringify(entries);
    entries = [];
    chain = chain.then(() =>
      sql
        .unsafe(
          `UPDATE public.${tables.job} SET data = CASE WHEN $2::text IS NULL THEN data ELSE coalesce(data,
        '{}'::jsonb) || jsonb_build_object('progress', $2::text::jsonb) END,
              log_entries = coalesce(log_entries, '[]'::jsonb) || $3::text::jsonb, last_updated = now()
        WHERE job_id = $1`,
          [jobId, progress, logged],
        )
        .then(
          () => {},
          () => {},
        ),
    );
    return chain;
  };
  const soon = () => {
    dirty = true;
    timer ??= setTimeout(() => void write(), everyMs);
  };
  return {
    step(stage, done, total) {
      current = { stage, done, total };
      soon();
    },
    log(message, level = 'info') {
      entries.push({ level, message, timestamp: new Date().toISOString() });
      soon();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}
