/**
 * Swagger UI in a real browser (Debian's Chromium driven by playwright-core): after the cookie login it
 * shows one app's part of the document at a time; picking dcim, the device list (350 parameters) is tried
 * out and executed with the session, and its answer shown, within 20 seconds. A token authorized in the
 * dialog is sent too. CI installs chromium and sets REQUIRE_CLIENTS=1, so there this can only pass or fail.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchBrowser } from '../helpers/browser.ts';
import { created, startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let browser: Browser;
let tenant = '';

beforeAll(async () => {
  if (!haveBrowser) return;
  s = await startTestServer();
  const site = await created(s, '/api/dcim/sites/', { name: 'Swagger Site', slug: 'swagger-site' });
  const maker = await created(s, '/api/dcim/manufacturers/', { name: 'Swagger Maker', slug: 'swagger-maker' });
  const type = await created(s, '/api/dcim/device-types/', { model: 'SW-1', slug: 'sw-1', manufacturer: maker.id });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'Swagger Role', slug: 'swagger-role' });
  const devices = [1, 2, 3].map((n) => ({
    name: `swagger-dev-${n}`,
    site: site.id,
    device_type: type.id,
    role: role.id,
  }));
  await created(s, '/api/dcim/devices/', devices);
  tenant = (await created(s, '/api/tenancy/tenants/', { name: 'Swagger Tenant', slug: 'swagger-tenant' })).name;
  // a page of them is a large answer
  const tenants = Array.from({ length: 60 }, (_, n) => ({ name: `Tenant ${n}`, slug: `tenant-${n}` }));
  await created(s, '/api/tenancy/tenants/', tenants);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function page(): Promise<{ p: Page; blocked: string[] }> {
  const p = await (await browser.newContext()).newPage();
  const blocked: string[] = [];
  p.on('pageerror', (e) => console.error('page error:', e.message));
  p.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  return { p, blocked };
}

/**
 * Expands the operation, tries it out with these parameters and executes it: the answer's status and
 * body, and how many coloured pieces the body is shown in.
 */
async function execute(
  p: Page,
  id: string,
  values: Record<string, string> = {},
): Promise<{ status: string; body: string; coloured: number }> {
  const op = p.locator(`#operations-${id}`);
  await op.locator('.opblock-summary').first().click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  for (const [name, value] of Object.entries(values))
    await op.locator(`tr[data-param-name="${name}"] input`).fill(value);
  await op.getByRole('button', { name: 'Execute' }).click();
  const status = op.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor();
  const body = op.locator('.live-responses-table .response-col_description pre').first();
  const coloured = await body.locator('span').count();
  return { status: (await status.innerText()).trim(), body: await body.innerText(), coloured };
}

/**
 * In a new browser: logs in, picks dcim, executes the device list with limit and ordering, and checks
 * what was sent and shown; how long it took from the login on.
 */
async function deviceList(): Promise<number> {
  const { p, blocked } = await page();
  p.setDefaultTimeout(60_000);
  await p.goto(`${s.url}/login/?next=/api/schema/swagger-ui/`);
  await p.getByLabel('Username').fill('admin');
  await p.getByLabel('Password').fill('admin-password');
  const start = Date.now();
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.waitForURL(`${s.url}/api/schema/swagger-ui/`);

  // the bar at the top chooses the app; its part of the document is read in OpenAPI 3.0
  const documents = p.waitForResponse((r) => r.url().endsWith('/api/schema/?app=dcim&openapi=3.0'));
  await p.locator('.topbar select').selectOption({ label: 'dcim' });
  expect((await documents).status()).toBe(200);
  await p.locator('input.operation-filter-input').fill('/api/dcim/devices/');
  const sent = p.waitForRequest((r) => r.url().includes('/api/dcim/devices/?'));
  const { status, body, coloured } = await execute(p, 'dcim-dcim_devices_list', { limit: '2', ordering: 'name' });
  const took = Date.now() - start;
  // what was typed, and only that, is sent
  expect(new URL((await sent).url()).search).toBe('?limit=2&ordering=name');
  expect(status).toBe('200');
  const list = JSON.parse(body);
  expect(list.count).toBe(3);
  expect(list.results.map((d: { name: string }) => d.name)).toEqual(['swagger-dev-1', 'swagger-dev-2']);
  expect(coloured).toBeGreaterThan(10);
  expect(p.url()).toContain('urls.primaryName=dcim');
  expect(blocked).toEqual([]);
  await p.context().close();
  return took;
}

describe.skipIf(!haveBrowser)('Swagger UI in Chromium', () => {
  it('logs in, picks dcim and executes the device list with the session, within 20 s', async () => {
    // the machine is shared and its load comes in bursts: a second try when the first was slowed down
    // (with the whole document in one page, this took 228 s)
    const times: number[] = [];
    while (times.length < 2 && !(Math.min(...times) < 20_000)) times.push(await deviceList());
    const took = times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', then ');
    console.log(`Swagger UI: logged in, picked dcim, executed the device list in ${took}`);
    expect(Math.min(...times)).toBeLessThan(20_000);
  }, 150_000);

  it('offers every app, sends a token authorized in the dialog, shows a large answer plainly', async () => {
    const { p } = await page();
    p.setDefaultTimeout(30_000);
    // no session: the token is the only credential
    await p.goto(`${s.url}/api/schema/swagger-ui/?urls.primaryName=tenancy`);
    const options = await p.locator('.topbar select option').allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(['dcim', 'ipam', 'tenancy', 'netbox_branching', 'api']));
    expect(options).toEqual([...options].sort());
    await p.locator('button.authorize').first().click();
    const dialog = p.locator('.modal-ux');
    await dialog.locator('input[type=text]').first().fill(`Token ${TOKEN}`);
    await dialog.locator('button.modal-btn.authorize').first().click();
    await dialog.locator('button.modal-btn.btn-done').first().click();
    await p.locator('input.operation-filter-input').fill('/api/tenancy/tenants/');
    const { status, body, coloured } = await execute(p, 'tenancy-tenancy_tenants_list');
    expect(status).toBe('200');
    expect(body).toContain(tenant);
    // a page of 50 objects is shown as plain text: colouring it took seconds
    expect(body.length).toBeGreaterThan(20_000);
    expect(coloured).toBe(0);
  }, 60_000);
});
