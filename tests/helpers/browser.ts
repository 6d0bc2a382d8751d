/**
 * Debian's Chromium for the page tests (playwright-core drives it). Where it is missing the tests are
 * skipped with a warning, except in CI, which installs it and sets REQUIRE_CLIENTS=1: there a page test
 * can only pass or fail.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const executablePath = '/usr/bin/chromium';

export const haveBrowser = existsSync(executablePath);
if (process.env.REQUIRE_CLIENTS && !haveBrowser)
  throw new Error('REQUIRE_CLIENTS is set but Chromium is missing (apt-get install -y chromium)');
if (!haveBrowser) console.warn('browser tests skipped: apt-get install -y chromium to run them');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
