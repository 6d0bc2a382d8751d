/**
 * The soak workload: several clients send a mix of reads and writes (lists with filters, details,
 * creates, bulk creates, updates, deletes) for a bounded time, and every few seconds a burst of
 * writes arrives all at once, each on a fresh keep-alive connection (what pynetbox or Ansible with
 * forks do); the token cache is emptied before some bursts, as its maximum age does. Afterwards the
 * counts the server reports must equal what the clients did, no answer may have been a 5xx, and
 * every burst write must have been answered. With `abuseSeconds`, the mixed load is followed by the
 * abuse phase (phase.ts): the clients go on, calm and then beside abusive requests, and the p99 of
 * their requests beside the abuse is compared with the calm one.
 */
import { readFileSync } from 'node:fs';
import { abusePhases, type AbuseReport, type Timing } from './phase.ts';
import { soakCalls, type Calls } from './calls.ts';

export interface SoakOptions {
  readonly url: string;
  readonly token: string;
  readonly seconds: number;
  readonly clients: number;
  /** the server's process id, to report its memory (RSS) */
  readonly pid?: number;
  /** writes in each burst (default 32); 0 turns the bursts off */
  readonly burst?: number;
  /** seconds of each window of the abuse phase after the mixed load (calm, then abused); 0: none */
  readonly abuseSeconds?: number;
  /** how many times the abuse phase may run until its p99 holds (phase.ts abusePhases; default 1) */
  readonly abuseTries?: number;
}

export interface SoakResult {
  readonly seconds: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly statuses: Record<string, number>;
  readonly serverErrors: number;
  readonly unexpected: readonly string[];
  readonly sitesExpected: number;
  readonly sitesReported: number;
  readonly changesExpected: number;
  readonly changesReported: number;
  readonly bursts: number;
  /** burst writes that got no answer within 30 s */
  readonly burstUnanswered: number;
  readonly rssStartMiB?: number;
  readonly rssEndMiB?: number;
  /** RSS every tenth of the run, to tell warm-up from a steady leak */
  readonly rssSamplesMiB: readonly number[];
  readonly abuse?: AbuseReport;
}

export function rssMiB(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** What the clients and bursts have done, to compare with what the server counts afterwards. */
interface Done {
  created: number;
  deleted: number;
  changes: number;
}

/** A client of the soak: `calls` to send with, `done` to count into, and when to stop. */
interface Soak {
  readonly calls: Calls;
  readonly done: Done;
  readonly until: () => number;
}

const statusesOf = ['active', 'planned', 'staging'];

async function client({ calls: { call }, done, until }: Soak, n: number): Promise<void> {
  const mine: number[] = [];
  let serial = 0;
  while (Date.now() < until()) {
    const roll = Math.random();
    const name = `soak-${n}-${++serial}-${Math.random().toString(36).slice(2, 7)}`;
    const some = () => mine[serial % mine.length]!;
    if (roll < 0.35) {
      await call('GET', `/api/dcim/sites/?limit=50&status=${statusesOf[serial % 3]}`, undefined, 200);
    } else if (roll < 0.45) {
      const path = `/api/dcim/sites/?name__ic=${encodeURIComponent(`soak-${n}`)}&ordering=-name&limit=20`;
      await call('GET', path, undefined, 200);
    } else if (roll < 0.55 && mine.length) {
      await call('GET', `/api/dcim/sites/${some()}/`, undefined, 200);
    } else if (roll < 0.7) {
      const site = await call('POST', '/api/dcim/sites/', { name, slug: name, status: statusesOf[serial % 3] }, 201);
      if (site) {
        mine.push(site.id as number);
        done.created++;
        done.changes++;
      }
    } else if (roll < 0.75) {
      const batch = Array.from({ length: 20 }, (_, i) => ({ name: `${name}-${i}`, slug: `${name}-${i}` }));
      const sites = (await call('POST', '/api/dcim/sites/', batch, 201)) as { id: number }[] | undefined;
      if (sites) {
        mine.push(...sites.map((s) => s.id));
        done.created += sites.length;
        done.changes += sites.length;
      }
    } else if (roll < 0.88 && mine.length) {
      if (await call('PATCH', `/api/dcim/sites/${some()}/`, { description: `touched ${serial}` }, 200)) done.changes++;
    } else if (mine.length) {
      const id = mine.splice(serial % mine.length, 1)[0]!;
      if ((await call('DELETE', `/api/dcim/sites/${id}/`, undefined, 204)) === null) {
        done.deleted++;
        done.changes++;
      }
    } else {
      await call('GET', '/api/status/', undefined, 200);
    }
  }
}

/** Bursts of `size` writes at once, each on a fresh connection, until `until`; how many, and how many unanswered. */
async function bursts({ calls, done, until }: Soak, size: number, every: number) {
  const { call, fresh, tally } = calls;
  let n = 0;
  let unanswered = 0;
  while (size > 0 && Date.now() + every / 2 < until()) {
    await new Promise((r) => setTimeout(r, every / 2));
    const b = ++n;
    // a change to the token empties every process's token and permission cache (as its age does)
    const tokens = (await call('GET', '/api/users/tokens/?limit=1', undefined, 200)) as
      { results: { id: number }[] } | undefined;
    const token = tokens?.results[0];
    if (token && b % 2 === 1) await call('PATCH', `/api/users/tokens/${token.id}/`, { description: `burst ${b}` }, 200);
    const answers = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        fresh('POST', '/api/dcim/sites/', { name: `burst-${b}-${i}`, slug: `burst-${b}-${i}-${Date.now()}` }),
      ),
    );
    for (const status of answers) {
      if (status === 0) unanswered++;
      else if (status === 201) {
        done.created++;
        done.changes++;
      } else if (tally.unexpected.length < 20) tally.unexpected.push(`burst POST /api/dcim/sites/ → ${status}`);
    }
    await new Promise((r) => setTimeout(r, every / 2));
  }
  return { bursts: n, unanswered };
}

