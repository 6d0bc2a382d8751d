/**
 * Counter caches (runtime/db/counters.ts): a device's interface_count and a device type's device_count are
 * columns kept by triggers. They stay right through the API's creates, moves and deletes, a cascade and a
 * write made outside the API; inside a branch (its own triggers) and across its merge and revert; and a
 * restart that finds a counter's triggers missing puts them back and counts anew, in main and in a branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBranch, operate, readyBranch } from '../helpers/branch.ts';
import { connect } from '../../runtime/db/index.ts';
import { created, databaseUrl, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const servers: TestServer[] = [];
let type: any;
let devices: any[];

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  servers.push(s);
  const site = await created(s, '/api/dcim/sites/', { name: 'cc', slug: 'cc' });
  const mf = await created(s, '/api/dcim/manufacturers/', { name: 'cc', slug: 'cc' });
  type = await created(s, '/api/dcim/device-types/', { manufacturer: mf.id, model: 'cc', slug: 'cc' });
  const role = await created(s, '/api/dcim/device-roles/', { name: 'cc', slug: 'cc', color: '00ff00' });
  const base = { site: site.id, device_type: type.id, role: role.id };
  devices = await created(s, '/api/dcim/devices/', [
    { name: 'a', ...base },
    { name: 'b', ...base },
    { name: 'c', ...base },
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((x) => x.stop()));
});

/** Each device's interface_count (by name) and its type's device_count, as the list and a detail show them. */
async function counts(server: TestServer) {
  const list = await server.request('GET', '/api/dcim/devices/?site=cc&ordering=name');
  expect(list.status, list.text).toBe(200);
  const detail = await server.request('GET', `/api/dcim/device-types/${type.id}/`);
  return {
    interfaces: Object.fromEntries(list.body.results.map((d: any) => [d.name, d.interface_count])),
    nested: list.body.results[0]?.device_type.device_count,
    devices: detail.body.device_count,
  };
}

const interfaces = (device: any, names: string[]) =>
  names.map((name) => ({ device: device.id, name, type: '1000base-t' }));

describe('counter caches', () => {
  it('follow creates, moves, deletes, a cascade and a write outside the API', async () => {
    const [a, b, c] = devices;
    const made = await created(s, '/api/dcim/interfaces/', [
      ...interfaces(a, ['e1', 'e2', 'e3']),
      ...interfaces(b, ['e1']),
      ...interfaces(c, ['e1', 'e2']),
    ]);
    expect(await counts(s)).toEqual({ interfaces: { a: 3, b: 1, c: 2 }, nested: 3, devices: 3 });
    const moved = await s.request('PATCH', `/api/dcim/interfaces/${made[0].id}/`, { device: b.id, name: 'e9' });
    expect(moved.status, moved.text).toBe(200);
    expect((await s.request('DELETE', `/api/dcim/interfaces/${made[1].id}/`)).status).toBe(204);
    expect((await counts(s)).interfaces).toEqual({ a: 1, b: 2, c: 2 });
    // outside the API: the triggers, not the write path, keep the count
    await s.sql.unsafe('DELETE FROM dcim_interface WHERE device_id = $1', [b.id]);
    expect((await counts(s)).interfaces).toEqual({ a: 1, b: 0, c: 2 });
    // a device deleted with its interfaces: its type counts one device less
    expect((await s.request('DELETE', `/api/dcim/devices/${c.id}/`)).status).toBe(204);
    expect(await counts(s)).toEqual({ interfaces: { a: 1, b: 0 }, nested: 2, devices: 2 });
  });

  it('are kept inside a branch, and by its merge and revert', async () => {
    const [a, b] = devices;
    const branch = await readyBranch(s, 'counters');
    const br = inBranch(s, branch.schema_id);
    await created(br, '/api/dcim/interfaces/', interfaces(b, ['x1', 'x2']));
    expect((await counts(br)).interfaces).toEqual({ a: 1, b: 2 });
    expect((await counts(s)).interfaces).toEqual({ a: 1, b: 0 });
    // main's own change meanwhile: the merge adds the branch's two to it
    await created(s, '/api/dcim/interfaces/', interfaces(b, ['m1']));
    expect((await operate(s, branch.id, 'merge')).status.value).toBe('completed');
    expect((await counts(s)).interfaces).toEqual({ a: 1, b: 3 });
    expect((await operate(s, branch.id, 'revert')).status.value).toBe('completed');
    expect((await counts(s)).interfaces).toEqual({ a: 1, b: 1 });
  }, 120_000);

  it('are put back and counted anew by a restart that finds their triggers gone', async () => {
    const [a] = devices;
    const branch = await readyBranch(s, 'restart');
    const br = inBranch(s, branch.schema_id);
    await created(br, '/api/dcim/interfaces/', interfaces(a, ['y1']));
    const schemas = ['public', `branch_${branch.schema_id}`];
    const { database } = s;
    // the restarted server drops the database when it stops
    await s.server.stop();
    servers.splice(servers.indexOf(s), 1);
    const sql = connect(databaseUrl(database), { max: 1 });
    try {
      for (const schema of schemas) {
        const triggers = await sql.unsafe(
          `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname LIKE 'counter\\_%'`,
          [`${schema}.dcim_interface`],
        );
        // one counter counts interfaces (a device's): its insert, update and delete triggers
        expect(triggers.length, schema).toBe(3);
        for (const t of triggers) await sql.unsafe(`DROP TRIGGER ${t.tgname} ON ${schema}.dcim_interface`);
        await sql.unsafe(`UPDATE ${schema}.dcim_device SET interface_count = 99`);
      }
    } finally {
      await sql.end();
    }
    const again = await startTestServer({ database });
    servers.push(again);
    expect((await counts(again)).interfaces).toEqual({ a: 1, b: 1 });
    expect((await counts(inBranch(again, branch.schema_id))).interfaces).toEqual({ a: 2, b: 1 });
    for (const schema of schemas) {
      const [r] = await again.sql.unsafe(
        `SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname LIKE 'counter\\_%'`,
        [`${schema}.dcim_interface`],
      );
      expect(r!.n, schema).toBe(3);
    }
  }, 180_000);
});
