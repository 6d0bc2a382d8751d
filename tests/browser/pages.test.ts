/**
 * The pages in a real browser: Debian's Chromium driven by playwright-core. Swagger UI loads the
 * document, authorizes with a token and executes a list request; the browsable API shows the root,
 * follows links, asks for a login where one is needed and, after the cookie login, shows the data.
 * CI installs chromium and sets REQUIRE_CLIENTS=1, so there this can only pass or fail.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';

const executablePath = '/usr/bin/chromium';
const haveBrowser = existsSync(executablePath);
if (process.env.REQUIRE_CLIENTS && !haveBrowser) throw new Error('REQUIRE_CLIENTS is set but Chromium is missing (apt-get install -y chromium)');
if (!haveBrowser) console.warn('browser tests skipped: apt-get install -y chromium to run them');

let s: TestServer;
let browser: Browser;
let siteName = '';

beforeAll(async () => {
  if (!haveBrowser) return;
  s = await startTestServer();
  siteName = (await s.request('POST', '/api/dcim/sites/', { name: 'Browser Site', slug: 'browser-site' })).body.name;
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
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
  it('Swagger UI loads the document, authorizes with a token and executes a list request', async () => {
    const p = await page();
    const blocked: string[] = [];
    p.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) blocked.push(m.text()); });
    await p.goto(`${s.url}/api/schema/swagger-ui/`);
    await p.getByText('NetBox-compatible REST API').first().waitFor({ timeout: 120_000 });
    expect(blocked).toEqual([]);

    await p.locator('button.authorize').first().click();
    const dialog = p.locator('.modal-ux');
    await dialog.locator('input[type=text]').first().fill(`Token ${TOKEN}`);
    await dialog.locator('button.modal-btn.authorize').first().click();
    await dialog.locator('button.modal-btn.btn-done').first().click();

    // the list of operations is long (rendered as it scrolls into view): go to the one by its deep link
    await p.goto(`${s.url}/api/schema/swagger-ui/#/dcim/dcim_sites_list`);
    await p.reload(); // the authorization is kept (persistAuthorization); the deep link opens the operation
    const op = p.locator('#operations-dcim-dcim_sites_list');
    // the document describes every NetBox endpoint (~10 MB): Swagger UI takes its time on two busy cores
    await op.getByRole('button', { name: 'Try it out' }).waitFor({ timeout: 120_000 });
    await op.getByRole('button', { name: 'Try it out' }).click();
    await op.getByRole('button', { name: 'Execute' }).click();
    const status = op.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.innerText()).trim()).toBe('200');
    expect(await op.locator('.live-responses-table .response-col_description pre').first().innerText()).toContain(siteName);
  }, 360_000);

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
});
