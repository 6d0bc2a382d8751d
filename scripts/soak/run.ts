/**
 * The soak workload: several clients send a mix of reads and writes (lists with filters, details,
 * creates, bulk creates, updates, deletes) for a bounded time, and every few seconds a burst of
 * writes arrives all at once, each on a fresh keep-alive connection (what pynetbox or Ansible with
 * forks do); the token cache is emptied before some bursts, as its maximum age does. Afterwards the
 * counts the server reports must equal what the clients did, no answer may have been a 5xx, and
 * every burst write must have been answered.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface SoakOptions {
  readonly url: string;
  readonly token: string;
  readonly seconds: number;
  readonly clients: number;
  /** the server's process id, to report its memory (RSS) */
  readonly pid?: number;
  /** writes in each burst (default 32); 0 turns the bursts off */
  readonly burst?: number;
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

  /** One write on a connection of its own; the status, or 0 when no answer came within 30 s. */
  function fresh(method: string, path: string, body: unknown): Promise<number> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const data = Buffer.from(JSON.stringify(body));
    const url = new URL(path, o.url);
    requests++;
    return new Promise<number>((resolve) => {
      const req = http.request(
        url,
        { method, agent, headers: { ...headers, 'Content-Length': String(data.length) }, timeout: 30_000 },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
      req.end(data);
    }).then((status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      agent.destroy();
      return status;
    });
  }

  let bursts = 0;
  let burstUnanswered = 0;
  const burstSize = o.burst ?? 32;
  async function burster(): Promise<void> {
    const every = Math.max(2000, (o.seconds * 1000) / 6);
    while (burstSize > 0 && Date.now() + every / 2 < deadline) {
      await new Promise((r) => setTimeout(r, every / 2));
      const b = ++bursts;
      // a change to the token empties every process's token and permission cache (as its age does)
      const tokens = (await call('GET', '/api/users/tokens/?limit=1', undefined, 200)) as
        { results: { id: number }[] } | undefined;
      const token = tokens?.results[0];
      if (token && b % 2 === 1)
        await call('PATCH', `/api/users/tokens/${token.id}/`, { description: `burst ${b}` }, 200);
      const answers = await Promise.all(
        Array.from({ length: burstSize }, (_, i) =>
          fresh('POST', '/api/dcim/sites/', { name: `burst-${b}-${i}`, slug: `burst-${b}-${i}-${Date.now()}` }),
        ),
      );
      for (const status of answers) {
        if (status === 0) burstUnanswered++;
        else if (status === 201) {
          created++;
          changes++;
        } else if (unexpected.length < 20) unexpected.push(`burst POST /api/dcim/sites/ → ${status}`);
      }
      await new Promise((r) => setTimeout(r, every / 2));
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
  await Promise.all([...Array.from({ length: o.clients }, (_, n) => client(n)), burster()]);
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
    bursts,
    burstUnanswered,
    rssStartMiB: rssStart,
    rssEndMiB: rssEnd,
    rssSamplesMiB: samples,
  };
}
