/**
 * What a branch keeps to itself and what is seen of its operations: isolation both ways, dry runs of
 * sync, merge and revert that change nothing (every row fingerprinted), the log and progress a job
 * writes while it runs, and the changes a permission's constraints let a user list. The operations'
 * effects are in operations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCHES,
  finished,
  get,
  inBranch,
  operate,
  readyBranch,
  runQueuedJobs,
  site,
  until,
} from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => {
  await s?.stop();
});

/** A fingerprint of every row of the given schemas' data tables (and the shared branch tables). */
async function fingerprint(schemas: string[]): Promise<string> {
  const parts: string[] = [];
  for (const schema of schemas) {
    const tables = await s.sql.unsafe(
      `SELECT tablename FROM pg_tables WHERE schemaname = $1
        AND tablename ~ '^(dcim|ipam|tenancy|circuits|virtualization|extras)_|^core_objectchange$' ORDER BY 1`,
      [schema],
    );
    for (const t of tables) {
      const [r] = await s.sql.unsafe(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h
        FROM "${schema}"."${t.tablename as string}" x`);
      parts.push(`${schema}.${t.tablename as string}:${r!.h as string}`);
    }
  }
  const [d] = await s.sql.unsafe(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) AS h
    FROM public.netbox_branching_changediff x`);
  const [e] = await s.sql.unsafe('SELECT count(*)::int AS n FROM public.netbox_branching_branchevent');
  return `${parts.join('\n')}\ndiffs:${d!.h as string}\nevents:${e!.n as number}`;
}

describe('isolation', () => {
  it('keeps creates, updates and deletes in main out of the branch, and the other way round', async () => {
    const [keepM, delM, keepB, delB] = [await site(s), await site(s), await site(s), await site(s)];
    const b = await readyBranch(s, 'isolation');
    const br = inBranch(s, b.schema_id);

    const inMain = await site(s);
    await s.request('PATCH', `/api/dcim/sites/${keepM.id}/`, { description: 'main edit' });
    await s.request('DELETE', `/api/dcim/sites/${delM.id}/`);
    const inBr = await site(br);
    await br.request('PATCH', `/api/dcim/sites/${keepB.id}/`, { description: 'branch edit' });
    await br.request('DELETE', `/api/dcim/sites/${delB.id}/`);

    expect(inBr.id).not.toBe(inMain.id); // ids come from main's sequences: no collision at merge
    expect((await br.request('GET', `/api/dcim/sites/${inMain.id}/`)).status).toBe(404);
    expect((await get(br, `/api/dcim/sites/${keepM.id}/`)).description).toBe('');
    expect((await br.request('GET', `/api/dcim/sites/${delM.id}/`)).status).toBe(200);
    expect((await s.request('GET', `/api/dcim/sites/${inBr.id}/`)).status).toBe(404);
    expect((await get(s, `/api/dcim/sites/${keepB.id}/`)).description).toBe('');
    expect((await s.request('GET', `/api/dcim/sites/${delB.id}/`)).status).toBe(200);

    // each side's change log holds its own changes only
    const mainLog = await get(
      s,
      `/api/core/object-changes/?changed_object_type=dcim.site&changed_object_id=${inBr.id}`,
    );
    expect(mainLog.count).toBe(0);
    const branchLog = await get(
      br,
      `/api/core/object-changes/?changed_object_type=dcim.site&changed_object_id=${inBr.id}`,
    );
    expect(branchLog.count).toBe(1);
    const diffs = await get(s, `/api/plugins/branching/changes/?branch_id=${b.id}&ordering=id`);
    expect(diffs.results.map((d: any) => [d.object_id, d.action.value])).toEqual([
      [inBr.id, 'create'],
      [keepB.id, 'update'],
      [delB.id, 'delete'],
    ]);
    const upd = diffs.results[1];
    // the plugin's change: null when nothing conflicts, a display naming the action, type and object
    expect(upd.conflicts).toBeNull();
    expect(upd.display).toBe(`Updated site ${keepB.name} (${keepB.id})`);
    expect(diffs.results[0].diff).toEqual({ original: {}, modified: {}, current: {} });
    expect(upd.diff).toEqual({
      original: { description: '' },
      modified: { description: 'branch edit' },
      current: { description: '' },
    });
  });
});

describe('dry runs', () => {
  it('sync, merge and revert with commit false report what they would do and change nothing', async () => {
    const o = await site(s);
    const b = await readyBranch(s, 'dry');
    const br = inBranch(s, b.schema_id);
    await site(br);
    await br.request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'branch' });
    await site(s);
    const schemas = ['public', `branch_${b.schema_id}`];
    const state = async () => [
      await fingerprint(schemas),
      JSON.stringify(await get(s, `${BRANCHES}${b.id}/?fields=status,last_sync,merged_time,merged_by`)),
    ];

    const before = await state();
    const sync = await operate(s, b.id, 'sync', { commit: false });
    expect(sync.status.value).toBe('completed');
    expect(sync.data.log).toContain('Found 1 changes to sync');
    expect(sync.data.log[sync.data.log.length - 1]).toBe('Dry run completed; rolling back changes');
    const merge = await operate(s, b.id, 'merge', { commit: false });
    expect(merge.data).toMatchObject({
      changes_summary: { creates: { 'dcim.site': 1 }, creates_total: 1, updates: { 'dcim.site': 1 }, updates_total: 1 },
      has_unsynced_changes: true,
      merge_strategy: 'iterative',
      report: [],
    });
    expect(merge.data.log[merge.data.log.length - 1]).toBe('Dry run completed; rolling back changes');
    expect(await state()).toEqual(before);

    await operate(s, b.id, 'merge');
    const merged = await state();
    const revert = await operate(s, b.id, 'revert', { commit: false });
    expect(revert.data.log).toContain('Found 2 changes to revert');
    expect(revert.data.log.filter((l: string) => l.startsWith('Undoing change '))).toHaveLength(2);
    expect(revert.data.log[revert.data.log.length - 1]).toBe('Dry run completed; rolling back changes');
    expect(await state()).toEqual(merged);
  });
});

