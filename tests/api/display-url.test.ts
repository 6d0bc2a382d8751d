/**
 * Every `display_url` is a page: for one object of each model of the catalogue, a logged-in browser
 * that opens it is led to the object's browsable page, which shows the object; so is one that opens a
 * list's page (`/dcim/devices/`) or the page of a model whose answers have no display_url. Anonymous,
 * it is led to the login page and, after the login, back to the object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { escapeHtml } from '../../runtime/http/pages/html.ts';
import { apiPath, Factory } from '../helpers/factory.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let cookie = '';
const models = Object.values(catalogue.models);
const HTML = { Accept: 'text/html,application/xhtml+xml' };

/** Logs in through the form; the cookies it sets, as a Cookie header. */
async function login(next: string): Promise<{ cookie: string; location: string }> {
  const form = new URLSearchParams({ username: 'admin', password: 'admin-password', next });
  const r = await fetch(`${s.url}/login/`, { method: 'POST', body: form, redirect: 'manual' });
  expect(r.status).toBe(302);
  const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; '), location: r.headers.get('location')! };
}

/** Follows the redirects from `url` as a browser does; every address it passed, and the last answer. */
async function open(url: string, headers: Record<string, string> = {}): Promise<{ hops: string[]; last: Response }> {
  const hops: string[] = [];
  let at = new URL(url, s.url).toString();
  for (;;) {
    const r = await fetch(at, { headers: { ...HTML, ...headers }, redirect: 'manual' });
    hops.push(new URL(at).pathname + new URL(at).search);
    if (r.status !== 302 || hops.length > 5) return { hops, last: r };
    at = new URL(r.headers.get('location')!, at).toString();
  }
}

beforeAll(async () => {
  s = await startTestServer();
  cookie = (await login('/')).cookie;
  // objects of the read-only models no create below makes: a data file (as a sync would), a job (the
  // branch's provisioning) and a tagged item
  const factory = new Factory(s, catalogue);
  const source = await factory.create(catalogue.models['core.datasource']!);
  await s.sql.unsafe(`INSERT INTO ${catalogue.models['core.datafile']!.table} (source_id, path) VALUES ($1, 'a.txt')`, [
    source.id,
  ]);
  await created(s, '/api/plugins/branching/branches/', { name: 'display' });
  const tag = await factory.create(catalogue.models['extras.tag']!);
  await factory.create(catalogue.models['dcim.site']!, { tags: [tag.id] });
}, 120_000);
afterAll(async () => s?.stop());

describe('display_url of every model', () => {
  const withPages = models.filter((m) => m.fields.some((f) => f.kind === 'display_url'));

  it('is what most models answer with', () => {
    expect(withPages.length).toBeGreaterThan(100);
  });

  it.each(withPages.map((m) => [m.key, m] as const))('%s', async (_key, model) => {
    const base = apiPath(model);
    if (!model.readOnly) await new Factory(s, catalogue).create(model);
    // of a read-only model, one made beforehand or by the creations (change records)
    const list = await s.request('GET', `${base}?limit=1`);
    expect(list.body.results.length, `an object of ${model.key}`).toBe(1);
    const object = list.body.results[0];
    const page = new URL(object.display_url);
    expect(page.pathname).toBe(`/${model.uiPath ?? model.apiPath}/${object.id}/`);
    const { hops, last } = await open(object.display_url, { Cookie: cookie });
    expect(hops.at(-1)).toBe(`${base}${object.id}/`);
    expect(last.status).toBe(200);
    expect(last.headers.get('content-type')).toContain('text/html');
    const html = await last.text();
    expect(/<h1>(.*)<\/h1>/.exec(html)?.[1]).toContain(escapeHtml(String(object.display)));
  });
});

describe('the pages of every model', () => {
  it.each(models.map((m) => [m.key, m] as const))('%s: its list and an object', async (_key, model) => {
    const page = `/${model.uiPath ?? model.apiPath}/`;
    for (const [at, to] of [
      [page, apiPath(model)],
      [`${page}?limit=5`, `${apiPath(model)}?limit=5`],
      [`${page}12/`, `${apiPath(model)}12/`],
      [`${page}12`, `${apiPath(model)}12/`],
    ] as const) {
      const r = await fetch(`${s.url}${at}`, { headers: { ...HTML, Cookie: cookie }, redirect: 'manual' });
      expect(r.status, at).toBe(302);
      expect(r.headers.get('location'), at).toBe(to);
    }
  });

  it('a list page shows the list', async () => {
    await new Factory(s, catalogue).create(catalogue.models['dcim.site']!);
    const { hops, last } = await open('/dcim/sites/', { Cookie: cookie });
    expect(hops).toEqual(['/dcim/sites/', '/api/dcim/sites/']);
    expect(last.status).toBe(200);
    expect(await last.text()).toContain('count');
  });
});

describe('anonymous', () => {
  it('goes to the login page and, logged in, back to the object', async () => {
    const site = (await s.request('GET', '/api/dcim/sites/?limit=1')).body.results[0];
    const path = new URL(site.display_url).pathname;
    const { hops, last } = await open(site.display_url);
    expect(hops).toEqual([path, `/login/?next=${encodeURIComponent(path)}`]);
    expect(last.status).toBe(200);
    // the form carries where to go back to
    expect(await last.text()).toContain(`name="next" value="${path}"`);
    const back = await login(path);
    expect(back.location).toBe(path);
    const after = await open(back.location, { Cookie: back.cookie });
    expect(after.hops).toEqual([path, `/api/dcim/sites/${site.id}/`]);
    expect(after.last.status).toBe(200);
    expect(await after.last.text()).toContain(escapeHtml(site.display));
  });

  it('is led to the object directly when LOGIN_REQUIRED is off', async () => {
    const server = await startTestServer({ env: { LOGIN_REQUIRED: 'false' } });
    try {
      const r = await fetch(`${server.url}/dcim/sites/3/`, { headers: HTML, redirect: 'manual' });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/api/dcim/sites/3/');
    } finally {
      await server.stop();
    }
  });
});
