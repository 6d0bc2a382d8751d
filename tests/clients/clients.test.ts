/**
 * The clients network teams already use, unmodified, from Debian's packages: pynetbox 7.0 and the
 * Ansible netbox.netbox 3.13 collection of the stable release (apt), and the newest releases,
 * pynetbox 7.8.0 and netbox.netbox 3.23.0, from Debian's unstable packages, unpacked into .clients/
 * by scripts/clients/install.sh. CI installs both (`.ci/run`) and sets REQUIRE_CLIENTS=1, so there
 * they can only pass or fail, never skip.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';

const python = '/usr/bin/python3';
const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const havePynetbox = has(python, ['-c', 'import pynetbox']);
const haveAnsible = has('ansible-playbook', ['--version']) && has(python, ['-c', 'import pytz']);
const newer = { python: resolve('.clients/python'), collections: resolve('.clients/collections') };
const haveNewer =
  existsSync(join(newer.python, 'pynetbox')) && existsSync(join(newer.collections, 'ansible_collections'));
if (process.env.REQUIRE_CLIENTS && (!havePynetbox || !haveAnsible || !haveNewer)) {
  throw new Error(
    'REQUIRE_CLIENTS is set but a client is missing: apt-get install -y python3-pynetbox python3-tz ansible, and ' +
      'bash scripts/clients/install.sh for pynetbox 7.8 and netbox.netbox 3.23',
  );
}
if (!havePynetbox || !haveAnsible)
  console.warn('client suites skipped: apt-get install -y python3-pynetbox python3-tz ansible to run them');
if (!haveNewer) console.warn('newer client suites skipped: bash scripts/clients/install.sh to run them');

/** Runs a command without blocking the event loop (the server under test lives in this process). */
function run(
  cmd: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeout: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

let s: TestServer;
beforeAll(async () => {
  if (havePynetbox || haveAnsible) s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
});
afterAll(async () => s?.stop());

describe.runIf(havePynetbox)('pynetbox 7.0', () => {
  it('creates, gets, filters, pages, counts, updates and deletes', async () => {
    const r = await run(python, ['tests/clients/pynetbox_suite.py', s.url, TOKEN], { timeout: 120_000 });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/pynetbox 7\.0\.0: \d+ checks passed/);
  }, 180_000);
});

describe.runIf(haveNewer)('pynetbox 7.8', () => {
  let s78: TestServer;
  beforeAll(async () => {
    s78 = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  });
  afterAll(async () => s78?.stop());

  it('also makes v2 tokens, pages by cursor, and works in branches through its branching extension', async () => {
    const r = await run(python, ['tests/clients/pynetbox_suite.py', s78.url, TOKEN], {
      env: { ...process.env, PYTHONPATH: newer.python },
      timeout: 180_000,
    });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/pynetbox 7\.8\.0: \d+ checks passed/);
  }, 240_000);
});

