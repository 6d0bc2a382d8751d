/**
 * Who may change what in change control: owners alone editing their reviews, comments and replies (single
 * and bulk, superusers too), resolving a comment with the permission to change comments, the statuses a
 * user may and may not set, one active request per branch, one default policy, rules that could never
 * apply, a comment's change, the change log, per-model permissions, and retriggering a request's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyBranch } from '../helpers/branch.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { CHANGES, People, someRequest } from './people.ts';

let s: TestServer;
let people: People;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  people = new People(s);
  Object.assign(ids, await someRequest(s, people));
  const review = { change_request: ids.request, status: 'comment' };
  ids.review = (await people.as('ann').request('POST', `${CHANGES}/reviews/`, review)).body.id;
  const comment = { change_request: ids.request, content: 'why?' };
  ids.comment = (await people.as('ann').request('POST', `${CHANGES}/comments/`, comment)).body.id;
  const reply = { comment: ids.comment, content: 'because' };
  ids.reply = (await people.as('ben').request('POST', `${CHANGES}/comment-replies/`, reply)).body.id;
});
afterAll(async () => s?.stop());

const path = (model: string, id?: number) => `${CHANGES}/${model}/${id === undefined ? '' : `${id}/`}`;

describe('owners alone edit their reviews, comments and replies', () => {
  const OWN = { detail: 'You can only modify your own objects.' };

  it('refuses other users, one or in bulk, the superuser included, and lets the owner', async () => {
    const ben = people.as('ben');
    for (const [model, id, body] of [
      ['reviews', ids.review, { comments: 'hijacked' }],
      ['comments', ids.comment, { content: 'hijacked' }],
    ] as const) {
      expect((await ben.request('PATCH', path(model, id), body)).body).toEqual(OWN);
      expect((await ben.request('PATCH', path(model), [{ id, ...body }])).status).toBe(403);
      expect((await ben.request('DELETE', path(model, id))).body).toEqual(OWN);
      expect((await ben.request('DELETE', path(model), [{ id }])).status).toBe(403);
      expect((await s.request('PATCH', path(model, id), body)).body).toEqual(OWN);
      expect((await s.request('DELETE', path(model, id))).status).toBe(403);
    }
    expect(
      (await people.as('ann').request('PATCH', path('comment-replies', ids.reply), { content: 'x' })).body,
    ).toEqual(OWN);
    const own = await people.as('ann').request('PATCH', path('reviews', ids.review), { comments: 'still fine' });
    expect(own.status, own.text).toBe(200);
    expect(own.body.user.username).toBe('ann');
    const mine = await people.as('ben').request('PATCH', path('comment-replies', ids.reply), { content: 'as said' });
    expect(mine.body.content).toBe('as said');
    const extra = await people.as('ben').request('POST', path('reviews'), [
      { change_request: ids.request, status: 'comment' },
      { change_request: ids.request, status: 'comment' },
    ]);
    const bulk = extra.body.map((r: any) => ({ id: r.id }));
    expect((await people.as('ben').request('DELETE', path('reviews'), bulk)).status).toBe(204);
    expect((await s.request('GET', path('comments', ids.comment))).body.content).toBe('why?');
  });

  it('lets anyone who may change comments resolve one, and no one else', async () => {
    const at = '2030-01-02T03:04:05Z';
    const refused = await people.as('commenter').request('PATCH', path('comments', ids.comment), { resolved: at });
    expect(refused.status).toBe(403);
    const r = await people.as('ben').request('PATCH', path('comments', ids.comment), { resolved: at });
    expect(r.status, r.text).toBe(200);
    expect(r.body.resolved).toBe('2030-01-02T03:04:05Z');
    expect(r.body.author.username).toBe('ann');
    const both = await people.as('ben').request('PATCH', path('comments', ids.comment), {
      resolved: null,
      content: 'x',
    });
    expect(both.body).toEqual(OWN);
    const reopened = await people.as('ben').request('PATCH', path('comments', ids.comment), { resolved: null });
    expect(reopened.body.resolved).toBeNull();
  });

  it('deletes a request with the reviews and comments of others along with it', async () => {
    const branch = await readyBranch(s, 'doomed');
    const cr = await created(s, path('change-requests'), { branch: branch.id, policy: ids.policy });
    const review = await people
      .as('ann')
      .request('POST', path('reviews'), { change_request: cr.id, status: 'comment' });
    const comment = await people.as('ann').request('POST', path('comments'), { change_request: cr.id, content: 'c' });
    expect((await people.as('ben').request('DELETE', path('change-requests', cr.id))).status).toBe(204);
    expect((await s.request('GET', path('reviews', review.body.id))).status).toBe(404);
    expect((await s.request('GET', path('comments', comment.body.id))).status).toBe(404);
    // deleting a branch deletes its requests
    const cr2 = await created(s, path('change-requests'), { branch: branch.id, policy: ids.policy });
    expect((await s.request('DELETE', `/api/plugins/branching/branches/${branch.id}/`)).status).toBe(204);
    expect((await s.request('GET', path('change-requests', cr2.id))).status).toBe(404);
  });
});

describe('what a user may set', () => {
  it('refuses a pending review, approved or completed by hand, and a second active request', async () => {
    const pending = await people.as('ann').request('POST', path('reviews'), {
      change_request: ids.request,
      status: 'pending',
    });
    expect(pending.status).toBe(400);
    expect(pending.body).toEqual({ status: ['pending is not a valid status for a submitted review.'] });
    for (const [status, message] of [
      ['approved', 'Approved is set when the policy is met; it cannot be set by hand.'],
      ['completed', 'Completed is set when the branch is merged; it cannot be set by hand.'],
    ]) {
      const r = await s.request('PATCH', path('change-requests', ids.request), { status });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: [message] });
    }
    const start = await s.request('POST', path('change-requests'), { branch: ids.branch, status: 'approved' });
    expect(start.body).toEqual({
      status: ['A change request starts as draft or needs-review.'],
      branch: ['This branch already has an active change request.'],
      policy: ['This field is required (there is no default policy).'],
    });
    const noPolicy = await s.request('POST', path('change-requests'), { branch: ids.branch });
    expect(noPolicy.body.policy).toEqual(['This field is required (there is no default policy).']);
  });

  it('lets a user ask for changes by hand, and refuses a status that does not exist', async () => {
    const asked = await s.request('PATCH', path('change-requests', ids.request), { status: 'changes-requested' });
    expect(asked.body.status.value).toBe('changes-requested');
    const bogus = await s.request('PATCH', path('change-requests', ids.request), { status: 'merged' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.status[0]).toMatch(/is not a valid choice/);
    expect((await s.request('PATCH', path('change-requests', ids.request), { status: 'draft' })).status).toBe(200);
  });

  it('rejects, reopens, and then allows one more request only once this one is rejected', async () => {
    const rejected = await s.request('PATCH', path('change-requests', ids.request), { status: 'rejected' });
    expect(rejected.body.status.value).toBe('rejected');
    const second = await created(s, path('change-requests'), {
      branch: ids.branch,
      policy: ids.policy,
      name: 'take 2',
    });
    const reopen = await s.request('PATCH', path('change-requests', ids.request), { status: 'needs-review' });
    expect(reopen.body).toEqual({ status: ['This branch already has an active change request.'] });
    const asked = await s.request('PATCH', path('change-requests', ids.request), { status: 'changes-requested' });
    expect(asked.body).toEqual({ status: ['A rejected change request reopens as draft or needs-review.'] });
    expect((await s.request('PATCH', path('change-requests', second.id), { status: 'rejected' })).status).toBe(200);
    const reopened = await s.request('PATCH', path('change-requests', ids.request), { status: 'draft' });
    expect(reopened.body.status.value).toBe('draft');
    const review = await people.as('ann').request('POST', path('reviews'), {
      change_request: second.id,
      status: 'approved',
    });
    expect(review.body).toEqual({ change_request: ['Change request "take 2" is rejected: it takes no more reviews.'] });
    // moving the request to a branch with an active request is refused like creating one there
    const busy = await created(s, '/api/plugins/branching/branches/', { name: 'busy' });
    await created(s, path('change-requests'), { branch: busy.id, policy: ids.policy });
    const moved = await s.request('PATCH', path('change-requests', ids.request), { branch: busy.id });
    expect(moved.body).toEqual({ branch: ['This branch already has an active change request.'] });
  });

  it('keeps one default policy and bounds a rule', async () => {
    await created(s, path('policies'), { name: 'Default', is_default: true });
    expect((await s.request('POST', path('policies'), { name: 'Default' })).body.name).toEqual([
      'policy with this name already exists.',
    ]);
    const second = await s.request('POST', path('policies'), { name: 'Other', is_default: true });
    expect(second.body).toEqual({ is_default: ['A default policy already exists: Default.'] });
    const both = await s.request('POST', path('policies'), [
      { name: 'D1', is_default: false },
      { name: 'D2', required_checks: ['ci', ' ', 'ci'] },
    ]);
    expect(both.body[1]).toEqual({ required_checks: ['A check name may not be blank.'] });
    const tooMany = await s.request('POST', path('policy-rules'), { policy: ids.policy, name: 'big', min_reviews: 11 });
    expect(tooMany.body.min_reviews).toEqual(['Ensure this value is less than or equal to 10.']);
    const notBranched = await s.request('POST', path('policy-rules'), {
      policy: ids.policy,
      name: 'users',
      object_types: ['users.user'],
    });
    expect(notBranched.body).toEqual({
      object_types: ['users.user is not changed in branches: a rule on it would never apply.'],
    });
    const inUse = await s.request('DELETE', path('policies', ids.policy));
    expect(inUse.status).toBe(409);
  });

  it('anchors a comment only to a change of the request’s branch', async () => {
    const branch = await readyBranch(s, 'anchored');
    await s.request('POST', '/api/dcim/sites/', { name: 'a', slug: 'a' }, { 'X-Service-Branch': branch.schema_id });
    const diff = (await s.request('GET', `/api/plugins/branching/changes/?branch_id=${branch.id}`)).body.results[0];
    const cr = await created(s, path('change-requests'), { branch: branch.id, policy: ids.policy });
    const ok = await s.request('POST', path('comments'), { change_request: cr.id, change_diff: diff.id, content: 'a' });
    expect(ok.status, ok.text).toBe(201);
    const wrong = await s.request('POST', path('comments'), {
      change_request: ids.request,
      change_diff: diff.id,
      content: 'b',
    });
    expect(wrong.body).toEqual({ change_diff: [`Change ${diff.id} is not a change of this request's branch.`] });
  });
});

describe('permissions, change log and retrigger', () => {
  it('needs each model’s own permissions, and logs every change', async () => {
    const v = people.as('viewer');
    expect((await v.request('GET', path('change-requests'))).body.count).toBeGreaterThan(0);
    expect((await v.request('POST', path('policies'), { name: 'nope' })).status).toBe(403);
    expect((await v.request('PATCH', path('change-requests', ids.request), { summary: 'x' })).status).toBe(403);
    const log = (
      await s.request('GET', `/api/core/object-changes/?changed_object_type=netbox_changes.changerequest&limit=0`)
    ).body.results;
    expect(log.some((c: any) => c.changed_object_id === ids.request && c.action.value === 'create')).toBe(true);
    const statuses = log
      .filter((c: any) => c.changed_object_id === ids.request && c.action.value === 'update')
      .map((c: any) => c.postchange_data.status);
    // newest first: asked for changes and back to a draft, rejected, reopened as a draft
    expect(statuses).toEqual(['draft', 'rejected', 'draft', 'changes-requested']);
  });

  it('retriggers a request’s events only with the permission to change it', async () => {
    expect(
      (await people.as('viewer').request('POST', `${path('change-requests', ids.request)}retrigger/`)).status,
    ).toBe(403);
    const r = await people.as('ann').request('POST', `${path('change-requests', ids.request)}retrigger/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.id).toBe(ids.request);
    expect((await s.request('POST', `${path('change-requests', 99999)}retrigger/`)).status).toBe(404);
  });
});
