/**
 * Parsing within the limits (runtime/graphql/parse.ts): the token limit and the alias limit stop the parser
 * at the first token too many, with its location; only a name followed by a colon outside parentheses is an
 * alias (arguments, input objects and variable definitions have colons too), and comments count as tokens.
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parseDocument, type ParseLimits } from '../../../runtime/graphql/parse.ts';

/** The error parsing gives (message and first location), or null. */
function refusal(text: string, limits: Partial<ParseLimits>): string | null {
  try {
    parseDocument(text, { maxTokens: 0, maxAliases: 0, ...limits });
    return null;
  } catch (e) {
    if (!(e instanceof GraphQLError)) throw e;
    const at = e.locations?.[0];
    return at ? `${e.message} @${at.line}:${at.column}` : e.message;
  }
}

describe('aliases', () => {
  it.each([
    { text: '{ a: x { b: y } }', max: 2, want: null },
    {
      text: '{ a: x { b: y c: z } }',
      max: 2,
      want: 'More than 2 aliases found. Allowed: 2 (GRAPHQL_MAX_ALIASES). @1:15',
    },
    // colons of arguments, input objects, variables and directives are not aliases
    {
      text: 'query Q($v: Int = 1, $w: In = {a: 1}) { x(f: {a: {b: 1}}, p: $v) @include(if: true) { y } }',
      max: 1,
      want: null,
    },
    // every operation's and fragment's aliases count
    { text: '{ a: x } query B { b: x } fragment F on T { c: x }', max: 2, want: expect.stringMatching(/@1:45$/) },
    // 0: no limit
    { text: `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: x`).join(' ')} }`, max: 0, want: null },
  ])('$text with at most $max', ({ text, max, want }) => {
    expect(refusal(text, { maxAliases: max })).toEqual(want);
  });

  it('stops at the first alias too many: 10,000 aliases with a limit of 10 are never all read', () => {
    const text = `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}: x`).join(' ')} }`;
    const t = performance.now();
    expect(refusal(text, { maxAliases: 10 })).toMatch(/^More than 10 aliases found.* @1:\d+$/);
    const stopped = performance.now() - t;
    const u = performance.now();
    expect(refusal(text, {})).toBeNull();
    // reading 11 aliases takes a small part of reading 10,000
    expect(stopped).toBeLessThan((performance.now() - u) / 4);
  });
});

describe('tokens', () => {
  it.each([
    { text: '{ a b c }', max: 5, want: null },
    { text: '{ a b c d }', max: 5, want: 'The document has more than 5 tokens (GRAPHQL_MAX_TOKENS). @1:11' },
    { text: '#1\n#2\n#3\n{ a }', max: 2, want: expect.stringMatching(/more than 2 comments/) },
    { text: '{ a b c d e f g }', max: 0, want: null },
  ])('$text with at most $max', ({ text, max, want }) => {
    expect(refusal(text, { maxTokens: max })).toEqual(want);
  });

  it('nesting: braces, brackets and parentheses at most 64 levels deep, however few the tokens', () => {
    const nest = (n: number) => {
      let f = '{a: 1}';
      for (let i = 1; i < n; i++) f = `{AND: ${f}}`;
      return `{ x(f: ${f}) }`;
    };
    // the selection set and the arguments' parentheses are two levels
    expect(refusal(nest(62), {})).toBeNull();
    expect(refusal(nest(63), {})).toMatch(
      /^The document nests braces, brackets and parentheses more than 64 levels deep\. @1:/,
    );
    expect(refusal(`{ x(l: ${'['.repeat(3000)}${']'.repeat(3000)}) }`, {})).toMatch(/more than 64 levels deep/);
  });

  it('a syntax error is still a syntax error', () => {
    expect(refusal('{ a ', { maxTokens: 10 })).toBe('Syntax Error: Expected Name, found <EOF>. @1:5');
  });
});
