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

export interface JobRow<P = Record<string, unknown>> {
  readonly id: number;
  readonly job_id: string;
  readonly name: string;
  readonly task: string;
  readonly payload: P | null;
  readonly object_type: string | null;
  readonly object_id: number | null;
  readonly user_id: number | null;
  /** no retry follows if this run throws */
  readonly lastAttempt: boolean;
  /** a background task's meta as its runs so far left it (one continued from another pool: TaskOutcome.continueAs) */
  readonly meta?: Record<string, unknown>;
}

export interface TaskOutcome {
  readonly ok: boolean;
  /** a job's `data`; a background task's `meta` */
  readonly data: unknown;
  readonly error: string;
  /** a background task's `result` text (else its data as JSON when it succeeded) */
  readonly result?: string;
  /**
   * a background task that is not done goes on as this task (of another pool), queued again at once
   * with `data` as its meta; its stream still waits for it
   */
  readonly continueAs?: string;
}

export type JobTask<P = Record<string, unknown>> = (ctx: TaskContext, job: JobRow<P>) => Promise<TaskOutcome>;

/**
 * A kind of job: the task's name, and the type of its payload for the compiler. The module that
 * enqueues a kind declares it; tasks/ pairs it with the task that runs it (defineTask), so a name
 * without a task, or a task reading another payload, does not compile.
 */
export interface JobKind<P> {
  readonly task: string;
  readonly payload?: P;
}

export const jobKind = <P>(task: string): JobKind<P> => ({ task });

export function defineTask<P>(kind: JobKind<P>, run: JobTask<P>): readonly [string, JobTask] {
  return [kind.task, run as unknown as JobTask];
}
