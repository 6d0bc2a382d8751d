/**
 * A stored key added by an upgrade (runtime/catalogue/keys.ts) is right at once for the rows already
 * there: the migration that adds its columns backfills main's rows, and a branch opened before the
 * upgrade gets the columns backfilled from its own rows (a device renamed in the branch only orders
 * its bays by the branch's name). The upgrade here gives device bays the interfaces' keys (`_name` added to
 * the device's name they keep).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect, query } from '../../runtime/db/index.ts';
import { inBranch, readyBranch } from '../helpers/branch.ts';
import { created, databaseUrl, startTestServer, type TestServer } from '../helpers/server.ts';
import { buildVariant, upgradeScratch } from '../helpers/variant.ts';

const scratch = upgradeScratch('keys-upgrade');

/** The device bays' ordering made NetBox's interface ordering, with the interfaces' two keys (one they have). */
function withKeys(yaml: string): string {
  const at = yaml.indexOf('\n  devicebay:\n');
  const ordering = '    keys: *device_keys\n    ordering: [device, name]\n';
  const i = yaml.indexOf(ordering, at);
  expect(at > 0 && i > at, 'dcim.yaml has the device bay and its ordering').toBe(true);
  const keys = '    keys:\n      _name: {naturalize_interface: name}\n      _device_name: {copy: device.name}\n';
  return `${yaml.slice(0, i)}${keys}    ordering: [device, _name]\n${yaml.slice(i + ordering.length)}`;
}

const BAYS = ['bay10', 'bay2', 'Gi1/2'];

/** `device/bay` of every device bay, in the API's order. */
async function bays(s: TestServer): Promise<string[]> {
  const r = await s.request('GET', '/api/dcim/device-bays/?limit=0');
  expect(r.status, r.text).toBe(200);
  return r.body.results.map((b: any) => `${b.device.name}/${b.name}`);
}

describe('stored keys across an upgrade', () => {
  it('are backfilled by the migration in main and by reconciliation in an older branch', async () => {
    const before = await startTestServer();
    const { database } = before;
    scratch.database = database;
    const site = await created(before, '/api/dcim/sites/', { name: 'ku', slug: 'ku' });
    const mf = await created(before, '/api/dcim/manufacturers/', { name: 'ku', slug: 'ku' });
    const dt = await created(before, '/api/dcim/device-types/', {
      manufacturer: mf.id,
      model: 'ku',
      slug: 'ku',
      subdevice_role: 'parent',
    });
    const role = await created(before, '/api/dcim/device-roles/', { name: 'ku', slug: 'ku', color: '00ff00' });
    const devices = await created(
      before,
      '/api/dcim/devices/',
      ['zeta', 'alpha'].map((name) => ({ name, site: site.id, device_type: dt.id, role: role.id })),
    );
    await created(
      before,
      '/api/dcim/device-bays/',
      devices.flatMap((d: any) => BAYS.map((name) => ({ device: d.id, name }))),
    );
    const b = await readyBranch(before, 'before-keys', true);
    const renamed = await inBranch(before, b.schema_id).request('PATCH', `/api/dcim/devices/${devices[0].id}/`, {
      name: 'aaa',
    });
    expect(renamed.status, renamed.text).toBe(200);
    await before.server.stop();

    const v = await buildVariant(scratch.dir, { 'dcim.yaml': withKeys });
    expect(v.added).toHaveLength(1);
    expect(readFileSync(join(v.migrationsFolder, v.added[0]!), 'utf8')).toContain('UPDATE "dcim_devicebay" t SET');
    const server = await startTestServer({ ...v, database, env: { WORKER_IN_PROCESS: 'true' } });
    scratch.server = server;

    // Gi1/2 has a slot: before the bays without one, as NetBox orders interfaces
    const inOrder = (device: string) => ['Gi1/2', 'bay2', 'bay10'].map((n) => `${device}/${n}`);
    expect(await bays(server)).toEqual([...inOrder('alpha'), ...inOrder('zeta')]);
    expect(await bays(inBranch(server, b.schema_id))).toEqual([...inOrder('aaa'), ...inOrder('alpha')]);
    const sql = connect(databaseUrl(database), { max: 1 });
    try {
      for (const schema of ['public', `branch_${b.schema_id}`]) {
        const [row] = await query(
          sql,
          `SELECT count(*)::int AS wrong
             FROM ${schema}.dcim_devicebay x JOIN ${schema}.dcim_device d ON d.id = x.device_id
            WHERE x._name <> naturalize_interface(x.name) OR x._device_name IS DISTINCT FROM d.name`,
        );
        expect({ schema, wrong: row!.wrong }).toEqual({ schema, wrong: 0 });
      }
    } finally {
      await sql.end();
    }
    // two servers, a branch and the code generator: minutes on a busy machine
  }, 300_000);
});
