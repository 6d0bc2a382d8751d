/**
 * The soak's abuse phase, after the mixed load: the clients' normal traffic goes on, first calm for
 * `seconds` (no bursts, no abuse), then for as long again beside the abusive requests of abuse.ts.
 * The p99 latency of the normal requests of each window is compared: beside the abuse it may
 * be at most P99_FACTOR times the calm one, or the calm one plus P99_SLACK_MS when that is more (a
 * fast machine's calm p99 is a few ms, and any load adds some). An abusive request that holds the
 * event loop or the pool for a second shows at once. `/api/status/` is asked every 100 ms in both
 * windows, and its p99 reported on its own.
 */
import { prepareAbuse, type AbuseAnswer } from './abuse.ts';

export const P99_FACTOR = 3;
export const P99_SLACK_MS = 250;

/** One normal request: when it began (Date.now()) and how long it took to its last byte. */
export interface Timing {
  readonly at: number;
  readonly ms: number;
}

interface Window {
  /** normal requests in the window (calm: begun and ended in it; abused: out at any time in it) */
  readonly requests: number;
  readonly p99Ms: number;
  readonly statusP99Ms: number;
}

export interface AbuseReport {
  readonly seconds: number;
  readonly calm: Window;
  readonly abused: Window;
  /** what `abused.p99Ms` may be at most */
  readonly boundMs: number;
  readonly withinBound: boolean;
  /** per kind of abusive request: how many were sent, their statuses (0: no answer in time), the slowest */
  readonly answers: Record<string, { count: number; statuses: Record<string, number>; maxMs: number }>;
  /** abusive requests that got no answer in time, or a 5xx */
  readonly unanswered: number;
  readonly serverErrors: number;
  /** change records the abuse made (its tag, webhooks, rules and tenants) */
  readonly changes: number;
  /** why its webhooks could not be removed afterwards (the server did not answer) */
  readonly cleanup?: string;
}

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /api/status/ every 100 ms until stopped; its timings. */
function probeStatus(url: string): { timings: Timing[]; stop(): Promise<void> } {
  const timings: Timing[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const at = Date.now();
      const started = performance.now();
      try {
        await (await fetch(`${url}/api/status/`, { signal: AbortSignal.timeout(30_000) })).text();
      } catch {
        // an unanswered probe counts with the time it waited
      }
      timings.push({ at, ms: performance.now() - started });
      await sleep(100);
    }
  })();
  return {
    timings,
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

function summary(answers: readonly AbuseAnswer[]): AbuseReport['answers'] {
  const by: AbuseReport['answers'] = {};
  for (const a of answers) {
    const k = (by[a.kind] ??= { count: 0, statuses: {}, maxMs: 0 });
    k.count++;
    k.statuses[a.status] = (k.statuses[a.status] ?? 0) + 1;
    k.maxMs = Math.max(k.maxMs, a.ms);
  }
  return by;
}

/**
 * Runs both windows while the clients go on; the clients stop when it returns, and the report is
 * made from their timings once they have (a request begun beside the abuse may end long after).
 */
export async function abusePhase(o: {
  readonly url: string;
  readonly token: string;
  readonly seconds: number;
}): Promise<(timings: readonly Timing[]) => AbuseReport> {
  const abuse = await prepareAbuse({ url: o.url, token: o.token });
  const status = probeStatus(o.url);
  const calmFrom = Date.now();
  await sleep(o.seconds * 1000);
  const abusedFrom = Date.now();
  abuse.start();
  await sleep(o.seconds * 1000);
  const until = Date.now();
  abuse.halt();
  await status.stop();
  // a server the abuse has wedged may not answer the clean-up either: that is reported, not thrown
  let cleanup: string | undefined;
  let changes = 0;
  try {
    await abuse.stop();
    changes = await abuse.changes();
  } catch (e) {
    cleanup = (e as Error).message;
  }
  const answers = abuse.answers;
  return (timings) => {
    // calm: the requests begun and ended before the abuse began; abused: every one that was out
    // while it went on, begun before it or not
    const window = (within: (t: Timing) => boolean): Window => {
      const probes = status.timings.filter(within).map((t) => t.ms);
      const normal = timings.filter(within).map((t) => t.ms);
      return {
        requests: normal.length,
        p99Ms: Math.round(percentile(normal, 99)),
        statusP99Ms: Math.round(percentile(probes, 99)),
      };
    };
    const calm = window((t) => t.at >= calmFrom && t.at + t.ms < abusedFrom);
    const abused = window((t) => t.at < until && t.at + t.ms >= abusedFrom);
    const boundMs = Math.max(P99_FACTOR * calm.p99Ms, calm.p99Ms + P99_SLACK_MS);
    return {
      seconds: o.seconds,
      calm,
      abused,
      boundMs,
      withinBound: abused.p99Ms <= boundMs,
      answers: summary(answers),
      unanswered: answers.filter((a) => a.status === 0).length,
      serverErrors: answers.filter((a) => a.status >= 500).length,
      changes,
      ...(cleanup ? { cleanup } : {}),
    };
  };
}

/**
 * The abuse phase up to `tries` times while the clients go on (CI's short soak: a loaded machine stretches
 * a 5 s window's p99 now and then whatever the server does). Another try follows only a p99 over its bound,
 * judged once the requests out beside the abuse have had 2 s to end; the report is the last try's, with
 * every try's unanswered and failed abusive requests, clean-up faults and changes, so none of those is
 * hidden by a try that held. A server that holds its event loop for the abuse exceeds the bound every try.
 */
export async function abusePhases(
  o: { readonly url: string; readonly token: string; readonly seconds: number; readonly tries: number },
  timingsNow: () => readonly Timing[],
): Promise<(timings: readonly Timing[]) => AbuseReport> {
  const phases: ((timings: readonly Timing[]) => AbuseReport)[] = [];
  for (let i = 0; i < o.tries; i++) {
    const phase = await abusePhase(o);
    phases.push(phase);
    if (i + 1 === o.tries) break;
    await sleep(2000);
    const report = phase(timingsNow());
    console.log(`abuse phase, try ${i + 1} of ${o.tries}:\n${abuseLine(report)}`);
    if (report.withinBound) break;
  }
  return (timings) => {
    const reports = phases.map((phase) => phase(timings));
    const last = reports[reports.length - 1];
    if (!last) throw new Error('no abuse phase ran');
    const sum = (f: (r: AbuseReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    const cleanup = reports.find((r) => r.cleanup !== undefined)?.cleanup;
    return {
      ...last,
      unanswered: sum((r) => r.unanswered),
      serverErrors: sum((r) => r.serverErrors),
      changes: sum((r) => r.changes),
      ...(cleanup ? { cleanup } : {}),
    };
  };
}

/** The abuse phase held: the p99 within its bound, and every abusive request answered, none with a 5xx. */
export const abuseHeld = (a: AbuseReport) =>
  a.withinBound && a.unanswered === 0 && a.serverErrors === 0 && a.cleanup === undefined;

export function abuseLine(a: AbuseReport): string {
  const kinds = Object.entries(a.answers).map(
    ([k, v]) => `  ${k}: ${v.count} sent, statuses ${JSON.stringify(v.statuses)}, slowest ${v.maxMs} ms`,
  );
  return [
    `abuse phase (${a.seconds} s calm, then ${a.seconds} s abused): p99 of the clients' requests ` +
      `${a.calm.p99Ms} ms calm (${a.calm.requests} requests), ${a.abused.p99Ms} ms abused (${a.abused.requests}); ` +
      `bound ${a.boundMs} ms: ${a.withinBound ? 'held' : 'EXCEEDED'}`,
    `/api/status/ p99 ${a.calm.statusP99Ms} ms calm, ${a.abused.statusP99Ms} ms abused`,
    `abusive requests: ${a.unanswered} unanswered, ${a.serverErrors} with a 5xx` +
      (a.cleanup ? `; clean-up failed: ${a.cleanup}` : ''),
    ...kinds,
  ].join('\n');
}
