/**
 * Isolation both ways, then sync, merge and revert as jobs run by a real worker: main's changes
 * come into the branch, the branch's changes reach main through the write path (change records,
 * webhooks to a real receiver, foreign-key order, circular references), a revert undoes a merge,
 * and a dry run of each changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCHES,
  branchStatus,
  finished,
  inBranch,
  operate,
  readyBranch,
  runQueuedJobs,
  site,
  until,
} from '../helpers/branch.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let rx: Receiver;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  rx = await startReceiver();
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

async function get(server: TestServer, path: string): Promise<any> {
  return (await server.request('GET', path)).body;
}

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

describe('sync', () => {
  it('brings main changes committed since the last sync into the branch, keeping the branch own', async () => {
    const [upd, del] = [await site(s), await site(s)];
    const b = await readyBranch(s, 'sync');
    const br = inBranch(s, b.schema_id);
    const mine = await site(br);
    const created = await site(s, { description: 'made in main' });
    await s.request('PATCH', `/api/dcim/sites/${upd.id}/`, { description: 'edited in main', comments: 'c' });
    await s.request('DELETE', `/api/dcim/sites/${del.id}/`);
    const before = await get(s, `${BRANCHES}${b.id}/`);

    const job = await operate(s, b.id, 'sync');
    expect(job.status.value).toBe('completed');
    expect(job.name).toBe('Sync branch');
    // the plugin's log: main's three change records, applied to the branch
    const log: string[] = job.data.log;
    expect(log.slice(0, 3)).toEqual([
      `Syncing branch sync (branch_${b.schema_id})`,
      'Found 3 changes to sync',
      'Setting branch status to syncing',
    ]);
    expect(log.filter((l) => l.startsWith('Applying change '))).toHaveLength(3);
    expect(log).toContain(`Updating site ${upd.name}`);
    expect(log).toContain(`Deleting site ${del.name}`);
    expect(log.slice(-3)).toEqual([
      'Setting branch status to ready',
      'Recording branch event: synced',
      'Syncing completed',
    ]);
    expect((await get(br, `/api/dcim/sites/${created.id}/`)).description).toBe('made in main');
    expect(await get(br, `/api/dcim/sites/${upd.id}/`)).toMatchObject({ description: 'edited in main', comments: 'c' });
    expect((await br.request('GET', `/api/dcim/sites/${del.id}/`)).status).toBe(404);
    expect((await br.request('GET', `/api/dcim/sites/${mine.id}/`)).status).toBe(200);
    const after = await get(s, `${BRANCHES}${b.id}/`);
    expect(after.status).toBe('ready');
    expect(Date.parse(after.last_sync)).toBeGreaterThan(Date.parse(before.last_sync));
    // main's changes are not the branch's: nothing new to merge
    const diffs = await get(s, `/api/plugins/branching/changes/?branch_id=${b.id}`);
    expect(diffs.results.map((d: any) => d.object_id)).toEqual([mine.id]);
    // a second sync has nothing left to bring: it stops there, and records no sync
    const again = await operate(s, b.id, 'sync');
    expect(again.status.value).toBe('completed');
    expect(again.data).toEqual({ log: [`Syncing branch sync (branch_${b.schema_id})`, 'No changes found; aborting.'] });
    expect((await get(s, `${BRANCHES}${b.id}/`)).last_sync).toBe(after.last_sync);
    const events = await get(s, `/api/plugins/branching/branch-events/?branch_id=${b.id}`);
    expect(events.results.map((e: any) => e.type.value)).toEqual(['synced', 'provisioned']);
  });

  it('never misses a change committed while the branch was being provisioned', async () => {
    const r = await s.request('POST', BRANCHES, { name: 'race' });
    const during = await site(s, { description: 'during provisioning' });
    let status = '';
    while (status !== 'ready') {
      status = await branchStatus(s, r.body.id);
      await new Promise((res) => setTimeout(res, 50));
    }
    const br = inBranch(s, r.body.schema_id);
    const seen = (await br.request('GET', `/api/dcim/sites/${during.id}/`)).status === 200;
    await operate(s, r.body.id, 'sync');
    // either the copy had it, or the sync brought it: never lost
    expect((await br.request('GET', `/api/dcim/sites/${during.id}/`)).status).toBe(200);
    expect(typeof seen).toBe('boolean');
  });

  it('keeps old change records a ready branch has not synced yet when the change log is pruned', async () => {
    const { pruneChangelog } = await import('../../runtime/changelog/prune.ts');
    const b = await readyBranch(s, 'prune');
    const br = inBranch(s, b.schema_id);
    const created = await site(s, { description: 'made in main, then aged' });
    // every record ages past the retention: only what the branch still needs may survive
    await s.sql.unsafe("UPDATE core_objectchange SET time = now() - interval '100 days'");
    // what no live branch needs: records older than the oldest live snapshot (which another database's
    // transactions on a shared cluster can push back, so the number is read, not assumed)
    const needed = `SELECT count(*)::int AS n FROM core_objectchange WHERE txid < (
      SELECT min(pg_snapshot_xmin(snapshot::pg_snapshot)::text::bigint) FROM netbox_branching_branch
       WHERE snapshot IS NOT NULL AND status IN ('provisioning', 'ready', 'syncing', 'merging'))`;
    const [prunable] = await s.sql.unsafe(needed);
    expect(await pruneChangelog(s.sql, 90)).toBe(prunable!.n);
    expect((await s.sql.unsafe(needed))[0]!.n).toBe(0);
    const kept = await s.sql.unsafe(
      `SELECT count(*)::int AS n FROM core_objectchange
      WHERE changed_object_type = 'dcim.site' AND changed_object_id = $1`,
      [created.id],
    );
    expect(kept[0]!.n).toBe(1);
    await operate(s, b.id, 'sync');
    expect((await br.request('GET', `/api/dcim/sites/${created.id}/`)).status).toBe(200);
    // once synced, the record is no longer needed by that branch
    await s.request('DELETE', `${BRANCHES}${b.id}/`);
  });

  it('advances the baseline: a field main changed and the branch synced is no conflict later', async () => {
    const o = await site(s);
    const b = await readyBranch(s, 'baseline');
    const br = inBranch(s, b.schema_id);
    await br.request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'branch' });
    await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { comments: 'main 1' });
    await operate(s, b.id, 'sync');
    await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { comments: 'main 2' });
    const diff = (await get(s, `/api/plugins/branching/changes/?branch_id=${b.id}`)).results[0];
    expect(diff.conflicts).toBeNull();
    const job = await operate(s, b.id, 'merge');
    expect(job.status.value).toBe('completed');
    expect(job.data.conflicts).toBeUndefined();
    expect(await get(s, `/api/dcim/sites/${o.id}/`)).toMatchObject({ description: 'branch', comments: 'main 2' });
  });
});

describe('merge', () => {
  it('applies the branch to main through the write path: change records, webhooks, foreign-key order', async () => {
    const hook = (
      await s.request('POST', '/api/extras/webhooks/', { name: 'merge-hook', payload_url: `${rx.url}/merge` })
    ).body;
    await s.request('POST', '/api/extras/event-rules/', {
      name: 'merge-rule',
      object_types: ['dcim.site', 'dcim.device'],
      event_types: ['object_created', 'object_updated', 'object_deleted'],
      action_type: 'webhook',
      action_object_type: 'extras.webhook',
      action_object_id: hook.id,
    });
    const gone = await site(s);
    const b = await readyBranch(s, 'merge');
    const br = inBranch(s, b.schema_id);
    // a chain of new objects, and a cycle: device → primary IP → interface → device
    const tg = (await br.request('POST', '/api/tenancy/tenant-groups/', { name: 'tg', slug: 'tg' })).body;
    const tenant = (await br.request('POST', '/api/tenancy/tenants/', { name: 'tn', slug: 'tn', group: tg.id })).body;
    const st = await site(br, { tenant: tenant.id });
    const mf = (await br.request('POST', '/api/dcim/manufacturers/', { name: 'mf', slug: 'mf' })).body;
    const dt = (await br.request('POST', '/api/dcim/device-types/', { manufacturer: mf.id, model: 'm', slug: 'm' }))
      .body;
    const role = (await br.request('POST', '/api/dcim/device-roles/', { name: 'role', slug: 'role' })).body;
    const dev = (
      await br.request('POST', '/api/dcim/devices/', { name: 'dev', site: st.id, device_type: dt.id, role: role.id })
    ).body;
    const ifc = (
      await br.request('POST', '/api/dcim/interfaces/', { device: dev.id, name: 'eth0', type: '1000base-t' })
    ).body;
    const ip = (
      await br.request('POST', '/api/ipam/ip-addresses/', {
        address: '192.0.2.1/24',
        assigned_object_type: 'dcim.interface',
        assigned_object_id: ifc.id,
      })
    ).body;
    const setIp = await br.request('PATCH', `/api/dcim/devices/${dev.id}/`, { primary_ip4: ip.id });
    expect(setIp.status, setIp.text).toBe(200);
    await br.request('DELETE', `/api/dcim/sites/${gone.id}/`);
    rx.received.length = 0;

    const job = await operate(s, b.id, 'merge');
    expect(job.status.value, JSON.stringify(job.data)).toBe('completed');
    expect(job.name).toBe('Merge branch');
    const merged = await get(s, `/api/dcim/devices/${dev.id}/`);
    expect(merged).toMatchObject({
      name: 'dev',
      site: { id: st.id },
      primary_ip4: { id: ip.id, address: '192.0.2.1/24' },
      tenant: null,
    });
    expect((await get(s, `/api/dcim/sites/${st.id}/`)).tenant.id).toBe(tenant.id);
    expect((await get(s, `/api/ipam/ip-addresses/${ip.id}/`)).assigned_object.id).toBe(ifc.id);
    expect((await s.request('GET', `/api/dcim/sites/${gone.id}/`)).status).toBe(404);

    const branch = await get(s, `${BRANCHES}${b.id}/`);
    expect(branch).toMatchObject({ status: 'merged', merged_by: { username: 'admin' } });
    expect(branch.merged_time).not.toBeNull();
    const events = await get(s, `/api/plugins/branching/branch-events/?branch_id=${b.id}`);
    expect(events.results.map((e: any) => e.type.value)).toEqual(['merged', 'provisioned']);

    // main's change log records the merge, under the merge job's request id
    const log = await get(s, `/api/core/object-changes/?request_id=${job.job_id}&limit=100`);
    const logged = log.results.map((c: any) => `${c.changed_object_type}:${c.changed_object_id}:${c.action.value}`);
    expect(logged).toEqual(
      expect.arrayContaining([
        `dcim.device:${dev.id}:create`,
        `dcim.site:${st.id}:create`,
        `dcim.site:${gone.id}:delete`,
        `ipam.ipaddress:${ip.id}:create`,
      ]),
    );
    expect(log.results.every((c: any) => c.user_name === 'admin')).toBe(true);

    // and its webhooks fired, as for any write in main
    const got = await rx.waitFor(3);
    const bodies = got.map((r) => JSON.parse(r.body));
    expect(bodies.some((x) => x.event === 'created' && x.model === 'device' && x.data.id === dev.id)).toBe(true);
    expect(bodies.some((x) => x.event === 'created' && x.model === 'site' && x.data.id === st.id)).toBe(true);
    expect(bodies.some((x) => x.event === 'deleted' && x.model === 'site' && x.data.id === gone.id)).toBe(true);

    // a merged branch is no longer usable for writes, and cannot be merged twice
    expect((await br.request('GET', '/api/dcim/sites/')).status).toBe(409);
    expect((await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: true })).status).toBe(409);
  });
});

describe('revert', () => {
  it('undoes a merge: main returns to its state before it, field by field', async () => {
    const [edited, removed] = [await site(s, { description: 'orig' }), await site(s, { description: 'keep me' })];
    const b = await readyBranch(s, 'revert');
    const br = inBranch(s, b.schema_id);
    const added = await site(br);
    await br.request('PATCH', `/api/dcim/sites/${edited.id}/`, { description: 'branch' });
    await br.request('DELETE', `/api/dcim/sites/${removed.id}/`);
    await s.request('PATCH', `/api/dcim/sites/${edited.id}/`, { comments: 'main kept this' });
    await operate(s, b.id, 'merge');
    expect((await get(s, `/api/dcim/sites/${edited.id}/`)).description).toBe('branch');

    const job = await operate(s, b.id, 'revert');
    expect(job.status.value, JSON.stringify(job.data)).toBe('completed');
    expect(job.name).toBe('Revert branch');
    expect((await s.request('GET', `/api/dcim/sites/${added.id}/`)).status).toBe(404);
    expect(await get(s, `/api/dcim/sites/${edited.id}/`)).toMatchObject({
      description: 'orig',
      comments: 'main kept this',
    });
    const back = await get(s, `/api/dcim/sites/${removed.id}/`);
    expect(back).toMatchObject({ id: removed.id, description: 'keep me' });
    const branch = await get(s, `${BRANCHES}${b.id}/`);
    expect(branch).toMatchObject({ status: 'ready', merged_time: null, merged_by: null });
    const events = await get(s, `/api/plugins/branching/branch-events/?branch_id=${b.id}`);
    expect(events.results.map((e: any) => e.type.value)).toEqual(['reverted', 'merged', 'provisioned']);
    // the branch still has its changes and can be merged again
    expect((await br.request('GET', `/api/dcim/sites/${added.id}/`)).status).toBe(200);
    expect((await operate(s, b.id, 'merge')).status.value).toBe('completed');
    expect((await s.request('GET', `/api/dcim/sites/${added.id}/`)).status).toBe(200);
  });

  it('refuses where main changed, since the merge, a field the merge set', async () => {
    const o = await site(s);
    const b = await readyBranch(s, 'revert-conflict');
    await inBranch(s, b.schema_id).request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'branch' });
    await operate(s, b.id, 'merge');
    await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'main after merge' });
    const r = await s.request('POST', `${BRANCHES}${b.id}/revert/`, { commit: true });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toHaveLength(1);
    expect(r.body.conflicts[0]).toMatchObject({
      object_type: 'dcim.site',
      object_id: o.id,
      conflicts: ['description'],
      conflicting_data: {
        original: { description: '' },
        branch: { description: 'branch' },
        main: { description: 'main after merge' },
      },
    });
    expect(await branchStatus(s, b.id)).toBe('merged');
    expect((await get(s, `/api/dcim/sites/${o.id}/`)).description).toBe('main after merge');
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