describe('progress of branch jobs', () => {
  it('writes the log to the job as it runs, outside the operation (dry runs too)', async () => {
    // a server without a worker: the merge runs when the test has main's site table held
    const q = await startTestServer();
    try {
      const b = await readyBranch(q, 'progress', true);
      await inBranch(q, b.schema_id).request(
        'POST',
        '/api/dcim/sites/',
        Array.from({ length: 30 }, (_, i) => ({ name: `prog-${i}`, slug: `prog-${i}` })),
      );
      const r = await q.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: false });
      expect(r.status).toBe(200);
      // the held table stops the merge at its first insert: its job is running, mid-apply
      const seen = await whileHeld(q, 'public.dcim_site', async () => {
        const ran = runQueuedJobs(q);
        const j = await until('the running job to show its progress', async () => {
          const job = await get(q, `/api/core/jobs/${r.body.id}/`);
          return job.status.value === 'running' && job.data?.progress ? job : undefined;
        });
        return { j, ran };
      });
      await seen.ran;
      expect(seen.j.data.log[0]).toBe(`Merging branch progress (branch_${b.schema_id})`);
      expect(seen.j.data.log).toContain('Found 30 changes to merge');
      expect(seen.j.data.progress).toEqual({ stage: 'apply', done: expect.any(Number), total: 30 });
      const dry = await finished(q, r.body);
      // the log of a dry run survives its rollback; the progress was for the run only
      expect(dry.data.log).toContain('Found 30 changes to merge');
      expect(dry.data.log.filter((l: string) => l.startsWith('Applying change '))).toHaveLength(30);
      expect(dry.data.log[dry.data.log.length - 1]).toBe('Dry run completed; rolling back changes');
      expect(dry.data.progress).toBeUndefined();
      expect(dry.log_entries).toEqual([]);
    } finally {
      await q.stop();
    }
  });
});

/** Runs `during` while a transaction of the test holds `table` against writes; then lets them go. */
async function whileHeld<T>(server: TestServer, table: string, during: () => Promise<T>): Promise<T> {
  let out!: T;
  await server.sql.begin(async (tx) => {
    await tx.unsafe(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    out = await during();
  });
  return out;
}

describe('permissions on branch changes', () => {
  it('lists only the changes the constraints of netbox_branching.view_changediff allow', async () => {
    const b = await readyBranch(s, 'perm-changes');
    const br = inBranch(s, b.schema_id);
    const made = await site(br);
    const old = await site(s);
    await operate(s, b.id, 'sync');
    await br.request('PATCH', `/api/dcim/sites/${old.id}/`, { description: 'changed in branch' });
    const u = (
      await s.request('POST', '/api/users/users/', { username: 'diff-viewer', password: 'diff-viewer-password' })
    ).body;
    const p = await s.request('POST', '/api/users/permissions/', {
      name: 'creates only',
      object_types: ['netbox_branching.changediff'],
      actions: ['view'],
      constraints: { action: 'create' },
      users: [u.id],
    });
    expect(p.status, p.text).toBe(201);
    const token = (await s.request('POST', '/api/users/tokens/', { user: u.id })).body.token as string;
    const auth = { Authorization: `Bearer ${token}` };
    const all = (await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).body.results as {
      id: number;
      object_id: number;
      action: { value: string };
    }[];
    expect(all.map((d) => d.action.value).sort()).toEqual(['create', 'update']);
    const seen = await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`, undefined, auth);
    expect(seen.status).toBe(200);
    expect(seen.body.results.map((d: { object_id: number }) => d.object_id)).toEqual([made.id]);
    const update = all.find((d) => d.action.value === 'update')!;
    expect((await s.request('GET', `/api/plugins/branching/changes/${update.id}/`, undefined, auth)).status).toBe(404);
  });
});
