/**
 * A filter by related object checks that the objects it names exist (NetBox's "Select a valid choice")
 * beside the list's count and page, not before them: a missing one is still a 400 naming every faulty
 * filter in the query's order, whatever else is wrong, on main, in a branch and in cursor mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBranch, readyBranch } from '../helpers/branch.ts';
import { serverCalls, startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const { post, ids } = serverCalls(() => s);
let region: any;
let tenant: any;
let north: any;

const missing = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

beforeAll(async () => {
  s = await startTestServer({ env: { WORKER_IN_PROCESS: 'true' } });
  region = await post('/api/dcim/regions/', { name: 'Chk North', slug: 'chk-north' });
  tenant = await post('/api/tenancy/tenants/', { name: 'Chk Co', slug: 'chk-co' });
  north = await post('/api/dcim/sites/', { name: 'Chk A', slug: 'chk-a', region: region.id, tenant: tenant.id });
  await post('/api/dcim/sites/', { name: 'Chk B', slug: 'chk-b', region: region.id });
});
afterAll(async () => s?.stop());

describe('checks of related objects, settled beside the page', () => {
  it('filter by objects that exist', async () => {
    expect(await ids(`/api/dcim/sites/?region_id=${region.id}&tenant=chk-co`)).toEqual([north.id]);
    expect(await ids(`/api/dcim/sites/?region_id=${region.id}&tenant_id=${tenant.id}&start=0`)).toEqual([north.id]);
  });

  it('a missing object is a 400, however many values name objects that exist', async () => {
    const r = await s.request('GET', `/api/dcim/sites/?region_id=${region.id}&region_id=99999`);
    expect(r.status, r.text).toBe(400);
    expect(r.body).toEqual({ region_id: [missing('99999')] });
  });

  it('every faulty filter at once, in the order of the query, those wrong on their face among them', async () => {
    const r = await s.request('GET', '/api/dcim/sites/?tenant=nobody&status=bogus&region_id=99999&nope=1');
    expect(r.status, r.text).toBe(400);
    expect(Object.keys(r.body)).toEqual(['tenant', 'status', 'region_id', 'nope']);
    expect(r.body.tenant).toEqual([missing('nobody')]);
    expect(r.body.region_id).toEqual([missing('99999')]);
    expect(r.body.status[0]).toMatch(/^Select a valid choice\. bogus/);
    expect(r.body.nope[0]).toMatch(/^Unknown filter/);
  });

  it('only checks that fail: two missing objects, nothing else wrong', async () => {
    const r = await s.request('GET', '/api/dcim/sites/?tenant_id=99998&region=nowhere');
    expect(r.status, r.text).toBe(400);
    expect(r.body).toEqual({ tenant_id: [missing('99998')], region: [missing('nowhere')] });
  });

  it('in cursor mode', async () => {
    const r = await s.request('GET', '/api/dcim/sites/?region_id=99999&start=0&limit=5');
    expect(r.status, r.text).toBe(400);
    expect(r.body).toEqual({ region_id: [missing('99999')] });
  });

  it("in a branch, against the branch's own objects", async () => {
    const b = await readyBranch(s, 'chk-branch');
    const inside = inBranch(s, b.schema_id);
    const made = await inside.request('POST', '/api/dcim/regions/', { name: 'Chk South', slug: 'chk-south' });
    expect(made.status, made.text).toBe(201);
    const there = await inside.request('GET', `/api/dcim/sites/?region_id=${made.body.id}`);
    expect(there.status, there.text).toBe(200);
    expect(there.body.count).toBe(0);
    const here = await s.request('GET', `/api/dcim/sites/?region_id=${made.body.id}`);
    expect(here.status).toBe(400);
    expect(here.body).toEqual({ region_id: [missing(String(made.body.id))] });
    // the branch's transaction is not spoiled by the check beside the page: it reads on
    expect((await inside.request('GET', `/api/dcim/sites/?region_id=${region.id}`)).body.count).toBe(2);
  });
});
