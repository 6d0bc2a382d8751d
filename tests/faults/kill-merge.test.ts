/**
 * A worker killed in the middle of a merge: its transaction dies with it (nothing half-written),
 * another worker takes the job over once the lease expires, and the merge completes exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { until } from '../helpers/branch.ts';
import { spawnServer, type ServerProcess } from '../helpers/process.ts';
import { AUTH, createDatabase, databaseUrl, dropDatabase } from '../helpers/server.ts';

const servers: ServerProcess[] = [];
const dbs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const d of dbs) await dropDatabase(d);
});

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<any> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...AUTH, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.status === 204 ? null : r.json();
}

describe('a worker killed mid-merge', () => {
  it('leaves nothing half-written and the merge is completed once by another worker', async () => {
    const db = await createDatabase();
    dbs.push(db);
    const url = databaseUrl(db);
    const env = { JOB_LEASE_SECONDS: '2' };
    // the API without a worker: jobs wait until a worker process comes
    const api = await spawnServer(url, { ...env, WORKER_IN_PROCESS: 'false' });
    servers.push(api);
    const branch = await call(api.url, 'POST', '/api/plugins/branching/branches/', { name: 'doomed-worker' });
    let worker = await spawnServer(url, { ...env, WORKER_IN_PROCESS: 'true' });
    servers.push(worker);
    await until(
      'the branch to be ready',
      async () =>
        (await call(api.url, 'GET', `/api/plugins/branching/branches/${branch.id}/`)).status === 'ready'
          ? true
          : undefined,
      60_000,
    );
    await worker.kill();

    const headers = { 'X-Service-Branch': branch.schema_id };
    const sites = [];
    for (let i = 0; i < 20; i++)
      sites.push(await call(api.url, 'POST', '/api/dcim/sites/', { name: `m${i}`, slug: `m${i}` }, headers));
    const job = await call(api.url, 'POST', `/api/plugins/branching/branches/${branch.id}/merge/`, { commit: true });
    expect(job.status.value).toBe('pending');

    // hold the branch's lock so that the merge stops halfway inside its transaction
    const holder = connect(url, { max: 1 });
    const [lock] = await holder.unsafe('SELECT pg_advisory_lock($1::bigint) AS ok', [4_607_000_000 + branch.id]);
    expect(lock).toBeDefined();
    worker = await spawnServer(url, { ...env, WORKER_IN_PROCESS: 'true' });
    servers.push(worker);
    await until(
      'the merge to run',
      async () =>
        (await call(api.url, 'GET', `/api/core/jobs/${job.id}/`)).status.value === 'running' ? true : undefined,
      60_000,
    );
    await worker.kill('SIGKILL');
    await holder.unsafe('SELECT pg_advisory_unlock($1::bigint)', [4_607_000_000 + branch.id]);
    await holder.end();

    // nothing of the merge reached main
    expect((await call(api.url, 'GET', '/api/dcim/sites/')).count).toBe(0);
    expect((await call(api.url, 'GET', `/api/plugins/branching/branches/${branch.id}/`)).status).toBe('merging');

    const rescuer = await spawnServer(url, { ...env, WORKER_IN_PROCESS: 'true' });
    servers.push(rescuer);
    const done = await until(
      'the rescued merge to end',
      async () => {
        const j = await call(api.url, 'GET', `/api/core/jobs/${job.id}/`);
        return ['completed', 'failed'].includes(j.status.value) ? j : undefined;
      },
      60_000,
    );
    expect(done.status.value, JSON.stringify(done)).toBe('completed');
    expect((await call(api.url, 'GET', `/api/plugins/branching/branches/${branch.id}/`)).status).toBe('merged');
    expect((await call(api.url, 'GET', '/api/dcim/sites/?limit=100')).results.map((x: any) => x.id).sort()).toEqual(
      sites.map((x) => x.id).sort(),
    );
    const log = await call(api.url, 'GET', `/api/core/object-changes/?request_id=${job.job_id}&limit=100`);
    expect(log.count).toBe(20);
  }, 180_000);
});
