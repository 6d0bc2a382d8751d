/**
 * The plugin's models as its clients meet them at /api/plugins/changes/: field names, choices with their
 * labels, defaults and read-only fields, the filters the plugin documents, owners alone editing their
 * reviews, comments and replies (single and bulk, superusers too), resolving a comment with the
 * permission to change comments, the statuses a user may and may not set, one active request per branch,
 * one default policy, the change log, per-model permissions, and retriggering a request's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyBranch } from '../helpers/branch.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { CHANGE_MODELS, CHANGES, People } from './people.ts';

let s: TestServer;
let people: People;
const ids: Record<string, number> = {};
const all = ['view', 'add', 'change', 'delete'];

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  people = new People(s);
  const models = [...CHANGE_MODELS, 'dcim.site', 'netbox_branching.branch'];
  await people.user('ann', [{ object_types: models, actions: all }]);
  await people.user('ben', [{ object_types: models, actions: all }]);
  await people.user('viewer', [{ object_types: CHANGE_MODELS, actions: ['view'] }]);
  // may add comments but not change them
  await people.user('commenter', [
    { object_types: CHANGE_MODELS, actions: ['view'] },
    { object_types: ['netbox_changes.comment'], actions: ['add'] },
  ]);
  ids.policy = (await created(s, `${CHANGES}/policies/`, { name: 'P1', description: 'first' })).id;
  ids.branch = (await created(s, '/api/plugins/branching/branches/', { name: 'b1' })).id;
  ids.request = (await created(s, `${CHANGES}/change-requests/`, { branch: ids.branch, policy: ids.policy })).id;
});
afterAll(async () => s?.stop());

const path = (model: string, id?: number) => `${CHANGES}/${model}/${id === undefined ? '' : `${id}/`}`;

describe('the API root and the models', () => {
  it('lists the plugin and its endpoints', async () => {
    const plugins = (await s.request('GET', '/api/plugins/')).body;
    expect(plugins.changes).toBe(`${s.url}/api/plugins/changes/`);
    expect(Object.keys((await s.request('GET', `${CHANGES}/`)).body).sort()).toEqual([
      'change-requests',
      'comment-replies',
      'comments',
      'policies',
      'policy-rules',
      'reviews',
      'status-checks',
    ]);
  });

  it('gives a change request the plugin fields, defaults and choice labels', async () => {
    const cr = (await s.request('GET', path('change-requests', ids.request))).body;
    expect(Object.keys(cr)).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'name',
      'owner',
      'branch',
      'policy',
      'status',
      'priority',
      'summary',
      'tags',
      'custom_fields',
      'created',
      'last_updated',
      'comment_count',
    ]);
    expect(cr).toMatchObject({ name: 'b1', status: { value: 'draft', label: 'Draft' }, display: 'b1' });
    expect(cr.priority).toEqual({ value: 3, label: 'Medium' });
    const options = (await s.request('OPTIONS', path('change-requests'))).body.actions.POST;
    expect(options.status.choices.map((c: any) => [c.value, c.display_name])).toEqual([
      ['draft', 'Draft'],
      ['needs-review', 'Needs review'],
      ['changes-requested', 'Changes requested'],
      ['approved', 'Approved'],
      ['completed', 'Completed'],
      ['rejected', 'Rejected'],
    ]);
    expect(options.priority.choices.map((c: any) => [c.value, c.display_name])).toEqual([
      [5, 'High'],
      [4, 'Medium/high'],
      [3, 'Medium'],
      [2, 'Medium/low'],
      [1, 'Low'],
    ]);
    expect(options.owner.read_only).toBe(true);
    expect(options.comment_count.read_only).toBe(true);
  });

  it('gives policies, rules, reviews, comments and replies theirs', async () => {
    const policy = (await s.request('GET', path('policies', ids.policy))).body;
    expect(policy).toMatchObject({
      name: 'P1',
      description: 'first',
      is_default: false,
      require_independent_review: false,
      required_checks: [],
      comments: '',
      rule_count: 0,
    });
    const rule = await created(s, path('policy-rules'), { policy: ids.policy, name: 'R1' });
    expect(rule).toMatchObject({
      name: 'R1',
      description: '',
      enabled: true,
      min_reviews: 1,
      reviewer_groups: [],
      reviewers: [],
      object_types: [],
      scope_type: null,
      scope_id: null,
    });
    expect((await s.request('GET', path('policies', ids.policy))).body.rule_count).toBe(1);
    const review = await people.as('ann').request('POST', path('reviews'), {
      change_request: ids.request,
      status: 'comment',
      comments: 'looks fine',
    });
    expect(review.body).toMatchObject({ status: { value: 'comment', label: 'Comment' }, is_stale: false });
    expect(review.body.user).toMatchObject({ username: 'ann' });
    const options = (await s.request('OPTIONS', path('reviews'))).body.actions.POST;
    expect(options.status.choices.map((c: any) => [c.value, c.display_name])).toEqual([
      ['pending', 'Pending'],
      ['comment', 'Comment'],
      ['changes-requested', 'Changes Requested'],
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
    ]);
    const comment = await people.as('ann').request('POST', path('comments'), {
      change_request: ids.request,
      content: 'why?',
    });
    expect(comment.body).toMatchObject({
      author: { username: 'ann' },
      content: 'why?',
      resolved: null,
      change_diff: null,
    });
    const reply = await people.as('ben').request('POST', path('comment-replies'), {
      comment: comment.body.id,
      content: 'because',
    });
    expect(reply.body).toMatchObject({ author: { username: 'ben' }, content: 'because' });
    expect((await s.request('GET', path('change-requests', ids.request))).body.comment_count).toBe(1);
    ids.review = review.body.id;
    ids.comment = comment.body.id;
    ids.reply = reply.body.id;
  });
});

describe('filters the plugin documents', () => {
  it('filter change requests, reviews, rules and policies', async () => {
    const q = async (p: string) => (await s.request('GET', `${CHANGES}/${p}`)).body;
    expect((await q(`change-requests/?status=draft&status=approved`)).count).toBe(1);
    expect((await q(`change-requests/?status=approved`)).count).toBe(0);
    expect((await q(`change-requests/?owner=admin`)).count).toBe(1);
    expect((await q(`change-requests/?policy=P1`)).count).toBe(1);
    expect((await q(`change-requests/?branch=b1`)).count).toBe(1);
    expect((await q(`change-requests/?branch_id=${ids.branch}`)).count).toBe(1);
    expect((await q(`reviews/?change_request_id=${ids.request}&status=comment&user=ann`)).count).toBe(1);
    expect((await q(`reviews/?user=ben`)).count).toBe(0);
    expect((await q(`policy-rules/?policy_id=${ids.policy}`)).count).toBe(1);
    expect((await q(`policies/?name=P1&is_default=false&require_independent_review=false`)).count).toBe(1);
    expect((await q(`policies/?is_default=true`)).count).toBe(0);
    expect((await q(`change-requests/?q=b1`)).count).toBe(1);
    expect((await q(`change-requests/?brief=true`)).results[0]).toEqual({
      id: ids.request,
      url: `${s.url}${path('change-requests', ids.request)}`,
      display: 'b1',
      name: 'b1',
      status: { value: 'draft', label: 'Draft' },
      priority: { value: 3, label: 'Medium' },
    });
  });
});

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

describe('GraphQL', () => {
  it('serves the models with their root fields, relations and the same permissions', async () => {
    const q =
      '{ change_request_list { name status owner { username } policy { name rule_count } review_set { status } } }';
    const r = await s.request('POST', '/graphql/', { query: q });
    expect(r.status, r.text).toBe(200);
    const list = r.body.data.change_request_list;
    const first = list.find((cr: any) => cr.name === 'b1');
    expect(first).toEqual({
      name: 'b1',
      status: 'draft',
      owner: { username: 'admin' },
      policy: { name: 'P1', rule_count: 1 },
      review_set: [{ status: 'comment' }],
    });
    const viewer = await people
      .as('commenter')
      .request('POST', '/graphql/', { query: '{ policy_rule_list { name } }' });
    expect(viewer.body.data.policy_rule_list.length).toBeGreaterThan(0);
    await people.user('nobody', []);
    const none = await people.as('nobody').request('POST', '/graphql/', { query: '{ policy_rule_list { name } }' });
    expect(none.body.data.policy_rule_list).toEqual([]);
  });
});
