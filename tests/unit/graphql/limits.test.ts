/**
 * GraphQL limits (runtime/graphql/limits.ts) over a small schema, given a query and the limits, want the
 * error or none: aliases, depth with fragments expanded, and the cost estimate, which multiplies what is
 * under a nested list (a field the schema types as a list, with or without arguments) by its page.
 */
import { buildSchema, getOperationAST, Kind, parse, type FragmentDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GraphqlFault } from '../../../runtime/graphql/faults.ts';
import { checkLimits, type Limits } from '../../../runtime/graphql/limits.ts';

const schema = buildSchema(`
  input Page { limit: Int, offset: Int }
  type Query { thing_list(pagination: Page): [Thing!]!, thing(id: ID!): Thing! }
  type Thing { id: ID!, name: String!, parts(pagination: Page): [Part!]!, parent: Thing }
  type Part { id: ID!, name: String!, bits(pagination: Page): [Bit!]! }
  type Bit { id: ID!, name: String! }
`);

/** The error checkLimits gives, or null. */
function check(query: string, limits: Partial<Limits>, variables: Record<string, unknown> = {}): string | null {
  const doc = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  try {
    checkLimits(schema, getOperationAST(doc)!, fragments, variables, {
      maxAliases: 0,
      maxDepth: 0,
      maxCost: 0,
      ...limits,
    });
    return null;
  } catch (e) {
    if (e instanceof GraphqlFault) return e.message;
    throw e;
  }
}

/** The cost of a query: the smallest maxCost it passes. */
function cost(query: string, variables: Record<string, unknown> = {}): number {
  const m = check(query, { maxCost: 1 }, variables)?.match(/estimated to read (\d+) values/);
  return m ? Number(m[1]) : 1;
}

describe('cost', () => {
  it.each([
    // a root list is not multiplied: its rows are paged by MAX_PAGE_SIZE
    { query: '{ thing_list { id name } }', want: 3 },
    // a nested list without arguments: 10 rows expected
    { query: '{ thing_list { parts { id name } } }', want: 1 + 1 + 10 * 2 },
    // with a limit: that many
    { query: '{ thing_list { parts(pagination: {limit: 100}) { id } } }', want: 1 + 1 + 100 },
    // nested twice: the rows multiply
    {
      query: '{ thing_list { parts(pagination: {limit: 100}) { bits(pagination: {limit: 50}) { id } } } }',
      want: 1 + 1 + 100 * 51,
    },
    // an object is one row
    { query: '{ thing(id: 1) { parent { name } } }', want: 3 },
    // fragments are read on their type, so a list in one is still a list
    { query: '{ thing_list { ...F } } fragment F on Thing { parts { id } }', want: 1 + 1 + 10 },
    { query: '{ thing_list { ... on Thing { parts { id } } } }', want: 1 + 1 + 10 },
    // a limit from a variable
    {
      query: 'query Q($p: Page) { thing_list { parts(pagination: $p) { id } } }',
      variables: { p: { limit: 7 } },
      want: 1 + 1 + 7,
    },
    // introspection is not counted
    { query: '{ __schema { types { name } } thing_list { id } }', want: 2 },
  ])('$query: $want', ({ query, variables, want }) => {
    expect(cost(query, variables)).toBe(want);
  });

  it('measures a fragment once however often it is spread: 4 spreads of the next, 12 levels, in milliseconds', () => {
    let query = 'query Bomb { ...F0 }';
    for (let i = 0; i < 12; i++) query += ` fragment F${i} on Query { ${`...F${i + 1} `.repeat(4)}}`;
    query += ' fragment F12 on Query { thing_list { id } }';
    const t = performance.now();
    // every one of the 4^12 expansions counts (thing_list and its id), none is walked
    expect(cost(query)).toBe(2 * 4 ** 12);
    // walking the 16.7 million expansions takes seconds; measuring takes a millisecond or two, which a busy
    // machine stretched past 100 ms once: the bound tells the two apart with room for the load
    expect(performance.now() - t).toBeLessThan(1000);
    // a fragment spread within itself counts nothing there (validation refuses it)
    expect(cost('{ thing_list { ...A } } fragment A on Thing { id parent { ...A } }')).toBe(1 + 1 + 1);
  });

  it('names the operation and the limit', () => {
    expect(check('query Big { thing_list { parts { bits { id } } } }', { maxCost: 100 })).toBe(
      "'Big' is estimated to read 112 values, more than the 100 allowed (GRAPHQL_MAX_COST): " +
        'select fewer fields or give nested lists a smaller pagination limit.',
    );
  });
});

describe('depth and aliases', () => {
  it.each([
    { query: '{ thing_list { id } }', limits: { maxDepth: 2 }, want: null },
    {
      query: '{ thing_list { parent { parent { id } } } }',
      limits: { maxDepth: 3 },
      want: "'anonymous' exceeds maximum operation depth of 3 (it is 4 deep; GRAPHQL_MAX_QUERY_DEPTH).",
    },
    {
      query: 'query D { thing_list { ...F } } fragment F on Thing { parent { parent { id } } }',
      limits: { maxDepth: 3 },
      want: "'D' exceeds maximum operation depth of 3 (it is 4 deep; GRAPHQL_MAX_QUERY_DEPTH).",
    },
    { query: '{ a: thing_list { b: id } }', limits: { maxAliases: 2 }, want: null },
    {
      query: '{ a: thing_list { b: id c: name } }',
      limits: { maxAliases: 2 },
      want: '3 aliases found. Allowed: 2 (GRAPHQL_MAX_ALIASES).',
    },
    // 0: no limit
    { query: '{ a: thing_list { b: parent { c: parent { d: id } } } }', limits: {}, want: null },
  ])('$query with $limits', ({ query, limits, want }) => {
    expect(check(query, limits)).toBe(want);
  });
});
