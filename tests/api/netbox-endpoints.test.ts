/**
 * The endpoints NetBox lists beside its models: the app listings name them, `/api/status/` has
 * NetBox's keys, scripts are always none and uploads are refused, a user's preferences are theirs
 * alone (deep-merged), the installed plugins are listed for superusers, and table configs are a
 * model like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const keys = async (path: string) => Object.keys((await s.request('GET', path)).body).sort();

describe('listings', () => {
  it('name the endpoints that are not models, as NetBox lists them', async () => {
    expect(await keys('/api/core/')).toEqual(
      expect.arrayContaining(['background-queues', 'background-tasks', 'background-workers', 'jobs']),
    );
    expect(await keys('/api/dcim/')).toContain('connected-device');
    expect(await keys('/api/extras/')).toEqual(expect.arrayContaining(['scripts', 'scripts/upload', 'table-configs']));
    expect(await keys('/api/users/')).toContain('config');
    expect(await keys('/api/plugins/')).toEqual(['branching', 'changes', 'installed-plugins']);
    expect(await keys('/api/plugins/branching/')).toEqual([
      'branch-events',
      'branchable-models',
      'branches',
      'changes',
    ]);
    const root = (await s.request('GET', '/api/extras/')).body;
    expect(root.scripts).toBe(`${s.url}/api/extras/scripts/`);
    expect(root['scripts/upload']).toBe(`${s.url}/api/extras/scripts/upload/`);
  });

  it('status has the keys NetBox sends', async () => {
    expect(await keys('/api/status/')).toEqual([
      'django-version',
      'hostname',
      'installed_apps',
      'netbox-full-version',
      'netbox-version',
      'plugins',
      'python-version',
      'rq-workers-running',
    ]);
  });
});

describe('scripts', () => {
  it('lists none, finds none, and refuses an upload saying why', async () => {
    expect((await s.request('GET', '/api/extras/scripts/?limit=1000')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await s.request('OPTIONS', '/api/extras/scripts/')).body).toMatchObject({
      name: 'Script List',
      description: '',
    });
    expect((await s.request('GET', '/api/extras/scripts/1/')).status).toBe(404);
    const up = await s.request('POST', '/api/extras/scripts/upload/', { file: 'print(1)' });
    expect(up.status).toBe(403);
    expect(up.body.detail).toMatch(/never runs uploaded code/);
  });
});

describe('user preferences', () => {
  it("are the requesting user's, deep-merged on PATCH, and nobody else's", async () => {
    expect((await s.request('GET', '/api/users/config/')).body).toEqual({});
    await s.request('PATCH', '/api/users/config/', { tables: { SiteTable: { columns: ['name'] } }, ui: 'dark' });
    const merged = await s.request('PATCH', '/api/users/config/', { tables: { RackTable: { columns: ['id'] } } });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({
      tables: { SiteTable: { columns: ['name'] }, RackTable: { columns: ['id'] } },
      ui: 'dark',
    });
    expect((await s.request('GET', '/api/users/config/')).body).toEqual(merged.body);
    expect((await s.request('PATCH', '/api/users/config/', ['not', 'an', 'object'])).status).toBe(400);
    // another user starts with their own, empty
    const u = await created(s, '/api/users/users/', { username: 'prefs', password: 'prefs-password-x' });
    const t = await created(s, '/api/users/tokens/', { user: u.id });
    const theirs = await s.request('GET', '/api/users/config/', undefined, { Authorization: `Bearer ${t.token}` });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({});
    expect((await fetch(`${s.url}/api/users/config/`)).status).toBe(403);
  });
});

describe('installed plugins', () => {
  it('lists the branching and changes plugins for superusers', async () => {
    const r = await s.request('GET', '/api/plugins/installed-plugins/');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(Object.keys(r.body[0])).toEqual([
      'name',
      'package',
      'author',
      'author_email',
      'description',
      'version',
      'release_track',
    ]);
    expect(r.body.map((p: { package: string }) => p.package)).toEqual(['netbox_branching', 'netbox_changes']);
  });
});

describe('table configs', () => {
  it('are saved, listed and validated as NetBox does', async () => {
    const bad = await s.request('POST', '/api/extras/table-configs/', {});
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['columns', 'name', 'object_type', 'table']);
    const tc = await created(s, '/api/extras/table-configs/', {
      object_type: 'dcim.site',
      table: 'SiteTable',
      name: 'Mine',
      columns: ['name', 'status'],
    });
    expect(tc).toMatchObject({ object_type: 'dcim.site', weight: 1000, enabled: true, shared: true, display: 'Mine' });
    expect((await s.request('GET', '/api/extras/table-configs/?brief=true')).body.results[0]).toEqual({
      id: tc.id,
      url: tc.url,
      display: 'Mine',
      name: 'Mine',
      description: '',
      object_type: 'dcim.site',
      table: 'SiteTable',
    });
  });
});
