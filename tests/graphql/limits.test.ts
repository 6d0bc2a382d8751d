/**
 * The GraphQL limits as a client meets them: aliases (at the first one too many, and a fragment's once per
 * spread), depth, cost and nesting, each a clear GraphQL error naming its setting, before any SQL; and
 * NetBox's MAX_PAGE_SIZE cap of 1,000 rows per list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, startTestServer, type Reply, type TestServer } from '../helpers/server.ts';

let s: TestServer;

const gq = (query: string): Promise<Reply> => s.request('POST', '/graphql/', { query });

beforeAll(async () => {
  s = await startTestServer();
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

describe('limits', () => {
  it('more aliases than GRAPHQL_MAX_ALIASES: a GraphQL error saying so, at the first one too many', async () => {
    const query = `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: site_list { name }`).join(' ')} }`;
    const r = await gq(query);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: null,
      errors: [
        {
          message: 'More than 10 aliases found. Allowed: 10 (GRAPHQL_MAX_ALIASES).',
          locations: [{ line: 1, column: query.indexOf('a10:') + 1 }],
        },
      ],
    });
    // a fragment's aliases count once per spread, as NetBox's limiter counts them
    const six = Array.from({ length: 6 }, (_, i) => `f${i}: site_list { name }`).join(' ');
    const spread = await gq(`{ ...F ...G } fragment F on Query { ${six} } fragment G on Query { ...F }`);
    expect(spread.body).toEqual({
      data: null,
      errors: [{ message: '12 aliases found. Allowed: 10 (GRAPHQL_MAX_ALIASES).' }],
    });
  });

  it('deeper than GRAPHQL_MAX_QUERY_DEPTH: a GraphQL error naming the operation and both depths', async () => {
    let inner = 'name';
    for (let i = 0; i < 5; i++) inner = `site { devices { ${inner} } }`;
    const r = await gq(`query Deep { device_list { ${inner} } }`);
    expect(r.body).toEqual({
      data: null,
      errors: [{ message: "'Deep' exceeds maximum operation depth of 10 (it is 12 deep; GRAPHQL_MAX_QUERY_DEPTH)." }],
    });
  });

  it('an estimated cost over GRAPHQL_MAX_COST: a GraphQL error saying what to do', async () => {
    const r = await gq(`{ device_list { interfaces(pagination: {limit: 1000}) {
      ip_addresses(pagination: {limit: 1000}) { address } } } }`);
    expect(r.body.data).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].message).toMatch(
      /^'anonymous' is estimated to read \d+ values, more than the 100000 allowed \(GRAPHQL_MAX_COST\): /,
    );
  });

  it('filters nested thousands of levels deep: a GraphQL error, before they are parsed that deep', async () => {
    let filter = '{name: {exact: "st"}}';
    for (let i = 0; i < 2400; i++) filter = `{AND: ${filter}}`;
    const r = await gq(`{ site_list(filters: ${filter}) { name } }`);
    expect(r.status).toBe(200);
    expect(r.body.errors[0].message).toBe(
      'The document nests braces, brackets and parentheses more than 64 levels deep.',
    );
  });

  it('caps every list at MAX_PAGE_SIZE (1,000) rows, whatever limit is asked; the count says how many', async () => {
    const sites = Array.from({ length: 1001 }, (_, i) => ({ name: `cap-${i}`, slug: `cap-${i}` }));
    for (let i = 0; i < sites.length; i += 500) await created(s, '/api/dcim/sites/', sites.slice(i, i + 500));
    const filters = '{name: {starts_with: "cap-"}}';
    for (const pagination of ['', ', pagination: {limit: 5000}', ', pagination: {limit: 0}']) {
      const r = await gq(`{ site_list(filters: ${filters}${pagination}) { id } }`);
      expect(r.body.data.site_list, pagination).toHaveLength(1000);
    }
    const rest = await gq(`{ site_list(filters: ${filters}, pagination: {offset: 1000, limit: 1000}) { id } }`);
    expect(rest.body.data.site_list).toHaveLength(1);
    const count = await gq(`{ site_list_page_metadata(filters: ${filters}) { count } }`);
    expect(count.body.data.site_list_page_metadata.count).toBe(1001);
  }, 120_000);
});
