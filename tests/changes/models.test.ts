/**
 * The plugin's models as its clients meet them at /api/plugins/changes/: the API root, field names, choices
 * with their labels, defaults and read-only fields, the filters the plugin documents, brief forms, and
 * GraphQL (tests/changes/ownership.test.ts has who may change what).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { CHANGES, People, someRequest } from './people.ts';

let s: TestServer;
let people: People;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  people = new People(s);
  Object.assign(ids, await someRequest(s, people));
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
