/**
 * Branches in tests: create one and wait until its job has run, follow a job to its end, run the
 * queued jobs with a real worker when the test server has none, and a view of a test server that
 * sends every request to a branch (X-Service-Branch).
 */
import { expect } from 'vitest';
import { startWorker } from '../../runtime/jobs/index.ts';
import { tasks } from '../../runtime/tasks/index.ts';
import type { TestServer } from './server.ts';

export const BRANCHES = '/api/plugins/branching/branches/';

let sites = 0;
/** A new site through the API of `server` (main, or a branch view), with a unique name. */
export async function site(server: TestServer, extra: Record<string, unknown> = {}): Promise<any> {
  sites++;
  const r = await server.request('POST', '/api/dcim/sites/', {
    name: `site-${sites}`,
    slug: `site-${sites}`,
    ...extra,
  });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

/** The body of a GET of `path` on `server` (main, or a branch view). */
export async function get(server: TestServer, path: string): Promise<any> {
  return (await server.request('GET', path)).body;
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs every queued job with a real graphile worker, then stops it (for servers without one). */
export async function runQueuedJobs(s: TestServer): Promise<void> {
  const { sql, settings, registry, hooks, observers } = s.server.services;
  const worker = await startWorker({
    databaseUrl: s.databaseUrl,
    context: { sql, settings, registry, hooks, observers },
    tasks,
  });
  try {
    await until('the queue to drain', async () => {
      const [r] = await sql.unsafe("SELECT count(*)::int AS n FROM core_job WHERE status IN ('pending', 'running')");
      return r!.n === 0 ? true : undefined;
    }).catch(async (e: Error) => {
      const jobs = await sql.unsafe(`SELECT name, status, error, attempts FROM core_job WHERE status IN ('pending',
        'running')`);
      console.log(
        await sql.unsafe(`SELECT pid, state, wait_event_type, wait_event, left(query, 200) q
        FROM pg_stat_activity WHERE datname = current_database()`),
      );
      throw new Error(`${e.message}: ${JSON.stringify(jobs)}`);
    });
  } finally {
    await worker.stop();
  }
}

/** Waits for a job (by its API representation or url) to end; returns its final representation. */
export async function finished(s: TestServer, job: { url: string }): Promise<any> {
  const path = new URL(job.url).pathname;
  return until(`job ${path}`, async () => {
    const r = await s.request('GET', path);
    return ['completed', 'failed', 'errored'].includes(r.body.status.value) ? r.body : undefined;
  });
}

/** Whether the schema of the branch with `schemaId` exists in the database of `s`. */
export async function schemaExists(s: TestServer, schemaId: string): Promise<boolean> {
  const rows = await s.sql.unsafe('SELECT 1 FROM pg_namespace WHERE nspname = $1', [`branch_${schemaId}`]);
  return rows.length > 0;
}

export async function branchStatus(s: TestServer, id: number): Promise<string> {
  return (await s.request('GET', `${BRANCHES}${id}/`)).body.status;
}

/** Creates a branch and waits for it to be ready (the server's worker provisions it, or `run`). */
export async function readyBranch(
  s: TestServer,
  name: string,
  run = false,
): Promise<{ id: number; schema_id: string }> {
  const r = await s.request('POST', BRANCHES, { name });
  expect(r.status, r.text).toBe(201);
  if (run) await runQueuedJobs(s);
  await until(`branch ${name} ready`, async () => ((await branchStatus(s, r.body.id)) === 'ready' ? true : undefined));
  return r.body;
}

/** Starts a branch operation and waits for its job; returns the job. */
export async function operate(
  s: TestServer,
  id: number,
  op: 'sync' | 'merge' | 'revert',
  body: Record<string, unknown> = { commit: true },
): Promise<any> {
  const r = await s.request('POST', `${BRANCHES}${id}/${op}/`, body);
  expect(r.status, r.text).toBe(200);
  expect(r.body.status.value).toBe('pending');
  return finished(s, r.body);
}

/** The same server, every request routed to a branch. */
export function inBranch(s: TestServer, schemaId: string): TestServer {
  return {
    ...s,
    headers: { 'X-Service-Branch': schemaId },
    request: (method, path, body, headers = {}) =>
      s.request(method, path, body, { 'X-Service-Branch': schemaId, ...headers }),
  };
}
