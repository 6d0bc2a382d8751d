/** The shape of a job task: it gets the job's row and returns its outcome (it never hides errors). */
import type { Registry } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import type { Sql } from '../db/index.ts';
import type { ChangeObserver, HookRegistry } from '../write/index.ts';

export interface TaskContext {
  readonly sql: Sql;
  readonly settings: Settings;
  readonly registry: Registry;
  readonly hooks: HookRegistry;
  readonly observers: readonly ChangeObserver[];
}

export interface JobRow {
  readonly id: number;
  readonly job_id: string;
  readonly name: string;
  readonly task: string;
  readonly payload: Record<string, unknown> | null;
  readonly object_type: string | null;
  readonly object_id: number | null;
  readonly user_id: number | null;
  /** no retry follows if this run throws */
  readonly lastAttempt: boolean;
}

export interface TaskOutcome {
  readonly ok: boolean;
  readonly data: unknown;
  readonly error: string;
}

export type JobTask = (ctx: TaskContext, job: JobRow) => Promise<TaskOutcome>;
