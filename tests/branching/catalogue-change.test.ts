/**
 * Branches opened before a catalogue change merge, sync and revert after it writing only what their
 * changes changed: the real flow, three times on one database (edit models/dcim.yaml, generate with the
 * real generator, restart on the new code and migration): a field added (`asset_owner`), renamed
 * (`owner_name`, with `renamed_from:`), then removed. A column a migration added is nobody's change,
 * so main's value of it survives; a conflict is a field both sides changed.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BRANCHES, inBranch, operate, readyBranch } from '../helpers/branch.ts';
import { created, dropDatabase, startTestServer, type TestServer } from '../helpers/server.ts';
import { buildVariant, type Variant } from '../helpers/variant.ts';

const dir = resolve('.test-data', `catalogue-change-${process.pid}`);
let server: TestServer;
let database = '';
afterAll(async () => {
  await server?.server.stop();
  if (database) await dropDatabase(database);
  rmSync(dir, { recursive: true, force: true });
});

const serial = '      serial: {type: string, max_length: 50, label: Serial number}\n';
const added = `${serial}      asset_owner: {type: string, max_length: 50}\n`;
const renamed = `${serial}      owner_name: {renamed_from: asset_owner, type: string, max_length: 50}\n`;
/** The device model's entry in dcim.yaml (the serial line is also a rack's and a module's). */
const onDevice = (yaml: string, from: string, to: string) => {
  const at = yaml.indexOf('\n  device:\n');
  return yaml.slice(0, at) + yaml.slice(at).replace(from, to);
};

async function restart(v: Variant): Promise<void> {
  await server.server.stop();
  server = await startTestServer({ ...v, database, env: { WORKER_IN_PROCESS: 'true' } });
}

const devicePath = (id: number) => `/api/dcim/devices/${id}/`;
async function patch(s: TestServer, id: number, body: Record<string, unknown>): Promise<void> {
  const r = await s.request('PATCH', devicePath(id), body);
  expect(r.status, r.text).toBe(200);
}
const device = async (s: TestServer, id: number) => (await s.request('GET', devicePath(id))).body;

/** A ready branch whose first write is `body` on device `id`. */
async function branchChanging(name: string, id: number, body: Record<string, unknown>) {
  const b = await readyBranch(server, name);
  await patch(inBranch(server, b.schema_id), id, body);
  return b;
}

async function mergeClean(id: number, op: 'merge' | 'sync' | 'revert') {
  const job = await operate(server, id, op);
  expect(job.status.value, JSON.stringify(job.data)).toBe('completed');
  return job;
}

