/**
 * A branch's life up to its use: created `new` with a random schema id, provisioned by a real worker into
 * a schema with main's rows, constraints and indexes (its tables vacuumed before it is ready), and
 * selected by header (400 unknown, 409 not ready). Its operations, retries, deletion and the plugin's
 * listings are lifecycle-operations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, finished, inBranch, readyBranch, runQueuedJobs, schemaExists } from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

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
    expect(await schemaExists(s, r.body.schema_id)).toBe(true);
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
    // planner prices index-only scans as heap scans and picks sequential scans per row. What is
    // checked is the VACUUM (PostgreSQL's count of them, and its time before the ready event), not
    // relallvisible: VACUUM marks no page all-visible while any transaction in the database holds a
    // snapshot from before the copy committed, which a loaded host's other connections can do
    const [vacuum] = await s.sql.unsafe(
      `SELECT t.vacuum_count, t.last_vacuum <= e.time AS before_ready FROM pg_stat_all_tables t,
        netbox_branching_branchevent e WHERE t.relid = $1::regclass AND e.branch_id = $2 AND e.type = 'provisioned'`,
      [`branch_${r.body.schema_id}.dcim_site`, r.body.id],
    );
    expect(vacuum).toEqual({ vacuum_count: 1, before_ready: true });
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
