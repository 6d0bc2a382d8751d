/**
 * Sync, merge and revert as jobs run by a real worker: main's changes come into the branch, the
 * branch's changes reach main through the write path (change records, webhooks to a real receiver,
 * foreign-key order, circular references), and a revert undoes a merge. What a branch keeps to itself,
 * dry runs and a job's progress are in visibility.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, branchStatus, get, inBranch, operate, readyBranch, site } from '../helpers/branch.ts';
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
