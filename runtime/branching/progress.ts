/**
 * A running branch job's progress, visible while it runs: its `data.log` so far and `data.progress`
 * ({stage, done, total}) on its core_job row, written on the task pool (not the operation's
 * transaction, which a dry run rolls back), at most every 250 ms. The job's last write (its outcome)
 * replaces them with the final data.
 */
import type { Sql } from '../db/index.ts';
import { writeJobData } from '../jobs/index.ts';

export interface Progress {
  step(stage: string, done: number, total: number): void;
  /** the log grew */
  logged(): void;
  /** writes what is pending; the last call of a job */
  flush(): Promise<void>;
}

export function jobProgress(sql: Sql, jobId: string, log: readonly string[], everyMs = 250): Progress {
  let current: { stage: string; done: number; total: number } | undefined;
  let dirty = false;
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    if (!dirty) return chain;
    dirty = false;
    const data = JSON.stringify({ log, ...(current ? { progress: current } : {}) });
    chain = chain.then(() =>
      writeJobData(sql, jobId, data).then(
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
    logged: soon,
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      dirty = false;
      await chain;
    },
  };
}