describe.runIf(haveAnsible)('Ansible netbox.netbox collection', () => {
  const dir = 'tests/clients/ansible';
  const tmp = mkdtempSync(join(tmpdir(), 'nb-ansible-'));
  const env = {
    ...process.env,
    // the inventory plugin keeps the OpenAPI document it read beside Ansible's local temp directory
    // and reuses it while the version matches: each run reads this server's document afresh
    ANSIBLE_LOCAL_TEMP: join(tmp, 'local'),
    ANSIBLE_PYTHON_INTERPRETER: python,
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_LOCALHOST_WARNING: '0',
    ANSIBLE_INVENTORY_UNPARSED_WARNING: '0',
    ANSIBLE_HOST_KEY_CHECKING: '0',
  };
  const play = async (file: string, extra: Record<string, string> = {}) => {
    const report = join(tmp, `${Math.random().toString(36).slice(2)}.json`);
    const vars = { netbox_url: s.url, netbox_token: TOKEN, report, ...extra };
    const r = await run(
      'ansible-playbook',
      ['-i', `${dir}/inventory.yml`, `${dir}/${file}`, '-e', JSON.stringify(vars)],
      { env, timeout: 600_000 },
    );
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    return file === 'playbook.yml'
      ? (JSON.parse(readFileSync(report, 'utf8')) as { task: string; changed: boolean }[])
      : [];
  };

  it('creates everything, is idempotent, updates a field, finds the device in the inventory, deletes', async () => {
    const first = await play('playbook.yml');
    expect(first.filter((t) => !t.changed).map((t) => t.task)).toEqual([]);
    const second = await play('playbook.yml');
    expect(second.filter((t) => t.changed).map((t) => t.task)).toEqual([]);
    const third = await play('playbook.yml', { site_description: 'Changed by the third run' });
    expect(third.filter((t) => t.changed).map((t) => t.task)).toEqual(['site']);
    const site = (await s.request('GET', '/api/dcim/sites/?name=Ansible%20Site')).body.results[0];
    expect(site.description).toBe('Changed by the third run');
    const device = (await s.request('GET', '/api/dcim/devices/?name=ansible-dev1')).body.results[0];
    expect(device.primary_ip4.address).toBe('192.0.2.10/24');

    const inv = await run('ansible-inventory', ['-i', `${dir}/nb_inventory.yml`, '--list'], {
      env: { ...env, NETBOX_API: s.url, NETBOX_TOKEN: TOKEN },
      timeout: 300_000,
    });
    expect(inv.status, inv.stderr).toBe(0);
    const hosts = JSON.parse(inv.stdout)._meta.hostvars;
    expect(hosts['ansible-dev1']).toMatchObject({
      ansible_host: '192.0.2.10',
      sites: ['ansible-site'],
      device_roles: ['ansible-role'],
    });

    await play('teardown.yml');
    for (const path of [
      '/api/dcim/devices/?name=ansible-dev1',
      '/api/dcim/sites/?name=Ansible%20Site',
      '/api/ipam/ip-addresses/?address=192.0.2.10',
      '/api/circuits/circuits/?cid=ANS-0001',
      '/api/extras/tags/?slug=ansible-tag',
      '/api/ipam/vlans/?vid=100',
      '/api/tenancy/tenants/?slug=ansible-tenant',
    ]) {
      expect((await s.request('GET', path)).body.count, path).toBe(0);
    }
  }, 900_000);
});

describe.runIf(haveAnsible && haveNewer)('Ansible netbox.netbox 3.23, every module', () => {
  let s23: TestServer;
  beforeAll(async () => {
    s23 = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  });
  afterAll(async () => s23?.stop());

  const env = {
    ...process.env,
    ANSIBLE_COLLECTIONS_PATH: newer.collections,
    PYTHONPATH: newer.python,
    ANSIBLE_PYTHON_INTERPRETER: python,
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_LOCALHOST_WARNING: '0',
    ANSIBLE_INVENTORY_UNPARSED_WARNING: '0',
  };
  const tmp = mkdtempSync(join(tmpdir(), 'nb-ansible-23-'));
  const play = async (file: string) => {
    const report = join(tmp, `${Math.random().toString(36).slice(2)}.json`);
    const vars = { netbox_url: s23.url, netbox_token: TOKEN, report };
    const r = await run(
      'ansible-playbook',
      ['-i', 'tests/clients/ansible/inventory.yml', `tests/clients/ansible/${file}`, '-e', JSON.stringify(vars)],
      { env, timeout: 900_000 },
    );
    expect(r.status, `${r.stdout.slice(-6000)}${r.stderr.slice(-2000)}`).toBe(0);
    return JSON.parse(readFileSync(report, 'utf8')) as { task: string; changed: boolean }[];
  };

  it("passes the collection's own netbox_permission test (a constraint naming a field its types lack)", async () => {
    const vars = { netbox_url: s23.url, netbox_token: TOKEN };
    const r = await run(
      'ansible-playbook',
      ['-i', 'tests/clients/ansible/inventory.yml', 'tests/clients/ansible/permission.yml', '-e', JSON.stringify(vars)],
      { env, timeout: 300_000 },
    );
    expect(r.status, `${r.stdout.slice(-6000)}${r.stderr.slice(-2000)}`).toBe(0);
    const kept = (await s23.request('GET', '/api/users/permissions/?name=Test%20Permission')).body.results;
    expect(kept.map((p: { object_types: string[] }) => p.object_types)).toEqual([
      ['vpn.tunneltermination', 'wireless.wirelesslan'],
    ]);
  }, 360_000);

  it('creates an object with each module, changes nothing when run again, and deletes them all', async () => {
    const first = await play('breadth.yml');
    expect(first.length).toBeGreaterThan(120);
    expect(first.filter((t) => !t.changed).map((t) => t.task)).toEqual([]);
    const second = await play('breadth.yml');
    expect(second.filter((t) => t.changed).map((t) => t.task)).toEqual([]);
    const teardown = await play('breadth-teardown.yml');
    expect(teardown.filter((t) => !t.changed).map((t) => t.task)).toEqual([]);
  }, 2_400_000);
});
