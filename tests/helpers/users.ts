/**
 * Users in tests: one with a known password (`<name>-password-x`) holding the given object permissions,
 * granted to it directly or through a group of its own, and its token's headers.
 */
import type { TestServer } from './server.ts';

export interface PermissionGrant {
  readonly object_types: string[];
  readonly actions: string[];
  readonly constraints?: unknown;
}

export async function permittedUser(
  s: TestServer,
  name: string,
  permissions: readonly PermissionGrant[],
  group = false,
): Promise<{ Authorization: string }> {
  const u = (await s.request('POST', '/api/users/users/', { username: name, password: `${name}-password-x` })).body;
  const g = group ? (await s.request('POST', '/api/users/groups/', { name: `${name}-group` })).body : undefined;
  if (g) await s.request('PATCH', `/api/users/users/${u.id}/`, { groups: [g.id] });
  for (const [i, p] of permissions.entries()) {
    const r = await s.request('POST', '/api/users/permissions/', {
      name: `${name}-${i}`,
      ...p,
      ...(g ? { groups: [g.id] } : { users: [u.id] }),
    });
    if (r.status !== 201) throw new Error(r.text);
  }
  const t = (await s.request('POST', '/api/users/tokens/', { user: u.id })).body;
  return { Authorization: `Bearer ${t.token}` };
}