/** RSS every `everyMs` until stopped. */
function sampleRss(pid: number | undefined, everyMs: number): { samples: number[]; stop(): void } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const v = pid ? rssMiB(pid) : undefined;
    if (v !== undefined) samples.push(v);
  }, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const calls = soakCalls(o.url, o.token);
  const { tally, count } = calls;
  const done: Done = { created: 0, deleted: 0, changes: 0 };
  const sitesBefore = await count('/api/dcim/sites/?limit=1');
  const changesBefore = await count('/api/core/object-changes/?limit=1');
  const rssStart = o.pid ? rssMiB(o.pid) : undefined;
  const started = Date.now();
  const mainEnd = started + o.seconds * 1000;
  // the clients go on through the abuse phase, until it is over
  let deadline = o.abuseSeconds ? Infinity : mainEnd;
  const soak: Soak = { calls, done, until: () => deadline };

  async function abuser(): Promise<((timings: readonly Timing[]) => AbuseReport) | undefined> {
    if (!o.abuseSeconds) return undefined;
    await new Promise((r) => setTimeout(r, mainEnd - Date.now()));
    try {
      const phase = { url: o.url, token: o.token, seconds: o.abuseSeconds, tries: o.abuseTries ?? 1 };
      return await abusePhases(phase, () => tally.timings);
    } finally {
      deadline = Date.now();
    }
  }

  const rss = sampleRss(o.pid, Math.max(1000, (o.seconds * 1000) / 10));
  const [report, burst] = await Promise.all([
    abuser(),
    bursts({ ...soak, until: () => mainEnd }, o.burst ?? 32, Math.max(2000, (o.seconds * 1000) / 6)),
    ...Array.from({ length: o.clients }, (_, n) => client(soak, n)),
  ]);
  const abuse = report?.(tally.timings);
  rss.stop();
  const seconds = (Date.now() - started) / 1000;
  const rssEnd = o.pid ? rssMiB(o.pid) : undefined;
  return {
    seconds: +seconds.toFixed(1),
    requests: tally.requests,
    perSecond: Math.round(tally.requests / seconds),
    statuses: tally.statuses,
    serverErrors: Object.entries(tally.statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((a, [, n]) => a + n, 0),
    unexpected: tally.unexpected,
    sitesExpected: sitesBefore + done.created - done.deleted,
    sitesReported: await count('/api/dcim/sites/?limit=1'),
    changesExpected: changesBefore + done.changes + (abuse?.changes ?? 0),
    changesReported: await count('/api/core/object-changes/?limit=1'),
    bursts: burst.bursts,
    burstUnanswered: burst.unanswered,
    rssStartMiB: rssStart,
    rssEndMiB: rssEnd,
    rssSamplesMiB: rss.samples,
    abuse,
  };
}
