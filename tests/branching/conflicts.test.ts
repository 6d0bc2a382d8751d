/**
 * Conflict reports, three-way per field: modify/modify, delete/modify, modify/delete, tag and
 * many-to-many lists compared as sets, and — before anything is written — every unique-key clash
 * and every reference to an object main deleted, all in one 409 (and in a dry run's job data).
 * `acknowledge_conflicts` lets the branch win; problems cannot be acknowledged away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, branchStatus, finished, inBranch, operate, readyBranch, site } from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => s?.stop());

async function jobCount(): Promise<number> {
  return (await s.request('GET', '/api/core/jobs/?limit=1')).body.count;
}

describe('field conflicts', () => {
  it(
    'reports a field both sides changed differently, with the three values, then lets the branch win when ' +
      'acknowledged',
    async () => {
      const o = await site(s);
      const b = await readyBranch(s, 'modify-modify');
      const br = inBranch(s, b.schema_id);
      await br.request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'branch', comments: 'same' });
      await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { description: 'main', comments: 'same' });

      const diff = (await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}&has_conflicts=true`))
        .body;
      expect(diff.count).toBe(1);
      expect(diff.results[0].conflicts).toEqual(['description']);
      expect(diff.results[0].current_data.description).toBe('main');

      const jobs = await jobCount();
      for (const commit of [true, false]) {
        const r = await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit });
        expect(r.status).toBe(409);
        expect(r.body.detail).toBe('All conflicts must be acknowledged before this action can proceed.');
        expect(r.body.conflicts).toEqual([
          {
            id: diff.results[0].id,
            object_type: 'dcim.site',
            object_id: o.id,
            object_repr: o.name,
            action: { value: 'update', label: 'Updated' },
            kind: 'modify/modify',
            conflicts: ['description'],
            conflicting_data: {
              original: { description: '' },
              branch: { description: 'branch' },
              main: { description: 'main' },
            },
            last_updated: expect.any(String),
          },
        ]);
      }
      expect(await jobCount()).toBe(jobs);
      expect(await branchStatus(s, b.id)).toBe('ready');

      const job = await operate(s, b.id, 'merge', { commit: true, acknowledge_conflicts: true });
      expect(job.status.value).toBe('completed');
      expect(job.data.conflicts).toHaveLength(1);
      expect((await s.request('GET', `/api/dcim/sites/${o.id}/`)).body.description).toBe('branch');
    },
  );

  it('reports delete/modify and modify/delete', async () => {
    const [delInBranch, delInMain] = [await site(s), await site(s)];
    const b = await readyBranch(s, 'delete-modify');
    const br = inBranch(s, b.schema_id);
    await br.request('DELETE', `/api/dcim/sites/${delInBranch.id}/`);
    await s.request('PATCH', `/api/dcim/sites/${delInBranch.id}/`, { description: 'main edited it' });
    await br.request('PATCH', `/api/dcim/sites/${delInMain.id}/`, { description: 'branch edited it' });
    await s.request('DELETE', `/api/dcim/sites/${delInMain.id}/`);

    const r = await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: true });
    expect(r.status).toBe(409);
    const byId = new Map(r.body.conflicts.map((c: any) => [c.object_id, c]));
    expect(byId.get(delInBranch.id)).toMatchObject({
      kind: 'delete/modify',
      action: { value: 'delete' },
      conflicts: ['description'],
      conflicting_data: { branch: {}, main: { description: 'main edited it' } },
    });
    expect(byId.get(delInMain.id)).toMatchObject({
      kind: 'modify/delete',
      action: { value: 'update' },
      conflicts: ['description'],
      conflicting_data: { branch: { description: 'branch edited it' }, main: {} },
    });
    // the same two, seen from the branch at sync time
    const sync = await s.request('POST', `${BRANCHES}${b.id}/sync/`, { commit: true });
    expect(sync.status).toBe(409);
    expect(sync.body.conflicts.map((c: any) => c.kind).sort()).toEqual(['delete/modify', 'modify/delete']);
  });

  it('compares tags and many-to-many lists as sets', async () => {
    const t1 = (await s.request('POST', '/api/extras/tags/', { name: 't1', slug: 't1' })).body;
    const t2 = (await s.request('POST', '/api/extras/tags/', { name: 't2', slug: 't2' })).body;
    const asn1 = (
      await s.request('POST', '/api/ipam/asns/', {
        asn: 65001,
        rir: (await s.request('POST', '/api/ipam/rirs/', { name: 'r', slug: 'r' })).body.id,
      })
    ).body;
    const asn2 = (await s.request('POST', '/api/ipam/asns/', { asn: 65002, rir: asn1.rir.id })).body;
    const o = await site(s);
    const b = await readyBranch(s, 'sets');
    const br = inBranch(s, b.schema_id);
    await br.request('PATCH', `/api/dcim/sites/${o.id}/`, {
      tags: [{ name: 't2' }, { name: 't1' }],
      asns: [asn2.id, asn1.id],
      description: 'b',
    });
    await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { tags: [t1.id, t2.id], asns: [asn1.id, asn2.id] });
    const diff = (await s.request('GET', `/api/plugins/branching/changes/?branch_id=${b.id}`)).body.results[0];
    expect(diff.conflicts).toBeNull();
    const job = await operate(s, b.id, 'merge');
    expect(job.data.conflicts).toBeUndefined();
    const merged = (await s.request('GET', `/api/dcim/sites/${o.id}/`)).body;
    expect(merged.tags.map((t: any) => t.slug).sort()).toEqual(['t1', 't2']);
    expect(merged.asns.map((a: any) => a.id).sort()).toEqual([asn1.id, asn2.id].sort());
  });
});

describe('problems found before merge', () => {
  it('reports every unique clash and reference to a deleted object at once, in the 409 and a dry run', async () => {
    const doomed = await site(s);
    const b = await readyBranch(s, 'problems');
    const br = inBranch(s, b.schema_id);
    await site(br, { name: 'clash-a', slug: 'clash-a' });
    await site(br, { name: 'clash-b', slug: 'clash-b' });
    const rack = (await br.request('POST', '/api/dcim/racks/', { name: 'rack-in-doomed', site: doomed.id })).body;
    const inMainA = await site(s, { name: 'clash-a', slug: 'clash-a' });
    await site(s, { name: 'clash-b', slug: 'clash-b' });
    await s.request('DELETE', `/api/dcim/sites/${doomed.id}/`);

    const r = await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: true, acknowledge_conflicts: true });
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/3 problem/);
    const kinds = r.body.problems.map((p: any) => `${p.object_type}:${p.kind}`).sort();
    expect(kinds).toEqual(expect.arrayContaining(['dcim.rack:missing_reference', 'dcim.site:unique']));
    expect(r.body.problems.filter((p: any) => p.kind === 'unique')).toHaveLength(2);
    expect(r.body.problems.find((p: any) => p.object_id === rack.id)).toMatchObject({ fields: ['site'] });
    expect(await branchStatus(s, b.id)).toBe('ready');
    expect((await s.request('GET', `/api/dcim/sites/${inMainA.id}/`)).body.name).toBe('clash-a');

    // a dry run is how to see them in a job: it runs and reports them in its data
    const dry = await s.request('POST', `${BRANCHES}${b.id}/merge/`, { commit: false, acknowledge_conflicts: true });
    expect(dry.status).toBe(200);
    const job = await finished(s, dry.body);
    expect(job.status.value).toBe('failed');
    expect(job.data.problems).toHaveLength(3);
    expect(job.error).toMatch(/3 problem/);
    expect(await branchStatus(s, b.id)).toBe('ready');
  });
});
