/** Positional parameters for hand-built SQL: every value from a request goes through here. */
import type { SqlParam } from './query.ts';
export class Params {
  readonly values: SqlParam[] = [];

  private aliases = 0;

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Drops the values added after the first `count` (of SQL being built that was given up). */
  discard(count: number): void {
    this.values.length = count;
  }

  /**
   * A table alias unique within the statement. Numbered per statement, so the same request gives the
   * same SQL text every time (a process-wide counter would make each text new, and never a named one).
   */
  alias(prefix: string): string {
    return `${prefix}${++this.aliases}`;
  }
}

/** Escapes LIKE wildcards so a user's text matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
