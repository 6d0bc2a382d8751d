/**
 * The servers the read scenarios measure: this tree's, on the run's database, and one per build to
 * compare (builds.ts), each on a database of its own on the same PostgreSQL, filled through its own API
 * with the same data set. Each comes with a second server of its build that counts statements.
 */
import type { Build } from './builds.ts';
import { createDataset, type Dataset } from './dataset.ts';
import { settle, startServerProcess, type Database, type ServerProcess } from './harness.ts';
import type { ReadTarget } from './scenarios/reads.ts';
import { startCounted } from './statements.ts';

export interface RunningTarget extends ReadTarget {
  /** stops what was started for it (not a server it was given) */
  stop(): Promise<void>;
}

/** `server` of `build` on `url`, holding `data`: adds its counting server. */
export async function targetOf(build: string, url: string, server: string, data: Dataset, cwd?: string) {
  const counted = await startCounted(url, cwd);
  return {
    build,
    server,
    counted: { url: counted.server.url, counter: counted.counter },
    data,
    stop: () => counted.stop(),
  } satisfies RunningTarget;
}

/** Another build's server on a new database of `db`'s PostgreSQL, filled with a data set of `scale`. */
export async function startBuildTarget(
  db: Database,
  build: Build,
  scale: number,
  step: (what: string) => void,
): Promise<RunningTarget> {
  const url = await db.sibling(`build_${build.label.replace(/\W/g, '_')}`);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(url, {}, build.dir);
    step(`${build.label}: creating the data set through its API`);
    const data = await createDataset(server.url, scale);
    await settle(url);
    const target = await targetOf(build.label, url, server.url, data, build.dir);
    const started = server;
    return { ...target, stop: () => target.stop().finally(() => started.stop()) };
  } catch (e) {
    await server?.stop();
    throw e;
  }
}
