/**
 * The SQL statements one answer costs, counted on the wire: a second server process of the build reaches
 * PostgreSQL through tests/helpers/pg-counter.ts (the measured server goes to PostgreSQL directly, so
 * counting costs it nothing); BENCH_SHOW_STATEMENTS=1 prints each count and the statements' texts.
 */
import { startPgCounter, type PgCounter } from '../../tests/helpers/pg-counter.ts';
import { startServerProcess, type ServerProcess } from './harness.ts';

export interface Counted {
  readonly counter: PgCounter;
  /** the build's server, reaching PostgreSQL through the counter */
  readonly server: ServerProcess;
  stop(): Promise<void>;
}

/** A counting server of the build in `cwd` on `databaseUrl`. */
export async function startCounted(databaseUrl: string, cwd?: string): Promise<Counted> {
  const counter = await startPgCounter(databaseUrl);
  try {
    // no job worker in the counting process: its heartbeats and polls would be counted with the reads
    const server = await startServerProcess(counter.route(databaseUrl), { WORKER_IN_PROCESS: 'false' }, cwd);
    return { counter, server, stop: () => server.stop().finally(() => counter.close()) };
  } catch (e) {
    await counter.close();
    throw e;
  }
}

/** Statements one answer costs: the fewest over five (a stray background statement may fall in one). */
export async function statements(counter: PgCounter, read: () => Promise<unknown>): Promise<number> {
  await read(); // caches and a token's last_used
  await new Promise((r) => setTimeout(r, 200));
  let fewest = Infinity;
  for (let i = 0; i < 5; i++) {
    counter.reset();
    await read();
    fewest = Math.min(fewest, counter.counts().statements);
    if (process.env.BENCH_SHOW_STATEMENTS)
      console.log(
        counter.counts(),
        counter.texts().map((t) => t.slice(0, 160)),
      );
  }
  return fewest;
}
