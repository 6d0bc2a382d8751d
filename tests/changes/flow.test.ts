/**
 * Change control end to end, over HTTP, with several users and groups (MERGE_REQUIRES_APPROVAL on): a
 * default policy of two rules with independent review and a required check, reviews by eligible and
 * ineligible users, an approval made stale by a new change in the branch, a check failing then passing,
 * the merge refused at once (409) with every reason until it may happen, the merge completing the request,
 * every lifecycle event delivered to a real webhook receiver, retrigger and revert (scopes.test.ts has
 * rules scoped by what a branch touches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, readyBranch, until } from '../helpers/branch.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';
import { AUTHOR, CHANGES, People, REVIEWER, steps } from './people.ts';

let s: TestServer;
let rx: Receiver;
let people: People;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true', MERGE_REQUIRES_APPROVAL: 'true' } });
  rx = await startReceiver();
  people = new People(s);
  const netops = await people.group('netops');
  await people.user('alice', AUTHOR, [netops]);
  await people.user('bob', REVIEWER, [netops]);
  await people.user('carol', REVIEWER, [netops]);
  await people.user('dave', REVIEWER);
  await people.user('eve', REVIEWER);
  await people.user('ci', [{ object_types: ['netbox_changes.statuscheck'], actions: ['view', 'add', 'change'] }]);
  ids.netops = netops;
  const standard = await created(s, `${CHANGES}/policies/`, {
    name: 'Standard',
    is_default: true,
    require_independent_review: true,
    required_checks: ['ci/lint'],
  });
  ids.standard = standard.id;
  await created(s, `${CHANGES}/policy-rules/`, {
    policy: standard.id,
    name: 'Network team',
    min_reviews: 2,
    reviewer_groups: [netops],
  });
  await created(s, `${CHANGES}/policy-rules/`, {
    policy: standard.id,
    name: 'Security',
    reviewers: [people.id('dave')],
  });
  const hook = await created(s, '/api/extras/webhooks/', { name: 'changes', payload_url: `${rx.url}/changes` });
  await created(s, '/api/extras/event-rules/', {
    name: 'lifecycle',
    object_types: ['netbox_changes.changerequest', 'netbox_changes.review'],
    event_types: [
      'change_request_submitted',
      'review_submitted',
      'change_request_approved',
      'change_request_rejected',
      'change_request_completed',
      'event_retriggered',
    ],
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: hook.id,
  });
  // the plugin's own advice for webhooks: object_updated on change requests, conditioned on the status
  const updates = await created(s, '/api/extras/webhooks/', { name: 'updates', payload_url: `${rx.url}/updated` });
  await created(s, '/api/extras/event-rules/', {
    name: 'approved requests',
    object_types: ['netbox_changes.changerequest'],
    event_types: ['object_updated'],
    conditions: { attr: 'status.value', value: 'approved' },
    action_type: 'webhook',
    action_object_type: 'extras.webhook',
    action_object_id: updates.id,
  });
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

const review = (who: string, request: number, status: string) => steps(s, people).review(who, request, status);
const request = (id: number) => steps(s, people).request(id);
const merge = (branch: number) => steps(s, people).merge('alice', branch);

/** The events the receiver got so far, as `event type:status of the request` (or of the review). */
function events(): string[] {
  return rx.received
    .filter((r) => r.path === '/changes')
    .map((r) => {
      const body = JSON.parse(r.body);
      return `${body.event}:${body.data.status.value}`;
    });
}

