/**
 * The soak workload: several clients send a mix of reads and writes (lists with filters, details,
 * creates, bulk creates, updates, deletes) for a bounded time. Afterwards the counts the server
 * reports must equal what the clients did, and no answer may have been a 5xx.
 */
import { readFileSync } from 'node:fs';

export interface SoakOptions {
  readonly url: string;
  readonly token: string;
  readonly seconds: number;
  readonly clients: number;
  /** the server's process id, to report its memory (RSS) */
  readonly pid?: number;
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
  readonly rssStartMiB?: number;
  readonly rssEndMiB?: number;
  /** RSS every tenth of the run, to tell warm-up from a steady leak */
  readonly rssSamplesMiB: readonly number[];
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

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const headers = { Authorization: `Token ${o.token}`, 'Content-Type': 'application/json' };
  const statuses: Record<string, number> = {};
  const unexpected: string[] = [];
  let requests = 0;
  let created = 0;
  let deleted = 0;
  let changes = 0;

  /** the answer's body when the status is the expected one (null for an empty body), else undefined */
  async function call(method: string, path: string, body: unknown, expected: number): Promise<any> {
    requests++;
    const res = await fetch(`${o.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== expected && unexpected.length < 20)
      unexpected.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    if (res.status !== expected) return undefined;
    return text ? JSON.parse(text) : null;
  }

  const count = async (path: string) =>
    ((await call('GET', path, undefined, 200)) as { count: number } | undefined)?.count ?? -1;
  const sitesBefore = await count('/api/dcim/sites/?limit=1');
  const changesBefore = await count('/api/core/object-changes/?limit=1');
  const rssStart = o.pid ? rssMiB(o.pid) : undefined;
  const started = Date.now();
  const deadline = started + o.seconds * 1000;
  const statusesOf = ['active', 'planned', 'staging'];

  async function client(n: number): Promise<void> {
    const mine: number[] = [];
    let serial = 0;
    while (Date.now() < deadline) {
      const roll = Math.random();
      const name = `soak-${n}-${++serial}-${Math.random().toString(36).slice(2, 7)}`;
      if (roll < 0.35) {
        await call('GET', `/api/dcim/sites/?limit=50&status=${statusesOf[serial % 3]}`, undefined, 200);
      } else if (roll < 0.45) {
        await call(
          'GET',
          `/api/dcim/sites/?name__ic=${encodeURIComponent(`soak-${n}`)}&ordering=-name&limit=20`,
          undefined,
          200,
        );
      } else if (roll < 0.55 && mine.length) {
        await call('GET', `/api/dcim/sites/${mine[serial % mine.length]}/`, undefined, 200);
      } else if (roll < 0.7) {
        const site = await call('POST', '/api/dcim/sites/', { name, slug: name, status: statusesOf[serial % 3] }, 201);
        if (site) {
          mine.push(site.id as number);
          created++;
          changes++;
        }
      } else if (roll < 0.75) {
        const batch = Array.from({ length: 20 }, (_, i) => ({ name: `${name}-${i}`, slug: `${name}-${i}` }));
        const sites = (await call('POST', '/api/dcim/sites/', batch, 201)) as { id: number }[] | undefined;
        if (sites) {
          mine.push(...sites.map((s) => s.id));
          created += sites.length;
          changes += sites.length;
        }
      } else if (roll < 0.88 && mine.length) {
        if (
          await call(
            'PATCH',
            `/api/dcim/sites/${mine[serial % mine.length]}/`,
            { description: `touched ${serial}` },
            200,
          )
        )
          changes++;
      } else if (mine.length) {
        const id = mine.splice(serial % mine.length, 1)[0]!;
        if ((await call('DELETE', `/api/dcim/sites/${id}/`, undefined, 204)) === null) {
          deleted++;
          changes++;
        }
      } else {
        await call('GET', '/api/status/', undefined, 200);
      }
    }
  }

  const samples: number[] = [];
  const sampler = setInterval(
    () => {
      const v = o.pid ? rssMiB(o.pid) : undefined;
      if (v !== undefined) samples.push(v);
    },
    Math.max(1000, (o.seconds * 1000) / 10),
  );
  await Promise.all(Array.from({ length: o.clients }, (_, n) => client(n)));
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const rssEnd = o.pid ? rssMiB(o.pid) : undefined;
  return {
    seconds: +seconds.toFixed(1),
    requests,
    perSecond: Math.round(requests / seconds),
    statuses,
    serverErrors: Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((a, [, n]) => a + n, 0),
    unexpected,
    sitesExpected: sitesBefore + created - deleted,
    sitesReported: await count('/api/dcim/sites/?limit=1'),
    changesExpected: changesBefore + changes,
    changesReported: await count('/api/core/object-changes/?limit=1'),
    rssStartMiB: rssStart,
    rssEndMiB: rssEnd,
    rssSamplesMiB: samples,
  };
}
