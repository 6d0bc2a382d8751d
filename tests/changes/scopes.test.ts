/**
 * Rules by what a branch touches (MERGE_REQUIRES_APPROVAL on): a rule of another policy scoped to racks of
 * one site applies to a branch changing such a rack whatever policy its owner picks, and not otherwise;
 * rule changes settle requests again (unsatisfiable, restored, disabled); a policy without rules never
 * passes; and a write racing a merge is refused once the merge has started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyBranch, until } from '../helpers/branch.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { AUTHOR, CHANGES, People, REVIEWER, steps } from './people.ts';

let s: TestServer;
let people: People;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true', MERGE_REQUIRES_APPROVAL: 'true' } });
  people = new People(s);
  await people.user('alice', AUTHOR);
  await people.user('frank', REVIEWER);
  ids.dc1 = (await created(s, '/api/dcim/sites/', { name: 'dc1', slug: 'dc1' })).id;
  const dc = await created(s, `${CHANGES}/policies/`, { name: 'DC racks' });
  await created(s, `${CHANGES}/policy-rules/`, {
    policy: dc.id,
    name: 'Racks in dc1',
    object_types: ['dcim.rack'],
    scope_type: 'dcim.site',
    scope_id: ids.dc1,
    reviewers: [people.id('frank')],
  });
});
afterAll(async () => s?.stop());

const review = (who: string, request: number, status: string) => steps(s, people).review(who, request, status);
const request = (id: number) => steps(s, people).request(id);
const merge = (branch: number) => steps(s, people).merge('alice', branch);

describe('rules by what a branch touches', () => {
  const st: Record<string, any> = {};

  it('leave a branch that changes nothing in their scope to its own policy', async () => {
    st.lax = await created(s, `${CHANGES}/policies/`, { name: 'Lax' });
    await created(s, `${CHANGES}/policy-rules/`, { policy: st.lax.id, name: 'Anyone', min_reviews: 0 });
    const dc2 = await created(s, '/api/dcim/sites/', { name: 'dc2', slug: 'dc2' });
    const branch = await readyBranch(people.as('alice'), 'racks');
    const inBranch = people.as('alice', { 'X-Service-Branch': branch.schema_id });
    const rack = await inBranch.request('POST', '/api/dcim/racks/', { name: 'r2', site: dc2.id });
    expect(rack.status, rack.text).toBe(201);
    const cr = (
      await people.as('alice').request('POST', `${CHANGES}/change-requests/`, {
        branch: branch.id,
        policy: st.lax.id,
        status: 'needs-review',
      })
    ).body;
    // a rack outside dc1: the scoped rule does not apply, and the lax policy is met at once
    expect((await request(cr.id)).status.value).toBe('approved');
    expect((await merge(branch.id)).status).not.toBe(409);
    await until('the merge', async () => ((await request(cr.id)).status.value === 'completed' ? true : undefined));
  });

  it('apply to a branch changing objects in their scope, whatever policy its owner picks', async () => {
    st.branch = await readyBranch(people.as('alice'), 'racks-dc1');
    st.inBranch = people.as('alice', { 'X-Service-Branch': st.branch.schema_id });
    st.rack = (await st.inBranch.request('POST', '/api/dcim/racks/', { name: 'r1', site: ids.dc1 })).body;
    st.cr = (
      await people.as('alice').request('POST', `${CHANGES}/change-requests/`, {
        branch: st.branch.id,
        policy: st.lax.id,
        status: 'needs-review',
      })
    ).body;
    expect(st.cr.status.value).toBe('needs-review');
    const refused = await merge(st.branch.id);
    expect(refused.status).toBe(409);
    expect(refused.body.unmet_rules.map((u: any) => [u.policy.name, u.name])).toEqual([['DC racks', 'Racks in dc1']]);
    expect((await review('frank', st.cr.id, 'changes-requested')).status).toBe(201);
    expect((await request(st.cr.id)).status.value).toBe('changes-requested');
    // the author answers with a change: back to needs-review
    const renamed = await st.inBranch.request('PATCH', `/api/dcim/racks/${st.rack.id}/`, { name: 'r1b' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await request(st.cr.id)).status.value).toBe('needs-review');
    expect((await review('frank', st.cr.id, 'approved')).status).toBe(201);
    expect((await request(st.cr.id)).status.value).toBe('approved');
  });

  it('settle requests again when they change: more approvals than reviewers, fewer, disabled', async () => {
    const scoped = (await s.request('GET', `${CHANGES}/policy-rules/?name=Racks+in+dc1`)).body.results[0];
    await s.request('PATCH', `${CHANGES}/policy-rules/${scoped.id}/`, { min_reviews: 2 });
    expect((await request(st.cr.id)).status.value).toBe('needs-review');
    expect((await merge(st.branch.id)).body.reasons).toContain(
      'Rule "Racks in dc1" of policy "DC racks" needs 2 approvals but has 1 eligible reviewer: it cannot be met.',
    );
    await s.request('PATCH', `${CHANGES}/policy-rules/${scoped.id}/`, { min_reviews: 1 });
    expect((await request(st.cr.id)).status.value).toBe('approved');
    // a disabled rule does not apply
    await s.request('PATCH', `${CHANGES}/policy-rules/${scoped.id}/`, { enabled: false, min_reviews: 3 });
    expect((await request(st.cr.id)).status.value).toBe('approved');
    await s.request('PATCH', `${CHANGES}/policy-rules/${scoped.id}/`, { enabled: true, min_reviews: 1 });
    expect((await request(st.cr.id)).status.value).toBe('approved');
  });

  it('still apply under a policy without rules, and a request no rule applies to is never approved', async () => {
    const empty = await created(s, `${CHANGES}/policies/`, { name: 'Empty' });
    const patched = await people
      .as('alice')
      .request('PATCH', `${CHANGES}/change-requests/${st.cr.id}/`, { policy: empty.id });
    expect(patched.body.status.value).toBe('approved'); // the scoped rule is still met
    const nothing = await readyBranch(people.as('alice'), 'nothing');
    const cr3 = await created(s, `${CHANGES}/change-requests/`, {
      branch: nothing.id,
      policy: empty.id,
      status: 'needs-review',
    });
    expect(cr3.status.value).toBe('needs-review');
    const r = await merge(nothing.id);
    expect(r.status).toBe(409);
    expect(r.body.reasons).toEqual([
      'Change request "nothing" is needs-review, not approved.',
      'No enabled rule applies to this change request: its policy can never be met.',
    ]);
  });
});

describe('reviewers by group', () => {
  it('take their approval with them when they leave the group: the request goes back to needs-review', async () => {
    const team = await people.group('team');
    await people.user('gina', REVIEWER, [team]);
    const policy = await created(s, `${CHANGES}/policies/`, { name: 'Team' });
    await created(s, `${CHANGES}/policy-rules/`, { policy: policy.id, name: 'Team', reviewer_groups: [team] });
    const branch = await readyBranch(people.as('alice'), 'team-work');
    const cr = await people
      .as('alice')
      .request('POST', `${CHANGES}/change-requests/`, { branch: branch.id, policy: policy.id, status: 'needs-review' });
    expect((await review('gina', cr.body.id, 'approved')).status).toBe(201);
    expect((await request(cr.body.id)).status.value).toBe('approved');
    const left = await s.request('PATCH', `/api/users/users/${people.id('gina')}/`, { groups: [] });
    expect(left.status, left.text).toBe(200);
    expect((await request(cr.body.id)).status.value).toBe('needs-review');
  });
});

describe('a write racing a merge', () => {
  it('waits for the merge request holding the branch, then is refused: nothing unreviewed slips in', async () => {
    const branch = await readyBranch(people.as('alice'), 'race');
    const inBranch = people.as('alice', { 'X-Service-Branch': branch.schema_id });
    let write: Promise<{ status: number; body: any }> | undefined;
    await s.sql.begin(async (tx) => {
      // what the merge route holds while it checks the approval and queues the job
      await tx.unsafe('SELECT 1 FROM netbox_branching_branch WHERE id = $1 FOR UPDATE', [branch.id]);
      write = inBranch.request('POST', '/api/dcim/sites/', { name: 'late', slug: 'late' });
      await new Promise((r) => setTimeout(r, 1500));
      await tx.unsafe("UPDATE netbox_branching_branch SET status = 'merging' WHERE id = $1", [branch.id]);
    });
    const r = await write!;
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toEqual({ detail: 'Branch "race" is not ready (status: merging).', status: 'merging' });
    await s.sql.unsafe("UPDATE netbox_branching_branch SET status = 'ready' WHERE id = $1", [branch.id]);
    const sites = await s.request('GET', '/api/dcim/sites/?slug=late', undefined, {
      'X-Service-Branch': branch.schema_id,
    });
    expect(sites.body.count).toBe(0);
  });
});
