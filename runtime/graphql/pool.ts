/**
 * The worker threads that check GraphQL requests (worker.ts, check.ts): parsing, validation and
 * introspection are synchronous in graphql-js, and here they never hold the thread that serves requests.
 * Threads start when first needed, up to `size`, and end after `idleMs` without work (they never keep the
 * process alive). Each request waits at most `timeoutMs`, queued or running: a check still running then is
 * stopped with its thread (a new one takes its place) and the request fails with a clear error, as it does
 * when a thread dies.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckLimits, GraphqlRequest, Verdict } from './check.ts';
import type { Done, Job, WorkerData } from './worker.ts';

export interface PoolOptions {
  readonly sdl: string;
  readonly limits: CheckLimits;
  readonly size: number;
  readonly timeoutMs: number;
  readonly idleMs: number;
}

export interface CheckPool {
  check(request: GraphqlRequest): Promise<Verdict>;
  /** starts a thread if none runs, so that the first check does not wait for one (GraphiQL's page) */
  warm(): void;
  /** ends every thread (requests still waiting fail) */
  close(): Promise<void>;
}

interface Pending {
  readonly job: Job;
  readonly resolve: (v: Verdict) => void;
  readonly timer: NodeJS.Timeout;
}

interface Thread {
  readonly worker: Worker;
  running?: Pending;
  idle?: NodeJS.Timeout;
}

const failure = (message: string): Verdict => ({ errors: [{ message }], transient: true });

/**
 * worker.ts as built next to the bundled server (`npm run build`: dist/graphql-worker.js), else the source,
 * imported once tsx's loader is registered in the new thread.
 */
function script(): URL | string {
  const bundled = new URL('./graphql-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return bundled;
  // `tsx/esm/api` as imported (its `import` export): `--import tsx` registers itself on the main thread only
  const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs');
  const api = JSON.stringify(pathToFileURL(tsx).href);
  const source = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  return `import(${api}).then((tsx) => { tsx.register(); return import(${source}); });`;
}

const finish = (p: Pending, verdict: Verdict) => {
  clearTimeout(p.timer);
  p.resolve(verdict);
};

class WorkerPool implements CheckPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Pending[] = [];
  private readonly entry = script();
  private next = 0;
  private closed = false;

  constructor(private readonly o: PoolOptions) {}

  check(request: GraphqlRequest): Promise<Verdict> {
    if (this.closed) return Promise.resolve(failure('The server is stopping.'));
    return new Promise<Verdict>((resolve) => {
      const job: Job = { id: ++this.next, request };
      const p: Pending = { job, resolve, timer: setTimeout(() => this.expire(p), this.o.timeoutMs).unref() };
      this.queue.push(p);
      this.dispatch();
    });
  }

  warm(): void {
    if (this.closed || this.threads.size) return;
    this.spawn();
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) finish(p, failure('The server is stopping.'));
    await Promise.all([...this.threads].map((t) => this.retire(t, 'The server is stopping.')));
  }

  /** Ends the thread (a check it is running fails with `why`). */
  private retire(t: Thread, why: string): Promise<number> {
    this.threads.delete(t);
    clearTimeout(t.idle);
    if (t.running) finish(t.running, failure(why));
    t.running = undefined;
    return t.worker.terminate();
  }

  private spawn(): Thread {
    const data: WorkerData = { sdl: this.o.sdl, limits: this.o.limits };
    const worker = new Worker(this.entry, {
      eval: typeof this.entry === 'string',
      workerData: data,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.unref();
    const t: Thread = { worker };
    worker.on('message', (done: Done) => {
      const p = t.running;
      if (!p || p.job.id !== done.id) return;
      t.running = undefined;
      finish(p, done.verdict);
      this.dispatch();
    });
    const lost = (why: string) => {
      if (!this.threads.has(t)) return;
      void this.retire(t, `The query could not be checked: ${why}.`);
      this.dispatch();
    };
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`the checking thread stopped (exit code ${code})`));
    this.threads.add(t);
    return t;
  }

  /** Gives waiting checks to idle threads (starting threads up to the size); idle threads end in time. */
  private dispatch(): void {
    while (this.queue.length && !this.closed) {
      let t = [...this.threads].find((x) => !x.running);
      if (!t && this.threads.size < this.o.size) t = this.spawn();
      const p = t && this.queue.shift();
      if (!t || !p) break;
      clearTimeout(t.idle);
      t.idle = undefined;
      t.running = p;
      t.worker.postMessage(p.job);
    }
    for (const t of this.threads)
      if (!t.running && !t.idle) t.idle = setTimeout(() => void this.retire(t, ''), this.o.idleMs).unref();
  }

  private expire(p: Pending): void {
    const why = `The query could not be checked within ${this.o.timeoutMs} ms (REQUEST_TIMEOUT_MS).`;
    const i = this.queue.indexOf(p);
    if (i >= 0) {
      this.queue.splice(i, 1);
      finish(p, failure(why));
    }
    const t = [...this.threads].find((x) => x.running === p);
    if (t) void this.retire(t, why);
    this.dispatch();
  }
}

export const createCheckPool = (o: PoolOptions): CheckPool => new WorkerPool(o);
