/**
 * GraphiQL at /graphql/ in a real browser (Debian's Chromium, as pages.test.ts drives it), offline:
 * every request to another host is refused, so the IDE can only work from this server's files. After
 * the cookie login it loads, runs a query with its session (and CSRF header) and shows the answer.
 * CI installs chromium and sets REQUIRE_CLIENTS=1, so there this can only pass or fail.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchBrowser } from '../helpers/browser.ts';
import { created, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!haveBrowser) return;
  s = await startTestServer();
  await created(s, '/api/dcim/sites/', { name: 'GraphiQL Site', slug: 'graphiql-site' });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe.skipIf(!haveBrowser)('GraphiQL in Chromium', () => {
  it('loads offline after the login and runs a query', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const offsite: string[] = [];
    const errors: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(s.url) || url.startsWith('data:')) return route.continue();
      offsite.push(url);
      return route.abort();
    });
    const posts: { body: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url() === `${s.url}/graphql/` && r.request().method() === 'POST')
        posts.push({ body: r.request().postData() ?? '', status: r.status() });
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    // anonymous: sent to the login, which comes back to the IDE
    await page.goto(`${s.url}/graphql/`);
    await page.waitForURL(/\/login\//);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.url}/graphql/`);

    const editor = page.locator('.graphiql-query-editor .CodeMirror');
    await editor.waitFor({ timeout: 60_000 });
    // GraphiQL read the schema by introspection, with the session cookie and its CSRF header (on a thread
    // that checks GraphQL requests, started when the page was asked for: it may still be starting)
    await expect
      .poll(() => posts.some((p) => p.body.includes('__schema') && p.status === 200), { timeout: 30_000 })
      .toBe(true);
    await page.evaluate(() => {
      const cm = (
        document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as {
          CodeMirror: { setValue(v: string): void };
        }
      ).CodeMirror;
      cm.setValue('{ site_list { name slug } }');
    });
    await page.locator('.graphiql-execute-button').click();
    const response = page.locator('.graphiql-response');
    await expect.poll(() => response.innerText(), { timeout: 30_000 }).toContain('GraphiQL Site');
    const text = await response.innerText();
    expect(text).toContain('"slug": "graphiql-site"');
    expect(text).not.toContain('errors');
    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
