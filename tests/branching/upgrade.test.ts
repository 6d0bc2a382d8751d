/**
 * An upgrade never strands a branch: a branch provisioned before a catalogue change (a new model,
 * a new field) gets the new table and column when the upgraded server starts, keeps its data,
 * and its changes to the new model and field merge into main.
 */
import { describe, expect, it } from 'vitest';
import { inBranch, operate, readyBranch } from '../helpers/branch.ts';
import { startTestServer } from '../helpers/server.ts';
import { buildVariant, upgradeScratch } from '../helpers/variant.ts';

const scratch = upgradeScratch('upgrade');

const widget = `
  widget:
    class: Widget
    path: widgets
    features: [tags, changelog, branching]
    fields:
      name: {type: string, max_length: 64, required: true, unique: true}
      site: {type: fk, to: dcim.site, required: true, on_delete: cascade}
    brief: [id, url, display, name]
    display: "{name}"
`;

describe('a branch across an upgrade', () => {
  it('gets new tables and columns, keeps its data, and merges changes to them', async () => {
    const before = await startTestServer();
    scratch.database = before.database;
    const b = await readyBranch(before, 'old-branch', true);
    const site = (await inBranch(before, b.schema_id).request('POST', '/api/dcim/sites/', { name: 'pre', slug: 'pre' }))
      .body;
    await before.server.stop();

    const siteName =
      '      name: {type: string, natural_sort: true, max_length: 100, required: true, unique: true, ' +
      'example: "AMS1"}';
    const v = await buildVariant(scratch.dir, {
      'dcim.yaml': (yaml) =>
        yaml
          .replace('\n  site:\n', `${widget}\n  site:\n`)
          .replace(siteName, `${siteName}\n      nickname: {type: string, max_length: 50}`),
    });
    expect(v.added).toHaveLength(1);
    const server = await startTestServer({ ...v, database: scratch.database, env: { WORKER_IN_PROCESS: 'true' } });
    scratch.server = server;
    const br = inBranch(server, b.schema_id);

    const kept = await br.request('GET', `/api/dcim/sites/${site.id}/`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'pre', nickname: '' });
    const nick = await br.request('PATCH', `/api/dcim/sites/${site.id}/`, { nickname: 'early' });
    expect(nick.status, nick.text).toBe(200);
    const w = await br.request('POST', '/api/dcim/widgets/', { name: 'w1', site: site.id });
    expect(w.status, w.text).toBe(201);
    expect((await server.request('GET', '/api/dcim/widgets/')).body.count).toBe(0);

    const job = await operate(server, b.id, 'merge');
    expect(job.status.value, JSON.stringify(job.data)).toBe('completed');
    expect((await server.request('GET', `/api/dcim/sites/${site.id}/`)).body.nickname).toBe('early');
    expect((await server.request('GET', `/api/dcim/widgets/${w.body.id}/`)).body.name).toBe('w1');
  });
});
