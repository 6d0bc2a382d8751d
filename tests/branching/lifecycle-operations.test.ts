/**
 * A branch's operations and end: one operation at a time, action bodies validated against the branch's
 * state, a failed provisioning retried, a branch whose job died returned to its stable state, deletion
 * dropping its schema, events and diffs; and the plugin's listings (branchable models, changes by branch).
 * Creating, provisioning and selecting a branch are lifecycle.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCHES,
  branchStatus,
  inBranch,
  readyBranch,
  runQueuedJobs,
  schemaExists,
  until,
} from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('operations', () => {
  it('validates the action body and the branch state', async () => {
    const b = await readyBranch(s, 'bodies', true);
    const missing = await s.request('POST', `${BRANCHES}${b.id}/sync/`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ commit: ['This field is required.'] });
    const wrong = await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: 'yes', acknowledge_conflicts: 1 });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body).sort()).toEqual(['acknowledge_conflicts', 'commit']);
    const revert = await s.request('POST', `${BRANCHES}${b.id}/revert/`, { commit: true });
    expect(revert.status).toBe(409);
    expect(revert.body).toMatchObject({ status: 'ready' });
    expect((await s.request('POST', `${BRANCHES}99999/sync/`, { commit: true })).status).toBe(404);
  });

  it('runs one operation at a time: a second request while one is queued gets 409', async () => {
    const b = await readyBranch(s, 'one-at-a-time', true);
    const [x, y] = await Promise.all([
      s.request('POST', `${BRANCHES}${b.id}/sync/`, { commit: true }),
      s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: true }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await branchStatus(s, b.id)).toMatch(/syncing|merging/);
    const del = await s.request('DELETE', `${BRANCHES}${b.id}/`);
    expect(del.status).toBe(409);
    await runQueuedJobs(s);
    expect(['ready', 'merged']).toContain(await branchStatus(s, b.id));
  });

  it('a failed provisioning can be retried, and a failed branch deleted', async () => {
    const r = await s.request('POST', BRANCHES, { name: 'will-fail' });
    // something in the way of the copy: the first provisioning attempt fails for good
    await s.sql.unsafe(
      `CREATE SCHEMA branch_${r.body.schema_id}; CREATE TABLE branch_${r.body.schema_id}.dcim_site (x int)`,
    );
    await s.sql.unsafe(`UPDATE graphile_worker._private_jobs SET max_attempts = 1 WHERE task_id = (SELECT id
      FROM graphile_worker._private_tasks WHERE identifier = 'provision_branch')`);
    await runQueuedJobs(s);
    expect(await branchStatus(s, r.body.id)).toBe('failed');
    const job = (await s.request('GET', `/api/core/jobs/?object_id=${r.body.id}&object_type=netbox_branching.branch`))
      .body.results[0];
    expect(job.status.value).toBe('failed');
    expect(job.error).toContain('dcim_site');
    const header = await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': r.body.schema_id });
    expect(header.status).toBe(409);
    expect(header.body.status).toBe('failed');

    const retry = await s.request('POST', `${BRANCHES}${r.body.id}/retry/`);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.name).toBe('Provision branch');
    await runQueuedJobs(s);
    expect(await branchStatus(s, r.body.id)).toBe('ready');

    await s.sql.unsafe("UPDATE netbox_branching_branch SET status = 'failed' WHERE id = $1", [r.body.id]);
    const del = await s.request('DELETE', `${BRANCHES}${r.body.id}/`);
    expect(del.status).toBe(204);
    expect(await schemaExists(s, r.body.schema_id)).toBe(false);
  });

  it('deleting a branch drops its schema, its events and its diffs', async () => {
    const b = await readyBranch(s, 'to-delete', true);
    await inBranch(s, b.schema_id).request('POST', '/api/dcim/sites/', { name: 'doomed', slug: 'doomed' });
    expect((await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).body.count).toBe(1);
    const del = await s.request('DELETE', `${BRANCHES}${b.id}/`);
    expect(del.status, del.text).toBe(204);
    expect(await schemaExists(s, b.schema_id)).toBe(false);
    expect((await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).status).toBe(400);
    const left = await s.sql.unsafe(
      `SELECT (SELECT count(*)::int FROM netbox_branching_changediff
      WHERE branch_id = $1) + (SELECT count(*)::int FROM netbox_branching_branchevent WHERE branch_id = $1) AS n`,
      [b.id],
    );
    expect(left[0]!.n).toBe(0);
    const gone = await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': b.schema_id });
    expect(gone.status).toBe(400);
  });

  it('returns a branch whose job died for good to its stable state', async () => {
    const b = await readyBranch(s, 'stuck', true);
    const r = await s.request('POST', `${BRANCHES}${b.id}/sync/`, { commit: true });
    expect(r.status).toBe(200);
    // the job's worker vanished and the job was given up on
    await s.sql.unsafe("UPDATE core_job SET status = 'failed' WHERE job_id = $1", [r.body.job_id]);
    await s.sql.unsafe('DELETE FROM graphile_worker._private_jobs');
    const { recoverBranches } = await import('../../runtime/branching/index.ts');
    expect(await recoverBranches(s.sql)).toBe(1);
    expect(await branchStatus(s, b.id)).toBe('ready');
    await until('sync possible again', async () =>
      (await s.request('POST', `${BRANCHES}${b.id}/sync/`, { commit: false })).status === 200 ? true : undefined,
    );
    await runQueuedJobs(s);
  });
});

describe('branch listings', () => {
  it('lists branchable models and filters changes by branch schema id', async () => {
    // a plain list, as the plugin answers
    const models = (await s.request('GET', '/api/plugins/branching/branchable-models/')).body;
    expect(models).toContainEqual({
      app_label: 'dcim',
      model: 'site',
      verbose_name: 'site',
      verbose_name_plural: 'sites',
    });
    expect(models.some((m: any) => m.app_label === 'users')).toBe(false);
    // tag assignments are copied too; the change log is not (a branch's starts empty)
    expect(models.map((m: any) => `${m.app_label}.${m.model}`)).toContain('extras.taggeditem');
    expect(models.map((m: any) => `${m.app_label}.${m.model}`)).not.toContain('core.objectchange');
    const b = await readyBranch(s, 'listing', true);
    await inBranch(s, b.schema_id).request('POST', '/api/dcim/sites/', { name: 'listed', slug: 'listed' });
    const byId = (await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).body;
    const bySchema = (await s.request('GET', `/api/plugins/branching/changes/?branch=${b.schema_id}`)).body;
    expect(byId.count).toBe(1);
    expect(bySchema.results.map((d: any) => d.id)).toEqual(byId.results.map((d: any) => d.id));
    const siteType = (await s.request('GET', '/api/core/object-types/?app_label=dcim&model=site')).body.results[0];
    expect(
      (await s.request('GET', `/api/plugins/branching/changes/?object_type_id=${siteType.id}&branch_id=${b.id}`)).body
        .count,
    ).toBe(1);
    expect(
      (await s.request('GET', `/api/plugins/branching/changes/?object_type=dcim.site&branch_id=${b.id}&action=create`))
        .body.count,
    ).toBe(1);
    expect((await s.request('GET', '/api/plugins/')).body).toHaveProperty('branching');
  });
});
