/**
 * `/api/status/` probed over and over while something else runs, from a thread of its own: the test's
 * thread builds and sends abusive requests and reads their answers, and none of that work may delay a
 * probe, so what a probe measures is the server's answer alone. Each probe is sent as soon as the last one
 * is answered; the slowest says how long the server could not answer.
 */
import { Worker } from 'node:worker_threads';

/** The prober's code (plain JavaScript: it runs in a thread of its own). */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers } = workerData;
let more = Infinity;
const times = [];
parentPort.on('message', (n) => { more = n; });
async function probe() {
  const t = performance.now();
  const r = await fetch(url, { headers });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error('status ' + r.status);
  return performance.now() - t;
}
(async () => {
  await probe(); // the thread's first request sets up its client: not a measure of the server
  parentPort.postMessage({ started: true });
  while (more-- > 0) times.push(await probe());
  parentPort.postMessage({ times });
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

export interface Probed<T> {
  readonly result: T;
  /** how long `work` took, ms */
  readonly ms: number;
  /** every probe's answer time, ms */
  readonly probes: readonly number[];
  /** the slowest probe, ms */
  readonly slowest: number;
}

/** Runs `work` while `/api/status/` of `base` is probed, and `after` probes more once it is done. */
export async function whileProbing<T>(
  base: string,
  headers: Record<string, string>,
  work: () => Promise<T>,
  after = 5,
): Promise<Probed<T>> {
  const worker = new Worker(PROBER, { eval: true, workerData: { url: `${base}/api/status/`, headers } });
  const messages: { started?: true; times?: number[]; error?: string }[] = [];
  const next = () =>
    new Promise<(typeof messages)[number]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  try {
    await next();
    const t = performance.now();
    const result = await work();
    const ms = performance.now() - t;
    // a few probes after it, to see the server free again (and one at least however quick the work was)
    const done = next();
    worker.postMessage(after);
    const m = await done;
    if (m.error) throw new Error(`the prober failed: ${m.error}`);
    const probes = m.times ?? [];
    return { result, ms, probes, slowest: Math.max(...probes) };
  } finally {
    await worker.terminate();
  }
}
