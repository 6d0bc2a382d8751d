/**
 * The change stream under the bulk writes (issue 39 item 4): the bench's bulk create, update and delete of
 * N sites, each phase once with no stream open and once with 10 clients following the stream, in
 * alternating order over `rounds` rounds (the machine's load drifts; the medians are compared). Meanwhile a
 * probe creates a tenant every 50 ms, in both phases alike, and the clients' arrival of its events gives
 * the commit-to-event latency: from the write's answer (sent once it committed) to the event at each
 * client. Reported: that latency (p50, p99; and p50 of the probe alone, the floor on this machine), the
 * bulk's own events' latency from their request's answer, events/s delivered to the 10 clients, and the
 * write throughput with and without them. Each client must have had every change record committed after
 * its start exactly once, in the same order as the others: counted against the change log itself (and
 * the records the log holds beyond what the phase's writes made are reported, so a difference between
 * the bench's expectation and the stream is told apart from a stream that sends too much). Beside the
 * wall-clock seconds, which on a shared machine move with everyone's load, the CPU seconds each process
 * spent (cpu.ts): in the bulk requests, and with the clients until every event had reached them, so that
 * the stream's whole cost is counted whenever it falls (`CPU cost %`: what it adds to the writes' own).
 */
import { api, type Result, type ServerProcess } from '../harness.ts';
import { openStream, type StreamClient } from '../stream-client.ts';
import { percentile } from './webhooks.ts';
import { cpuNow, cpuSpent, type CpuTime } from '../cpu.ts';

const CLIENTS = 10;
const PROBE_MS = 50;
const PROBE_TYPE = 'tenancy.tenant';

interface Phase {
  /** seconds of the three bulk requests, and the time each one's answer came (its commit) */
  readonly seconds: number;
  readonly committed: Record<'create' | 'update' | 'delete', number>;
  readonly started: number;
  /** the probe's tenants, by id: when the answer to their creation came */
  readonly probes: Map<number, number>;
  /** CPU seconds the processes spent during the bulk requests */
  readonly cpu: CpuTime;
  /** and until every client had every event (the same without clients) */
  readonly whole: CpuTime;
}

let run = 0;

/** Creates a tenant every PROBE_MS while `more(i)`; notes when each creation was answered, by id. */
async function probe(base: string, more: (i: number) => boolean, answered: Map<number, number>): Promise<void> {
  const tag = `${Date.now()}-${run++}`;
  for (let i = 0; more(i); i++) {
    const t = performance.now();
    const o = await api(base, 'POST', '/api/tenancy/tenants/', {
      name: `probe-${tag}-${i}`,
      slug: `probe-${tag}-${i}`,
    });
    answered.set(o.id, performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, PROBE_MS - (performance.now() - t))));
  }
}

/** The bulk writes of `n` sites, with the probe writing beside them. */
async function writes(base: string, n: number, pid: number | undefined): Promise<Phase> {
  const tag = `${Date.now()}-${run++}`;
  const probes = new Map<number, number>();
  let writing = true;
  const probing = probe(base, () => writing, probes);
  const items = Array.from({ length: n }, (_, i) => ({
    name: `s-${tag}-${i}`,
    slug: `s-${tag}-${i}`,
    status: 'active',
  }));
  const started = performance.now();
  const cpu = cpuNow(pid);
  const ids: number[] = (await api(base, 'POST', '/api/dcim/sites/', items)).map((o: { id: number }) => o.id);
  const create = performance.now();
  await api(
    base,
    'PATCH',
    '/api/dcim/sites/',
    ids.map((id, i) => ({ id, description: `updated ${i}` })),
  );
  const update = performance.now();
  await api(
    base,
    'DELETE',
    '/api/dcim/sites/',
    ids.map((id) => ({ id })),
  );
  const done = performance.now();
  const spent = cpuSpent(cpu, cpuNow(pid));
  writing = false;
  await probing;
  const committed = { create, update, delete: done };
  return { seconds: (done - started) / 1000, committed, started, probes, cpu: spent, whole: spent };
}

/**
 * The clients, each from now: every write before has been answered (committed), so what they must get is
 * every change record committed from here on, all numbered above the newest id now. (Starting after the
 * newest id, `since=`, is not that: ids are taken when a record is written, not when it commits, and a
 * previous phase's last probe, numbered after its bulk delete's 10,000 records, committed before them;
 * after the probe in commit order came the bulk delete, which such clients were sent: the extra events.)
 */
