/**
 * Reads run as named statements whose plans PostgreSQL keeps per connection (db/named.ts). On one
 * connection that serves main and a branch in turn, each read still sees its own side: PostgreSQL
 * re-plans a named statement when the search_path it runs under differs from the one it was planned
 * with. One connection (DB_POOL_SIZE=1), and more rounds than PostgreSQL's five custom plans before
 * it settles on a generic one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyBranch, site } from '../helpers/branch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ env: { DB_POOL_SIZE: '1' } });
});
afterAll(async () => s?.stop());

describe('named statements and branches', () => {
  it('serve main and a branch alternately on one connection, each its own data', async () => {
    const main = await site(s);
    const branch = await readyBranch(s, 'named', true);
    const inBranch = { 'X-Service-Branch': branch.schema_id };
    const created = await s.request('POST', '/api/dcim/sites/', { name: 'only-here', slug: 'only-here' }, inBranch);
    expect(created.status, created.text).toBe(201);
    await s.request('PATCH', `/api/dcim/sites/${main.id}/`, { description: 'changed in the branch' }, inBranch);
    for (let round = 0; round < 8; round++) {
      const mainList = await s.request('GET', '/api/dcim/sites/');
      const branchList = await s.request('GET', '/api/dcim/sites/', undefined, inBranch);
      expect(mainList.body.results.map((x: any) => x.slug)).toEqual([main.slug]);
      expect(branchList.body.results.map((x: any) => x.slug).sort()).toEqual([main.slug, 'only-here'].sort());
      const mainOne = await s.request('GET', `/api/dcim/sites/${main.id}/`);
      const branchOne = await s.request('GET', `/api/dcim/sites/${main.id}/`, undefined, inBranch);
      expect([mainOne.body.description, branchOne.body.description]).toEqual(['', 'changed in the branch']);
      const gone = await s.request('GET', `/api/dcim/sites/${created.body.id}/`);
      expect(gone.status).toBe(404);
    }
  });
});
