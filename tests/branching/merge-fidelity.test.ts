/**
 * What a merge writes besides the branch's values: the times of objects it creates, to the microsecond,
 * and of objects it updates, never null or earlier than the branch's; the strategy its log names; and
 * custom fields compared one by one, so a custom field main changed survives the branch's change of another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBranch, operate, readyBranch, site } from '../helpers/branch.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => {
  await s?.stop();
});

const get = async (server: TestServer, path: string) => (await server.request('GET', path)).body;
const micros = /\.\d{6}Z$/;

describe('a merge', () => {
  it("keeps a created object's times to the microsecond, and an updated one's last update", async () => {
    const old = await site(s);
    const b = await readyBranch(s, 'times');
    const br = inBranch(s, b.schema_id);
    const made = await site(br);
    const changed = await br.request('PATCH', `/api/dcim/sites/${old.id}/`, { description: 'x' });
    expect(changed.status, changed.text).toBe(200);
    const inBranchMade = await get(br, `/api/dcim/sites/${made.id}/`);
    expect(inBranchMade.created).toMatch(micros);
    const job = await operate(s, b.id, 'merge');
    expect(job.status.value).toBe('completed');

    const onMain = await get(s, `/api/dcim/sites/${made.id}/`);
    expect(onMain.created).toBe(inBranchMade.created);
    expect(onMain.last_updated).toBe(inBranchMade.last_updated);
    const updated = await get(s, `/api/dcim/sites/${old.id}/`);
    expect(updated.last_updated).not.toBeNull();
    expect(Date.parse(updated.last_updated)).toBeGreaterThanOrEqual(Date.parse(changed.body.last_updated));
  });

  it('names the strategy it merges and reverts with in its log', async () => {
    const b = await readyBranch(s, 'strategy');
    await site(inBranch(s, b.schema_id));
    const merge = await operate(s, b.id, 'merge');
    expect(merge.data.merge_strategy).toBe('iterative');
    expect(merge.data.log).toContain('Merging using iterative strategy');
    const revert = await operate(s, b.id, 'revert');
    expect(revert.data.log).toContain('Reverting using iterative strategy');
    expect(JSON.stringify([merge.data.log, revert.data.log])).not.toContain('None strategy');
  });

  it('compares custom fields one by one: each side keeps the one it changed', async () => {
    for (const name of ['cf_a', 'cf_b'])
      await created(s, '/api/extras/custom-fields/', { name, type: 'text', object_types: ['dcim.site'] });
    const one = await site(s, { custom_fields: { cf_a: 'a0', cf_b: 'b0' } });
    const two = await site(s, { custom_fields: { cf_a: 'a0', cf_b: 'b0' } });
    const b = await readyBranch(s, 'custom');
    const br = inBranch(s, b.schema_id);
    for (const o of [one, two]) {
      const r = await br.request('PATCH', `/api/dcim/sites/${o.id}/`, { custom_fields: { cf_a: 'a-branch' } });
      expect(r.status, r.text).toBe(200);
      const m = await s.request('PATCH', `/api/dcim/sites/${o.id}/`, { custom_fields: { cf_b: 'b-main' } });
      expect(m.status, m.text).toBe(200);
    }
    const changes = await get(s, `/api/plugins/branching/changes/?branch_id=${b.id}`);
    expect(changes.results.map((c: any) => c.conflicts)).toEqual([null, null]);

    const sync = await operate(s, b.id, 'sync');
    expect(sync.status.value, JSON.stringify(sync.data)).toBe('completed');
    expect((await get(br, `/api/dcim/sites/${one.id}/`)).custom_fields).toEqual({ cf_a: 'a-branch', cf_b: 'b-main' });
    const merge = await operate(s, b.id, 'merge');
    expect(merge.status.value, JSON.stringify(merge.data)).toBe('completed');
    for (const o of [one, two])
      expect((await get(s, `/api/dcim/sites/${o.id}/`)).custom_fields).toEqual({ cf_a: 'a-branch', cf_b: 'b-main' });
  });
});