async function clientsFromNow(base: string): Promise<{ clients: StreamClient[]; since: number }> {
  const newest = await api(base, 'GET', '/api/core/object-changes/?ordering=-id&limit=1&fields=id');
  const since = Number(newest.results[0]?.id ?? 0);
  for (let attempt = 1; ; attempt++) {
    try {
      const clients = await Promise.all(Array.from({ length: CLIENTS }, () => openStream(base, PROBE_TYPE)));
      return { clients, since };
    } catch (e) {
      if (attempt >= 10) throw e;
    }
  }
}

/** Until every client has had `total` events, or the deadline passes. */
async function drained(clients: StreamClient[], total: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (clients.some((c) => c.count() < total && !c.ended()) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
}

interface Observed {
  readonly probeMs: number[];
  readonly bulkMs: number[];
  readonly eventsPerSecond: number;
  readonly received: number;
  /** the change records committed after the clients' start (the change log's count), for every client */
  readonly expected: number;
  /** change records committed beyond those the phase's writes made */
  readonly unexplained: number;
  /** clients that did not receive every change record once, in the order the others did */
  readonly wrong: number;
  readonly cut: number;
  readonly repeated: number;
}

/**
 * The clients that did not get every change record after `since` once and in one order: each must have as
 * many distinct events as the change log holds records after `since` (the log's own count, not what the
 * bench's writes should have made), all after `since`, in the first client's order (the commit order).
 */
function notExact(clients: readonly StreamClient[], since: number, logged: number): number {
  const order = clients[0]?.ids ?? [];
  return clients.filter(
    (c) =>
      c.ids.length !== logged ||
      new Set(c.ids).size !== logged ||
      c.ids.some((id, i) => id <= since || id !== order[i]),
  ).length;
}

/** One phase with the clients following the stream: what they received, and when. */
async function followed(base: string, n: number, pid: number | undefined): Promise<{ phase: Phase; seen: Observed }> {
  const { clients, since } = await clientsFromNow(base);
  try {
    const before = cpuNow(pid);
    const written = await writes(base, n, pid);
    // each site's create, update and delete, and each probe's create
    const total = 3 * n + written.probes.size;
    const logged = Number((await api(base, 'GET', `/api/core/object-changes/?id__gt=${since}&limit=1&brief=1`)).count);
    await drained(clients, logged, 600_000);
    const phase = { ...written, whole: cpuSpent(before, cpuNow(pid)) };
    const probeMs: number[] = [];
    const bulkMs: number[] = [];
    let last = 0;
    for (const c of clients) {
      for (const [id, answered] of phase.probes) {
        const at = c.probes.get(id);
        if (at !== undefined) probeMs.push(Math.max(0, at - answered));
      }
      for (const action of ['create', 'update', 'delete'] as const)
        for (const at of c.arrivals.get(action) ?? []) {
          last = Math.max(last, at);
          bulkMs.push(Math.max(0, at - phase.committed[action]));
        }
    }
    const received = clients.reduce((a, c) => a + c.count(), 0);
    const seen: Observed = {
      probeMs: probeMs.sort((a, b) => a - b),
      bulkMs: bulkMs.sort((a, b) => a - b),
      eventsPerSecond: Math.round(received / ((last - phase.started) / 1000)),
      received,
      expected: logged * CLIENTS,
      unexplained: logged - total,
      wrong: notExact(clients, since, logged),
      cut: clients.filter((c) => c.ended()).length,
      repeated: clients.reduce((a, c) => a + c.repeated(), 0),
    };
    return { phase, seen };
  } finally {
    for (const c of clients) c.close();
  }
}

/** The probe alone (no bulk writes) for `count` tenants, with the clients following: the latency's floor. */
async function idle(base: string, count: number): Promise<number[]> {
  const { clients } = await clientsFromNow(base);
  try {
    const answered = new Map<number, number>();
    await probe(base, (i) => i < count, answered);
    await drained(clients, count, 30_000);
    return clients
      .flatMap((c) =>
        [...answered].flatMap(([id, at]) => (c.probes.has(id) ? [Math.max(0, c.probes.get(id)! - at)] : [])),
      )
      .sort((a, b) => a - b);
  } finally {
    for (const c of clients) c.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The median CPU seconds of each process over the phases: `server / postgres / bench`. */
function cpuText(phases: readonly Phase[], whole = false): string {
  const of = (k: keyof CpuTime) => median(phases.map((p) => (whole ? p.whole : p.cpu)[k]));
  const parts = [of('server'), of('postgres'), of('bench')];
  return parts
    .filter((x) => !Number.isNaN(x))
    .map((x) => x.toFixed(1))
    .join(' / ');
}

/** @param server its process's CPU time is reported, with PostgreSQL's and the bench's own */
export async function benchStream(server: ServerProcess, n: number, rounds: number): Promise<Result[]> {
  const { url: base, child } = server;
  const pid = child.pid;
  const quiet = await idle(base, 40);
  const without: Phase[] = [];
  const withClients: Phase[] = [];
  const seen: Observed[] = [];
  for (let r = 0; r < rounds; r++) {
    // alternating order, so that a drift in the machine's load weighs on both sides alike
    for (const streamed of r % 2 ? [true, false] : [false, true]) {
      if (!streamed) without.push(await writes(base, n, pid));
      else {
        const { phase, seen: s } = await followed(base, n, pid);
        withClients.push(phase);
        seen.push(s);
      }
    }
  }
  const probeMs = seen.flatMap((s) => s.probeMs).sort((a, b) => a - b);
  const bulkMs = seen.flatMap((s) => s.bulkMs).sort((a, b) => a - b);
  const p50 = Math.round(percentile(probeMs, 50));
  const received = seen.reduce((a, s) => a + s.received, 0);
  const expected = seen.reduce((a, s) => a + s.expected, 0);
  const secondsWith = median(withClients.map((p) => p.seconds));
  const secondsWithout = median(without.map((p) => p.seconds));
  const cost = (secondsWith / secondsWithout - 1) * 100;
  const rate = (s: number) => Math.round((3 * n) / s);
  // the CPU the phase cost the server, PostgreSQL and the bench together, with the clients until every event
  const total = (c: CpuTime) => c.server + c.postgres + c.bench;
  const cpuWithout = median(without.map((p) => total(p.whole)));
  const cpuWith = median(withClients.map((p) => total(p.whole)));
  return [
    {
      scenario: `change stream: ${CLIENTS} clients during bulk writes of ${n} sites, commit to event`,
      metrics: {
        'p50 ms (probe)': p50,
        'p99 ms (probe)': Math.round(percentile(probeMs, 99)),
        'p50 ms, no bulk writes': Math.round(percentile(quiet, 50)),
        'bulk events p50 ms': Math.round(percentile(bulkMs, 50)),
        'bulk events p99 ms': Math.round(percentile(bulkMs, 99)),
        'events/s delivered': median(seen.map((s) => s.eventsPerSecond)),
        'events received': `${received} of ${expected}`,
        'events received twice': seen.reduce((a, s) => a + s.repeated, 0),
        'clients not every change once in order': seen.reduce((a, s) => a + s.wrong, 0),
        'changes logged beyond the writes': seen.reduce((a, s) => a + s.unexplained, 0),
        'clients cut off': seen.reduce((a, s) => a + s.cut, 0),
      },
      target: 'p50 < 50 ms, every event',
      met: p50 < 50 && received === expected && seen.every((s) => s.repeated === 0 && s.wrong === 0),
    },
    {
      scenario: `change stream: bulk writes of ${n} sites (create, update, delete) without and with ${CLIENTS} clients`,
      metrics: {
        'objects/s without': rate(secondsWithout),
        'objects/s with': rate(secondsWith),
        'cost %': +cost.toFixed(1),
        'seconds without (each round)': without.map((p) => p.seconds.toFixed(2)).join(' '),
        'seconds with (each round)': withClients.map((p) => p.seconds.toFixed(2)).join(' '),
        'CPU s without: server / postgres / bench': cpuText(without),
        'CPU s with: server / postgres / bench': cpuText(withClients),
        'CPU s with, until every event was delivered': cpuText(withClients, true),
        'CPU cost %': +((cpuWith / cpuWithout - 1) * 100).toFixed(1),
      },
      target: 'cost < 10%',
      met: cost < 10,
    },
  ];
}