describe('a change request under a policy of two rules', () => {
  let branch: { id: number; schema_id: string };
  let cr: any;

  it('opens as a draft owned by its author, under the default policy, named after its branch', async () => {
    branch = await readyBranch(people.as('alice'), 'dc1-build');
    const inBranch = people.as('alice', { 'X-Service-Branch': branch.schema_id });
    expect((await inBranch.request('POST', '/api/dcim/sites/', { name: 'dc1-a', slug: 'dc1-a' })).status).toBe(201);
    const r = await people.as('alice').request('POST', `${CHANGES}/change-requests/`, {
      branch: branch.id,
      summary: 'dc1 build-out',
      owner: people.id('eve'),
    });
    expect(r.status, r.text).toBe(201);
    cr = r.body;
    expect(cr).toMatchObject({
      name: 'dc1-build',
      owner: { id: people.id('alice'), username: 'alice' },
      branch: { id: branch.id },
      policy: { id: ids.standard, name: 'Standard' },
      status: { value: 'draft', label: 'Draft' },
      priority: { value: 3, label: 'Medium' },
      summary: 'dc1 build-out',
      comment_count: 0,
    });
  });

  it('refuses the merge at once (409), naming each unmet rule and the missing check', async () => {
    const r = await merge(branch.id);
    expect(r.status, r.text).toBe(409);
    expect(r.body.change_request).toEqual({ id: cr.id, name: 'dc1-build', status: 'draft' });
    expect(r.body.reasons).toEqual([
      'Change request "dc1-build" is draft, not approved.',
      'Rule "Network team" of policy "Standard": 0 of 2 approvals.',
      'Rule "Security" of policy "Standard": 0 of 1 approvals.',
      'Required check "ci/lint" has not been reported.',
    ]);
    expect(r.body.unmet_rules.map((u: any) => [u.name, u.approvals, u.min_reviews, u.eligible])).toEqual([
      ['Network team', 0, 2, 2],
      ['Security', 0, 1, 1],
    ]);
    expect(r.body.missing_checks).toEqual([
      { name: 'ci/lint', status: null, reason: 'Required check "ci/lint" has not been reported.' },
    ]);
    expect((await s.request('GET', `/api/plugins/branching/branches/${branch.id}/`)).body.status).toBe('ready');
    // a dry run is never refused: it merges nothing
    const dry = await people
      .as('alice')
      .request('POST', `/api/plugins/branching/branches/${branch.id}/merge/`, { commit: false });
    expect(dry.status, dry.text).toBe(200);
    expect((await finished(s, dry.body)).status.value).toBe('completed');
    expect((await s.request('GET', '/api/dcim/sites/?name=dc1-a')).body.count).toBe(0);
  });

  it('is submitted for review by its owner', async () => {
    const r = await people
      .as('alice')
      .request('PATCH', `${CHANGES}/change-requests/${cr.id}/`, { status: 'needs-review' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.status.value).toBe('needs-review');
  });

  it('counts neither the owner (independent review) nor a user no rule names', async () => {
    for (const who of ['alice', 'eve']) expect((await review(who, cr.id, 'approved')).status).toBe(201);
    expect((await review('eve', cr.id, 'changes-requested')).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('needs-review');
    const r = await merge(branch.id);
    expect(r.body.unmet_rules.map((u: any) => u.approvals)).toEqual([0, 0]);
  });

  it('is approved once every rule has its approvals; a reviewer asking for changes sends it back', async () => {
    expect((await review('bob', cr.id, 'approved')).status).toBe(201);
    expect((await review('carol', cr.id, 'approved')).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('needs-review');
    expect((await review('dave', cr.id, 'changes-requested')).body.status.value).toBe('changes-requested');
    expect((await request(cr.id)).status.value).toBe('changes-requested');
    expect((await review('dave', cr.id, 'approved')).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('approved');
    const r = await merge(branch.id);
    expect(r.status).toBe(409);
    expect(r.body.unmet_rules).toEqual([]);
    expect(r.body.reasons).toEqual(['Required check "ci/lint" has not been reported.']);
  });

  it('needs its required check to succeed: a failing check keeps the merge refused', async () => {
    const posted = await people.as('ci').request('POST', `${CHANGES}/status-checks/`, {
      change_request: cr.id,
      name: 'ci/lint',
      status: 'failure',
      details_url: 'https://ci.example.com/run/1',
      summary: '2 lint errors',
    });
    expect(posted.status, posted.text).toBe(201);
    ids.check = posted.body.id;
    const r = await merge(branch.id);
    expect(r.status).toBe(409);
    expect(r.body.missing_checks).toEqual([
      { name: 'ci/lint', status: 'failure', reason: 'Required check "ci/lint" is failure.' },
    ]);
  });

  it('goes back to needs-review with stale reviews and a pending check when the branch changes', async () => {
    const inBranch = people.as('alice', { 'X-Service-Branch': branch.schema_id });
    expect((await inBranch.request('POST', '/api/dcim/sites/', { name: 'dc1-b', slug: 'dc1-b' })).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('needs-review');
    const reviews = (await s.request('GET', `${CHANGES}/reviews/?change_request_id=${cr.id}&limit=0`)).body.results;
    expect(reviews.length).toBe(7);
    expect(reviews.every((r: any) => r.is_stale)).toBe(true);
    expect((await s.request('GET', `${CHANGES}/status-checks/${ids.check}/`)).body.status.value).toBe('pending');
    const r = await merge(branch.id);
    expect(r.body.unmet_rules.map((u: any) => u.approvals)).toEqual([0, 0]);
  });

  it('merges once approved again and the check passes, and the merge completes the request', async () => {
    for (const who of ['bob', 'carol', 'dave']) expect((await review(who, cr.id, 'approved')).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('approved');
    // a comment after an approval neither adds to nor takes from it
    expect((await review('bob', cr.id, 'comment')).status).toBe(201);
    expect((await request(cr.id)).status.value).toBe('approved');
    const fixed = await people
      .as('ci')
      .request('PATCH', `${CHANGES}/status-checks/${ids.check}/`, { status: 'success', summary: 'clean' });
    expect(fixed.status, fixed.text).toBe(200);
    const r = await merge(branch.id);
    expect(r.status, r.text).toBe(200);
    expect((await finished(s, r.body)).status.value).toBe('completed');
    expect((await request(cr.id)).status.value).toBe('completed');
    const sites = (await s.request('GET', '/api/dcim/sites/?name=dc1-a&name=dc1-b')).body;
    expect(sites.count).toBe(2);
  });

  it('delivers every lifecycle event to the webhook', async () => {
    await until('the completion event', async () =>
      events().includes('change_request_completed:completed') ? true : undefined,
    );
    // one object's deliveries arrive in order; the request's and the reviews' are streams of their own
    const bodies = rx.received.filter((r) => r.path === '/changes').map((r) => JSON.parse(r.body));
    const ofRequest = bodies.filter((b) => b.object_type === 'netbox_changes.changerequest');
    expect(ofRequest.map((b) => `${b.event}:${b.data.status.value}`)).toEqual([
      'change_request_submitted:needs-review',
      'change_request_approved:approved',
      'change_request_submitted:needs-review',
      'change_request_approved:approved',
      'change_request_completed:completed',
    ]);
    const ofReviews = bodies.filter((b) => b.object_type === 'netbox_changes.review');
    expect(ofReviews.map((b) => b.event)).toEqual(Array(11).fill('review_submitted'));
    const asked = ofReviews.filter((b) => b.data.status.value === 'changes-requested').map((b) => b.username);
    expect(asked.sort()).toEqual(['dave', 'eve']);
    expect(ofRequest[1]).toMatchObject({
      object_type: 'netbox_changes.changerequest',
      model: 'changerequest',
      username: 'dave',
      data: { id: cr.id, name: 'dc1-build' },
      context: { last_branch_change: { action: 'create', changed_object_type: 'dcim.site' } },
    });
    // automatic transitions are saves like any other: the approvals fired object_updated, with the branch's change
    const approvals = () => rx.received.filter((r) => r.path === '/updated');
    await until('both approvals', async () => (approvals().length >= 2 ? true : undefined));
    const updated = approvals().map((r) => JSON.parse(r.body));
    expect(updated.map((b) => [b.event, b.data.status.value, b.username])).toEqual([
      ['updated', 'approved', 'dave'],
      ['updated', 'approved', 'dave'],
    ]);
    expect(updated[0].snapshots.prechange.status).toBe('changes-requested');
    expect(updated[0].context.last_branch_change).toMatchObject({ action: 'create', changed_object_type: 'dcim.site' });
  });
});

describe('after the merge', () => {
  it('sends a request’s event again when asked, and a revert leaves the request completed', async () => {
    const [cr] = (await s.request('GET', `${CHANGES}/change-requests/?name=dc1-build`)).body.results;
    const before = rx.received.length;
    const r = await people.as('alice').request('POST', `${CHANGES}/change-requests/${cr.id}/retrigger/`);
    expect(r.status, r.text).toBe(200);
    const [again] = (await rx.waitFor(before + 1)).slice(before).map((d) => JSON.parse(d.body));
    expect(again).toMatchObject({ event: 'event_retriggered', data: { id: cr.id, status: { value: 'completed' } } });
    const branch = cr.branch.id;
    const revert = await people
      .as('alice')
      .request('POST', `/api/plugins/branching/branches/${branch}/revert/`, { commit: true });
    expect(revert.status, revert.text).toBe(403); // alice may merge, not revert
    const reverted = await s.request('POST', `/api/plugins/branching/branches/${branch}/revert/`, { commit: true });
    expect((await finished(s, reverted.body)).status.value).toBe('completed');
    expect((await request(cr.id)).status.value).toBe('completed');
    // merging the branch again needs a request of its own
    expect((await merge(branch)).body.reasons).toEqual(['No change request has been approved for this branch.']);
    const next = await people.as('alice').request('POST', `${CHANGES}/change-requests/`, { branch, name: 'again' });
    expect(next.status, next.text).toBe(201);
  });
});
