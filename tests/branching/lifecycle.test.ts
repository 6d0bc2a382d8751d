/**
 * A branch's life: created `new` with a random schema id, provisioned by a real worker into a
 * schema with main's rows, constraints and indexes, selected by header (400 unknown, 409 not
 * ready), one operation at a time, retried when provisioning failed, dropped with its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, branchStatus, finished, inBranch, readyBranch, runQueuedJobs, until } from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

async function schemaExists(schemaId: string): Promise<boolean> {
  const rows = await s.sql.unsafe('SELECT 1 FROM pg_namespace WHERE nspname = $1', [`branch_${schemaId}`]);
  return rows.length > 0;
}

describe('creating a branch', () => {
  it('answers with status new, a random schema id and the creator as owner, then provisions it', async () => {
    await s.request('POST', '/api/dcim/sites/', { name: 'before', slug: 'before' });
    const r = await s.request('POST', BRANCHES, { name: 'feature-1', description: 'first' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      name: 'feature-1',
      description: 'first',
      status: 'new',
      owner: { username: 'admin' },
      last_sync: null,
      merged_time: null,
      merged_by: null,
    });
    expect(r.body.schema_id).toMatch(/^[a-z0-9]{8}$/);
    // the plugin's fields: no display_url
    expect(Object.keys(r.body)).toEqual([
      'id',
      'url',
      'display',
      'name',
      'status',
      'owner',
      'description',
      'schema_id',
      'last_sync',
      'merged_time',
      'merged_by',
      'comments',
      'tags',
      'custom_fields',
      'created',
      'last_updated',
    ]);
    const job = (await s.request('GET', `/api/core/jobs/?object_type=netbox_branching.branch&object_id=${r.body.id}`))
      .body.results[0];
    expect(job).toMatchObject({ name: 'Provision branch', status: { value: 'pending' } });

    await runQueuedJobs(s);
    const ready = (await s.request('GET', `${BRANCHES}${r.body.id}/`)).body;
    expect(ready.status).toBe('ready');
    expect(ready.last_sync).not.toBeNull();
    expect(await schemaExists(r.body.schema_id)).toBe(true);
    const done = await finished(s, job);
    expect(done.status.value).toBe('completed');
    // the plugin's log: the schema, its tables, the copies, then done
    const log: string[] = done.data.log;
    expect(log.slice(0, 2)).toEqual([
      `Provisioning branch feature-1 (branch_${r.body.schema_id})`,
      `Creating schema branch_${r.body.schema_id}`,
    ]);
    expect(log).toContain(`Creating table branch_${r.body.schema_id}.dcim_site`);
    expect(log).toContain(`Copying public.dcim_site -> branch_${r.body.schema_id}.dcim_site`);
    expect(log.slice(-3)).toEqual([
      'Setting branch status to ready',
      'Recording branch event: provisioned',
      'Provisioning completed',
    ]);
    expect(Object.keys(done.data)).toEqual(['log']);
    expect(done.log_entries).toEqual([]);
    // the copied tables are vacuumed before the branch is ready: with no visibility map the
    // planner prices index-only scans as heap scans and picks sequential scans per row
    const [site] = await s.sql.unsafe(`SELECT relallvisible FROM pg_class WHERE oid = $1::regclass`, [
      `branch_${r.body.schema_id}.dcim_site`,
    ]);
    expect(site!.relallvisible).toBeGreaterThan(0);
    const events = (await s.request('GET', `/api/plugins/branching/branch-events/?branch_id=${r.body.id}`)).body
      .results;
    expect(events.map((e: any) => e.type.value)).toEqual(['provisioned']);
    // the branch sees main's data as it was
    const sites = await inBranch(s, r.body.schema_id).request('GET', '/api/dcim/sites/?name=before');
    expect(sites.body.count).toBe(1);
  });

  it('gives every branch its own schema id, and refuses a duplicate name', async () => {
    const a = await s.request('POST', BRANCHES, { name: 'dup-a' });
    const b = await s.request('POST', BRANCHES, { name: 'dup-b' });
    expect(a.body.schema_id).not.toBe(b.body.schema_id);
    const again = await s.request('POST', BRANCHES, { name: 'dup-a' });
    expect(again.status).toBe(400);
    expect(again.body.name).toBeDefined();
    const readOnly = await s.request('PATCH', `${BRANCHES}${a.body.id}/`, {
      schema_id: 'aaaaaaaa',
      status: 'merged',
      description: 'changed',
    });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body).toMatchObject({ schema_id: a.body.schema_id, status: 'new', description: 'changed' });
    await runQueuedJobs(s);
  });

  it('copies main tables with the same constraints and indexes (a bad write fails in the branch)', async () => {
    const b = await readyBranch(s, 'constraints', true);
    const count = async (schema: string) =>
      (
        await s.sql.unsafe(
          `SELECT (SELECT count(*)::int FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
        WHERE r.relnamespace = $1::text::regnamespace AND r.relname LIKE 'dcim\\_%') AS constraints,
              (SELECT count(*)::int FROM pg_indexes WHERE schemaname = $1 AND tablename LIKE 'dcim\\_%') AS indexes`,
          [schema],
        )
      )[0]!;
    expect(await count(`branch_${b.schema_id}`)).toEqual(await count('public'));
    const branch = inBranch(s, b.schema_id);
    const dup = await branch.request('POST', '/api/dcim/sites/', { name: 'before', slug: 'before-2' });
    expect(dup.status).toBe(400);
    expect(dup.body.name).toBeDefined();
    const badRef = await branch.request('POST', '/api/dcim/racks/', { name: 'r', site: 987654 });
    expect(badRef.status).toBe(400);
    expect(badRef.body.site).toBeDefined();
  });
});

describe('selecting a branch by header', () => {
  it('refuses an unknown or malformed schema id with 400 JSON', async () => {
    const unknown = await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': 'zzzzzzzz' });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(unknown.body.detail).toContain('zzzzzzzz');
    const bad = await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': 'branch_1; drop' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBeTypeOf('string');
  });

  it('refuses a branch that is not ready with 409 naming its status', async () => {
    const r = await s.request('POST', BRANCHES, { name: 'not-yet' });
    const got = await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': r.body.schema_id });
    expect(got.status).toBe(409);
    expect(got.body).toMatchObject({ status: 'new' });
    expect(got.body.detail).toContain('new');
    await runQueuedJobs(s);
    expect(
      (await s.request('GET', '/api/dcim/sites/', undefined, { 'X-Service-Branch': r.body.schema_id })).status,
    ).toBe(200);
  });

  it('accepts the plugin header X-NetBox-Branch, and a branch name as well as its schema id', async () => {
    const b = await readyBranch(s, 'by-name', true);
    const made = await inBranch(s, b.schema_id).request('POST', '/api/dcim/sites/', {
      name: 'only-in-branch',
      slug: 'only-in-branch',
    });
    expect(made.status, made.text).toBe(201);
    for (const headers of [
      { 'X-NetBox-Branch': b.schema_id },
      { 'X-NetBox-Branch': 'by-name' },
      { 'X-Service-Branch': 'by-name' },
    ] as Record<string, string>[]) {
      const r = await s.request('GET', '/api/dcim/sites/?slug=only-in-branch', undefined, headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.body.count, JSON.stringify(headers)).toBe(1);
    }
    expect((await s.request('GET', '/api/dcim/sites/?slug=only-in-branch')).body.count).toBe(0);
    expect(
      (await s.request('GET', '/api/dcim/sites/', undefined, { 'X-NetBox-Branch': 'no-such-branch' })).status,
    ).toBe(400);
  });

  it('needs no header to change or delete the branch itself', async () => {
    const b = await readyBranch(s, 'self-edit', true);
    const r = await inBranch(s, b.schema_id).request('PATCH', `${BRANCHES}${b.id}/`, {
      comments: 'edited from inside',
    });
    expect(r.status).toBe(200);
    expect(r.body.comments).toBe('edited from inside');
  });
});

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
    expect(await schemaExists(r.body.schema_id)).toBe(false);
  });

  it('deleting a branch drops its schema, its events and its diffs', async () => {
    const b = await readyBranch(s, 'to-delete', true);
    await inBranch(s, b.schema_id).request('POST', '/api/dcim/sites/', { name: 'doomed', slug: 'doomed' });
    expect((await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).body.count).toBe(1);
    const del = await s.request('DELETE', `${BRANCHES}${b.id}/`);
    expect(del.status, del.text).toBe(204);
    expect(await schemaExists(b.schema_id)).toBe(false);
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
