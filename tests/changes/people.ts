/**
 * Users, groups and tokens for the change-control tests: each person is a real user with a v2 token and
 * the object permissions given, and `as(name)` is the test server seen through that person's token.
 */
import { created, type Reply, type TestServer } from '../helpers/server.ts';

export const CHANGES = '/api/plugins/changes';

export interface Grant {
  readonly object_types: string[];
  readonly actions: string[];
  readonly constraints?: unknown;
}

export class People {
  private readonly tokens = new Map<string, string>();
  readonly ids = new Map<string, number>();

  constructor(private readonly s: TestServer) {}

  async group(name: string): Promise<number> {
    return (await created(this.s, '/api/users/groups/', { name })).id;
  }

  /** A user in `groups` holding `grants`; returns the user's id. */
  async user(name: string, grants: Grant[], groups: number[] = []): Promise<number> {
    const u = await created(this.s, '/api/users/users/', { username: name, password: `${name}-password-x`, groups });
    for (const [i, g] of grants.entries())
      await created(this.s, '/api/users/permissions/', { name: `${name}-${i}`, ...g, users: [u.id] });
    const t = await created(this.s, '/api/users/tokens/', { user: u.id });
    this.tokens.set(name, t.token);
    this.ids.set(name, u.id);
    return u.id;
  }

  id(name: string): number {
    const id = this.ids.get(name);
    if (id === undefined) throw new Error(`no user ${name}`);
    return id;
  }

  /** The server as `name` sees it (their token on every request; `headers` add a branch). */
  as(name: string, headers: Record<string, string> = {}): TestServer {
    const token = this.tokens.get(name);
    if (!token) throw new Error(`no user ${name}`);
    const auth = { Authorization: `Bearer ${token}`, ...headers };
    return {
      ...this.s,
      headers: auth,
      request: <T = any>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
        this.s.request(method, path, body, { ...auth, ...extra }) as Promise<Reply<T>>,
    };
  }
}

/** Every action of the change-control models, and viewing users and groups (nested in their objects). */
export const CHANGE_MODELS = [
  'netbox_changes.changerequest',
  'netbox_changes.policy',
  'netbox_changes.policyrule',
  'netbox_changes.review',
  'netbox_changes.comment',
  'netbox_changes.commentreply',
  'netbox_changes.statuscheck',
];

/** An author: writes sites and racks in branches, opens and edits change requests, merges branches. */
export const AUTHOR: Grant[] = [
  { object_types: ['dcim.site', 'dcim.rack', 'netbox_branching.branch'], actions: ['view', 'add', 'change', 'delete'] },
  { object_types: CHANGE_MODELS, actions: ['view', 'add', 'change'] },
  { object_types: ['netbox_branching.branch'], actions: ['merge'] },
];
export const REVIEWER: Grant[] = [{ object_types: CHANGE_MODELS, actions: ['view', 'add', 'change'] }];

/** What a test does over and over: review as someone, read a request, merge a branch as someone. */
export function steps(s: TestServer, people: People) {
  return {
    review: (who: string, request: number, status: string) =>
      people.as(who).request('POST', `${CHANGES}/reviews/`, { change_request: request, status }),
    request: async (id: number) => (await s.request('GET', `${CHANGES}/change-requests/${id}/`)).body,
    merge: (who: string, branch: number) =>
      people.as(who).request('POST', `/api/plugins/branching/branches/${branch}/merge/`, { commit: true }),
  };
}

/**
 * Ann and Ben (who may do anything with change control, sites and branches), a viewer, a commenter (who may
 * add comments but not change them), and policy P1 with a request on branch b1 (not provisioned).
 */
export async function someRequest(s: TestServer, people: People): Promise<Record<string, number>> {
  const models = [...CHANGE_MODELS, 'dcim.site', 'netbox_branching.branch'];
  const all = ['view', 'add', 'change', 'delete'];
  await people.user('ann', [{ object_types: models, actions: all }]);
  await people.user('ben', [{ object_types: models, actions: all }]);
  await people.user('viewer', [{ object_types: CHANGE_MODELS, actions: ['view'] }]);
  await people.user('commenter', [
    { object_types: CHANGE_MODELS, actions: ['view'] },
    { object_types: ['netbox_changes.comment'], actions: ['add'] },
  ]);
  const policy = (await created(s, `${CHANGES}/policies/`, { name: 'P1', description: 'first' })).id;
  const branch = (await created(s, '/api/plugins/branching/branches/', { name: 'b1' })).id;
  const request = (await created(s, `${CHANGES}/change-requests/`, { branch, policy })).id;
  return { policy, branch, request };
}
