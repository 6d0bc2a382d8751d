/**
 * `npm run manage -- import-netbox` as an operator runs it, its own process against NetBox's recorded
 * answers (netbox-fixture.ts): a line per model copied and compared, the closing report with the
 * generated passwords, the JSON report written, and exit codes that say whether it worked; a second
 * run into the filled database is refused with one line, and so is a command without its flags or with
 * a wrong one; --help lists the flags.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../helpers/server.ts';
import { dropTargets, runManage, targetDatabase } from './run-import.ts';
import { startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';

let netbox: NetboxFixture;
let target: string;
const dataDir = mkdtempSync(join(tmpdir(), 'nb-manage-import-'));

const manage = (...args: string[]) =>
  runManage({ DATABASE_URL: target, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, ...args);

beforeAll(async () => {
  netbox = await startNetboxFixture();
  target = await targetDatabase();
});

afterAll(async () => {
  await dropTargets();
  await netbox?.stop();
});

describe('manage import-netbox', () => {
  it('copies, verifies, prints the report with generated passwords, and exits 0', async () => {
    const r = await manage('import-netbox', '--url', netbox.url, '--token', TOKEN, '--generate-passwords');
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toMatch(/^Copying: \d+ objects of \d+ models from http:\/\/127\.0\.0\.1:\d+ \(NetBox 4\.6\.8\)$/m);
    expect(r.out).toMatch(/^ {2}dcim\.device +5 written +[\d.]+ s +[\d,]+\/s$/m);
    expect(r.out).toMatch(/^ {2}dcim\.device +5 compared/m);
    expect(r.out).toMatch(/^Generated passwords \(shown once\):\n {2}admin: \S{16}$/m);
    expect(r.out).toMatch(/^Verification: \d+ objects compared field by field in .*; no differences\.$/m);
    const file = join(dataDir, 'import-netbox-report.json');
    expect(r.out).toContain(`The whole report (JSON): ${file}`);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).verification.clean).toBe(true);
  }, 120_000);

  it('refuses the now filled database with one line and exit code 1', async () => {
    const r = await manage('import-netbox', '--url', netbox.url, '--token', TOKEN);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(/^the target database holds objects already \(.*\): .*--merge/);
  }, 60_000);

  it('lists its options with their defaults on --help, refuses a timeout not a number of seconds', async () => {
    const help = await manage('import-netbox', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^ {2}--request-timeout S +seconds one request may take, .* \(default 120\)$/m);
    expect(help.out).toMatch(/^ {2}--retry-time S +seconds one request is tried again/m);
    expect(help.out).toMatch(/\(default 300\)$/m);
    const wrong = await manage('import-netbox', '--url', netbox.url, '--token', TOKEN, '--retry-time', '0');
    expect(wrong.code).toBe(1);
    expect(wrong.err.trim()).toBe('--retry-time takes a number of seconds above 0, not "0"');
  }, 60_000);

  it('asks for the source and the token', async () => {
    const r = await manage('import-netbox', '--url', netbox.url);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe('import-netbox: give --token TOKEN (see npm run manage -- import-netbox --help)');
  }, 60_000);
});
