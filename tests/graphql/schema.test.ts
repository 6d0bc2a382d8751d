/**
 * The generated GraphQL schema against NetBox 4.6.8's own (tests/fixtures/netbox-graphql-4.6.8.graphql,
 * printed from its introspection): every type, field, argument, input field, enum value and union member
 * NetBox has must be here with the same type, unless schema-exceptions.ts says why not; an exception
 * that no longer matches anything fails too, so the list only shrinks.
 */
import { readFileSync } from 'node:fs';
import { assertValidSchema, buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { differencesOfSdl, schemaDifferences } from './schema-diff.ts';
import { schemaExceptions } from './schema-exceptions.ts';

const netbox = buildSchema(readFileSync('tests/fixtures/netbox-graphql-4.6.8.graphql', 'utf8'));
const ours = buildSchema(readFileSync('generated/graphql/schema.graphql', 'utf8'));
const differences = schemaDifferences(netbox, ours);

describe('schema-diff', () => {
  it('names what is missing or typed otherwise, and not what is extra', () => {
    const want = `
      type Query { a: Int, b(x: Int, y: String): String, c: Thing }
      type Thing { id: ID! }
      enum E { ONE TWO }
      input F { p: Int, q: E }
      union U = Thing
      type Extra2 { e: E, u: U, f(f: F): Int }`;
    const have = `
      type Query { a: Int!, b(x: ID): String, z: Int }
      enum E { ONE }
      input F { p: Int }
      type Extra2 { e: E, u: Int, f(f: F): Int }
      scalar U`;
    expect(differencesOfSdl(want, have)).toEqual([
      'E.TWO: missing',
      'Extra2.u: Int, not U',
      'F.q: missing',
      'Query.a: Int!, not Int',
      'Query.b(x): ID, not Int',
      'Query.b(y): missing',
      'Query.c: missing',
      'Thing: missing',
      'U: a scalar, not a union',
    ]);
  });
});

describe("NetBox 4.6.8's GraphQL schema", () => {
  it('ours is a valid schema', () => {
    expect(() => assertValidSchema(ours)).not.toThrow();
  });

  it('has every root field of NetBox', () => {
    const theirs = Object.keys(netbox.getQueryType()!.getFields());
    const have = new Set(Object.keys(ours.getQueryType()!.getFields()));
    expect(theirs).toHaveLength(246);
    expect(theirs.filter((r) => !have.has(r))).toEqual([]);
  });

  it('has every type, field and argument of NetBox, or an exception says why not', () => {
    const unexplained = differences.filter((d) => !schemaExceptions.some((e) => e.pattern.test(d)));
    expect(unexplained).toEqual([]);
  });

  it('has no exception that matches nothing (fixed differences leave the list)', () => {
    const stale = schemaExceptions.filter((e) => !differences.some((d) => e.pattern.test(d)));
    expect(stale.map((e) => `${e.pattern.source}: ${e.reason}`)).toEqual([]);
  });

  it('gives each exception its reason', () => {
    for (const e of schemaExceptions) expect(e.reason.length, e.pattern.source).toBeGreaterThan(20);
  });
});
