/**
 * How many requests an import has in flight at the source: at most the configured number, halved
 * when the source says it is overloaded (429, 5xx, a dropped connection) with a pause before the
 * next request, and grown back by one after a run of good answers. The source sets the pace.
 */
import { setTimeout as pause } from 'node:timers/promises';

export interface LimiterStats {
  /** times the source asked to slow down */
  readonly slowdowns: number;
  /** the lowest concurrency the import fell to */
  readonly lowest: number;
  readonly current: number;
}

export class Limiter {
  private active = 0;
  private current: number;
  private goodRun = 0;
  private pausedUntil = 0;
  private slowdowns = 0;
  private lowest: number;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {
    this.current = max;
    this.lowest = max;
  }

  get stats(): LimiterStats {
    return { slowdowns: this.slowdowns, lowest: this.lowest, current: this.current };
  }

  /** Runs `fn` when a slot is free (and any pause is over); `signal` ends the wait for it. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await fn();
    } finally {
      this.active--;
      this.wake();
    }
  }

  /** The source is struggling: half the requests at once, none for `pauseMs`. */
  slowDown(pauseMs: number): void {
    this.slowdowns++;
    this.goodRun = 0;
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.lowest = Math.min(this.lowest, this.current);
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pauseMs);
  }

  /** A good answer: after as many good answers in a row as four rounds of slots, one slot more. */
  succeeded(): void {
    if (this.current >= this.max) return;
    if (++this.goodRun < this.current * 4) return;
    this.goodRun = 0;
    this.current++;
    this.wake();
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.pausedUntil - Date.now();
      if (wait > 0) await pause(wait, undefined, signal ? { signal } : {});
      else if (this.active < this.current) break;
      else await new Promise<void>((r) => this.waiting.push(r));
    }
    this.active++;
  }

  private wake(): void {
    // as many as there are free slots; each checks again on waking (and queues again if beaten to it)
    let free = this.current - this.active;
    while (free-- > 0) {
      const next = this.waiting.shift();
      if (!next) break;
      next();
    }
  }
}
