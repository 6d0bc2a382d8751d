/**
 * The pages in a real browser: Debian's Chromium driven by playwright-core (Swagger UI: swagger.test.ts).
 * The browsable API shows the root, follows links, asks for a login where one is needed and, after the
 * cookie login, shows the data.
 * The forms (built from OPTIONS) create, change and delete an object, show field errors, filter a
 * list and lead back through the breadcrumbs; screenshots of them go to .test-data/screenshots/.
 * CI installs chromium and sets REQUIRE_CLIENTS=1, so there this can only pass or fail.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchBrowser } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let browser: Browser;
let siteName = '';

beforeAll(async () => {
  if (!haveBrowser) return;
  s = await startTestServer();
  siteName = (await s.request('POST', '/api/dcim/sites/', { name: 'Browser Site', slug: 'browser-site' })).body.name;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function page(): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  p.on('pageerror', (e) => console.error('page error:', e.message));
  return p;
}

describe.skipIf(!haveBrowser)('in Chromium', () => {
  it('the browsable API shows the root, follows links, asks for a login and then shows the data', async () => {
    const p = await page();
    const root = await p.goto(`${s.url}/api/`);
    expect(root!.headers()['content-type']).toContain('text/html');
    expect(root!.headers()['x-frame-options']).toBe('DENY');
    expect(await p.locator('h1').innerText()).toBe('API Root');
    await p.getByRole('link', { name: `${s.url}/api/dcim/` }).click();
    await p.waitForURL(`${s.url}/api/dcim/`);
    // anonymous: the page says so and offers the login, which comes back here
    expect(await p.locator('#response').innerText()).toContain('Authentication credentials were not provided.');
    await p.getByRole('link', { name: 'Log in' }).click();
    await p.getByLabel('Username').fill('admin');
    await p.getByLabel('Password').fill('admin-password');
    await p.getByRole('button', { name: 'Log in' }).click();
    await p.waitForURL(`${s.url}/api/dcim/`);
    await p.getByRole('link', { name: `${s.url}/api/dcim/sites/` }).click();
    await p.waitForURL(`${s.url}/api/dcim/sites/`);
    expect(await p.locator('#response').innerText()).toContain(siteName);
    expect(await p.locator('header').innerText()).toContain('admin');
    // an object's own URL is a link too
    const site = (await s.request('GET', '/api/dcim/sites/?slug=browser-site')).body.results[0];
    await p.getByRole('link', { name: site.url }).first().click();
    await p.waitForURL(site.url);
    expect(await p.locator('h1').innerText()).toContain('Browser Site');
  }, 90_000);

  it("an object's display_url leads through the login to its page, and is a link there", async () => {
    const site = (await s.request('GET', '/api/dcim/sites/?slug=browser-site')).body.results[0];
    const p = await page();
    await p.goto(site.display_url);
    await p.waitForURL(/\/login\//);
    await p.getByLabel('Username').fill('admin');
    await p.getByLabel('Password').fill('admin-password');
    await p.getByRole('button', { name: 'Log in' }).click();
    await p.waitForURL(site.url);
    expect(await p.locator('h1').innerText()).toContain('Browser Site');
    // from the list, the object's display_url is a link to the same page
    await p.goto(`${s.url}/dcim/sites/`);
    await p.waitForURL(`${s.url}/api/dcim/sites/`);
    await p.getByRole('link', { name: site.display_url }).first().click();
    await p.waitForURL(site.url);
    expect(await p.locator('h1').innerText()).toContain('Browser Site');
  }, 60_000);

  it('sends / to the API root and serves the forms script from this server', async () => {
    const res = await fetch(`${s.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/');
    const script = await fetch(`${s.url}/static/browsable.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain("method: 'OPTIONS'");
    expect((await fetch(`${s.url}/static/nothing.js`)).status).toBe(404);
  });

  it('creates, changes, filters and deletes through the forms, with breadcrumbs and field errors', async () => {
    const shots = join(process.cwd(), '.test-data', 'screenshots');
    mkdirSync(shots, { recursive: true });
    const shot = async (p: Page, name: string) => {
      const file = join(shots, `${name}.png`);
      await p.screenshot({ path: file, fullPage: true });
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.length).toBeGreaterThan(5_000);
    };
    const p = await page();
    await p.goto(`${s.url}/`);
    await p.waitForURL(`${s.url}/api/`);
    await p.goto(`${s.url}/login/?next=/api/dcim/sites/`);
    await p.getByLabel('Username').fill('admin');
    await p.getByLabel('Password').fill('admin-password');
    await p.getByRole('button', { name: 'Log in' }).click();
    await p.waitForURL(`${s.url}/api/dcim/sites/`);
    expect(await p.locator('nav.crumbs').innerText()).toBe('API Root › Dcim › Sites');
    await p.locator('#forms[data-ready=yes]').waitFor();

    // create: the form's fields come from OPTIONS (a related object and tags by their ids); the new object's
    // page follows
    const tenant = (await s.request('POST', '/api/tenancy/tenants/', { name: 'Form Tenant', slug: 'form-tenant' }))
      .body;
    const tags = [1, 2].map(
      async (n) => (await s.request('POST', '/api/extras/tags/', { name: `f${n}`, slug: `f${n}` })).body,
    );
    const [tag1, tag2] = await Promise.all(tags);
    const form = p.locator('#object-form');
    await form.getByLabel('Name *').fill('Form Site');
    await form.getByLabel('Slug *').fill('form-site');
    await form.getByLabel('Status').selectOption('planned');
    await form.getByLabel('Tenant', { exact: true }).fill(String(tenant.id));
    await form.getByLabel('Tags', { exact: true }).fill(`${tag1.id}, ${tag2.id}`);
    await shot(p, 'site-list-form');
    await form.getByRole('button', { name: 'POST', exact: true }).click();
    await p.waitForURL(/\/api\/dcim\/sites\/\d+\/$/);
    const created = (await s.request('GET', '/api/dcim/sites/?slug=form-site')).body.results[0];
    expect(created.status.value).toBe('planned');
    expect(created.tenant.id).toBe(tenant.id);
    expect(created.tags.map((t: { id: number }) => t.id)).toEqual([tag1.id, tag2.id]);
    expect(p.url()).toBe(created.url);
    expect(await p.locator('nav.crumbs').innerText()).toBe('API Root › Dcim › Sites › Form Site');

    // change: PATCH sends only what changed, the page shows the saved object
    await p.locator('#forms[data-ready=yes]').waitFor();
    expect(await p.locator('#object-form').getByLabel('Name *').inputValue()).toBe('Form Site');
    await p.locator('#object-form').getByLabel('Description', { exact: true }).fill('changed in a form');
    await p.locator('#object-form').getByRole('button', { name: 'PATCH', exact: true }).click();
    await p.locator('#response', { hasText: 'changed in a form' }).waitFor();
    const patched = (await s.request('GET', `/api/dcim/sites/${created.id}/`)).body;
    expect(patched.description).toBe('changed in a form');
    expect(patched.status.value).toBe('planned');

    // raw data: the object's writable fields as JSON, sent as typed
    await p.locator('#forms[data-ready=yes]').waitFor();
    const raw = JSON.parse(await p.locator('#raw-data').inputValue());
    expect(raw).toMatchObject({
      name: 'Form Site',
      slug: 'form-site',
      status: 'planned',
      description: 'changed in a form',
    });
    await p.locator('#raw-data').fill(JSON.stringify({ facility: 'Raw Facility' }));
    await p.getByRole('button', { name: 'PATCH raw data' }).click();
    await p.locator('#response', { hasText: 'Raw Facility' }).waitFor();
    await shot(p, 'site-detail-forms');

    // a refused change: the field's error beside it, nothing saved
    await p.locator('#forms[data-ready=yes]').waitFor();
    await p.locator('#object-form').getByLabel('Slug *').fill('not a slug!');
    await p.locator('#object-form').getByRole('button', { name: 'PATCH', exact: true }).click();
    const error = p.locator('#object-form .field-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/slug/i);
    expect(await p.locator('#form-result').innerText()).toContain('HTTP 400');
    await shot(p, 'site-field-error');
    expect((await s.request('GET', `/api/dcim/sites/${created.id}/`)).body.slug).toBe('form-site');

    // breadcrumbs lead back to the list; the filter form narrows it, leaving empty fields out
    await p.locator('nav.crumbs').getByRole('link', { name: 'Sites' }).click();
    await p.waitForURL(`${s.url}/api/dcim/sites/`);
    await p.locator('details.filters summary').click();
    await p.locator('#filter-form').getByLabel('status').selectOption('planned');
    await p.locator('#filter-form').getByLabel('name', { exact: true }).fill('Form Site');
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.waitForURL(/\?/);
    expect(new URL(p.url()).search).toBe('?name=Form+Site&status=planned');
    const listed = JSON.parse(await p.locator('#response').innerText());
    expect(listed.count).toBe(1);
    expect(listed.results[0].id).toBe(created.id);
    await shot(p, 'site-list-filtered');

    // delete: confirmed in a dialog, then the list
    await p.goto(created.url);
    await p.locator('#forms[data-ready=yes]').waitFor();
    p.once('dialog', (d) => void d.accept());
    await p.locator('#delete').click();
    await p.waitForURL(`${s.url}/api/dcim/sites/`);
    expect((await s.request('GET', `/api/dcim/sites/${created.id}/`)).status).toBe(404);
  }, 120_000);
});