// each step generates a catalogue and restarts the server: minutes on a busy machine
describe('branches across catalogue changes', { timeout: 300_000 }, () => {
  const d: number[] = [];
  const b: Record<string, { id: number; schema_id: string }> = {};

  it('sets up devices and branches on the catalogue as it is', async () => {
    server = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
    database = server.database;
    const site = await created(server, '/api/dcim/sites/', { name: 's', slug: 's' });
    const mf = await created(server, '/api/dcim/manufacturers/', { name: 'm', slug: 'm' });
    const type = await created(server, '/api/dcim/device-types/', { manufacturer: mf.id, model: 't', slug: 't' });
    const role = await created(server, '/api/dcim/device-roles/', { name: 'r', slug: 'r' });
    for (let i = 0; i < 10; i++) {
      const body = { name: `d${i}`, device_type: type.id, role: role.id, site: site.id, serial: 'S1' };
      d.push((await created(server, '/api/dcim/devices/', body)).id);
    }
    b.merge = await branchChanging('merge-after-add', d[0]!, { serial: 'S2' });
    b.sync = await branchChanging('sync-after-add', d[1]!, { serial: 'S2' });
    b.revert = await branchChanging('revert-after-add', d[2]!, { serial: 'S2' });
    await mergeClean(b.revert.id, 'merge');
    b.conflict = await branchChanging('conflict-after-add', d[3]!, { serial: 'S2' });
  });

  let addedVariant: Variant;
  it('after a field is added, main keeps its value of it through a merge, a sync and a revert', async () => {
    addedVariant = await buildVariant(`${dir}/added`, { 'dcim.yaml': (y) => onDevice(y, serial, added) });
    await restart(addedVariant);
    for (const id of d.slice(0, 4)) await patch(server, id, { asset_owner: 'Finance' });

    await mergeClean(b.merge!.id, 'merge');
    expect(await device(server, d[0]!)).toMatchObject({ serial: 'S2', asset_owner: 'Finance' });
    await mergeClean(b.sync!.id, 'sync');
    expect(await device(inBranch(server, b.sync!.schema_id), d[1]!)).toMatchObject({
      serial: 'S2',
      asset_owner: 'Finance',
    });
    expect(await device(server, d[1]!)).toMatchObject({ serial: 'S1', asset_owner: 'Finance' });
    await mergeClean(b.revert!.id, 'revert');
    expect(await device(server, d[2]!)).toMatchObject({ serial: 'S1', asset_owner: 'Finance' });
  });

  it('a field both sides changed after it was added is a conflict, and the only one', async () => {
    const br = inBranch(server, b.conflict!.schema_id);
    await patch(br, d[3]!, { asset_owner: 'Ops' });
    const changes = await server.request('GET', `/api/plugins/branching/changes/?branch_id=${b.conflict!.id}`);
    expect(changes.body.results.map((c: any) => c.conflicts)).toEqual([['asset_owner']]);
    const refused = await server.request('POST', `${BRANCHES}${b.conflict!.id}/merge/`, { commit: true });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.conflicts).toHaveLength(1);
    expect(refused.body.conflicts[0]).toMatchObject({
      conflicts: ['asset_owner'],
      conflicting_data: {
        original: { asset_owner: '' },
        branch: { asset_owner: 'Ops' },
        main: { asset_owner: 'Finance' },
      },
    });
    await operate(server, b.conflict!.id, 'merge', { commit: true, acknowledge_conflicts: true });
    expect(await device(server, d[3]!)).toMatchObject({ serial: 'S2', asset_owner: 'Ops' });

    // for the next catalogue change: branches whose changes are to the field that will be renamed
    b.rmerge = await branchChanging('merge-after-rename', d[4]!, { asset_owner: 'Net' });
    b.rsync = await branchChanging('sync-after-rename', d[5]!, { asset_owner: 'Y' });
    b.rrevert = await branchChanging('revert-after-rename', d[6]!, { asset_owner: 'T' });
    await mergeClean(b.rrevert.id, 'merge');
  });

  let renamedVariant: Variant;
  it('after a field is renamed, changes made to it under its old name merge, sync and revert', async () => {
    const rename = { 'dcim.yaml': (y: string) => onDevice(y, added, renamed) };
    renamedVariant = await buildVariant(`${dir}/renamed`, rename, addedVariant);
    expect(renamedVariant.added).toHaveLength(1);
    await restart(renamedVariant);
    for (const id of d.slice(4, 7)) await patch(server, id, { serial: `M${id}` });

    await mergeClean(b.rmerge!.id, 'merge');
    expect(await device(server, d[4]!)).toMatchObject({ serial: `M${d[4]}`, owner_name: 'Net' });
    await mergeClean(b.rsync!.id, 'sync');
    expect(await device(inBranch(server, b.rsync!.schema_id), d[5]!)).toMatchObject({
      serial: `M${d[5]}`,
      owner_name: 'Y',
    });
    await mergeClean(b.rrevert!.id, 'revert');
    expect(await device(server, d[6]!)).toMatchObject({ serial: `M${d[6]}`, owner_name: '' });

    b.dmerge = await branchChanging('merge-after-removal', d[7]!, { serial: 'S2', owner_name: 'Z' });
    b.dsync = await branchChanging('sync-after-removal', d[8]!, { owner_name: 'Q' });
    b.drevert = await branchChanging('revert-after-removal', d[9]!, { serial: 'S2', owner_name: 'W' });
    await mergeClean(b.drevert.id, 'merge');
  });

  it('after a field is removed, the other changes merge, sync and revert without a conflict', async () => {
    const v = await buildVariant(
      `${dir}/removed`,
      { 'dcim.yaml': (y) => onDevice(y, renamed, serial) },
      renamedVariant,
    );
    await restart(v);
    await patch(server, d[8]!, { serial: 'M9' });

    await mergeClean(b.dmerge!.id, 'merge');
    expect(await device(server, d[7]!)).toMatchObject({ serial: 'S2' });
    await mergeClean(b.dsync!.id, 'sync');
    expect(await device(inBranch(server, b.dsync!.schema_id), d[8]!)).toMatchObject({ serial: 'M9' });
    await mergeClean(b.drevert!.id, 'revert');
    expect(await device(server, d[9]!)).toMatchObject({ serial: 'S1' });
    expect(await device(server, d[9]!)).not.toHaveProperty('owner_name');
  });
});
