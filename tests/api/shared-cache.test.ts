/**
 * Custom field definitions are cached per process and cleared everywhere on change: the writer's
 * own next request sees the change at once, another process on the same database within moments
 * (NOTIFY at commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../helpers/branch.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ database: a.database });
});
afterAll(async () => {
  await b?.server.stop();
  await a?.stop();
});

describe('cached custom field definitions', () => {
  it('follow creates and deletes, in this process at once and in another soon after', async () => {
    const site = (await a.request('POST', '/api/dcim/sites/', { name: 'cached', slug: 'cached' })).body;
    const fields = async (s: TestServer) => Object.keys((await s.request('GET', `/api/dcim/sites/${site.id}/`)).body.custom_fields);
    expect(await fields(a)).toEqual([]);
    expect(await fields(b)).toEqual([]);
    const cf = await a.request('POST', '/api/extras/custom-fields/', { name: 'rack_count_target', type: 'integer', object_types: ['dcim.site'] });
    expect(cf.status, cf.text).toBe(201);
    expect(await fields(a)).toEqual(['rack_count_target']);
    await until('the other process to see the new field', async () => ((await fields(b)).length === 1 ? true : undefined), 5000);
    expect((await a.request('DELETE', `/api/extras/custom-fields/${cf.body.id}/`)).status).toBe(204);
    expect(await fields(a)).toEqual([]);
    await until('the other process to drop the field', async () => ((await fields(b)).length === 0 ? true : undefined), 5000);
  });
});
