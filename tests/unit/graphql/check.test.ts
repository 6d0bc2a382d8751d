/**
 * The verdict on a request (runtime/graphql/check.ts) over a small schema: the limits are checked before
 * validation (an invalid document beyond a limit is refused for the limit, quickly), introspection alone
 * is answered whole, beside data fields it is given by key, and it is bounded by the values it reads.
 */
import { buildSchema, getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkRequest, type CheckLimits } from '../../../runtime/graphql/check.ts';
import { MAX_VALUES } from '../../../runtime/graphql/introspection.ts';

// no field is non-null: a field's `type` is the object type itself, whose `fields` can be asked again
const schema = buildSchema(`
  type Query { thing_list: [Thing], thing(id: ID): Thing }
  type Thing { id: ID, name: String, parent: Thing, parts: [Part] }
  type Part { id: ID, thing: Thing, other: Part }
`);
const limits: CheckLimits = { maxAliases: 10, maxDepth: 10, maxCost: 1000, maxTokens: 10_000 };

describe('the order of the checks', () => {
  it('limits come before validation: an invalid fragment bomb is refused for its cost', () => {
    let query = '{ ...F0 nonsense }';
    for (let i = 0; i < 12; i++) query += ` fragment F${i} on Query { ${`...F${i + 1} `.repeat(4)}}`;
    query += ' fragment F12 on Query { thing_list { id } }';
    const t = performance.now();
    const v = checkRequest(schema, { query }, limits);
    expect(performance.now() - t).toBeLessThan(200);
    expect(v).toEqual({
      errors: [{ message: expect.stringMatching(/^'anonymous' is estimated to read 33554433 values/) }],
    });
  });

  it('then validation, the operation and the variables, with NetBox quotes', () => {
    expect(checkRequest(schema, { query: '{ thing_list { nonsense } }' }, limits)).toEqual({
      errors: [{ message: "Cannot query field 'nonsense' on type 'Thing'.", locations: [{ line: 1, column: 16 }] }],
    });
    expect(checkRequest(schema, { query: 'query A { __typename } query B { __typename }' }, limits)).toEqual({
      errors: [{ message: 'Must provide operation name if query contains multiple operations.' }],
    });
    const v = checkRequest(schema, { query: 'query Q($id: ID!) { thing(id: $id) { id } }', variables: {} }, limits);
    expect(v).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/\$id/) })] });
  });
});

describe('introspection', () => {
  it('alone: the whole answer; beside data fields: each introspection field by key', () => {
    const alone = checkRequest(schema, { query: '{ __typename t: __type(name: "Part") { name } }' }, limits);
    expect(alone).toEqual({ answer: '{"data":{"__typename":"Query","t":{"name":"Part"}}}' });
    const mixed = checkRequest(
      schema,
      { query: '{ ...F thing_list { id } } fragment F on Query { __type(name: "Thing") { name } }' },
      limits,
    );
    expect(mixed).toEqual({ introspection: { __type: '{"name":"Thing"}' } });
  });

  it('the full introspection query is answered; one that reads the schema over and over is refused', () => {
    const full = checkRequest(schema, { query: getIntrospectionQuery() }, limits);
    expect('answer' in full && JSON.parse(full.answer).data.__schema.types.length).toBeGreaterThan(10);
    // 60 types of 60 fields each: every type's fields' types' fields, within graphql-js's introspection depth
    const types = Array.from({ length: 60 }, (_, i) => {
      const fields = Array.from({ length: 60 }, (_, j) => `f${j}: T${(i + j) % 60}`).join(' ');
      return `type T${i} { ${fields} }`;
    });
    const wide = buildSchema(`type Query { t: T0 } ${types.join(' ')}`);
    const t = performance.now();
    const query = '{ __schema { types { name fields { name type { name fields { name type { name } } } } } } }';
    const deep = checkRequest(wide, { query }, limits);
    expect(deep).toEqual({
      errors: [expect.objectContaining({ message: expect.stringContaining(`reads more than ${MAX_VALUES} values`) })],
    });
    expect(performance.now() - t).toBeLessThan(5000);
  });
});
